// `pdf`: the DataGenetics probability density (seed 002). Every ship still afloat is tried at
// every place it fits, on its own, ignoring the other ships; each fitting placement adds to the
// cells it covers, and the cell with the largest sum is the shot. Misses, sunk ships (and, under
// the touch rules, the cells around sunk ships) block a placement; unsunk hits do not, and a
// placement through unsunk hits is weighted heavily: by `hitWeight` per hit it covers, so once a
// ship is hit the density is dominated by the ways of extending the hits. Equal-length ships
// each add their own counts, as in the original. Cheap (a few thousand operations) and
// approximate: it knows nothing of how ships constrain each other.

import type { Position } from '../../position';
import { buildBoard, checkHitsCoverable } from '../board';
import type { SolveOptions } from '../options';
import type { SolveResult } from '../result';
import { densityResult, lengthCoverage } from './placements';

/** Weight factor per unsunk hit a placement covers (DataGenetics: "a heavy score weighting"). */
export const PDF_HIT_WEIGHT = 100;

export interface PdfOptions extends SolveOptions {
  hitWeight?: number;
}

export function solvePdf(position: Position, options: PdfOptions = {}): SolveResult {
  const t0 = performance.now();
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const hitWeight = options.hitWeight ?? PDF_HIT_WEIGHT;
  const lengths = lengthCoverage(board, (hits) => hitWeight ** hits);
  return densityResult(position, board, lengths, {
    solver: 'pdf',
    startedAt: t0,
    note: `placement density (DataGenetics): each ship afloat counted at every place it fits alone, placements through unsunk hits weighted x${hitWeight} per hit; scaled so unknown cells sum to the hidden ship cells`,
  });
}
