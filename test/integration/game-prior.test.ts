// The prior a game was played with, stored with the game on a real database file: read back as
// given, kept when shots are appended and through export and import, absent for a uniform game
// and for games stored before it was kept (the migration leaves them uniform); a malformed prior
// is refused naming the field, and nothing already saved changes.

import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { exportBundle, importBundle } from '../../src/main/store/bundle';
import { appendShot, createGame, getGame } from '../../src/main/store/games';
import { migrate, SCHEMA_VERSION } from '../../src/main/store/migrations';
import { migration001 } from '../../src/main/store/migrations/001-library';
import { migration002 } from '../../src/main/store/migrations/002-exact-cache';
import { migration003 } from '../../src/main/store/migrations/003-shot-ship';
import { migration004 } from '../../src/main/store/migrations/004-volleys';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { contentHash } from '../support/db-hash';
import { tempDir } from '../support/library';

const tmp = tempDir();
afterAll(() => tmp.remove());
let n = 0;
const freshDb = () => openDatabase(tmp.file(`prior-${++n}.db`));

const rules = { width: 3, height: 2, fleet: [2], touch: 'allowed' as const };
const prior = [
  [1, 2, 3],
  [0.5, 1, 4],
];
const log = {
  opponent: 'Cleo',
  rules,
  firedBy: 'me' as const,
  shots: [{ cell: [0, 0] as [number, number], result: 'miss' as const }],
  prior,
};

describe('the prior a game was played with', () => {
  it('is read back as given, kept by appended shots, and travels through export and import', () => {
    const db = freshDb();
    const game = createGame(db, { log });
    expect(game.log.prior).toEqual(prior);
    const after = appendShot(db, game.id, { cell: [1, 2], result: 'hit' });
    expect(after.log.prior).toEqual(prior);
    expect(after.log.shots).toHaveLength(2);
    const other = freshDb();
    importBundle(other, exportBundle(db));
    // A bundle holds each game's log fields at the top of its record.
    const [copy] = JSON.parse(exportBundle(other)).games as { prior?: unknown }[];
    expect(copy!.prior).toEqual(prior);
    closeDatabase(db);
    closeDatabase(other);
  });

  it('is absent for a game played uniform', () => {
    const db = freshDb();
    const { prior: _prior, ...uniform } = log;
    expect(createGame(db, { log: uniform }).log).not.toHaveProperty('prior');
    closeDatabase(db);
  });

  it('is refused at the API, naming the cell, when malformed; nothing saved changes', async () => {
    const dbPath = tmp.file('refused.db');
    const db = openDatabase(dbPath);
    const game = createGame(db, { log });
    const before = contentHash(db);
    // No job runs here: the refusal comes before any handler.
    const api = createApi({ db, dbPath, pool: { threads: 1 } as JobPool });
    const zero = [
      [1, 2, 3],
      [1, 0, 1],
    ];
    expect(await api.dispatch('gamesCreate', { log: { ...log, prior: zero } })).toEqual({
      ok: false,
      error: {
        name: 'InputError',
        message: 'gamesCreate.log.prior B2: weights must be positive finite numbers, got 0',
      },
    });
    const short = await api.dispatch('gamesUpdate', {
      id: game.id,
      log: { ...log, prior: [[1, 2, 3]] },
    });
    expect(short).toMatchObject({ ok: false, error: { name: 'InputError' } });
    expect(!short.ok && short.error.message).toMatch(
      /\.prior: must be 2 rows of 3 positive numbers/,
    );
    expect(contentHash(db)).toBe(before);
    await api.close();
    closeDatabase(db);
  });

  it('is absent for games stored before it was kept: they replay uniform', () => {
    const path = tmp.file('schema-4.db');
    const old = new Database(path);
    migrate(old, [migration001, migration002, migration003, migration004]);
    old.exec(`
      INSERT INTO games (id, rules, fired_by, created_at, updated_at)
        VALUES (1, '{"width":3,"height":2,"fleet":[2],"touch":"allowed"}', 'me', 't', 't');
      INSERT INTO game_shots (game_id, seq, row, col, result) VALUES (1, 0, 0, 0, 'miss');
    `);
    old.close();
    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(getGame(db, 1).log).not.toHaveProperty('prior');
    closeDatabase(db);
  });
});
