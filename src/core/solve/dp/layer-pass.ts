// One pass of the DP over a stored layer: every transition out of layer i's keys, each a row
// merge (fleet-rows.ts mergeRow) between a key's states and its successor's. The backward pass,
// the modular forward pass (dp.ts) and a walk's forward and backward passes and its draws
// (dp-walk.ts) all step through the layers with it, as the graph engine's passes share one
// kernel, so the transitions are read in one place.

import type { Plan } from './frontier-plan';
import { GATHER_MOD, SCATTER_MOD, mergeRow, type MergeOp } from './fleet-rows';
import type { Layer } from './dp';

/** Weight of a transition out of cell i (1 unless a ship starts under a prior). */
export function edgeWeight(plan: Plan, i: number, kind: number): number {
  return kind < 0 ? 1 : plan.startWeight[i * plan.kinds + kind]!;
}

/** Row bit of a start kind: 1 << lengthIndex for a ship counted in the row, else 0. */
export function rowBit(plan: Plan, kind: number): number {
  return kind >= 0 && !plan.keyed[kind >> 1] ? 1 << (kind >> 1) : 0;
}

/** rowBit and the row stride of every kind, indexed by kind + 1 (so -1, no ship, is 0). */
export function kindTables(plan: Plan): { kindBit: Int32Array; kindStride: Int32Array } {
  const kindBit = new Int32Array(plan.kinds + 1);
  const kindStride = new Int32Array(plan.kinds + 1);
  for (let k = 0; k < plan.kinds; k++) {
    kindBit[k + 1] = rowBit(plan, k);
    kindStride[k + 1] = kindBit[k + 1] ? plan.strides[k >> 1]! : 0;
  }
  return { kindBit, kindStride };
}

/** A pass over the stored layers: what it does per transition and what it collects. */
export interface LayerPass {
  plan: Plan;
  kindBit: Int32Array;
  kindStride: Int32Array;
  op: MergeOp;
  /** The modulus of the _MOD ops; 0 for the others. */
  mod: number;
  /** Which transitions it takes (a walk's filter, dp-walk.ts); null takes them all. */
  takes: ((i: number, k: number, j: number) => boolean) | null;
  /** Where it sums each ship start's mass (startMass[i * kinds + kind]), or null. */
  startMass: Float64Array | null;
}

export function layerPass(
  plan: Plan,
  op: MergeOp,
  { mod = 0, takes = null, startMass = null }: Partial<Omit<LayerPass, 'plan' | 'op'>> = {},
): LayerPass {
  return { plan, ...kindTables(plan), op, mod, takes, startMass };
}

/**
 * Runs the pass's op (mergeRow) over every transition out of layers[i] that it takes: `here`
 * holds the values of layer i's states, `there` those of layer i + 1's, `dotWith` what the
 * merges' sums pair them with. Each ship start adds its weight times its merge's sum (modulo
 * `mod` in the _MOD ops) to its mass.
 */
export function passLayer(
  pass: LayerPass,
  layers: Layer[],
  i: number,
  here: Float64Array,
  there: Float64Array,
  dotWith: Float64Array | null,
): void {
  const { plan, kindBit, kindStride, op, mod, takes, startMass } = pass;
  const { kinds, availOf } = plan;
  const layer = layers[i]!;
  const to = layers[i + 1]!;
  const { count, rowStart, idx } = layer;
  const first = layer.first!;
  const next = layer.next!;
  const kind = layer.kind!;
  const modular = op === GATHER_MOD || op === SCATTER_MOD;
  for (let j = 0; j < count; j++) {
    const s0 = rowStart[j]!;
    const s1 = rowStart[j + 1]!;
    for (let e = first[j]!; e < first[j + 1]!; e++) {
      const k = kind[e]!;
      if (takes !== null && !takes(i, k, j)) continue;
      const n = next[e]!;
      const w = modular ? 1 : edgeWeight(plan, i, k);
      const dot = mergeRow(
        op,
        here,
        there,
        dotWith,
        idx,
        to.idx,
        s0,
        s1,
        to.rowStart[n]!,
        to.rowStart[n + 1]!,
        w,
        kindBit[k + 1]!,
        kindStride[k + 1]!,
        availOf,
        mod,
      );
      if (k < 0 || startMass === null) continue;
      if (!modular) {
        startMass[i * kinds + k]! += w * dot;
      } else {
        const m = startMass[i * kinds + k]! + dot;
        startMass[i * kinds + k] = m >= mod ? m - mod : m;
      }
    }
  }
}
