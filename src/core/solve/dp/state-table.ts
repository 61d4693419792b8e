// The keys of one DP layer, kept sorted, and how the next layer's keys are found from them
// without a hash table.
//
// Within a layer (one cell), a successor key is its source key plus a constant that depends only
// on the transition class (Successors.cls: the start kind and the few source digits the
// transition reads). So, with the sources in key order, the successors of each class come out in
// key order too, and the sorted list of all successors is a merge of those few sorted runs. Equal
// keys end up adjacent, and the next layer comes out sorted again. Memory is read and written
// almost only in sequence: no probe of a large table per successor, which on a busy machine costs
// a cache miss each.

import type { Successors } from './frontier';
import { bytesOf, type MemoryBudget } from '../memory';

/** The keys of one layer in ascending order, with their decoded digits and reserved cells. */
export class LayerKeys {
  count = 0;
  keys = new Float64Array(0);
  digits = new Uint8Array(0);
  reserved = new Int32Array(0);

  constructor(
    readonly K: number,
    readonly D: number,
    private readonly budget: MemoryBudget,
  ) {}

  /** Empties the layer, with room for `capacity` keys. */
  reset(capacity: number): void {
    this.count = 0;
    if (capacity <= this.reserved.length) return;
    const cap = Math.max(capacity, 2 * this.reserved.length);
    const { budget } = this;
    this.keys = budget.renew(this.keys, cap * this.K);
    this.digits = budget.renew(this.digits, cap * this.D);
    this.reserved = budget.renew(this.reserved, cap);
  }

  /**
   * Appends a key whose D digits were written in place, at digits[count * D] (see slot): its K
   * words at keys[at] and its reserved cells.
   */
  pushInPlace(keys: Float64Array, at: number, reserved: number): void {
    const K = this.K;
    const n = this.count++;
    for (let k = 0; k < K; k++) this.keys[n * K + k] = keys[at + k]!;
    this.reserved[n] = reserved;
  }

  /** Where the next key's digits go (written before pushInPlace, overwritten if not kept). */
  slot(): number {
    return this.count * this.D;
  }

  /** Appends a key: K words at keys[at], D digits at digits[0], its reserved cells. */
  push(keys: Float64Array, at: number, digits: Uint8Array, reserved: number): void {
    const { K, D } = this;
    const n = this.count++;
    for (let k = 0; k < K; k++) this.keys[n * K + k] = keys[at + k]!;
    for (let d = 0; d < D; d++) this.digits[n * D + d] = digits[d]!;
    this.reserved[n] = reserved;
  }
}

/** Successors are sorted directly, not counted by class, when fewer than classes / this. */
const SPARSE_CLASSES = 16;

/**
 * Orders the successors of a layer by key (see the header). The result is a copy in key order:
 * keys, sources, classes and the successors' original indices, so the caller reads in sequence.
 * Reuses its buffers; valid until the next call.
 */
export class SuccessorSorter {
  id = new Int32Array(0);
  src = new Int32Array(0);
  cls = new Int32Array(0);
  keys = new Float64Array(0);
  private byClass = new Int32Array(0);
  private classStart = new Int32Array(0);
  private runStart = new Int32Array(0);
  private runEnd = new Int32Array(0);
  private heap = new Int32Array(0); // run indices, a binary min-heap on the runs' head keys
  private heapKey = new Float64Array(0); // K = 1: head key of heap[h]

  constructor(private readonly budget: MemoryBudget) {}

  /** Sorts successors 0..count-1 of `from`; `classes` bounds the class numbers. */
  sort(from: Successors, classes: number): void {
    const n = from.count;
    const K = from.K;
    if (this.id.length < n || this.keys.length < n * K) {
      const cap = 2 * n;
      const { budget } = this;
      this.id = budget.renew(this.id, cap);
      this.src = budget.renew(this.src, cap);
      this.cls = budget.renew(this.cls, cap);
      this.keys = budget.renew(this.keys, cap * K);
      this.byClass = budget.renew(this.byClass, cap);
    }
    // Few successors (late positions): sort them by class directly rather than count over every
    // class, which would cost more than the whole layer.
    if (n * SPARSE_CLASSES < classes) {
      this.merge(from, this.runsBySorting(from));
      return;
    }
    if (this.classStart.length < classes + 1) this.classStart = new Int32Array(classes + 1);
    // Counting sort by class: each class is a run already in key order.
    const start = this.classStart;
    start.fill(0, 0, classes + 1);
    for (let s = 0; s < n; s++) start[from.cls[s]! + 1]!++;
    let runs = 0;
    for (let c = 0; c < classes; c++) {
      if (start[c + 1]! > 0) runs++;
      start[c + 1]! += start[c]!;
    }
    const byClass = this.byClass;
    for (let s = 0; s < n; s++) byClass[start[from.cls[s]!]!++] = s;
    // start[c] is now the end of class c's run; runs are contiguous in byClass.
    this.roomForRuns(runs);
    let r = 0;
    let prevEnd = 0;
    for (let c = 0; c < classes; c++) {
      const end = start[c]!;
      if (end > prevEnd) {
        this.runStart[r] = prevEnd;
        this.runEnd[r++] = end;
      }
      prevEnd = end;
    }
    this.merge(from, runs);
  }

  private roomForRuns(runs: number): void {
    if (this.runStart.length >= runs) return;
    this.runStart = new Int32Array(2 * runs);
    this.runEnd = new Int32Array(2 * runs);
    this.heap = new Int32Array(2 * runs);
    this.heapKey = new Float64Array(2 * runs);
  }

  /**
   * The same runs as the counting sort (classes ascending, each in source order, i.e. key
   * order), by a stable insertion sort of the successors on their class. Returns the run count.
   */
  private runsBySorting(from: Successors): number {
    const n = from.count;
    const { byClass } = this;
    const cls = from.cls;
    for (let s = 0; s < n; s++) {
      const c = cls[s]!;
      let t = s;
      while (t > 0 && cls[byClass[t - 1]!]! > c) {
        byClass[t] = byClass[t - 1]!;
        t--;
      }
      byClass[t] = s;
    }
    let runs = 0;
    for (let s = 0; s < n; s++) if (s === 0 || cls[byClass[s]!] !== cls[byClass[s - 1]!]) runs++;
    this.roomForRuns(runs);
    let r = -1;
    for (let s = 0; s < n; s++) {
      if (s === 0 || cls[byClass[s]!] !== cls[byClass[s - 1]!]) this.runStart[++r] = s;
      this.runEnd[r] = s + 1;
    }
    return runs;
  }

  /** Bytes of the buffers that grow with the layer. */
  bytes(): number {
    return (
      bytesOf(this.id) +
      bytesOf(this.src) +
      bytesOf(this.cls) +
      bytesOf(this.keys) +
      bytesOf(this.byClass)
    );
  }

  /** Do sorted successors a and b have the same key? */
  same(a: number, b: number, K: number): boolean {
    for (let k = 0; k < K; k++) if (this.keys[a * K + k] !== this.keys[b * K + k]) return false;
    return true;
  }

  /** Is the head of run a before the head of run b? */
  private before(from: Successors, a: number, b: number): boolean {
    const K = from.K;
    const sa = this.byClass[this.runStart[a]!]! * K;
    const sb = this.byClass[this.runStart[b]!]! * K;
    for (let k = 0; k < K; k++) {
      const x = from.keys[sa + k]!;
      const y = from.keys[sb + k]!;
      if (x !== y) return x < y;
    }
    return false;
  }

  private less(from: Successors, h: number, g: number): boolean {
    if (from.K === 1) return this.heapKey[h]! < this.heapKey[g]!;
    return this.before(from, this.heap[h]!, this.heap[g]!);
  }

  private swap(h: number, g: number): void {
    const run = this.heap[h]!;
    this.heap[h] = this.heap[g]!;
    this.heap[g] = run;
    const key = this.heapKey[h]!;
    this.heapKey[h] = this.heapKey[g]!;
    this.heapKey[g] = key;
  }

  private siftDown(from: Successors, at: number, size: number): void {
    let h = at;
    for (;;) {
      const l = 2 * h + 1;
      if (l >= size) return;
      const m = l + 1 < size && this.less(from, l + 1, l) ? l + 1 : l;
      if (!this.less(from, m, h)) return;
      this.swap(h, m);
      h = m;
    }
  }

  private merge(from: Successors, runs: number): void {
    const { heap, heapKey, runStart, runEnd, byClass } = this;
    const K = from.K;
    for (let r = 0; r < runs; r++) {
      heap[r] = r;
      heapKey[r] = from.keys[byClass[runStart[r]!]! * K]!;
    }
    let size = runs;
    for (let h = (size >> 1) - 1; h >= 0; h--) this.siftDown(from, h, size);
    let out = 0;
    while (size > 0) {
      const r = heap[0]!;
      const s = byClass[runStart[r]!]!;
      this.id[out] = s;
      this.src[out] = from.src[s]!;
      this.cls[out] = from.cls[s]!;
      for (let k = 0; k < K; k++) this.keys[out * K + k] = from.keys[s * K + k]!;
      out++;
      runStart[r]!++;
      if (runStart[r]! < runEnd[r]!) {
        heapKey[0] = from.keys[byClass[runStart[r]!]! * K]!;
      } else {
        size--;
        this.swap(0, size);
      }
      this.siftDown(from, 0, size);
    }
  }
}
