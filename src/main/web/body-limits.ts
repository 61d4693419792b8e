// Request body limits of the web transport, per method. Only importBundle needs a large body (a
// bundle of up to 64 MB of text, JSON-escaped). Every other method's biggest legal payload is
// well under 2 MB: 100,000 ids of up to 16 digits (batchStart, exportBundle) take 1.7 MB, notes of
// 100,000 characters at most 0.6 MB even escaped. A large body costs many times its size in
// memory and seconds of the main thread to parse and import, so only a few may be in flight at
// once; another is refused as busy at once rather than left to stall the server.

/** Largest request body of a method that takes large ones (importBundle). */
export const MAX_BODY_BYTES = 96 * 1024 * 1024;
/** Largest request body of every other method. */
export const SMALL_BODY_BYTES = 2 * 1024 * 1024;
/** Bodies over the small limit in flight at once (read, parsed or being answered). */
export const MAX_LARGE_BODIES = 1;

const LARGE_BODY_METHODS = new Set(['importBundle']);

/** The body limit of `method`: `large` for imports, else `small` (at most `large`). */
export function bodyLimitOf(method: string, large: number, small: number): number {
  return LARGE_BODY_METHODS.has(method) ? large : small;
}

export const LARGE_BODY_BUSY =
  'busy: another large request is being read or imported; try again when it has finished';

/** A count of large bodies in flight; take() is false when all places are taken. */
export interface LargeBodySlots {
  take(): boolean;
  release(): void;
}

export function createLargeBodySlots(max: number): LargeBodySlots {
  let inFlight = 0;
  return {
    take() {
      if (inFlight >= max) return false;
      inFlight++;
      return true;
    },
    release() {
      inFlight--;
    },
  };
}
