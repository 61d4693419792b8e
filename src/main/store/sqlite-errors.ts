// SQLite's failures as one-line messages a user can act on: each names the library file, says
// what is wrong and what to do. Mapped by better-sqlite3's `code` (the extended result code,
// e.g. SQLITE_IOERR_WRITE); anything else is left as it is (a bug, reported as internal).
// Every such failure rolls its transaction back, so what was saved before stays saved.

import { basename } from 'node:path';
import { DatabaseError } from '../errors';

/** How long a statement waits for another process's write lock before "busy". */
export const BUSY_TIMEOUT_MS = 10_000;

/** better-sqlite3's extended result code of an SQLite failure (SQLITE_BUSY, ...), else undefined. */
export function sqliteCode(e: unknown): string | undefined {
  if (!(e instanceof Error) || e.name !== 'SqliteError') return undefined;
  const code = (e as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function describe(code: string, path: string): string | undefined {
  if (code === 'SQLITE_READONLY_ROLLBACK') {
    // Not a permissions problem: another program was stopped mid-write, and undoing that is
    // its business, not something to do to a file that may not even be a library.
    return (
      `${path} holds an unfinished write of the program that last wrote it (a leftover ` +
      `${basename(path)}-journal beside it); both were left untouched: open the file with that ` +
      'program first, or choose another file (--db PATH)'
    );
  }
  const base = code.replace(/^(SQLITE_[A-Z]+).*$/, '$1');
  switch (base) {
    case 'SQLITE_FULL':
      return `the disk holding ${path} is full; free some space and try again (nothing saved before was lost)`;
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return (
        `the library ${path} is busy: another process kept it locked for over ` +
        `${BUSY_TIMEOUT_MS / 1000} s; try again when it has finished`
      );
    case 'SQLITE_CORRUPT':
      return damagedLibrary(path, code);
    case 'SQLITE_NOTADB':
      return `${path} is not a Broadside library (not an SQLite database, or damaged); choose another file (--db PATH)`;
    case 'SQLITE_IOERR':
      return `reading or writing ${path} failed (${code}); check the disk and try again`;
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
      return `the library ${path} cannot be written (${code}); make the file and its folder writable`;
    case 'SQLITE_CANTOPEN':
      return (
        `cannot open the library ${path}; check that its folder exists and can be written ` +
        '(the library keeps its -wal and -shm files beside it)'
      );
    default:
      return undefined;
  }
}

/** The message for a library that SQLite (or its integrity check) found damaged. */
export function damagedLibrary(path: string, detail: string): string {
  return `the library ${path} is damaged (${detail}); restore it from a backup`;
}

/** The DatabaseError for an SQLite failure on the library at `path`; any other error unchanged. */
export function libraryError(e: unknown, path: string): unknown {
  const code = sqliteCode(e);
  const message = code && describe(code, path);
  return message ? new DatabaseError(message) : e;
}
