// The state graph of one rule set (board size, fleet lengths, touch rule): what build.ts makes
// once and every position's passes (passes.ts) walk. Plain typed arrays and numbers only, so a
// graph can be handed between threads or written to a file as it is.
//
// Layer i holds the states before cell i (row-major, in the graph's frame: the board's shorter
// side across, so a board wider than tall has the graph of its transpose; see frame.ts). A state
// is a frontier key (what the cells processed so far impose on the rest; see build.ts) and a
// sub-fleet: how many ships of each length are placed so far, as a mixed-radix index. Layer 0 is
// the one start state; layer N (N = cells) the complete states, one per sub-fleet that fits the
// board. Every state is reachable from the start and can finish (union over final sub-fleets), so
// a sunk ship only shrinks the target sub-fleet and the same graph serves every position of the
// rules.
//
// Edges are stored as runs: the states of one key are consecutive and ordered by sub-fleet, and a
// key transition maps them in order, so a run (source, target, length) stands for `length`
// edges source + t -> target + t. Runs of layer i are grouped by label: what the edge does to
// cell i (EMPTY, COVERED by a ship committed earlier, or a ship of length index li and
// orientation o committed with its first cell there: label SHIP + 2 * li + o). Runs of one edge
// (most of them on the classic fleet, whose keys hold few sub-fleets each) are kept apart as
// single edges, without a length to read. A position only
// weighs labels per cell (masks.ts), so a pass skips whole groups a position forbids.

import type { Rules, TouchRule } from '../../rules';

export const EMPTY = 0;
export const COVERED = 1;
/** Label of the first ship kind; kind k = 2 * lengthIndex + orientation has label SHIP + k. */
export const SHIP = 2;

export interface RuleGraph {
  /** Which rules the graph is for (graphKey). */
  key: string;
  /** The graph's frame (graphShape): width <= height. */
  width: number;
  height: number;
  touch: TouchRule;
  /** Distinct ship lengths of the fleet, longest first. */
  lengths: number[];
  /** Ships of each length (same order). */
  counts: number[];
  /** Sub-fleet index step of one more ship of each length (same order). */
  strides: number[];
  /** Number of sub-fleets: the product of (count + 1). */
  fleets: number;
  /** Labels per cell: EMPTY, COVERED and one per ship kind. */
  labels: number;
  /** States of layer i are global indices layerStart[i] .. layerStart[i + 1] - 1 (N + 2 entries). */
  layerStart: Int32Array;
  /** Runs of layer i with label l are groupStart[i * labels + l] .. the next entry - 1. */
  groupStart: Int32Array;
  /** Per run: first source state (index within layer i). */
  runSrc: Int32Array;
  /** Per run: first target state (index within layer i + 1). */
  runDst: Int32Array;
  /** Per run: how many consecutive edges it stands for. */
  runLen: Uint16Array;
  /** Single edges (runs of one), stored apart: layer i's label l are singleStart[i * labels + l]
   * .. the next entry - 1 of singleSrc (index within layer i) and singleDst (within layer i + 1). */
  singleStart: Int32Array;
  singleSrc: Int32Array;
  singleDst: Int32Array;
  /** Sub-fleet of each state of the final layer. */
  finalFleet: Uint16Array;
  /**
   * Edges of each layer (what the frame cost model weighs). Missing from graphs kept before it
   * was added: they are counted from the runs then (frame-cost.ts).
   */
  layerEdges?: Float64Array;
  /** Totals, for the record (runs counts single edges too). */
  states: number;
  edges: number;
  runs: number;
  /** Most states in one layer (the passes' scratch buffers). */
  widestLayer: number;
  /** Bytes the graph's arrays hold. */
  bytes: number;
  buildMs: number;
}

/**
 * The board as the graph sees it: its shorter side across. The frontier holds a digit per column,
 * so the states grow with the width far faster than with the height; a board wider than tall is
 * solved on the graph of its transpose (frame.ts).
 */
export function graphShape(rules: Rules): { width: number; height: number } {
  return {
    width: Math.min(rules.width, rules.height),
    height: Math.max(rules.width, rules.height),
  };
}

/**
 * The rule set a graph is for, as a string: two rules with the same key share a graph (a board
 * and its transpose do: 15x10 and 10x15 have one graph, keyed 10x15).
 */
export function graphKey(rules: Rules): string {
  const lengths = rules.fleet.map((s) => s.length).sort((a, b) => b - a);
  const { width, height } = graphShape(rules);
  return `${width}x${height}/${rules.touch}/${lengths.join(',')}`;
}

/**
 * The version of the graph's encoding: a graph kept by a caller (on disk, say) under another
 * version is built again, never read.
 */
export const GRAPH_ENGINE_VERSION = 'graph-1';
