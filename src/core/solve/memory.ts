// The DP's memory bound in real bytes. Every large buffer of a DP solve (stored layers, per-layer
// scratch, sort buffers) is allocated through one MemoryBudget, which refuses an allocation that
// would pass its limit before making it. Typed arrays live outside the JavaScript heap, so a
// worker's heap limit does not bound them: this does. What a solve holds besides these buffers
// (the plan's per-cell tables, the layer objects) is a few megabytes at most.

import { BudgetError } from '../errors';

type Typed = Float64Array | Int32Array | Int8Array | Uint8Array | Uint16Array;
type TypedCtor<T extends Typed> = { new (n: number): T; readonly BYTES_PER_ELEMENT: number };

/** Bytes of a typed array as held in memory (0 for none). */
export function bytesOf(a: Typed | null | undefined): number {
  return a ? a.byteLength : 0;
}

export class MemoryBudget {
  /** Bytes held now by buffers allocated through this budget. */
  used = 0;
  /** Most bytes held at once. */
  peak = 0;

  /**
   * `what` needs the memory and `instead` is what to do when it is refused; by default the
   * per-position DP's words.
   */
  constructor(
    readonly limit: number,
    private readonly what = 'the exact DP for this position',
    private readonly instead = "use solver 'sample' for an estimate with error bars, or 'enumerate' if few layouts remain",
  ) {}

  /** Counts `bytes` about to be allocated; refuses (BudgetError) when they pass the limit. */
  take(bytes: number): void {
    if (this.used + bytes > this.limit) {
      throw new BudgetError(
        `${this.what} needs more than ${megabytes(this.limit)} MB of memory (its limit)`,
        this.instead,
      );
    }
    this.used += bytes;
    if (this.used > this.peak) this.peak = this.used;
  }

  /** Counts a buffer given up (no longer referenced). */
  give(bytes: number): void {
    this.used -= bytes;
  }

  /** A new zeroed array of n elements, counted. */
  alloc<T extends Typed>(Ctor: TypedCtor<T>, n: number): T {
    this.take(n * Ctor.BYTES_PER_ELEMENT);
    return new Ctor(n);
  }

  /** A fresh zeroed array of n elements in place of `a`, whose contents are not needed. */
  renew<T extends Typed>(a: T, n: number): T {
    this.give(a.byteLength);
    return this.alloc(a.constructor as TypedCtor<T>, n);
  }

  /** A copy of `a` with room for n elements, counted (both exist while copying); `a` is given up. */
  grow<T extends Typed>(a: T, n: number): T {
    const Ctor = a.constructor as TypedCtor<T>;
    const b = this.alloc(Ctor, n);
    b.set(a.length > n ? (a.subarray(0, n) as T) : a);
    this.give(a.byteLength);
    return b;
  }
}

/** Arrays at least this long get a buffer of their own; shorter ones are carved from chunks. */
const CARVE_BELOW = 1 << 15;
const FIRST_CHUNK = 1 << 12;
const LARGEST_CHUNK = 1 << 18;

/**
 * Exact-size arrays of one element type carved out of shared chunks: the small layers of a solve
 * (all of them, late in a game) cost one allocation per chunk instead of one each, which was a
 * tenth of a millisecond-long solve. Chunks grow from FIRST_CHUNK elements, so a tiny solve zeroes
 * little memory; a chunk's unused tail is at most a fraction of it.
 */
export class Arena<T extends Typed> {
  private chunk: T | null = null;
  private used = 0;
  private nextSize = FIRST_CHUNK;

  constructor(
    private readonly Ctor: TypedCtor<T>,
    private readonly budget: MemoryBudget,
  ) {}

  /** A zeroed array of n elements. */
  take(n: number): T {
    if (n >= CARVE_BELOW) return this.budget.alloc(this.Ctor, n);
    if (this.chunk === null || this.used + n > this.chunk.length) {
      this.chunk = this.budget.alloc(this.Ctor, Math.max(this.nextSize, n));
      this.used = 0;
      this.nextSize = Math.min(2 * this.nextSize, LARGEST_CHUNK);
    }
    const out = this.chunk.subarray(this.used, this.used + n) as T;
    this.used += n;
    return out;
  }

  /** An exact-size copy of a[0..n). */
  copy(a: T, n: number): T {
    const out = this.take(n);
    // A short copy by hand: a subarray view per copy was most of a small layer's cost.
    if (n < 64) for (let k = 0; k < n; k++) out[k] = a[k]!;
    else out.set(a.subarray(0, n) as T);
    return out;
  }
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}
