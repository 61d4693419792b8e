// The exact_cache table: solve results of empty boards, keyed by the canonical JSON of exactly
// what was solved (see api/solve-cache.ts). Small: one row per rules, prior and solver a user has
// opened, each a few tens of kilobytes, and at most EXACT_CACHE_ROWS of them.

import type { SolveResultWire } from '../../core/solve/result';
import type { Db } from './open';
import { checkWire } from './solve-results';
import { now, readJson, stmt } from './sql';

export function getExact(db: Db, key: string): SolveResultWire | null {
  const row = stmt<[string], { result: string }>(
    db,
    'SELECT result FROM exact_cache WHERE key = ?',
  ).get(key);
  if (!row) return null;
  return readJson(
    row.result,
    { table: 'exact_cache', id: key.slice(0, 60), column: 'result' },
    checkWire,
  );
}

/**
 * Rows kept: a prior re-learned after each game is a new question each time, so old rows would
 * pile up. The newest ones are what a user opens again.
 */
export const EXACT_CACHE_ROWS = 200;

/** Keeps a result (replacing one of the same key), dropping the oldest past EXACT_CACHE_ROWS. */
export function putExact(db: Db, key: string, result: SolveResultWire): void {
  stmt(db, 'INSERT OR REPLACE INTO exact_cache (key, result, created_at) VALUES (?, ?, ?)').run(
    key,
    JSON.stringify(result),
    now(),
  );
  stmt(
    db,
    `DELETE FROM exact_cache WHERE rowid NOT IN
       (SELECT rowid FROM exact_cache ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
  ).run(EXACT_CACHE_ROWS);
}

/** Drops the row of `key` (one that no longer answers its question). */
export function deleteExact(db: Db, key: string): void {
  stmt(db, 'DELETE FROM exact_cache WHERE key = ?').run(key);
}
