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
// its last marked cell, sunk ships being placed in the masks) shorten the first passes to the rows between the
// first and the last marked cell: an empty board costs only the second passes, one visit of each
// edge. A label a position forbids at a cell costs nothing: its group of edges is skipped.
//
// Exactness: every value of a state that lies on some counted layout is at most the total, so
// below 2^53 the uniform passes are exact integer arithmetic. A state no counted layout passes
// may hold a larger, rounded value, but it only ever meets a 0 from the other side.

import { CancelledError } from '../../errors';
import type { CancelSignal } from '../cancel';
import { SHIP, type RuleGraph } from './graph';
import { typescriptKernel, type LayerValues, type PassKernel } from './kernel';
import { changedCells, type GraphMasks } from './masks';

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
  /** Which kernel ran the passes (a WebAssembly kernel whose memory is full hands over). */
  kernel: PassKernel['name'];
  /** Started from the values of the position solved before (held.ts), not from scratch. */
  fromPrevious?: boolean;
  /** Layer passes run (from held values, held.ts, or kept ones): one visit of each layer is N. */
  layers?: number;
  /** Started from the empty board's kept values (runPasses with `kept`). */
  fromKept?: boolean;
}

/** Bytes the passes of one position may allocate over a graph (at most). */
export function passBytes(graph: RuleGraph): number {
  const cells = graph.layerStart.length - 2;
  return 8 * (graph.states + 3 * graph.widestLayer + 2 * cells * graph.labels + 1);
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
  kernel: PassKernel = typescriptKernel,
): PassResult {
  const { layerStart, labels, finalFleet } = graph;
  const N = layerStart.length - 2;
  const { target } = masks;
  try {
    kernel.begin(passBytes(graph));
  } catch (e) {
    // The kernel's memory cannot grow that far: the TypeScript kernel reads the same arrays.
    if (!(e instanceof RangeError)) throw e;
    kernel = typescriptKernel;
  }
  const weights = kernel.values(masks.weights.length, false);
  weights.set(masks.weights);
  const startMass = kernel.values(N * (labels - SHIP), true);
  const check = (i: number): void => {
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
  };
  // a: f is the empty board's on layers 0..a; bStart: b is the empty board's on layers bStart..N.
  let a = 0;
  let bStart = N;
  if (kept) {
    const [first, last] = changedCells(masks, kept.masks, labels) ?? [N, -1];
    a = first;
    bStart = last + 1;
  }
  const m = Math.min(Math.max(N >> 1, Math.min(a, bStart)), Math.max(a, bStart));
  // Computed values of layers lo..hi: f above m, b from m down (layer N's target when b is not
  // kept).
  const lo = Math.min(a + 1, m);
  const hi = Math.max(bStart, m);
  const base = layerStart[lo]!;
  const val = kernel.values(layerStart[hi + 1]! - base, false);
  const at = (values: Float64Array, i: number): LayerValues => ({
    values,
    offset: values === val ? layerStart[i]! - base : layerStart[i]!,
  });
  const startF: LayerValues = { values: kernel.values(1, false), offset: 0 };
  startF.values[0] = 1;
  const fAt = (i: number): LayerValues =>
    i <= a ? (kept ? at(kept.forward, i) : startF) : at(val, i);
  const bAt = (i: number): LayerValues =>
    bStart < N && i >= bStart ? at(kept!.backward, i) : at(val, i);
  if (bStart === N) {
    const o = layerStart[N]! - base;
    for (let s = 0; s < finalFleet.length; s++) val[o + s] = finalFleet[s] === target ? 1 : 0;
  }
  const widest = graph.widestLayer;
  const fm: LayerValues = { values: kernel.values(widest, false), offset: 0 };
  const roll: LayerValues[] = [
    { values: kernel.values(widest, false), offset: 0 },
    { values: kernel.values(widest, false), offset: 0 },
  ];

  let layers = 0;
  // First passes.
  if (m <= a) {
    const f = fAt(m);
    const size = layerStart[m + 1]! - layerStart[m]!;
    fm.values.set(f.values.subarray(f.offset, f.offset + size));
  } else {
    for (let i = a; i < m; i++) {
      const to = i + 1 === m ? fm : at(val, i + 1);
      kernel.forwardLayer(graph, weights, i, fAt(i), to, null, startMass);
      layers++;
      check(i);
    }
  }
  for (let i = bStart - 1; i >= m; i--) {
    kernel.backwardLayer(graph, weights, i, bAt(i + 1), at(val, i), null, startMass);
    layers++;
    check(i);
  }
  const bm = bAt(m);
  let total = 0;
  for (let s = 0; s < layerStart[m + 1]! - layerStart[m]!; s++) {
    total += fm.values[s]! * bm.values[bm.offset + s]!;
  }
  const from = { layers, ...(kept ? { fromKept: true } : {}) };
  if (!wanted(total)) return { total, startMass: startMass.slice(), kernel: kernel.name, ...from };

  // Second passes: b from m up to the top, f from m down to the bottom, with the masses.
  let bNext = bm;
  for (let i = m - 1; i >= 0; i--) {
    const b = roll[i & 1]!;
    kernel.backwardLayer(graph, weights, i, bNext, b, fAt(i), startMass);
    bNext = b;
    check(i);
  }
  let fCur = fm;
  for (let i = m; i < N; i++) {
    const f = fCur === roll[0] ? roll[1]! : roll[0]!;
    kernel.forwardLayer(graph, weights, i, fCur, f, bAt(i + 1), startMass);
    fCur = f;
    check(i);
  }
  // The kernel's arrays are reused by its next position: the result keeps a copy.
  from.layers += N;
  return { total, startMass: startMass.slice(), kernel: kernel.name, ...from };
}

/**
 * The empty board's values over a graph (masks: the empty board's), in steps of a layer. With a
 * WebAssembly `kernel`, the masks' weights and `into` (two arrays of the graph's states) must lie
 * in its memory: the values are written there.
 */
export function* emptyValueSteps(
  graph: RuleGraph,
  masks: GraphMasks,
  signal?: CancelSignal,
  kernel: PassKernel = typescriptKernel,
  into?: { forward: Float64Array; backward: Float64Array },
): Generator<void, EmptyValues> {
  const { layerStart, finalFleet } = graph;
  const N = layerStart.length - 2;
  const forward = into?.forward ?? new Float64Array(graph.states);
  const backward = into?.backward ?? new Float64Array(graph.states);
  // Read by no pass without masses; an address in the kernel's memory all the same.
  const unused = forward.subarray(0, 0);
  forward[0] = 1;
  for (let i = 0; i < N; i++) {
    kernel.forwardLayer(
      graph,
      masks.weights,
      i,
      { values: forward, offset: layerStart[i]! },
      { values: forward, offset: layerStart[i + 1]! },
      null,
      unused,
    );
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
    yield;
  }
  const last = layerStart[N]!;
  for (let s = 0; s < finalFleet.length; s++) {
    backward[last + s] = finalFleet[s] === masks.target ? 1 : 0;
  }
  for (let i = N - 1; i >= 0; i--) {
    kernel.backwardLayer(
      graph,
      masks.weights,
      i,
      { values: backward, offset: layerStart[i + 1]! },
      { values: backward, offset: layerStart[i]! },
      null,
      unused,
    );
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
    yield;
  }
  return { masks, forward, backward };
}
