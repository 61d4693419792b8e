// Small helpers shared by the table modules: a prepared-statement cache per connection, the
// clock, LIKE escaping and JSON columns that are validated when read.

import type { Statement } from 'better-sqlite3';
import { InputError } from '../../core/errors';
import { StoredDataError } from '../errors';
import type { Db } from './open';

const cache = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on this connection (prepared once). */
export function stmt<P extends unknown[] = unknown[], R = unknown>(
  db: Db,
  sql: string,
): Statement<P, R> {
  let map = cache.get(db);
  if (!map) cache.set(db, (map = new Map()));
  let s = map.get(sql);
  if (!s) map.set(sql, (s = db.prepare(sql)));
  return s as unknown as Statement<P, R>;
}

export function now(): string {
  return new Date().toISOString();
}

/** A LIKE pattern matching `text` anywhere (with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Parses a JSON column and checks it with `check` (which throws InputError on a bad value);
 * any failure becomes a StoredDataError naming the table, row and column.
 */
export function readJson<T>(
  text: string,
  where: { table: string; id: number | string; column: string },
  check: (raw: unknown) => T,
): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new StoredDataError(where.table, where.id, where.column, (e as Error).message);
  }
  try {
    return check(raw);
  } catch (e) {
    if (e instanceof InputError) {
      throw new StoredDataError(where.table, where.id, where.column, e.message);
    }
    throw e;
  }
}

/** Runs `fn` in a write transaction (BEGIN IMMEDIATE: no upgrade deadlock with a second process). */
export function write<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/**
 * Runs `fn` in a write transaction only if the library's write lock is free now: a write that is
 * a convenience (a kept result) must not hold this thread waiting while another connection (an
 * import on its own thread) writes. Throws SQLITE_BUSY at once when the lock is taken.
 */
export function writeIfFree<T>(db: Db, fn: () => T): T {
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return write(db, fn);
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}
