// A position as weights over a rule set's graph: per cell and label, what an edge of that label
// at that cell weighs (0 forbids it). Nothing else of the position reaches the passes, besides
// the target sub-fleet.
//
//   miss, sunk cell or a cell a touch rule empties around a sunk ship: only EMPTY edges there
//   hit not yet sunk: no EMPTY edge there
//   a ship start: only where the whole ship is legal (on the board, no forbidden cell) and, when
//     sinkings are announced, not lying wholly on hits (a length with no ship afloat keeps its
//     starts: the target sub-fleet already excludes them, and unchanged cells keep the empty
//     board's values valid there)
//   prior: every edge that covers the cell (COVERED or a ship start) weighs the cell's weight, so
//     a layout weighs the product over its ships' cells
//   sunk ships: the target sub-fleet counts only the ships still afloat

import { HORIZONTAL, VERTICAL, placementLegal, type Board } from '../board';
import { frameBoard } from './frame';
import { COVERED, EMPTY, SHIP, type RuleGraph } from './graph';

export interface GraphMasks {
  /** Weight of label l at cell i: weights[i * graph.labels + l]. */
  weights: Float64Array;
  /** The sub-fleet a complete layout must have placed: the ships still afloat. */
  target: number;
}

/**
 * Does cell i weigh any label differently in weights a and b (two positions' masks)? Where no cell
 * differs, values counted for one position hold for the other.
 */
export function cellDiffers(a: Float64Array, b: Float64Array, i: number, labels: number): boolean {
  for (let l = 0; l < labels; l++) if (a[i * labels + l] !== b[i * labels + l]) return true;
  return false;
}

/**
 * The masks of `board` over `graph`, in the graph's frame. A board of a wide rule set given in
 * its own frame (as the kept empty board is) is transposed first (frame.ts); a square board is
 * taken in the frame it comes in.
 */
export function graphMasks(graph: RuleGraph, given: Board): GraphMasks {
  const board = given.width === graph.width ? given : frameBoard(given, true).board;
  const { labels, lengths, strides } = graph;
  const N = board.cells;
  const weights = new Float64Array(N * labels);
  for (let i = 0; i < N; i++) {
    const w = board.weight ? board.weight[i]! : 1;
    const at = i * labels;
    weights[at + EMPTY] = board.mustCover[i] ? 0 : 1;
    weights[at + COVERED] = board.forbidden[i] ? 0 : w;
    for (let li = 0; li < lengths.length; li++) {
      const len = lengths[li]!;
      for (const o of [HORIZONTAL, VERTICAL]) {
        if (len === 1 && o === VERTICAL) continue;
        if (placementLegal(board, i, len, o)) weights[at + SHIP + 2 * li + o] = w;
      }
    }
  }
  let target = 0;
  lengths.forEach((len, li) => (target += (board.remaining[len] ?? 0) * strides[li]!));
  return { weights, target };
}
