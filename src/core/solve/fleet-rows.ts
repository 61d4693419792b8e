// Rows of the DP (see dp.ts): per frontier key, the values of its states, one per row sub-fleet
// f (a mixed-radix index over the lengths kept out of the key). Placing a ship of a row length
// maps f to f - stride. A new key's row is summed in a dense scratch row (scatterRow) and stored
// compressed: a run of (f, value) entries, f ascending, live states only. The backward and modular
// passes pair a key's entries with its successor's by a merge-like walk (gatherRow,
// scatterRowMod), since both runs are sorted and f - stride grows with f.

import { grow } from './frontier';

/** Compressed rows of every layer in one growing arena; layers hold offsets into it. */
export class RowStore {
  count = 0;

  /** Starts empty, writing into the given buffers (grown as needed) when passed. */
  constructor(
    public idx: Uint16Array = new Uint16Array(1 << 12),
    public val: Float64Array = new Float64Array(1 << 12),
  ) {}

  push(f: number, v: number): void {
    if (this.count === this.idx.length) {
      this.idx = grow(this.idx, this.count * 2);
      this.val = grow(this.val, this.count * 2);
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
 * Backward step of one transition from a key (row entries s0..s1) to a key of the next layer
 * (row entries t0..t1): each source state f (holding the ship when `bit` is set) leads to the
 * target state f' = f (or f - stride). Adds w * bNext[f'] to b[f] and returns the sum of
 * forward value times bNext[f'] (the transition's mass before its weight). Both rows are sorted
 * and f' grows with f, so one merge-like walk pairs them. b and bNext are indexed by store entry
 * minus bBase and nBase.
 */
export function gatherRow(
  b: Float64Array,
  bBase: number,
  bNext: Float64Array,
  nBase: number,
  idx: Uint16Array,
  val: Float64Array,
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
    while (t < t1 && idx[t]! < f) t++;
    if (t === t1) break;
    if (idx[t] !== f) continue;
    const x = bNext[t - nBase]!;
    b[s - bBase]! += w * x;
    dot += val[s]! * x;
  }
  return dot;
}

/** gatherRow with weight 1, modulo p (values below p < 2^26). */
export function gatherRowMod(
  b: Float64Array,
  bBase: number,
  bNext: Float64Array,
  nBase: number,
  idx: Uint16Array,
  val: Float64Array,
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
    while (t < t1 && idx[t]! < f) t++;
    if (t === t1) break;
    if (idx[t] !== f) continue;
    const x = bNext[t - nBase]!;
    const y = b[s - bBase]! + x;
    b[s - bBase] = y >= p ? y - p : y;
    dot = (dot + val[s]! * x) % p;
  }
  return dot;
}

/**
 * Forward step modulo p over stored rows: adds each source state's value (entries s0..s1) to the
 * target state it leads to (entries t0..t1 of the same store), as in gatherRow. Target states the
 * float pass pruned are not stored and get nothing, which changes no count that can complete.
 */
export function scatterRowMod(
  val: Float64Array,
  idx: Uint16Array,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
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
    while (t < t1 && idx[t]! < f) t++;
    if (t === t1) break;
    if (idx[t] !== f) continue;
    const x = val[t]! + val[s]!;
    val[t] = x >= p ? x - p : x;
  }
}
