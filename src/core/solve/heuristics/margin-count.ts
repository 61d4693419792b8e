// `margin-count`: the Cubido C# Pirates neighbour count (seed 003). For each cell, count the ways
// each ship still afloat could lie over it, scanning the free cells around it in each direction,
// and shoot where the count is highest. Its distinctive idea is the "impossible" state: a cell
// not yet shot that the touch rule rules out (next to a sunk ship; under the no-touch rule also
// diagonal to a hit, since the hit's own ship is straight and no other ship may touch it) counts
// as blocked, exactly like water.
//
// Without sink reports it first works out which ships its hits prove sunk (infer-sunk.ts), as
// the original kept track of the ships it had sunk.
//
// In trial mode (no unsunk hit) only placements over unknown, possible cells count. The write-up
// leaves its sink mode to a later part we do not have; ours counts only placements through the
// unsunk hits, each weighted by the number of hits it covers, so the count follows the hits.

import { inferSunk } from '../../infer-sunk';
import { HIT, type Position } from '../../position';
import { buildBoard, checkHitsCoverable, type Board } from '../board';
import type { SolveOptions } from '../options';
import type { SolveResult } from '../result';
import { densityResult, lengthCoverage } from './placements';

/** Cells not shot that the touch rule rules out for every remaining ship (besides the board's). */
export function impossibleCells(position: Position, board: Board): Uint8Array {
  const { width: W, height: H } = board;
  const out = new Uint8Array(board.cells);
  if (board.touch !== 'no-touch') return out;
  for (let i = 0; i < board.cells; i++) {
    if (!board.mustCover[i]) continue;
    const r = Math.floor(i / W);
    const c = i % W;
    for (const [dr, dc] of [
      [-1, -1],
      [-1, 1],
      [1, -1],
      [1, 1],
    ] as const) {
      const y = r + dr;
      const x = c + dc;
      if (y >= 0 && y < H && x >= 0 && x < W && position.cells[y * W + x] !== HIT) {
        out[y * W + x] = 1;
      }
    }
  }
  return out;
}

export function solveMarginCount(asGiven: Position, _options: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const position = inferSunk(asGiven);
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const sinking = board.mustCover.some((h) => h === 1);
  const lengths = lengthCoverage(
    board,
    (hits) => (sinking ? hits : hits === 0 ? 1 : 0),
    impossibleCells(position, board),
  );
  return densityResult(position, board, lengths, {
    solver: 'margin-count',
    startedAt: t0,
    note: sinking
      ? 'neighbour count (Cubido), sink mode: placements through unsunk hits, weighted by hits covered'
      : 'neighbour count (Cubido), trial mode: placements over unknown cells not ruled out by the touch rule',
  });
}
