// Passes that start from the values of the position solved before (held values), so that a
// position one shot away from it costs one visit of each edge instead of about two.
//
// Held: f and b of every state for the previous position P, and P's masks. For the next position
// Q, let lo and hi be the first and last cells whose weights differ between P and Q. f of a
// layer depends only on the cells above it, b only on the cells from it down, so P's f is Q's on
// layers 0..lo and P's b is Q's on layers hi + 1..N (while the target sub-fleet is the same).
//   forward   f from layer lo down to N; at layers i >= hi, where b of layer i + 1 is already
//             Q's, each ship edge's mass f(s) * w * b(d) is added as the pass goes;
//   backward  b from layer hi up to 0 (from N when a sinking changed the target: every b
//             changes), adding the masses of the layers not yet counted, with Q's f everywhere.
// One shot makes lo = hi: every edge is visited once. The first position of all starts from the
// empty board's kept values (copied, since the held values are overwritten), or from nothing.
// The masses are the same sums as in passes.ts in another order: exact for counts below 2^53,
// the last bits of a prior's floats may differ.

import { CancelledError } from '../../errors';
import type { CancelSignal } from '../options';
import { SHIP, type RuleGraph } from './graph';
import type { PassKernel } from './kernel';
import type { GraphMasks } from './masks';
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
}

/** Bytes held values take for a graph. */
export function heldBytes(graph: RuleGraph): number {
  return 2 * 8 * graph.states;
}

/** Empty held values for a graph, in the kernel's memory (long-lived, not its scratch). */
export function holdValues(graph: RuleGraph, kernel: PassKernel): HeldValues {
  return {
    masks: null,
    forward: kernel.lasting(graph.states),
    backward: kernel.lasting(graph.states),
    startMass: new Float64Array(0),
    kernel,
  };
}

function layerDiffers(a: Float64Array, b: Float64Array, i: number, labels: number): boolean {
  for (let l = 0; l < labels; l++) if (a[i * labels + l] !== b[i * labels + l]) return true;
  return false;
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
  let lo = before ? N : 0;
  let hi = before ? -1 : N - 1;
  if (before) {
    for (let i = 0; i < N; i++) {
      if (!layerDiffers(masks.weights, before.weights, i, labels)) continue;
      if (lo === N) lo = i;
      hi = i;
    }
  }
  const retarget = !before || before.target !== masks.target;
  const massesKnown = held.startMass.length > 0;
  if (before && lo === N && !retarget && massesKnown) {
    const total = backward[0]!;
    return { total, startMass: held.startMass.slice(), kernel: kernel.name, fromPrevious };
  }
  // Every b is recomputed, from the last layer up (the target changed, or nothing did but the
  // masses are not known yet).
  const fromBottom = retarget || lo === N;
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
  return { total, startMass: startMassCopy, kernel: kernel.name, fromPrevious };
}
