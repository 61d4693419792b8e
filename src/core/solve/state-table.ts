// A set of fixed-width keys (K uint32 words each) with a float value per key, stored densely in
// insertion order (so a finished layer is just two typed arrays) and indexed by an
// open-addressing hash table with linear probing. No per-entry objects: the DP holds millions.

export class StateTable {
  readonly K: number;
  count = 0;
  keys: Uint32Array;
  f: Float64Array;
  private index: Int32Array;
  private mask: number;

  constructor(K: number, expected: number) {
    this.K = K;
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.index = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    const dense = Math.max(8, expected);
    this.keys = new Uint32Array(dense * K);
    this.f = new Float64Array(dense);
  }

  private hash(src: Uint32Array, at: number): number {
    let h = 0x811c9dc5 | 0;
    for (let k = 0; k < this.K; k++) {
      h = Math.imul(h ^ src[at + k]!, 0x01000193);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    return (h ^ (h >>> 13)) & this.mask;
  }

  private equals(j: number, src: Uint32Array, at: number): boolean {
    const K = this.K;
    const base = j * K;
    for (let k = 0; k < K; k++) if (this.keys[base + k] !== src[at + k]) return false;
    return true;
  }

  /** Index of the key, or -1. */
  find(src: Uint32Array, at: number): number {
    let slot = this.hash(src, at);
    for (;;) {
      const j = this.index[slot]!;
      if (j < 0) return -1;
      if (this.equals(j, src, at)) return j;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Index of the key, inserting it (value 0) when absent. */
  insert(src: Uint32Array, at: number): number {
    let slot = this.hash(src, at);
    for (;;) {
      const j = this.index[slot]!;
      if (j < 0) break;
      if (this.equals(j, src, at)) return j;
      slot = (slot + 1) & this.mask;
    }
    const j = this.count++;
    if (j * this.K >= this.keys.length) this.growDense();
    this.keys.set(src.subarray(at, at + this.K), j * this.K);
    this.f[j] = 0;
    this.index[slot] = j;
    if (this.count * 2 > this.index.length) this.rehash();
    return j;
  }

  /** Drops spare capacity once a layer is complete. */
  seal(): void {
    this.keys = this.keys.slice(0, this.count * this.K);
    this.f = this.f.slice(0, this.count);
  }

  private growDense(): void {
    const keys = new Uint32Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
    const f = new Float64Array(this.f.length * 2);
    f.set(this.f);
    this.f = f;
  }

  private rehash(): void {
    const cap = this.index.length * 2;
    this.index = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    for (let j = 0; j < this.count; j++) {
      let slot = this.hash(this.keys, j * this.K);
      while (this.index[slot]! >= 0) slot = (slot + 1) & this.mask;
      this.index[slot] = j;
    }
  }
}
