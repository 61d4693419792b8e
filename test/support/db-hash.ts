// A fingerprint of a library's content, to show that a refused input changed nothing: every
// table's rows (sorted, so the order SQLite returns them in does not matter), the schema and the
// user_version, hashed together. Equal hashes mean row-for-row equal databases. fileHash is the
// stricter check on a file left alone: the same bytes.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';

/** A file's bytes, hashed: equal hashes mean the file was not touched at all. */
export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function contentHash(db: Database): string {
  const hash = createHash('sha256');
  hash.update(`user_version=${String(db.pragma('user_version', { simple: true }))}\n`);
  const tables = db
    .prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  for (const { name, sql } of tables) {
    hash.update(`${sql}\n`);
    const rows = (db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]).map((r) =>
      JSON.stringify(r),
    );
    rows.sort();
    hash.update(`${name}:${rows.length}\n${rows.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/** Rows changed by INSERT, UPDATE or DELETE on this connection since it opened. */
export function totalChanges(db: Database): number {
  return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

/** Rows per table, for messages. */
export function rowCounts(db: Database): Record<string, number> {
  const names = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  return Object.fromEntries(
    names.map(({ name }) => [
      name,
      (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
    ]),
  );
}
