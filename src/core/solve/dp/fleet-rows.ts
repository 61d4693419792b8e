// Rows of the DP (see dp.ts): per frontier key, the values of its states, one per row sub-fleet
// f (a mixed-radix index over the lengths kept out of the key). Placing a ship of a row length
// maps f to f - stride. A new key's row is summed in a dense scratch row (scatterRow) and stored
// compressed: a run of (f, value) entries, f ascending, live states only. Every pass over the
// stored layers (backward, modular, a walk's) pairs a key's entries with its successor's by one
// merge-like walk (mergeRow), since both runs are sorted and f - stride grows with f.
//
// Each layer keeps its own exact-size arrays (idx, val), indexed from 0: a layer is built in a
// reused RowStore and copied out, so no arena is ever doubled and copied (which cost a tenth of
// an empty-board solve and left up to half of the largest buffer unused).

import type { MemoryBudget } from '../memory';

/** The rows of the layer being built; grows (through the budget) to the widest layer. */
export class RowStore {
  count = 0;
  idx: Uint16Array;
  val: Float64Array;

  constructor(private readonly budget: MemoryBudget) {
    this.idx = budget.alloc(Uint16Array, 256);
    this.val = budget.alloc(Float64Array, 256);
  }

  push(f: number, v: number): void {
    if (this.count === this.idx.length) {
      this.idx = this.budget.grow(this.idx, this.count * 2);
      this.val = this.budget.grow(this.val, this.count * 2);
    }
    this.idx[this.count] = f;
    this.val[this.count++] = v;
  }
}

/**
 * Adds w times the compressed row entries s0..s1 (f, v) into the dense scratch row: to f when
 * `bit` is 0, else to f - stride for the entries whose sub-fleet holds the ship (availOf[f] has
 * `bit`). Flags every entry written in `mark` (bit f).
 */
export function scatterRow(
  row: Float64Array,
  mark: Int32Array,
  idx: Uint16Array,
  val: Float64Array,
  s0: number,
  s1: number,
  w: number,
  bit: number,
  stride: number,
  availOf: Int32Array,
): void {
  for (let s = s0; s < s1; s++) {
    let f = idx[s]!;
    if (bit !== 0) {
      if ((availOf[f]! & bit) === 0) continue;
      f -= stride;
    }
    row[f]! += w * val[s]!;
    mark[f >> 5]! |= 1 << (f & 31);
  }
}

/** What mergeRow does with each source state s and the target state t it leads to. */
export const GATHER = 0;
/** GATHER modulo p (weight 1, values below p < 2^26). */
export const GATHER_MOD = 1;
export const SCATTER = 2;
/** SCATTER modulo p (weight 1). */
export const SCATTER_MOD = 3;
export type MergeOp = typeof GATHER | typeof GATHER_MOD | typeof SCATTER | typeof SCATTER_MOD;

/**
 * One transition from a key (row entries s0..s1 of idx; `here` holds their values) to a key of
 * the next layer (entries t0..t1 of nextIdx; `there` holds theirs): each source state f (holding
 * the ship when `bit` is set) leads to the target state f' = f (or f - stride). Both rows are
 * sorted and f' grows with f, so one merge-like walk pairs them. Target states the build pruned
 * are not stored and take part in nothing, which changes no count that can complete.
 *
 * GATHER (a backward step): here[s] += w * there[t], and returns the sum of dotWith[s] *
 * there[t] (forward values times backward ones: the transition's mass before its weight).
 * SCATTER (a forward step over stored rows): there[t] += w * here[s], and returns the sum of
 * here[s] * dotWith[t] when dotWith (the target layer's backward values) is given, else 0.
 * The _MOD forms do the same modulo p, with weight 1.
 */
export function mergeRow(
  op: MergeOp,
  here: Float64Array,
  there: Float64Array,
  dotWith: Float64Array | null,
  idx: Uint16Array,
  nextIdx: Uint16Array,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
  w: number,
  bit: number,
  stride: number,
  availOf: Int32Array,
  p: number,
): number {
  let dot = 0;
  let t = t0;
  for (let s = s0; s < s1; s++) {
    let f = idx[s]!;
    if (bit !== 0) {
      if ((availOf[f]! & bit) === 0) continue;
      f -= stride;
    }
    while (t < t1 && nextIdx[t]! < f) t++;
    if (t === t1) break;
    if (nextIdx[t] !== f) continue;
    if (op === GATHER) {
      const x = there[t]!;
      here[s]! += w * x;
      dot += dotWith![s]! * x;
    } else if (op === SCATTER) {
      const v = here[s]!;
      there[t]! += w * v;
      if (dotWith !== null) dot += v * dotWith[t]!;
    } else if (op === GATHER_MOD) {
      const x = there[t]!;
      const y = here[s]! + x;
      here[s] = y >= p ? y - p : y;
      dot = (dot + dotWith![s]! * x) % p;
    } else {
      const x = there[t]! + here[s]!;
      there[t] = x >= p ? x - p : x;
    }
  }
  return dot;
}
