// The frame a position is solved in over its rule set's graph: the board as given, or its
// transpose (rows become columns). A graph has the board's shorter side across (graphShape), so a
// board wider than tall is always solved transposed; a square board may go either way, the same
// graph serving both (frame-cost.ts chooses). The position is transposed before its masks are
// built (every mark, prior weight and ship orientation moves with its cells) and every per-cell
// figure of the tally is moved back to the board's own cells, so nothing outside sees the frame.
// The transpose is the DP's too (symmetry.ts), so both solvers see one frame.

import type { Board } from '../board';
import { mapBoard } from '../symmetry';
import type { Tally } from '../result';

export interface FramedBoard {
  /** The board in the frame (its width and height swapped when transposed). */
  board: Board;
  transposed: boolean;
  /** frameCell[i]: where the board's cell i lies in the frame (null when not transposed). */
  frameCell: Int32Array | null;
}

/** `board` in the frame: as given, or transposed. */
export function frameBoard(board: Board, transposed: boolean): FramedBoard {
  if (!transposed) return { board, transposed, frameCell: null };
  const framed = mapBoard(board, true, false, false);
  return { board: framed.board, transposed, frameCell: framed.frameCell };
}

/** A tally counted in the frame, with every per-cell array back on the board's own cells. */
export function unframeTally(tally: Tally, framed: FramedBoard): Tally {
  const { frameCell } = framed;
  if (frameCell === null) return tally;
  if (tally.kind === 'count') {
    const byLength = new Map<number, bigint[]>();
    for (const [len, counts] of tally.byLength) {
      byLength.set(
        len,
        Array.from(counts, (_, i) => counts[frameCell[i]!]!),
      );
    }
    return { kind: 'count', total: tally.total, byLength };
  }
  const byLength = new Map<number, Float64Array>();
  for (const [len, weights] of tally.byLength) {
    const out = new Float64Array(weights.length);
    for (let i = 0; i < weights.length; i++) out[i] = weights[frameCell[i]!]!;
    byLength.set(len, out);
  }
  return { kind: 'weight', total: tally.total, byLength };
}
