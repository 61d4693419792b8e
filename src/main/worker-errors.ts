// A job's error as the worker sends it (plain name and message: class identity does not survive
// the thread boundary), rebuilt on the pool's side as the app's typed error.

import { BudgetError, CancelledError, InputError, NoLayoutError } from '../core/errors';
import { isErrorKind, type ErrorKind } from '../shared/errors';

/** The core's error kinds a job may throw, rebuilt with their class on this side of the thread. */
export const TYPED_ERRORS: Partial<Record<ErrorKind, (message: string) => Error>> = {
  InputError: (m) => new InputError('', m),
  NoLayoutError: (m) => Object.assign(new NoLayoutError(), { message: m }),
  BudgetError: (m) => Object.assign(new BudgetError(m, ''), { message: m }),
  CancelledError: (m) => Object.assign(new CancelledError(), { message: m }),
};

export function rebuildError(error: { name: string; message: string }): Error {
  const make = isErrorKind(error.name) ? TYPED_ERRORS[error.name] : undefined;
  if (make) return make(error.message);
  const e = new Error(error.message);
  e.name = error.name;
  return e;
}
