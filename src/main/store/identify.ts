// Telling a Broadside library from any other file before anything is written to it.
//
// Files Broadside creates carry its PRAGMA application_id. Libraries made before it was stamped
// (user_version 1 without an id) are recognised by their schema: user_version >= 1 and every table
// of the first migration present; the id is stamped when they are next opened for writing. An
// empty file (no tables, user_version 0, no id) is a new library. Anything else is another
// program's file and is refused untouched; only a file that is Broadside's can be "newer".
//
// Two looks: `readHeader` reads the file's first 100 bytes with plain file I/O (no SQLite
// connection, so no lock, journal or -wal file is made); `identify` asks SQLite on an open
// connection, which sees committed changes still in the WAL and so is the authoritative one.

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { DatabaseError } from '../errors';
import { writeRefusal } from '../write-target';
import { SCHEMA_VERSION } from './migrations';

/** "BrSd": PRAGMA application_id of every file Broadside creates. */
export const APPLICATION_ID = 0x42725364;

/** The tables of migration 001: their presence marks a library made before the id existed. */
const LIBRARY_TABLES = [
  'positions',
  'opponents',
  'games',
  'game_shots',
  'priors',
  'batch_runs',
  'solve_results',
];

export type FileKind =
  | { kind: 'missing' }
  | { kind: 'empty' }
  | { kind: 'library'; version: number; stamped: boolean }
  | { kind: 'foreign'; why: string }
  /** Only the header was read: an unstamped SQLite file whose tables decide what it is. */
  | { kind: 'unknown' };

const MAGIC = 'SQLite format 3\0';

/** What the file's header says, read without SQLite. */
export function readHeader(path: string): FileKind {
  // Looked at before opening: a folder cannot be read as a file, and opening a named pipe would
  // wait for a writer that may never come.
  try {
    statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw new DatabaseError(`cannot read ${path} (${(e as Error).message})`);
  }
  // The check every path Broadside writes passes (the library is written in place).
  const refusal = writeRefusal(path, 'in-place');
  if (refusal)
    throw new DatabaseError(`${path} ${refusal}, not a library file; name a file (--db PATH)`);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw new DatabaseError(`cannot read ${path} (${(e as Error).message})`);
  }
  const header = Buffer.alloc(100);
  let size: number;
  try {
    size = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (size === 0) return { kind: 'empty' }; // SQLite makes a new database of an empty file
  if (size < 100 || header.toString('latin1', 0, 16) !== MAGIC) {
    return { kind: 'foreign', why: 'not an SQLite database' };
  }
  const version = header.readInt32BE(60);
  const appId = header.readInt32BE(68);
  if (appId === APPLICATION_ID) return { kind: 'library', version, stamped: true };
  if (appId !== 0) return { kind: 'foreign', why: `another program's application_id ${appId}` };
  return { kind: 'unknown' };
}

/** What the file is, asked of SQLite on an open connection (inside a transaction when writing). */
export function identify(db: Database): FileKind {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (appId === APPLICATION_ID) return { kind: 'library', version, stamped: true };
  if (appId !== 0) return { kind: 'foreign', why: `another program's application_id ${appId}` };
  const objects = db.prepare('SELECT type, name FROM sqlite_schema').all() as {
    type: string;
    name: string;
  }[];
  if (objects.length === 0 && version === 0) return { kind: 'empty' };
  const tables = new Set(objects.filter((o) => o.type === 'table').map((o) => o.name));
  if (version >= 1 && LIBRARY_TABLES.every((t) => tables.has(t))) {
    return { kind: 'library', version, stamped: false };
  }
  const some = [...tables].slice(0, 3).join(', ');
  return {
    kind: 'foreign',
    why: some ? `another program's tables: ${some}` : `an SQLite file with user_version ${version}`,
  };
}

/** Refuses a file that is not Broadside's, or that a newer Broadside wrote. */
export function refuseUnusable(kind: FileKind, path: string): void {
  if (kind.kind === 'foreign') {
    throw new DatabaseError(
      `${path} is not a Broadside library (${kind.why}); it was left untouched. ` +
        'Choose another file (--db PATH).',
    );
  }
  if (kind.kind === 'library' && kind.version > SCHEMA_VERSION) {
    throw new DatabaseError(
      `${path} was written by a newer version of Broadside (schema ${kind.version}; this version ` +
        `reads up to ${SCHEMA_VERSION}). Update Broadside; the file was left untouched.`,
    );
  }
}
