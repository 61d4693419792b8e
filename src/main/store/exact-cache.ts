// The exact_cache table: solve results of empty boards, keyed by the canonical JSON of exactly
// what was solved (see api/solve-cache.ts). Small: one row per rules, prior and solver a user has
// opened, each a few tens of kilobytes.

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

/** Keeps a result (replacing one of the same key). Call inside a transaction. */
export function putExact(db: Db, key: string, result: SolveResultWire): void {
  stmt(db, 'INSERT OR REPLACE INTO exact_cache (key, result, created_at) VALUES (?, ?, ?)').run(
    key,
    JSON.stringify(result),
    now(),
  );
}
