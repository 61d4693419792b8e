// `independent` and `bob`: the Over 9000 and Bob heuristics (seed 000).
//
// Over 9000 computes, for each ship afloat on its own, the chance p_s(cell) that it covers each
// cell when all of its fitting placements are equally likely, then combines the ships as if they
// were independent: P(cell) = 1 - prod_s (1 - p_s(cell)). A weight grid is multiplied in
// afterwards (Over 9000 favoured the edges, where people hide ships; here the grid is the
// position's prior when it has one, or `weights`), and a small random number may be added to
// break ties. The original was told which ship each hit belonged to; we only learn hit / miss /
// sunk, so, as in `pdf`, a placement through unsunk hits is weighted by `hitWeight` per hit.
//
// `bob` is the same count using only hit and miss: sunk reports are ignored (every ship stays
// afloat, every hit stays a hit to extend), with no weight grid and no noise.

import type { Position } from '../../position';
import type { Random } from '../../random';
import { buildBoard, checkHitsCoverable, type Board } from '../board';
import type { SolveOptions } from '../options';
import type { ShipLengthView, SolveResult } from '../result';
import { PDF_HIT_WEIGHT } from './pdf';
import { anyOf, heuristicResult, lengthCoverage, requirePlacements, withMarks } from './placements';

export interface IndependentOptions extends SolveOptions {
  /** Weight factor per unsunk hit a placement covers. */
  hitWeight?: number;
  /** Per-cell weights multiplied into the combined chance; default the position's prior. */
  weights?: Float64Array | null;
  /** Adds noise * U[0, 1) to every cell's score (needs `random`); 0 for none. */
  noise?: number;
  random?: Random;
}

/** The combined chance and the per-length views, before weights and noise. */
function combined(
  board: Board,
  hitWeight: number,
): { chance: Float64Array; byLength: ShipLengthView[] } {
  const lengths = lengthCoverage(board, (hits) => hitWeight ** hits);
  requirePlacements(lengths);
  const n = board.cells;
  const none = new Float64Array(n).fill(1); // chance that no ship covers the cell
  const byLength: ShipLengthView[] = [];
  for (const { length, afloat, cover, total } of lengths) {
    const p = cover.map((c) => c / total);
    for (let i = 0; i < n; i++) none[i]! *= Math.pow(1 - p[i]!, afloat);
    byLength.push({ length, afloat, probabilities: anyOf(p, afloat) });
  }
  return { chance: none.map((q) => 1 - q), byLength };
}

export function solveIndependent(
  position: Position,
  options: IndependentOptions = {},
): SolveResult {
  const t0 = performance.now();
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const hitWeight = options.hitWeight ?? PDF_HIT_WEIGHT;
  const { chance, byLength } = combined(board, hitWeight);
  // The position's prior as the board holds it, scaled like every solver's (largest weight 1): a
  // common factor must change nothing, and weights of 1e19 made every cell 1. A grid passed in is
  // used as given.
  const weights = options.weights === undefined ? board.weight : (options.weights ?? undefined);
  const noise = options.noise ?? 0;
  const n = board.cells;
  const shown = new Float64Array(n);
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    shown[i] = weights ? chance[i]! * weights[i]! : chance[i]!;
    score[i] = shown[i]! + (noise > 0 && options.random ? noise * options.random() : 0);
  }
  const parts = [`1 - prod(1 - p) over ships afloat (Over 9000), x${hitWeight} per unsunk hit`];
  if (weights) parts.push('times the weight grid');
  if (noise > 0) parts.push(`plus noise up to ${noise}`);
  return heuristicResult(position, board, {
    solver: 'independent',
    score,
    probabilities: withMarks(position, shown),
    byLength,
    ms: performance.now() - t0,
    note: parts.join(', '),
  });
}

/** The position as Bob sees it: hits and misses only, every ship afloat. */
export function hitMissOnly(position: Position): Position {
  return { rules: position.rules, cells: position.cells, sunk: [], sunkReported: false };
}

export function solveBob(position: Position, options: IndependentOptions = {}): SolveResult {
  const t0 = performance.now();
  const seen = hitMissOnly(position);
  const board = buildBoard(seen);
  checkHitsCoverable(board);
  const hitWeight = options.hitWeight ?? PDF_HIT_WEIGHT;
  const { chance, byLength } = combined(board, hitWeight);
  return heuristicResult(position, board, {
    solver: 'bob',
    score: chance,
    probabilities: withMarks(position, chance),
    byLength,
    ms: performance.now() - t0,
    note: `1 - prod(1 - p) over all ships from hits and misses only (Bob), x${hitWeight} per hit`,
  });
}
