// Game logs with named hits, salvo turns and volleys in the library on real database files:
// saved, appended, listed and read back unchanged; exported and imported unchanged; a library of
// schema 3 keeps its games through the migration; a bad log is refused naming the field, and
// nothing already saved changes.

import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { StoredDataError } from '../../src/main/errors';
import { exportBundle, importBundle } from '../../src/main/store/bundle';
import {
  appendShot,
  createGame,
  getGame,
  listGames,
  normaliseLog,
} from '../../src/main/store/games';
import { migrate, SCHEMA_VERSION } from '../../src/main/store/migrations';
import { migration001 } from '../../src/main/store/migrations/001-library';
import { migration002 } from '../../src/main/store/migrations/002-exact-cache';
import { migration003 } from '../../src/main/store/migrations/003-shot-ship';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { contentHash } from '../support/db-hash';
import { tempDir } from '../support/library';
import { SALVO_ENTRIES, SALVO_RULES as rules, SALVO_LAYOUT } from '../support/fixtures';
import { inputErrorOf } from '../support/input-error';

const tmp = tempDir();
afterAll(() => tmp.remove());
let n = 0;
const freshDb = () => openDatabase(tmp.file(`salvo-${++n}.db`));

const shots = [...SALVO_ENTRIES, { cell: [1, 3], result: 'miss', turn: 5 }];
const log = {
  opponent: 'Dee',
  rules,
  firedBy: 'me',
  shots,
  layout: SALVO_LAYOUT,
  playedAt: '2026-11-22T10:00:00Z',
};

describe('salvo game logs in the library', () => {
  it('are saved, listed and read back unchanged, each entry in its place', () => {
    const db = freshDb();
    const game = createGame(db, { log: normaliseLog(log), outcome: null, notes: 'salvo' });
    expect(game.log).toEqual(normaliseLog(log));
    expect(game.log.shots).toEqual(shots);
    expect(getGame(db, game.id).log).toEqual(game.log);
    const list = listGames(db, { text: 'dee' });
    expect(list.items[0]).toMatchObject({ opponent: 'Dee', shots: 6 });
    // One row per entry: a volley's row has no cell or result, only its JSON.
    const rows = db
      .prepare('SELECT seq, row, col, result, turn, volley FROM game_shots ORDER BY seq')
      .all() as {
      row: number | null;
      result: string | null;
      turn: number | null;
      volley: string | null;
    }[];
    expect(rows.map((r) => [r.row, r.result, r.turn, r.volley !== null])).toEqual([
      [0, 'hit', 1, false],
      [3, 'miss', 1, false],
      [null, null, null, true],
      [null, null, null, true],
      [null, null, null, true],
      [1, 'miss', 5, false],
    ]);
    closeDatabase(db);
  });

  it('a recorder appends named hits, salvo turns and volleys one by one, each checked', () => {
    const db = freshDb();
    const game = createGame(db, { log: normaliseLog({ ...log, shots: [], layout: undefined }) });
    for (const shot of shots) appendShot(db, game.id, shot as never);
    expect(getGame(db, game.id).log.shots).toEqual(shots);
    const before = contentHash(db);
    // A volley re-firing a cell, and a bad volley field: refused naming the shot; nothing stored.
    expect(() =>
      appendShot(db, game.id, {
        volley: {
          cells: [
            [1, 1],
            [1, 2],
          ],
          hitCount: 0,
        },
      }),
    ).toThrow(
      `game ${game.id} shot 7 (volley): fires at B2, already fired at in the volley of shot 3`,
    );
    expect(() =>
      appendShot(db, game.id, { volley: { cells: [[1, 2]], hits: { Ark: 1 } } }),
    ).toThrow(/^game \d+ shot 7 volley\.hits\.Ark: unknown ship "Ark"/);
    expect(() => appendShot(db, game.id, { cell: [1, 2], result: 'miss', turn: 4 })).toThrow(
      `game ${game.id} shot 7 (C2): is in turn 4, after a shot of turn 5: turns never go back`,
    );
    expect(contentHash(db)).toBe(before);
    closeDatabase(db);
  });

  it('export -> import -> export keeps every entry', () => {
    const one = freshDb();
    createGame(one, { log: normaliseLog(log), outcome: 'won', notes: 'n' });
    const text = exportBundle(one);
    expect(JSON.parse(text).games[0].shots).toEqual(shots);
    const two = freshDb();
    expect(importBundle(two, text)).toMatchObject({ games: 1 });
    expect(exportBundle(two)).toBe(text);
    // A single log imports on its own too.
    const three = freshDb();
    expect(importBundle(three, JSON.stringify(log))).toMatchObject({ games: 1 });
    expect(JSON.parse(exportBundle(three)).games[0].shots).toEqual(shots);
    closeDatabase(one);
    closeDatabase(two);
    closeDatabase(three);
  });

  it('an import with a bad volley names the record and field, and changes nothing', () => {
    const db = freshDb();
    createGame(db, { log: normaliseLog(log) });
    const before = contentHash(db);
    const bundle = JSON.parse(exportBundle(db));
    bundle.games[0].shots[3].volley.hitShips = ['Raft', 'Raft'];
    bundle.games.push({
      ...log,
      shots: [...shots.slice(0, 2), { volley: { cells: [], hitCount: 0 } }],
    });
    const message = inputErrorOf(() => importBundle(db, JSON.stringify(bundle)));
    expect(message).toBe(
      'import: 2 records are invalid; nothing was imported:\n' +
        '  games[0]: game shot 4 volley.hitShips: names a ship twice\n' +
        '  games[1]: game shot 3 volley.cells: must be a non-empty array of [row, col] cells, got an array of 0',
    );
    expect(contentHash(db)).toBe(before);
    closeDatabase(db);
  });

  it('a stored volley that no longer reads is reported naming the game', () => {
    const db = freshDb();
    const game = createGame(db, { log: normaliseLog(log) });
    db.prepare('UPDATE game_shots SET volley = \'{"cells": [[0, 1]]}\' WHERE seq = 2').run();
    expect(() => getGame(db, game.id)).toThrow(StoredDataError);
    expect(() => getGame(db, game.id)).toThrow(/game shot 3 volley: has no answer/);
    closeDatabase(db);
  });
});

describe('migration 4 (volleys)', () => {
  it('brings a schema-3 library up with every game and shot kept, and takes volleys after', () => {
    const path = tmp.file('schema-3.db');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    old.pragma('foreign_keys = ON');
    migrate(old, [migration001, migration002, migration003]);
    expect(old.pragma('user_version', { simple: true })).toBe(3);
    old.exec(`
      INSERT INTO games (id, rules, fired_by, created_at, updated_at)
        VALUES (1, '{"width":4,"height":4,"fleet":[2,1],"touch":"allowed"}', 'me', 't', 't');
      INSERT INTO game_shots (game_id, seq, row, col, result, sunk, ship) VALUES
        (1, 0, 0, 0, 'hit', NULL, NULL),
        (1, 1, 0, 1, 'sunk', '[[0,0],[0,1]]', 0),
        (1, 2, 2, 2, 'miss', NULL, NULL);
    `);
    old.close();
    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(getGame(db, 1).log.shots).toEqual([
      { cell: [0, 0], result: 'hit' },
      {
        cell: [0, 1],
        result: 'sunk',
        sunk: [
          [0, 0],
          [0, 1],
        ],
        ship: 0,
      },
      { cell: [2, 2], result: 'miss' },
    ]);
    appendShot(db, 1, {
      volley: {
        cells: [
          [3, 3],
          [3, 2],
        ],
        hitCount: 1,
      },
    });
    expect(getGame(db, 1).log.shots[3]).toEqual({
      volley: {
        cells: [
          [3, 2],
          [3, 3],
        ],
        hitCount: 1,
      },
    });
    // The rebuilt table still cascades deletes and refuses a row that is neither kind.
    expect(() =>
      db.prepare('INSERT INTO game_shots (game_id, seq, row, col) VALUES (1, 9, 1, 1)').run(),
    ).toThrow(/CHECK constraint failed/);
    db.prepare('DELETE FROM games WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM game_shots').get()).toEqual({ n: 0 });
    closeDatabase(db);
  });
});
