// Which exact engine `auto` runs on a position whose rules have a graph ready, judged before
// any search.
//
// The enumeration's cost grows with the number of layouts; a graph solve costs about one visit
// of every edge of the full fleet's graph, whatever is left of the fleet. The enumeration probe
// (a small node budget, given up early) sorts the two when nothing better is known, and pays
// for its setup and search whenever it fails. When no hit is open (every hit lies on a ship
// announced sunk), a bound on the count is cheap and close: each ship type's ways to lie among
// its legal placements, multiplied, overlaps not taken out. With at most as many layouts as the
// graph has edges, the enumeration finishes in less time than a graph solve takes (it spends
// about as long on a layout as a pass on an edge), so it runs to the end without a budget. With
// more, and ships allowed to touch (the bound is then close: a touch rule takes out many
// layouts the bound counts), the probe would fail, so the graph runs at once. With a hit open
// (the bound would count every layout, not only those covering the hits), with a touch rule
// past the bound, or with named hits or volleys, the probe decides as before; so it does below
// a bound it always finishes, without asking for the graph.

import { hasObservations, type Position } from '../position';
import { buildBoard, typePlacementLegal, type Board } from './board';
import type { RuleGraph } from './graph/graph';

/** How `auto` goes on a position whose graph is ready, and the bound it judged by. */
export type AutoStart =
  { kind: 'enumerate'; bound: number } | { kind: 'graph'; bound: number } | { kind: 'probe' };

/** n choose k as a float (k is a ship count: small). */
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.max(r, 0);
}

/**
 * An upper bound on the layouts of a board with no open hit: per ship type, the ways to pick
 * its ships among its legal placements, multiplied over the types (overlaps and touches between
 * ships not taken out).
 */
export function layoutBound(board: Board): number {
  let bound = 1;
  board.types.forEach((type, t) => {
    let fits = 0;
    for (let cell = 0; cell < board.cells; cell++) {
      for (let o = 0; o < 2; o++) if (typePlacementLegal(board, t, cell, o)) fits++;
    }
    bound *= choose(fits, type.count);
  });
  return bound;
}

/**
 * Layout bound below which the probe finishes (every such position of classic greedy games did,
 * in a few milliseconds): `auto` then probes without asking for the graph, whose first use may
 * set up a thread's held values.
 */
export const PROBE_FINISHES_BELOW = 1e7;

/**
 * How `auto` goes on `position`. `graphOf` asks for the graph of its rules (undefined when none
 * is ready or it cannot take the position), only when the bound makes the graph matter.
 */
export function autoStart(position: Position, graphOf: () => RuleGraph | undefined): AutoStart {
  if (hasObservations(position)) return { kind: 'probe' };
  const board = buildBoard(position);
  if (board.mustCover.some((c) => c !== 0)) return { kind: 'probe' };
  const bound = layoutBound(board);
  if (bound < PROBE_FINISHES_BELOW) return { kind: 'probe' };
  const graph = graphOf();
  if (!graph) return { kind: 'probe' };
  if (bound <= graph.edges) return { kind: 'enumerate', bound };
  if (board.touch === 'allowed') return { kind: 'graph', bound };
  return { kind: 'probe' };
}
