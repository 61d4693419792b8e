// The board seen through one of its symmetries (a transpose, then flips of rows and columns):
// where each cell lands, and the board with every per-cell field moved with it. Both exact
// solvers frame a board this way: the DP picks the frame of narrowest frontier
// (dp/frontier-plan.ts), the graph engine transposes a wide board to its graph's shape
// (graph/frame.ts).

import type { Board } from './board';

/** Where each cell goes in a frame (transpose, then flips), and the frame's width. */
export function frameCells(
  b: Board,
  transpose: boolean,
  flipRows: boolean,
  flipCols: boolean,
  frameCell: Int32Array,
): number {
  const W = transpose ? b.height : b.width;
  const H = transpose ? b.width : b.height;
  for (let i = 0; i < b.cells; i++) {
    const row = Math.floor(i / b.width);
    const col = i - row * b.width;
    let r = transpose ? col : row;
    let c = transpose ? row : col;
    if (flipRows) r = H - 1 - r;
    if (flipCols) c = W - 1 - c;
    frameCell[i] = r * W + c;
  }
  return W;
}

/** The board seen through a symmetry: frame cell frameCell[i] holds original cell i. */
export function mapBoard(
  b: Board,
  transpose: boolean,
  flipRows: boolean,
  flipCols: boolean,
): {
  board: Board;
  frameCell: Int32Array;
} {
  const frameCell = new Int32Array(b.cells);
  const W = frameCells(b, transpose, flipRows, flipCols, frameCell);
  const H = b.cells / W;
  const map = <T extends Uint8Array | Int32Array | Float64Array>(a: T): T => {
    const out = a.slice() as T;
    for (let i = 0; i < b.cells; i++) out[frameCell[i]!] = a[i]!;
    return out;
  };
  const board: Board = {
    ...b,
    width: W,
    height: H,
    mustCover: map(b.mustCover),
    sunkCell: map(b.sunkCell),
    sunkOwner: map(b.sunkOwner),
    forbidden: map(b.forbidden),
    weight: b.weight ? map(b.weight) : undefined,
  };
  return { board, frameCell };
}
