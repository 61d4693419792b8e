// Schema migrations keyed by PRAGMA user_version: an ordered list, one file per migration, each
// run once. All pending migrations and the new user_version commit in one transaction, so a
// crash mid-migration leaves the previous version intact. A database written by a newer version
// is refused before anything touches it (see open.ts).

import type { Database } from 'better-sqlite3';
import { migration001 } from './001-library';
import { migration002 } from './002-exact-cache';
import { migration003 } from './003-shot-ship';
import { migration004 } from './004-volleys';
import { migration005 } from './005-game-prior';
import { migration006 } from './006-relearn-wanted';

export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
];

/** Checks the list: versions 1, 2, 3, ... in order. */
export function checkMigrations(list: readonly Migration[]): number {
  list.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`migration "${m.name}" has version ${m.version}, expected ${i + 1}`);
    }
  });
  return list.length;
}

export const SCHEMA_VERSION = checkMigrations(migrations);

/** Brings the database up to the latest version; returns the version it was at. */
export function migrate(db: Database, list: readonly Migration[] = migrations): number {
  const latest = checkMigrations(list);
  // The version is read under the write lock (BEGIN IMMEDIATE): a second process migrating the
  // same new file at the same moment waits, then finds it done instead of creating it again.
  return db
    .transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      if (current >= latest) return current;
      for (const m of list) if (m.version > current) m.up(db);
      db.pragma(`user_version = ${latest}`);
      return current;
    })
    .immediate();
}
