// Rows of the DP (see dp.ts): per frontier key, the values of its states, one per row sub-fleet
// f (a mixed-radix index over the lengths kept out of the key). Placing a ship of a row length
// maps f to f - stride. A new key's row is summed in a dense scratch row (scatterRow) and stored
// compressed: a run of (f, value) entries, f ascending, live states only. The backward and modular
// passes pair a key's entries with its successor's by a merge-like walk (gatherRow,
// scatterRowStored), since both runs are sorted and f - stride grows with f.
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

/**
 * Backward step of one transition from a key (row entries s0..s1 of idx/val) to a key of the
 * next layer (entries t0..t1 of nextIdx): each source state f (holding the ship when `bit` is
 * set) leads to the target state f' = f (or f - stride). Adds w * bNext[f'] to b[f] and returns
 * the sum of forward value times bNext[f'] (the transition's mass before its weight). Both rows
 * are sorted and f' grows with f, so one merge-like walk pairs them. b and bNext are indexed like
 * their layers' entries.
 */
export function gatherRow(
  b: Float64Array,
  bNext: Float64Array,
  idx: Uint16Array,
  val: Float64Array,
  nextIdx: Uint16Array,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
  w: number,
  bit: number,
  stride: number,
  availOf: Int32Array,
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
    const x = bNext[t]!;
    b[s]! += w * x;
    dot += val[s]! * x;
  }
  return dot;
}

/** gatherRow with weight 1, modulo p (values below p < 2^26). */
export function gatherRowMod(
  b: Float64Array,
  bNext: Float64Array,
  idx: Uint16Array,
  val: Float64Array,
  nextIdx: Uint16Array,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
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
    const x = bNext[t]!;
    const y = b[s]! + x;
    b[s] = y >= p ? y - p : y;
    dot = (dot + val[s]! * x) % p;
  }
  return dot;
}

/**
 * Forward step over stored rows: adds each source state's value (entries s0..s1 of idx/val),
 * times w, to the target state it leads to (entries t0..t1 of nextIdx/nextVal), as in gatherRow;
 * in doubles when p is 0, else modulo p (w is then 1). Target states the build pruned are not
 * stored and get nothing, which changes no count that can complete.
 */
export function scatterRowStored(
  idx: Uint16Array,
  val: Float64Array,
  nextIdx: Uint16Array,
  nextVal: Float64Array,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
  w: number,
  bit: number,
  stride: number,
  availOf: Int32Array,
  p: number,
): void {
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
    if (p === 0) {
      nextVal[t]! += w * val[s]!;
    } else {
      const x = nextVal[t]! + val[s]!;
      nextVal[t] = x >= p ? x - p : x;
    }
  }
}

/**
 * scatterRowStored in doubles that also returns the sum of val[s] * back[t] over the pairs it
 * adds (a transition's mass before its weight, when `back` holds the target layer's backward
 * values; 0 without them).
 */
export function scatterRowDot(
  idx: Uint16Array,
  val: Float64Array,
  nextIdx: Uint16Array,
  nextVal: Float64Array,
  back: Float64Array | null,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
  w: number,
  bit: number,
  stride: number,
  availOf: Int32Array,
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
    const v = val[s]!;
    nextVal[t]! += w * v;
    if (back !== null) dot += v * back[t]!;
  }
  return dot;
}
