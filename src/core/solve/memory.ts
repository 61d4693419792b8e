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

  constructor(readonly limit: number) {}

  /** Counts `bytes` about to be allocated; refuses (BudgetError) when they pass the limit. */
  take(bytes: number): void {
    if (this.used + bytes > this.limit) {
      throw new BudgetError(
        `the exact DP for this position needs more than ${megabytes(this.limit)} MB of memory (its limit)`,
        "use solver 'sample' for an estimate with error bars, or 'enumerate' if few layouts remain",
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

  /** A copy of `a` with room for n elements, counted (both exist while copying); `a` is given up. */
  grow<T extends Typed>(a: T, n: number): T {
    const Ctor = a.constructor as TypedCtor<T>;
    const b = this.alloc(Ctor, n);
    b.set(a.length > n ? (a.subarray(0, n) as T) : a);
    this.give(a.byteLength);
    return b;
  }

  /** An exact-size copy of a[0..n), counted. */
  copy<T extends Typed>(a: T, n: number): T {
    const Ctor = a.constructor as TypedCtor<T>;
    const b = this.alloc(Ctor, n);
    b.set(a.subarray(0, n) as T);
    return b;
  }
}

/** A budget that never refuses, for callers that bound memory some other way. */
export function unbounded(): MemoryBudget {
  return new MemoryBudget(Number.POSITIVE_INFINITY);
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}
