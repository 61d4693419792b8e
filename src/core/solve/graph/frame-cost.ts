// Which frame a position is solved in (frame.ts). A wide board has no choice: its graph is its
// transpose's. A square board's graph serves the board and its transpose alike, and the empty
// board is its own transpose, so the kept empty-board values serve both frames too; what differs
// is the cost. The first passes compute only the layers between the first and the last cell
// weighed otherwise than in the values they start from (the kept empty board's, or those held
// from the position solved before: held.ts), so marks in a few columns span most of the board's
// layers as given but few transposed. The cost model counts the edges of each frame's span from
// the graph's own edge counts per layer, and the cheaper frame runs. (The second passes visit
// every edge in either frame, bar the labels a position forbids: about the same in both.) Held
// values are compared in the frame they were computed in, so a game that goes on in one frame
// keeps to it while that stays the cheaper.

import type { Board } from '../board';
import { frameBoard, type FramedBoard } from './frame';
import type { RuleGraph } from './graph';
import { changedCells, graphMasks, type GraphMasks } from './masks';

/** Layers from..to - 1 (to > from), or none (to === from). */
export interface LayerSpan {
  from: number;
  to: number;
}

/**
 * Edges of each layer i (from cell i to cell i + 1) on the layers `wanted` names (all by default;
 * 0 on the others). Counting reads the length of every run of a layer.
 */
export function layerEdgeCounts(
  graph: RuleGraph,
  wanted: (layer: number) => boolean = () => true,
): Float64Array {
  const { groupStart, singleStart, runLen, labels } = graph;
  const counts = new Float64Array(graph.layerStart.length - 2);
  for (let i = 0; i < counts.length; i++) {
    if (!wanted(i)) continue;
    const first = i * labels;
    const next = first + labels;
    let edges = singleStart[next]! - singleStart[first]!;
    for (let g = groupStart[first]!, end = groupStart[next]!; g < end; g++) edges += runLen[g]!;
    counts[i] = edges;
  }
  return counts;
}

/**
 * The layers a position's first passes compute (as the passes choose them): without values to
 * start from all of them; with them (`reference` holds their masks: the empty board's, or the
 * position solved before), from the first cell weighed otherwise to the last, or to the bottom
 * when the target sub-fleet differs (masks of other rules); none when nothing differs.
 */
export function firstPassSpan(
  masks: GraphMasks,
  reference: GraphMasks | undefined,
  labels: number,
): LayerSpan {
  const cells = masks.weights.length / labels;
  if (!reference) return { from: 0, to: cells };
  const [first, last] = changedCells(masks, reference, labels) ?? [cells, -1];
  const end = masks.target === reference.target ? last + 1 : cells;
  return { from: first, to: Math.max(first, end) };
}

/** Edge visits of a position's first passes: the edges of the layers of `span`. */
export function spanVisits(counts: Float64Array, span: LayerSpan): number {
  let visits = 0;
  for (let i = span.from; i < span.to; i++) visits += counts[i]!;
  return visits;
}

export interface FrameChoice {
  framed: FramedBoard;
  /** The position's masks in that frame. */
  masks: GraphMasks;
  /**
   * When a choice was made: the edge visits of each frame's first passes (as given, transposed);
   * of a graph without per-layer counts, only on the layers one of them spans (the layers both
   * span cost both the same, so the difference is the same).
   */
  visits?: [number, number];
}

/**
 * The frame to solve `board` in over `graph`: transposed when the graph is its transpose's (a
 * wide board); else, on a square board whose passes start from values already computed (the
 * empty board's kept values, or the position solved before: `reference` is their masks),
 * whichever frame's first passes visit fewer edges (the board as given on a tie); else as given.
 */
export function chooseFrame(
  board: Board,
  graph: RuleGraph,
  reference: GraphMasks | undefined,
  /** Narrow masks (masks.ts), as passes from held values take them. */
  narrow = false,
): FrameChoice {
  const only = (transposed: boolean): FrameChoice => {
    const framed = frameBoard(board, transposed);
    return { framed, masks: graphMasks(graph, framed.board, narrow) };
  };
  if (board.width !== graph.width) return only(true);
  // Passes that start from nothing, or a board that is not square, have one frame to run.
  if (!reference || graph.width !== graph.height) return only(false);
  const frames = [only(false), only(true)] as const;
  const spans = frames.map((f) => firstPassSpan(f.masks, reference, graph.labels));
  const [asGiven, transposed] = spans as [LayerSpan, LayerSpan];
  if (asGiven.from === transposed.from && asGiven.to === transposed.to) return frames[0];
  // The layers both frames span cost both the same: without the graph's own per-layer counts,
  // only the others are counted.
  const inSpan = (span: LayerSpan, i: number): boolean => i >= span.from && i < span.to;
  const counts =
    graph.layerEdges ?? layerEdgeCounts(graph, (i) => inSpan(asGiven, i) !== inSpan(transposed, i));
  const visits: [number, number] = [spanVisits(counts, asGiven), spanVisits(counts, transposed)];
  return { ...frames[visits[1] < visits[0] ? 1 : 0], visits };
}
