// Errors of the main process's services, each a situation the caller can act on. Their `name` is
// one of the contract's error kinds (src/shared/errors.ts), which say how each transport shows it.

/** The record asked for does not exist (any more). */
export class NotFoundError extends Error {
  constructor(what: string, id: number | string) {
    super(`${what} ${id} does not exist`);
    this.name = 'NotFoundError';
  }
}

/** The change would break a rule of the library (a duplicate name, a record still in use). */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The database file cannot be used: written by a newer version, not a database, unreadable. */
export class DatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** A stored value failed validation on read (the file was edited or damaged). */
export class StoredDataError extends Error {
  constructor(table: string, id: number | string, column: string, detail: string) {
    super(`the stored ${table} record ${id} has an invalid ${column} (${detail})`);
    this.name = 'StoredDataError';
  }
}

/** Too much work is waiting already (a full job queue, large requests in flight): try later. */
export class BusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusyError';
  }
}
