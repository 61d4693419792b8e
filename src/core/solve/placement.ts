// Where one ship may lie on a board: its orientation codes and the checks and weights of one
// placement against the board's static marks. Kept apart from board.ts, which builds the board
// and imports the per-type legality built on these checks.

import type { Board } from './board';

export const HORIZONTAL = 0;
export const VERTICAL = 1;

/**
 * Is a ship of `len` starting at `cell` legal against the static marks: inside the board, on no
 * forbidden cell, and (when sinking is announced) not lying wholly on hits, since such a ship
 * would already have been reported sunk? Touching other remaining ships is the solvers' business.
 */
export function placementLegal(
  board: Board,
  cell: number,
  len: number,
  orientation: number,
): boolean {
  const { width: W, height: H } = board;
  const r = Math.floor(cell / W);
  const c = cell % W;
  if (orientation === HORIZONTAL ? c + len > W : r + len > H) return false;
  const step = orientation === HORIZONTAL ? 1 : W;
  let allHit = true;
  for (let k = 0, j = cell; k < len; k++, j += step) {
    if (board.forbidden[j]) return false;
    if (!board.mustCover[j]) allHit = false;
  }
  return !(allHit && board.sunkReported);
}

/** Product of the prior over a placement's cells (1 without a prior). */
export function placementWeight(
  board: Board,
  cell: number,
  len: number,
  orientation: number,
): number {
  if (!board.weight) return 1;
  const step = orientation === HORIZONTAL ? 1 : board.width;
  let w = 1;
  for (let k = 0, j = cell; k < len; k++, j += step) w *= board.weight[j]!;
  return w;
}
