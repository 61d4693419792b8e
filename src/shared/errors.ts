// The kinds of error a call can end in, once, for every transport: the API's reply envelope
// carries the kind's name, the web server answers with its HTTP status, the command line exits
// with its exit code, and the app shows its wording. A new kind is one entry here; an error whose
// name is not a kind reaches the caller as an InternalError. It imports nothing.

export interface ErrorKindInfo {
  /** HTTP status of a failed call over the web transport (its envelope says it failed). */
  status: number;
  /** Exit code of a command that ends in it: 2 for the user's input, 1 otherwise. */
  exit: 1 | 2;
  /** What the app calls it, as a heading above the message. */
  wording: string;
}

export const ERROR_KINDS = {
  /** The input is malformed: the message names the field (and row, column) at fault. */
  InputError: { status: 400, exit: 2, wording: 'Not valid' },
  /** The web transport's token is missing or wrong. */
  Unauthorized: { status: 401, exit: 1, wording: 'Not allowed' },
  /** The record asked for does not exist (any more). */
  NotFoundError: { status: 404, exit: 1, wording: 'Not found' },
  /** The change would break a rule of the library (a duplicate, a record still in use). */
  ConflictError: { status: 409, exit: 1, wording: 'Not possible now' },
  /**
   * A newer call (or the user) stopped this one. Over HTTP it answers 200 (the envelope still names
   * it): a solve replaced by the next edit is the normal course of a board, and a browser logs
   * every 4xx answer as an error in its console.
   */
  CancelledError: { status: 200, exit: 1, wording: 'Cancelled' },
  /** The marks leave no layout of the remaining fleet: a normal answer about the position. */
  NoLayoutError: { status: 422, exit: 1, wording: 'Impossible position' },
  /** A solve would pass its memory or search budget; the message names a cheaper solver. */
  BudgetError: { status: 422, exit: 1, wording: 'Too big for this solver' },
  /** The job ran past its time limit and was stopped. */
  JobTimeoutError: { status: 422, exit: 1, wording: 'Too big for this solver' },
  /** The worker thread running the job died (out of memory, crash); the pool replaced it. */
  WorkerCrashError: { status: 500, exit: 1, wording: 'The worker stopped' },
  /** A stored value failed validation on read (the library file was edited or damaged). */
  StoredDataError: { status: 500, exit: 1, wording: 'Damaged record' },
  /** Too much work is waiting already: try again in a moment. */
  BusyError: { status: 503, exit: 1, wording: 'Busy' },
  /** The library file cannot be used (newer, damaged, read-only, disk full): the message says why. */
  DatabaseError: { status: 503, exit: 1, wording: 'The library cannot be used' },
  /** Anything else: a fault of the program, logged where it happened. */
  InternalError: { status: 500, exit: 1, wording: 'Something went wrong' },
  /** Made by the app's client when no answer (or no envelope) came back. */
  NetworkError: { status: 502, exit: 1, wording: 'No answer from Broadside' },
} as const satisfies Record<string, ErrorKindInfo>;

export type ErrorKind = keyof typeof ERROR_KINDS;

export function isErrorKind(name: unknown): name is ErrorKind {
  return typeof name === 'string' && Object.hasOwn(ERROR_KINDS, name);
}

/** The kind of an error name, InternalError for a name that is not one. */
export function errorKind(name: unknown): ErrorKind {
  return isErrorKind(name) ? name : 'InternalError';
}

/** What a failed call carries across a transport. */
export interface ApiErrorData {
  name: ErrorKind;
  message: string;
}
