// The passes of a position over a graph, in doubles, meeting at a middle layer m.
//
// f(state) = the weight of the ways to reach it from the start; b(state) = the weight of the ways
// to finish from it (1 on the final layer's target sub-fleet, 0 elsewhere). At every ship-start
// edge (s -> d, weight w) the mass f(s) * w * b(d) is the weight of the layouts whose ship starts
// there; summed per cell and ship kind, spread over the ships' cells, it is every cell's count.
//
//   first passes   f forward from the top down to m, b backward from the bottom up to m;
//   total          the sum over layer m of f * b;
//   second passes  b backward from m to the top and f forward from m to the bottom, each adding
//                  the masses of its side's ship edges with the stored other value.
// Kept empty-board values (EmptyValues: f of the empty board, valid above a position's first
// marked cell whatever fleet is left, and b of the empty board for the whole fleet, valid below
// its last marked cell when nothing is sunk) shorten the first passes to the rows between the
// first and the last marked cell: an empty board costs only the second passes, one visit of each
// edge. A label a position forbids at a cell costs nothing: its group of edges is skipped.
//
// Exactness: every value of a state that lies on some counted layout is at most the total, so
// below 2^53 the uniform passes are exact integer arithmetic. A state no counted layout passes
// may hold a larger, rounded value, but it only ever meets a 0 from the other side.

import { CancelledError } from '../../errors';
import type { CancelSignal } from '../options';
import { SHIP, type RuleGraph } from './graph';
import type { GraphMasks } from './masks';

/** The empty board's values, computed once per graph (emptyValues). */
export interface EmptyValues {
  /** The empty board's masks: a cell whose weights differ is a marked cell. */
  masks: GraphMasks;
  /** f of every state on the empty board. */
  forward: Float64Array;
  /** b of every state on the empty board, for the whole fleet. */
  backward: Float64Array;
}

export interface PassResult {
  total: number;
  /** Mass of the layouts whose ship of kind k starts at cell i: startMass[i * kinds + k]. */
  startMass: Float64Array;
}

/** A layer's values: layer i's state s is at values[offset + s]. */
interface LayerValues {
  values: Float64Array;
  offset: number;
}

/**
 * Layer i forward: to[d] += w * from[s] over its edges; with `back` (layer i + 1's b), also
 * each ship label's mass into startMass. `to` is zeroed first.
 */
function forwardLayer(
  graph: RuleGraph,
  weights: Float64Array,
  i: number,
  from: LayerValues,
  to: LayerValues,
  back: LayerValues | null,
  startMass: Float64Array | null,
): void {
  const { labels, groupStart, runSrc, runDst, runLen, singleStart, singleSrc, singleDst } = graph;
  const size = graph.layerStart[i + 2]! - graph.layerStart[i + 1]!;
  const f = from.values;
  const fo = from.offset;
  const t = to.values;
  const to0 = to.offset;
  t.fill(0, to0, to0 + size);
  for (let l = 0; l < labels; l++) {
    const w = weights[i * labels + l]!;
    if (w === 0) continue;
    const at = i * labels + l;
    const s1 = singleStart[at + 1]!;
    const g1 = groupStart[at + 1]!;
    if (back === null || l < SHIP) {
      for (let e = singleStart[at]!; e < s1; e++)
        t[to0 + singleDst[e]!]! += w * f[fo + singleSrc[e]!]!;
      for (let g = groupStart[at]!; g < g1; g++) {
        const s = fo + runSrc[g]!;
        const d = to0 + runDst[g]!;
        const n = runLen[g]!;
        for (let k = 0; k < n; k++) t[d + k]! += w * f[s + k]!;
      }
      continue;
    }
    const b = back.values;
    const bo = back.offset;
    let mass = 0;
    for (let e = singleStart[at]!; e < s1; e++) {
      const d = singleDst[e]!;
      const v = w * f[fo + singleSrc[e]!]!;
      t[to0 + d]! += v;
      mass += v * b[bo + d]!;
    }
    for (let g = groupStart[at]!; g < g1; g++) {
      const s = fo + runSrc[g]!;
      const d = runDst[g]!;
      const n = runLen[g]!;
      for (let k = 0; k < n; k++) {
        const v = w * f[s + k]!;
        t[to0 + d + k]! += v;
        mass += v * b[bo + d + k]!;
      }
    }
    startMass![i * (labels - SHIP) + l - SHIP]! += mass;
  }
}

/**
 * Layer i backward: to[s] += w * from[d] over its edges (`from` is layer i + 1); with `fwd`
 * (layer i's f), also each ship label's mass into startMass. `to` is zeroed first.
 */
function backwardLayer(
  graph: RuleGraph,
  weights: Float64Array,
  i: number,
  from: LayerValues,
  to: LayerValues,
  fwd: LayerValues | null,
  startMass: Float64Array | null,
): void {
  const { labels, groupStart, runSrc, runDst, runLen, singleStart, singleSrc, singleDst } = graph;
  const size = graph.layerStart[i + 1]! - graph.layerStart[i]!;
  const b = from.values;
  const bo = from.offset;
  const t = to.values;
  const to0 = to.offset;
  t.fill(0, to0, to0 + size);
  for (let l = 0; l < labels; l++) {
    const w = weights[i * labels + l]!;
    if (w === 0) continue;
    const at = i * labels + l;
    const s1 = singleStart[at + 1]!;
    const g1 = groupStart[at + 1]!;
    if (fwd === null || l < SHIP) {
      for (let e = singleStart[at]!; e < s1; e++)
        t[to0 + singleSrc[e]!]! += w * b[bo + singleDst[e]!]!;
      for (let g = groupStart[at]!; g < g1; g++) {
        const s = to0 + runSrc[g]!;
        const d = bo + runDst[g]!;
        const n = runLen[g]!;
        for (let k = 0; k < n; k++) t[s + k]! += w * b[d + k]!;
      }
      continue;
    }
    const f = fwd.values;
    const fo = fwd.offset;
    let mass = 0;
    for (let e = singleStart[at]!; e < s1; e++) {
      const s = singleSrc[e]!;
      const v = w * b[bo + singleDst[e]!]!;
      t[to0 + s]! += v;
      mass += v * f[fo + s]!;
    }
    for (let g = groupStart[at]!; g < g1; g++) {
      const s = runSrc[g]!;
      const d = bo + runDst[g]!;
      const n = runLen[g]!;
      for (let k = 0; k < n; k++) {
        const v = w * b[d + k]!;
        t[to0 + s + k]! += v;
        mass += v * f[fo + s + k]!;
      }
    }
    startMass![i * (labels - SHIP) + l - SHIP]! += mass;
  }
}

/** Does cell i weigh anything differently from the empty board? */
function marked(weights: Float64Array, empty: Float64Array, i: number, labels: number): boolean {
  for (let l = 0; l < labels; l++) {
    if (weights[i * labels + l] !== empty[i * labels + l]) return true;
  }
  return false;
}

/** Bytes the passes of one position may allocate over a graph (at most). */
export function passBytes(graph: RuleGraph): number {
  return 8 * (graph.states + 3 * graph.widestLayer);
}

/**
 * The passes of one position. Without `kept`, the first passes span the whole board. Returns
 * the total; the masses are only computed when `wanted(total)` says so (an exact count needs
 * doubles below 2^53; a total of 0 needs nothing more).
 */
export function runPasses(
  graph: RuleGraph,
  masks: GraphMasks,
  kept: EmptyValues | undefined,
  wanted: (total: number) => boolean,
  signal?: CancelSignal,
): PassResult {
  const { layerStart, labels, finalFleet } = graph;
  const N = layerStart.length - 2;
  const { weights, target } = masks;
  const check = (i: number): void => {
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
  };
  // a: f is the empty board's on layers 0..a; bStart: b is the empty board's on layers bStart..N.
  let a = 0;
  let bStart = N;
  if (kept) {
    let first = N;
    let last = -1;
    for (let i = 0; i < N; i++) {
      if (!marked(weights, kept.masks.weights, i, labels)) continue;
      if (first === N) first = i;
      last = i;
    }
    a = first;
    if (target === kept.masks.target) bStart = last + 1;
  }
  const m = Math.min(Math.max(N >> 1, Math.min(a, bStart)), Math.max(a, bStart));
  // Computed values of layers lo..hi: f above m, b from m down (layer N's target when b is not
  // kept).
  const lo = Math.min(a + 1, m);
  const hi = Math.max(bStart, m);
  const base = layerStart[lo]!;
  const val = new Float64Array(layerStart[hi + 1]! - base);
  const at = (values: Float64Array, i: number): LayerValues => ({
    values,
    offset: values === val ? layerStart[i]! - base : layerStart[i]!,
  });
  const startF: LayerValues = { values: Float64Array.of(1), offset: 0 };
  const fAt = (i: number): LayerValues =>
    i <= a ? (kept ? at(kept.forward, i) : startF) : at(val, i);
  const bAt = (i: number): LayerValues =>
    bStart < N && i >= bStart ? at(kept!.backward, i) : at(val, i);
  if (bStart === N) {
    const o = layerStart[N]! - base;
    for (let s = 0; s < finalFleet.length; s++) val[o + s] = finalFleet[s] === target ? 1 : 0;
  }
  const widest = graph.widestLayer;
  const fm: LayerValues = { values: new Float64Array(widest), offset: 0 };
  const roll: LayerValues[] = [
    { values: new Float64Array(widest), offset: 0 },
    { values: new Float64Array(widest), offset: 0 },
  ];

  // First passes.
  if (m <= a) {
    const f = fAt(m);
    const size = layerStart[m + 1]! - layerStart[m]!;
    fm.values.set(f.values.subarray(f.offset, f.offset + size));
  } else {
    for (let i = a; i < m; i++) {
      forwardLayer(graph, weights, i, fAt(i), i + 1 === m ? fm : at(val, i + 1), null, null);
      check(i);
    }
  }
  for (let i = bStart - 1; i >= m; i--) {
    backwardLayer(graph, weights, i, bAt(i + 1), at(val, i), null, null);
    check(i);
  }
  const bm = bAt(m);
  let total = 0;
  for (let s = 0; s < layerStart[m + 1]! - layerStart[m]!; s++) {
    total += fm.values[s]! * bm.values[bm.offset + s]!;
  }
  const startMass = new Float64Array(N * (labels - SHIP));
  if (!wanted(total)) return { total, startMass };

  // Second passes: b from m up to the top, f from m down to the bottom, with the masses.
  let bNext = bm;
  for (let i = m - 1; i >= 0; i--) {
    const b = roll[i & 1]!;
    backwardLayer(graph, weights, i, bNext, b, fAt(i), startMass);
    bNext = b;
    check(i);
  }
  let fCur = fm;
  for (let i = m; i < N; i++) {
    const f = fCur === roll[0] ? roll[1]! : roll[0]!;
    forwardLayer(graph, weights, i, fCur, f, bAt(i + 1), startMass);
    fCur = f;
    check(i);
  }
  return { total, startMass };
}

/** The empty board's values over a graph (masks: the empty board's), in steps of a layer. */
export function* emptyValueSteps(
  graph: RuleGraph,
  masks: GraphMasks,
  signal?: CancelSignal,
): Generator<void, EmptyValues> {
  const { layerStart, finalFleet } = graph;
  const N = layerStart.length - 2;
  const forward = new Float64Array(graph.states);
  const backward = new Float64Array(graph.states);
  forward[0] = 1;
  for (let i = 0; i < N; i++) {
    forwardLayer(
      graph,
      masks.weights,
      i,
      { values: forward, offset: layerStart[i]! },
      { values: forward, offset: layerStart[i + 1]! },
      null,
      null,
    );
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
    yield;
  }
  const last = layerStart[N]!;
  for (let s = 0; s < finalFleet.length; s++) {
    backward[last + s] = finalFleet[s] === masks.target ? 1 : 0;
  }
  for (let i = N - 1; i >= 0; i--) {
    backwardLayer(
      graph,
      masks.weights,
      i,
      { values: backward, offset: layerStart[i + 1]! },
      { values: backward, offset: layerStart[i]! },
      null,
      null,
    );
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
    yield;
  }
  return { masks, forward, backward };
}
