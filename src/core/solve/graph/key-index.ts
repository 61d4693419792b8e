// A map from frontier keys (whole numbers below 2^53) to their index in the next layer, for the
// graph build: open addressing over typed arrays, since a Map of numbers past 2^31 hashes heap
// numbers and was the build's largest cost after the state tables.

export class KeyIndex {
  #keys: Float64Array;
  #values: Int32Array;
  #mask: number;
  #size = 0;

  constructor(capacity = 1 << 12) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.#keys = new Float64Array(n);
    this.#values = new Int32Array(n).fill(-1);
    this.#mask = n - 1;
  }

  /** The index of `key`, or -1. */
  get(key: number): number {
    const keys = this.#keys;
    const values = this.#values;
    for (let at = hash(key) & this.#mask; ; at = (at + 1) & this.#mask) {
      const v = values[at]!;
      if (v < 0 || keys[at] === key) return v;
    }
  }

  /** Sets the index of a key not yet present (value >= 0). */
  add(key: number, value: number): void {
    if (2 * (this.#size + 1) > this.#keys.length) this.#grow();
    this.#place(key, value);
    this.#size++;
  }

  #place(key: number, value: number): void {
    const keys = this.#keys;
    const values = this.#values;
    let at = hash(key) & this.#mask;
    while (values[at]! >= 0) at = (at + 1) & this.#mask;
    keys[at] = key;
    values[at] = value;
  }

  #grow(): void {
    const keys = this.#keys;
    const values = this.#values;
    this.#keys = new Float64Array(keys.length * 2);
    this.#values = new Int32Array(keys.length * 2).fill(-1);
    this.#mask = keys.length * 2 - 1;
    for (let at = 0; at < keys.length; at++) {
      if (values[at]! >= 0) this.#place(keys[at]!, values[at]!);
    }
  }
}

/** Mixes both 32-bit halves of a whole number below 2^53. */
function hash(key: number): number {
  const lo = key >>> 0;
  const hi = Math.floor(key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
