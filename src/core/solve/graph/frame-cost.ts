// Which frame a position is solved in (frame.ts). A wide board has no choice: its graph is its
// transpose's. A square board's graph serves the board and its transpose alike, and the empty
// board is its own transpose, so the kept empty-board values serve both frames too; what differs
// is the cost. The first passes compute only the layers between the first and the last marked
// cell (the rest comes from the kept values), so marks in a few columns span most of the board's
// layers as given but few transposed. The cost model counts the edge visits of both frames from
// the graph's own edge counts per layer and label (on the layers where the frames differ), and
// the cheaper frame runs.

import type { Board } from '../board';
import { frameBoard, type FramedBoard } from './frame';
import type { RuleGraph } from './graph';
import { graphMasks, type GraphMasks } from './masks';
import type { EmptyValues } from './passes';

/** Layers from..to - 1 (to > from), or none (to === from). */
export interface LayerSpan {
  from: number;
  to: number;
}

/**
 * Edges of layer i with label l: counts[i * graph.labels + l], on the layers `wanted` names (all
 * by default; 0 on the others). Counting reads the length of every run of a layer.
 */
export function labelEdgeCounts(
  graph: RuleGraph,
  wanted: (layer: number) => boolean = () => true,
): Float64Array {
  const { groupStart, singleStart, runLen, labels } = graph;
  const counts = new Float64Array(groupStart.length - 1);
  for (let at = 0; at < counts.length; at++) {
    if (!wanted(Math.floor(at / labels))) continue;
    let edges = singleStart[at + 1]! - singleStart[at]!;
    for (let g = groupStart[at]!, end = groupStart[at + 1]!; g < end; g++) edges += runLen[g]!;
    counts[at] = edges;
  }
  return counts;
}

/**
 * The layers a position's first passes compute (as the passes choose them): without kept values
 * all of them; with them, from the first marked cell (one weighed unlike the empty board) to the
 * last, or to the bottom when ships are sunk (the kept backward values are the whole fleet's);
 * none on the empty board.
 */
export function firstPassSpan(
  masks: GraphMasks,
  kept: GraphMasks | undefined,
  labels: number,
): LayerSpan {
  const cells = masks.weights.length / labels;
  if (!kept) return { from: 0, to: cells };
  let first = cells;
  let last = -1;
  for (let i = 0; i < cells; i++) {
    for (let l = 0; l < labels; l++) {
      if (masks.weights[i * labels + l] === kept.weights[i * labels + l]) continue;
      if (first === cells) first = i;
      last = i;
      break;
    }
  }
  const end = masks.target === kept.target ? last + 1 : cells;
  return { from: first, to: Math.max(first, end) };
}

/**
 * Edge visits of a position's passes: the first passes over the layers of `span`, the second
 * over every layer; a label the position weighs 0 at a cell is skipped by both.
 */
export function passVisits(
  counts: Float64Array,
  weights: Float64Array,
  labels: number,
  span: LayerSpan,
): number {
  let visits = 0;
  for (let at = 0; at < counts.length; at++) {
    if (weights[at] === 0) continue;
    const layer = Math.floor(at / labels);
    visits += layer >= span.from && layer < span.to ? 2 * counts[at]! : counts[at]!;
  }
  return visits;
}

export interface FrameChoice {
  framed: FramedBoard;
  /** The position's masks in that frame. */
  masks: GraphMasks;
  /**
   * When a choice was made: the edge visits of each frame (as given, transposed) on the layers
   * where the two differ (the rest costs both frames the same).
   */
  visits?: [number, number];
}

/**
 * The frame to solve `board` in over `graph`: transposed when the graph is its transpose's (a
 * wide board), else on a square board with kept values whichever frame costs fewer edge visits
 * (the board as given on a tie), else as given.
 */
export function chooseFrame(
  board: Board,
  graph: RuleGraph,
  kept: EmptyValues | undefined,
): FrameChoice {
  const only = (transposed: boolean): FrameChoice => {
    const framed = frameBoard(board, transposed);
    return { framed, masks: graphMasks(graph, framed.board) };
  };
  if (board.width !== graph.width) return only(true);
  // Without kept values, or on a board that is not square, there is one frame to run.
  if (!kept || graph.width !== graph.height) return only(false);
  const frames = [only(false), only(true)] as const;
  const spans = frames.map((f) => firstPassSpan(f.masks, kept.masks, graph.labels));
  const [asGiven, transposed] = spans as [LayerSpan, LayerSpan];
  if (asGiven.from === transposed.from && asGiven.to === transposed.to) return frames[0];
  // Only layers the two frames weigh differently, or where one frame's first passes run and
  // the other's do not, can make their costs differ: only those are counted.
  const { labels } = graph;
  const [a, b] = [frames[0].masks.weights, frames[1].masks.weights];
  const inSpan = (span: LayerSpan, i: number): boolean => i >= span.from && i < span.to;
  const differs = (i: number): boolean => {
    if (inSpan(asGiven, i) !== inSpan(transposed, i)) return true;
    for (let at = i * labels; at < (i + 1) * labels; at++) if (a[at] !== b[at]) return true;
    return false;
  };
  const counts = labelEdgeCounts(graph, differs);
  const visits = frames.map((f, k) =>
    passVisits(counts, f.masks.weights, graph.labels, spans[k]!),
  ) as [number, number];
  return { ...frames[visits[1] < visits[0] ? 1 : 0], visits };
}
