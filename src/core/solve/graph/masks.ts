// A position as weights over a rule set's graph: per cell and label, what an edge of that label
// at that cell weighs (0 forbids it). Nothing else of the position reaches the passes: the target
// sub-fleet is always the whole fleet.
//
//   miss, or a cell a touch rule empties around a sunk ship: only EMPTY edges there
//   hit not yet sunk: no EMPTY edge there
//   a ship start: only where the whole ship is legal (on the board, no forbidden cell) and, when
//     sinkings are announced, not lying wholly on hits (a length with every ship sunk keeps its
//     starts: its ships all lie where they sank, so no layout places another, and unchanged
//     cells keep the empty board's values valid there)
//   prior: every edge that covers the cell (COVERED or a ship start) weighs the cell's weight, so
//     a layout weighs the product over its ships' cells
//   sunk ship: placed where it lies, weight 1 (its start cell allows only its own start, its
//     other cells only COVERED), and the target sub-fleet stays the whole fleet
//
// A layout of the whole fleet that holds the sunk ships where they lie is one layout of the ships
// afloat and back (equal-length ships are not told apart), so the totals and every other cell's
// count are the same as with the sunk cells emptied and the fleet reduced; the sunk cells
// themselves count every layout, and the tally empties them (graphTally). Why not reduce the
// fleet: every b depends on the target, so a sinking would throw away the values held from the
// position before (held.ts) and the kept empty board's b; a placed ship changes only the layers
// of the cells it and its touch zone change, as a shot does.
//
// Narrow masks (for passes from held values, held.ts) keep a ship start whose only fault is a
// forbidden cell further along it: the ship's path through the graph must cover that cell, whose
// COVERED weight is 0, so it ends there and adds nothing (its states' b is exactly 0, so every
// mass and the total are the same sums, bit for bit). A miss then changes the weights of its own
// cell alone, not those of every start up to a ship's length before it, and the passes from the
// position solved before recompute that many fewer layers.

import { HORIZONTAL, VERTICAL, placementLegal, type Board } from '../board';
import { frameBoard } from './frame';
import { COVERED, EMPTY, SHIP, type RuleGraph } from './graph';

export interface GraphMasks {
  /** Weight of label l at cell i: weights[i * graph.labels + l]. */
  weights: Float64Array;
  /** The sub-fleet a complete layout must have placed: the whole fleet (sunk ships lie placed). */
  target: number;
}

/**
 * Does cell i weigh any label differently in weights a and b (two positions' masks)? Where no cell
 * differs, values counted for one position hold for the other.
 */
function cellDiffers(a: Float64Array, b: Float64Array, i: number, labels: number): boolean {
  for (let l = 0; l < labels; l++) if (a[i * labels + l] !== b[i * labels + l]) return true;
  return false;
}

/**
 * The first and last cells (layers) whose weights differ between two positions' masks, or null
 * when none does: values counted for one position hold for the other above the first and below
 * the last.
 */
export function changedCells(
  a: GraphMasks,
  b: GraphMasks,
  labels: number,
): [number, number] | null {
  const cells = a.weights.length / labels;
  let first = -1;
  let last = -1;
  for (let i = 0; i < cells; i++) {
    if (!cellDiffers(a.weights, b.weights, i, labels)) continue;
    if (first < 0) first = i;
    last = i;
  }
  return first < 0 ? null : [first, last];
}

/**
 * The masks of `board` over `graph`, in the graph's frame. A board of a wide rule set given in
 * its own frame (as the kept empty board is) is transposed first (frame.ts); a square board is
 * taken in the frame it comes in.
 */
export function graphMasks(graph: RuleGraph, given: Board, narrow = false): GraphMasks {
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
        const legal = narrow ? startLegal(board, i, len, o) : placementLegal(board, i, len, o);
        if (legal) weights[at + SHIP + 2 * li + o] = w;
      }
    }
  }
  for (const ship of sunkShips(board)) {
    const li = lengths.indexOf(ship.cells.length);
    for (const cell of ship.cells) weights.fill(0, cell * labels, (cell + 1) * labels);
    const [start, ...rest] = ship.cells;
    weights[start! * labels + SHIP + 2 * li + ship.orientation] = 1;
    for (const cell of rest) weights[cell * labels + COVERED] = 1;
  }
  let target = 0;
  graph.counts.forEach((count, li) => (target += count * strides[li]!));
  return { weights, target };
}

/** The sunk ships of a board (in its frame): cells in order along the ship, and orientation. */
function sunkShips(board: Board): { cells: number[]; orientation: number }[] {
  const W = board.width;
  const ships: number[][] = [];
  for (let i = 0; i < board.cells; i++) {
    const k = board.sunkOwner[i]!;
    if (k >= 0) (ships[k] ??= []).push(i);
  }
  return ships.map((cells) => ({
    cells,
    orientation:
      cells.length > 1 && Math.floor(cells[0]! / W) !== Math.floor(cells[1]! / W)
        ? VERTICAL
        : HORIZONTAL,
  }));
}

/**
 * A ship start as narrow masks weigh it: on the board, its own cell not forbidden and (when
 * sinkings are announced) not wholly on hits. A forbidden cell further along is left to COVERED.
 */
function startLegal(board: Board, cell: number, len: number, orientation: number): boolean {
  const { width: W, height: H } = board;
  const r = Math.floor(cell / W);
  const c = cell % W;
  if (orientation === HORIZONTAL ? c + len > W : r + len > H) return false;
  if (board.forbidden[cell]) return false;
  if (!board.sunkReported) return true;
  const step = orientation === HORIZONTAL ? 1 : W;
  for (let k = 0, j = cell; k < len; k++, j += step) if (!board.mustCover[j]) return true;
  return false;
}
