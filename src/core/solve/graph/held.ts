// Passes that start from the values of the position solved before (held values), so that a
// position one shot away from it costs one visit of each edge instead of about two.
//
// Held: f and b of every state for the previous position P, and P's masks. For the next position
// Q, let lo and hi be the first and last cells whose weights differ between P and Q. f of a
// layer depends only on the cells above it, b only on the cells from it down, so P's f is Q's on
// layers 0..lo and P's b is Q's on layers hi + 1..N (the target is always the whole fleet:
// masks.ts places sunk ships, so a sinking is a change of cells like a shot).
//   forward   f from layer lo down to N; at layers i >= hi, where b of layer i + 1 is already
//             Q's, each ship edge's mass f(s) * w * b(d) is added as the pass goes;
//   backward  b from layer hi up to 0, adding the masses of the layers not yet counted, with
//             Q's f everywhere.
// One shot changes its cell's layer and those of the ship starts that could cover it (up to a
// ship's length back along the row and up the column): every edge is visited once, those of the
// layers lo..hi twice. The first position of all starts from the
// empty board's kept values (copied, since the held values are overwritten), or from nothing.
// The masses are the same sums as in passes.ts in another order: exact for counts below 2^53,
// the last bits of a prior's floats may differ.

import { CancelledError } from '../../errors';
import type { CancelSignal } from '../cancel';
import { SHIP, type RuleGraph } from './graph';
import type { LayerValues, PassKernel } from './kernel';
import { changedCells, type GraphMasks } from './masks';
import type { EmptyValues, PassResult } from './passes';

/** The values of the last position solved over one graph, overwritten by each solve. */
export interface HeldValues {
  /** The masks the values are for, or null before the first solve. */
  masks: GraphMasks | null;
  forward: Float64Array;
  backward: Float64Array;
  /** The masses of that position (a position solved twice in a row needs no pass). */
  startMass: Float64Array;
  /** The kernel whose memory holds the arrays (it runs every pass over them). */
  kernel: PassKernel;
  /**
   * Positions are weighed by narrow masks (masks.ts): a miss changes its own cell's layer only,
   * so the next position costs fewer layers; the same masses and totals either way.
   */
  narrow: boolean;
}

/** Bytes held values take for a graph. */
export function heldBytes(graph: RuleGraph): number {
  return 2 * 8 * graph.states;
}

/**
 * Empty held values for a graph, in the kernel's memory (long-lived, not its scratch). With
 * `capacity` (states, at least the graph's), the arrays are made that long, so that a larger
 * graph used later fits in them; the values given are views of the graph's length.
 */
export function holdValues(
  graph: RuleGraph,
  kernel: PassKernel,
  capacity = graph.states,
  narrow = false,
): HeldValues {
  const n = Math.max(capacity, graph.states);
  return {
    masks: null,
    forward: kernel.lasting(n).subarray(0, graph.states),
    backward: kernel.lasting(n).subarray(0, graph.states),
    startMass: new Float64Array(0),
    kernel,
    narrow,
  };
}

/** runPasses from the held values, which it leaves holding this position's. */
export function runPassesFrom(
  graph: RuleGraph,
  masks: GraphMasks,
  held: HeldValues,
  kept: EmptyValues | undefined,
  wanted: (total: number) => boolean,
  signal?: CancelSignal,
): PassResult {
  const { layerStart, labels, finalFleet } = graph;
  const N = layerStart.length - 2;
  const { kernel, forward, backward } = held;
  const fromPrevious = held.masks !== null;
  if (held.masks === null && kept) {
    forward.set(kept.forward);
    backward.set(kept.backward);
    held.masks = kept.masks;
    held.startMass = new Float64Array(0); // the empty board's masses are not kept
  }
  const before = held.masks;
  // Until a position has been solved, nothing held is valid: every layer "differs".
  const changed = before ? changedCells(masks, before, labels) : [0, N - 1];
  const [lo, hi] = changed ?? [N, -1];
  const massesKnown = held.startMass.length > 0;
  if (before && lo === N && massesKnown) {
    const total = backward[0]!;
    const startMass = held.startMass.slice();
    return { total, startMass, kernel: kernel.name, fromPrevious, layers: 0 };
  }
  // Every b is recomputed, from the last layer up (nothing is held yet, or nothing changed but
  // the masses are not known yet).
  const fromBottom = !before || lo === N;
  // The held values are about to change: until this solve ends they belong to no position.
  held.masks = null;

  kernel.begin(8 * (masks.weights.length + N * (labels - SHIP)));
  const weights = kernel.values(masks.weights.length, false);
  weights.set(masks.weights);
  const startMass = kernel.values(N * (labels - SHIP), true);
  const layer = (values: Float64Array, i: number) => ({ values, offset: layerStart[i]! });
  const check = (i: number): void => {
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
  };

  if (!before) forward[0] = 1;
  // Masses in the forward pass only where b below is already this position's.
  const massFrom = fromBottom ? N : hi;
  for (let i = lo; i < N; i++) {
    const back = i >= massFrom ? layer(backward, i + 1) : null;
    kernel.forwardLayer(
      graph,
      weights,
      i,
      layer(forward, i),
      layer(forward, i + 1),
      back,
      startMass,
    );
    check(i);
  }
  const bFrom = fromBottom ? N : hi + 1;
  if (fromBottom) {
    const last = layerStart[N]!;
    for (let s = 0; s < finalFleet.length; s++) {
      backward[last + s] = finalFleet[s] === masks.target ? 1 : 0;
    }
  }
  for (let i = bFrom - 1; i >= 0; i--) {
    kernel.backwardLayer(
      graph,
      weights,
      i,
      layer(backward, i + 1),
      layer(backward, i),
      i < massFrom ? layer(forward, i) : null,
      startMass,
    );
    check(i);
  }
  const total = backward[0]!;
  held.masks = { weights: masks.weights.slice(), target: masks.target };
  held.startMass = startMass.slice();
  const startMassCopy = wanted(total) ? held.startMass.slice() : held.startMass;
  const layers = N - lo + bFrom;
  return { total, startMass: startMassCopy, kernel: kernel.name, fromPrevious, layers };
}

/** Bytes of scratch runPassesAside may take over a graph (one region, whatever the position). */
export function asideBytes(graph: RuleGraph): number {
  const N = graph.layerStart.length - 2;
  const { labels } = graph;
  return 8 * (N * labels + N * (labels - SHIP) + 2 * graph.widestLayer + asideSpanValues(graph));
}

/** The most values of the changed layers runPassesAside keeps: a whole value array, so that
 * any one shot is solved aside (the pages of a region never used are never touched). */
function asideSpanValues(graph: RuleGraph): number {
  return graph.states;
}

/**
 * The passes of a position Q from the values held for P, without moving them: for the solves
 * ahead of a click, which must leave them on the position the user looks at. Null when held
 * values hold no position yet (the caller runs the normal path then); Q equal to P with its masses known answers at once.
 *
 * With lo..hi the layers whose weights differ, f_Q = f_P on layers 0..lo and b_Q = b_P on
 * layers hi + 1..N:
 *   forward   f_Q from layer lo down to N, in two rolling layer buffers, except layers
 *             lo + 1..hi, kept in a span buffer for the backward pass; at layers i >= hi, where
 *             b_Q of layer i + 1 is P's, each ship edge's mass is added with held b;
 *   backward  b_Q from layer hi up to 0 in the rolling buffers, adding the masses of layers
 *             i < hi with f_Q (held f at i <= lo, the span buffer above).
 * One visit of each edge, plus the layers lo..hi twice, as runPassesFrom; nothing held is written.
 */
export function runPassesAside(
  graph: RuleGraph,
  masks: GraphMasks,
  held: HeldValues,
  wanted: (total: number) => boolean,
  signal?: CancelSignal,
): PassResult | null {
  const { layerStart, labels } = graph;
  const N = layerStart.length - 2;
  const before = held.masks;
  if (!before) return null;
  const { kernel, forward, backward } = held;
  const changed = changedCells(masks, before, labels);
  if (!changed) {
    if (held.startMass.length === 0) return null;
    const startMass = held.startMass.slice();
    return { total: backward[0]!, startMass, kernel: kernel.name, fromPrevious: true, layers: 0 };
  }
  const [lo, hi] = changed;
  const spanBase = layerStart[lo + 1]!;
  const spanValues = layerStart[hi + 1]! - spanBase;
  if (spanValues > asideSpanValues(graph)) return null;

  // Always the whole region, so a later position's larger span does not grow it again.
  kernel.begin(asideBytes(graph));
  const weights = kernel.values(masks.weights.length, false);
  weights.set(masks.weights);
  const startMass = kernel.values(N * (labels - SHIP), true);
  const roll = [kernel.values(graph.widestLayer, false), kernel.values(graph.widestLayer, false)];
  const span = kernel.values(spanValues, false);
  const check = (i: number): void => {
    if ((i & 15) === 0 && signal?.aborted) throw new CancelledError();
  };
  const heldAt = (values: Float64Array, i: number): LayerValues => ({
    values,
    offset: layerStart[i]!,
  });
  // f_Q of layer i: held up to lo, the span buffer on lo + 1..hi.
  const fAt = (i: number): LayerValues =>
    i <= lo ? heldAt(forward, i) : { values: span, offset: layerStart[i]! - spanBase };

  let fCur = heldAt(forward, lo);
  for (let i = lo; i < N; i++) {
    const to = i < hi ? fAt(i + 1) : { values: roll[i & 1]!, offset: 0 };
    const other = i >= hi ? heldAt(backward, i + 1) : null;
    kernel.forwardLayer(graph, weights, i, fCur, to, other, startMass);
    fCur = to;
    check(i);
  }
  let bNext = heldAt(backward, hi + 1);
  for (let i = hi; i >= 0; i--) {
    const to = { values: roll[i & 1]!, offset: 0 };
    kernel.backwardLayer(graph, weights, i, bNext, to, i < hi ? fAt(i) : null, startMass);
    bNext = to;
    check(i);
  }
  const total = bNext.values[0]!;
  // The kernel's arrays are reused by its next position: the result keeps a copy.
  const masses = wanted(total) ? startMass.slice() : new Float64Array(0);
  const layers = N - lo + hi + 1;
  return { total, startMass: masses, kernel: kernel.name, fromPrevious: true, layers };
}
