// The library on real database files: migrations, refusal of newer files, CRUD round trips,
// validation on read, and import/export.

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import { DatabaseError, StoredDataError } from '../../src/main/errors';
import { exportBundle, importBundle } from '../../src/main/store/bundle';
import {
  appendShot,
  createGame,
  deleteGame,
  getGame,
  listGames,
  normaliseLog,
  updateGame,
} from '../../src/main/store/games';
import { checkMigrations, migrate, SCHEMA_VERSION } from '../../src/main/store/migrations';
import {
  closeDatabase,
  dbFlagFromArgv,
  defaultDataDir,
  openDatabase,
  resolveDbPath,
} from '../../src/main/store/open';
import {
  createOpponent,
  deleteOpponent,
  listOpponents,
  updateOpponent,
} from '../../src/main/store/opponents';
import {
  createPosition,
  deletePosition,
  duplicatePosition,
  getPosition,
  listPositions,
  listTags,
  updatePosition,
} from '../../src/main/store/positions';
import { getPrior, savePrior } from '../../src/main/store/priors';
import { getStoredResult, putSolve } from '../../src/main/store/solve-results';
import { tempDir } from '../support/library';
import { FINISHED_GAME_WITH_LAYOUT, RULES_4X4 } from '../support/fixtures';
import { inputErrorOf } from '../support/input-error';

const tmp = tempDir();
afterAll(() => tmp.remove());
let n = 0;
const freshDb = () => openDatabase(tmp.file(`lib-${++n}.db`));

const classic = (board: string[] = []) => ({
  rules: { preset: 'classic' },
  board: [...board, ...Array(10 - board.length).fill('..........')],
  sunk: [],
});

// 4x4, ships 2 and 1; layout A1-B1 and D4.
const rules4 = RULES_4X4;
const finishedLog = FINISHED_GAME_WITH_LAYOUT;

describe('opening the library', () => {
  it('resolves the path: --db, then BROADSIDE_DB, then the data folder', () => {
    expect(resolveDbPath({ flag: '/x/a.db', env: { BROADSIDE_DB: '/y/b.db' } })).toBe('/x/a.db');
    expect(resolveDbPath({ env: { BROADSIDE_DB: '/y/b.db' } })).toBe('/y/b.db');
    expect(resolveDbPath({ env: {}, userDataDir: '/u' })).toBe('/u/broadside.db');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/c' }, '/h')).toBe('/c/broadside');
    expect(defaultDataDir('darwin', {}, '/h')).toBe('/h/Library/Application Support/broadside');
    expect(dbFlagFromArgv(['electron', '.', '--db', 'a.db'])).toBe('a.db');
    expect(dbFlagFromArgv(['electron', '--db=b.db'])).toBe('b.db');
  });

  it('migrates an empty file: WAL, foreign keys, STRICT tables, user_version', () => {
    const path = tmp.file('empty.db');
    writeFileSync(path, '');
    const db = openDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .all() as { name: string; sql: string }[];
    expect(tables.map((t) => t.name)).toEqual([
      'batch_runs',
      'exact_cache',
      'game_shots',
      'games',
      'opponents',
      'positions',
      'priors',
      'solve_results',
    ]);
    for (const t of tables) expect(t.sql).toMatch(/\bSTRICT\b/);
    // Opening again runs nothing.
    closeDatabase(db);
    const again = openDatabase(path);
    expect(migrate(again)).toBe(SCHEMA_VERSION);
    closeDatabase(again);
  });

  it('checks that migrations are numbered 1, 2, 3, ... in order', () => {
    const up = () => undefined;
    expect(() => checkMigrations([{ version: 2, name: 'x', up }])).toThrow(/expected 1/);
  });

  it('refuses a database from a newer version with its own error, without touching it', () => {
    const path = tmp.file('newer.db');
    closeDatabase(openDatabase(path));
    const raw = new Database(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    const before = readFileSync(path);
    const mtime = statSync(path).mtimeMs;
    const err = (() => {
      try {
        openDatabase(path);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DatabaseError);
    expect((err as Error).message).toContain(
      `written by a newer version of Broadside (schema ${SCHEMA_VERSION + 1}`,
    );
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(statSync(path).mtimeMs).toBe(mtime);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses a file that is not a database', () => {
    const path = tmp.file('text.db');
    writeFileSync(path, 'hello, this is not SQLite '.repeat(100));
    expect(() => openDatabase(path)).toThrow(
      /is not a Broadside library \(not an SQLite database\)/,
    );
  });
});

describe('positions', () => {
  it('save, get, update, duplicate, delete round trip every field', () => {
    const db = freshDb();
    const position = {
      rules: { width: 5, height: 5, fleet: [3, 3, 1], touch: 'no-edge-touch' as const },
      board: ['...o.', 'xxxo.', '..o..', '.x...', '...o.'],
      sunk: [
        [
          [1, 0],
          [1, 1],
          [1, 2],
        ] as [number, number][],
      ],
      sunkReported: false,
      prior: Array.from({ length: 5 }, (_, r) => [1, 2, 3, 4, 5].map((v) => v + r / 10)),
    };
    const saved = createPosition(db, {
      name: 'Opening',
      tags: ['endgame', ' x ', 'x'],
      notes: 'n',
      position,
    });
    expect(saved).toMatchObject({ name: 'Opening', tags: ['endgame', 'x'], notes: 'n', position });
    expect(getPosition(db, saved.id)).toEqual(saved);

    const updated = updatePosition(db, saved.id, { name: 'Renamed', tags: ['y'] });
    expect(updated).toMatchObject({ name: 'Renamed', tags: ['y'], notes: 'n', position });
    expect(updated.createdAt).toBe(saved.createdAt);

    const copy = duplicatePosition(db, saved.id);
    expect(copy.id).not.toBe(saved.id);
    expect(copy).toMatchObject({ name: 'Renamed (copy)', tags: ['y'], position });

    expect(deletePosition(db, saved.id)).toBe(true);
    expect(deletePosition(db, saved.id)).toBe(false);
    expect(() => getPosition(db, saved.id)).toThrow(/position \d+ does not exist/);
    closeDatabase(db);
  });

  it('search by text (name or notes) and tags, newest first, with paging', () => {
    const db = freshDb();
    for (let i = 0; i < 30; i++) {
      createPosition(db, {
        name: `pos ${i}`,
        tags: i % 2 ? ['odd'] : ['even'],
        notes: i % 10 === 0 ? 'a 100%_match' : '',
        position: classic(),
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    const page = listPositions(db, { tags: ['odd'], limit: 5, offset: 5 });
    expect(page.total).toBe(15);
    expect(page.items.map((p) => p.name)).toEqual([
      'pos 19',
      'pos 17',
      'pos 15',
      'pos 13',
      'pos 11',
    ]);
    expect(listPositions(db, { text: '100%_' }).items.map((p) => p.name)).toEqual([
      'pos 20',
      'pos 10',
      'pos 0',
    ]);
    expect(listPositions(db, { text: 'POS 2', tags: ['even'] }).total).toBe(6); // 2, 20..28
    expect(listTags(db)).toEqual(['even', 'odd']);
    closeDatabase(db);
  });

  it('a changed position forgets its stored solves; a renamed one keeps them', () => {
    const db = freshDb();
    const p = createPosition(db, { name: 'p', position: classic() });
    const wire = {
      solver: 'dp',
      exact: true,
      weighted: false,
      total: '1',
      width: 10,
      height: 10,
      probabilities: Array.from({ length: 10 }, () => Array(10).fill(0.5)),
      byLength: [],
      best: [0, 0] as [number, number],
      ties: [],
      ms: 1,
    };
    db.transaction(() => putSolve(db, { positionId: p.id, solver: 'dp', result: wire, ms: 1 }))();
    updatePosition(db, p.id, { name: 'q' });
    expect(getStoredResult(db, p.id, 'dp')).toEqual(wire);
    updatePosition(db, p.id, { position: classic(['o.........']) });
    expect(getStoredResult(db, p.id, 'dp')).toBeNull();
    closeDatabase(db);
  });

  it('validates JSON columns on read, naming the table, record and column', () => {
    const db = freshDb();
    const p = createPosition(db, { name: 'p', position: classic() });
    db.prepare('UPDATE positions SET observations = ? WHERE id = ?').run(
      JSON.stringify({ board: ['...'], sunk: [] }),
      p.id,
    );
    expect(() => getPosition(db, p.id)).toThrow(StoredDataError);
    expect(() => getPosition(db, p.id)).toThrow(
      `the stored positions record ${p.id} has an invalid observations (board: has 1 rows, expected 10)`,
    );
    const q = createPosition(db, { name: 'q', position: classic() });
    db.prepare('UPDATE positions SET tags = ? WHERE id = ?').run('not json', q.id);
    expect(() => getPosition(db, q.id)).toThrow(
      /record \d+ has an invalid tags \(Unexpected token/,
    );
    closeDatabase(db);
  });
});

describe('games and opponents', () => {
  it('keeps the ship a sunk shot names, through appending and reading back', () => {
    const db = freshDb();
    const game = createGame(db, {
      log: normaliseLog({ ...finishedLog, shots: [], layout: undefined, playedAt: undefined }),
    });
    appendShot(db, game.id, { cell: [3, 3], result: 'sunk', sunk: [[3, 3]], ship: 1 });
    const read = getGame(db, game.id);
    expect(read.log.shots).toEqual([{ cell: [3, 3], result: 'sunk', sunk: [[3, 3]], ship: 1 }]);
    // A shot naming a ship of another length is refused, and nothing is stored.
    expect(() =>
      appendShot(db, game.id, { cell: [2, 2], result: 'sunk', sunk: [[2, 2]], ship: 0 }),
    ).toThrow('names a ship of 2 cells, but 1 sank');
    expect(getGame(db, game.id).log.shots).toHaveLength(1);
    closeDatabase(db);
  });

  it('a recorder appends shots one by one; each is validated by replaying the log', () => {
    const db = freshDb();
    const game = createGame(db, {
      log: normaliseLog({ ...finishedLog, shots: [], layout: undefined, playedAt: undefined }),
    });
    expect(game.log.shots).toEqual([]);
    expect(game.opponentId).not.toBeNull();
    for (const shot of finishedLog.shots.slice(0, 3)) {
      appendShot(db, game.id, shot as never);
    }
    expect(() => appendShot(db, game.id, { cell: [1, 0], result: 'hit' })).toThrow(
      `game ${game.id} shot 4 (A2): fires at a cell already shot`,
    );
    const after = appendShot(db, game.id, { cell: [3, 3], result: 'sunk', sunk: [[3, 3]] });
    expect(after.log.shots).toHaveLength(4);
    const done = updateGame(db, game.id, {
      log: normaliseLog(finishedLog),
      outcome: 'won',
      notes: 'quick',
    });
    expect(done.log).toEqual(normaliseLog(finishedLog));
    expect(done).toMatchObject({ outcome: 'won', notes: 'quick' });
    expect(getGame(db, game.id)).toEqual(done);
    const list = listGames(db, { text: 'ann' });
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ opponent: 'Ann', shots: 4, outcome: 'won' });
    closeDatabase(db);
  });

  it('opponents: matched by name, renamed, refused deletion while games remain; priors', () => {
    const db = freshDb();
    const g = createGame(db, { log: normaliseLog(finishedLog) });
    const [ann] = listOpponents(db);
    expect(ann).toMatchObject({ name: 'Ann', games: 1, hasPrior: false });
    expect(() => createOpponent(db, { name: 'ANN' })).toThrow(/already exists/);
    updateOpponent(db, ann!.id, { name: 'Anne', notes: 'left-handed' });
    expect(getGame(db, g.id).log.opponent).toBe('Anne');

    const grid = Array.from({ length: 4 }, () => [1, 2, 2, 1]);
    const prior = savePrior(db, {
      opponentId: ann!.id,
      rules: rules4,
      grid,
      games: 1,
      source: 'learned',
    });
    expect(prior).toMatchObject({
      opponentId: ann!.id,
      rules: rules4,
      grid,
      games: 1,
      source: 'learned',
    });
    expect(getPrior(db, ann!.id)).toEqual(prior);
    expect(() =>
      savePrior(db, { opponentId: ann!.id, rules: rules4, grid: [[1, 1, 1, 1]] }),
    ).toThrow(InputError);

    expect(() => deleteOpponent(db, ann!.id)).toThrow(/has 1 logged game; delete those first/);
    deleteGame(db, g.id);
    expect(deleteOpponent(db, ann!.id)).toBe(true);
    expect(getPrior(db, ann!.id)).toBeNull();
    closeDatabase(db);
  });
});

describe('import and export', () => {
  function fullLibrary() {
    const db = freshDb();
    createPosition(db, {
      name: 'With everything',
      tags: ['a', 'b'],
      notes: 'line 1\nline 2 "quoted"',
      position: {
        rules: {
          width: 5,
          height: 5,
          fleet: [3, { length: 3, name: 'Sub' }, 1],
          touch: 'no-touch',
        },
        board: ['...o.', 'xxxo.', '..o..', '.....', '...o.'],
        sunk: [
          [
            [1, 0],
            [1, 1],
            [1, 2],
          ],
        ],
        sunkReported: false,
        prior: Array.from({ length: 5 }, () => [0.5, 1, 1.5, 2, 2.5]),
      },
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-02-03T04:05:06.000Z',
    });
    createPosition(db, { name: 'Plain', position: classic(['..x.o.....']) });
    const ann = createOpponent(db, { name: 'Ann', notes: 'aggressive' });
    savePrior(db, {
      opponentId: ann.id,
      rules: rules4,
      grid: Array(4).fill([1, 3, 3, 1]),
      games: 7,
      source: 'learned',
    });
    createOpponent(db, { name: 'Bob' });
    createGame(db, { log: normaliseLog(finishedLog), outcome: 'won', notes: 'n' });
    createGame(db, {
      log: normaliseLog({
        opponent: '',
        rules: { preset: 'russian' },
        firedBy: 'opponent',
        shots: [{ cell: [4, 4], result: 'miss' }],
      }),
    });
    return db;
  }

  it('export -> import -> export preserves every field', () => {
    const one = fullLibrary();
    const text = exportBundle(one);
    const bundle = JSON.parse(text);
    expect(bundle.positions).toHaveLength(2);
    expect(bundle.positions[0]).toMatchObject({
      name: 'With everything',
      tags: ['a', 'b'],
      sunkReported: false,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-02-03T04:05:06.000Z',
    });
    expect(bundle.opponents.map((o: { name: string }) => o.name)).toEqual(['Ann', 'Bob']);
    expect(bundle.opponents[0].prior).toMatchObject({ games: 7, source: 'learned' });
    expect(bundle.games[0]).toMatchObject({
      opponent: 'Ann',
      outcome: 'won',
      notes: 'n',
      layout: finishedLog.layout,
    });
    expect(bundle.games[1]).toMatchObject({ opponent: '', firedBy: 'opponent', outcome: null });

    const two = freshDb();
    expect(importBundle(two, text)).toEqual({ positions: 2, games: 2, opponents: 2, priors: 1 });
    expect(exportBundle(two)).toBe(text);
    closeDatabase(one);
    closeDatabase(two);
  });

  it('a bundle with bad records imports nothing and names each bad record and why', () => {
    const db = fullLibrary();
    const before = exportBundle(db);
    const bundle = JSON.parse(before);
    bundle.positions[1].board[3] = '.........'; // 9 cells
    bundle.games[0].shots[1].cell = [0, 0]; // fired twice
    const message = inputErrorOf(() => importBundle(db, JSON.stringify(bundle)));
    expect(message).toBe(
      'import: 2 records are invalid; nothing was imported:\n' +
        '  positions[1] ("Plain"): board row 4: has 9 cells, expected 10\n' +
        '  games[0]: game shot 2 (A1): fires at a cell already shot',
    );
    expect(exportBundle(db)).toBe(before);
    closeDatabase(db);
  });

  it('imports a single position (optionally named) or a single game log', () => {
    const db = freshDb();
    expect(importBundle(db, JSON.stringify({ ...classic(), name: 'Named' }), 'file')).toMatchObject(
      { positions: 1 },
    );
    expect(importBundle(db, JSON.stringify(classic()), 'from-file')).toMatchObject({
      positions: 1,
    });
    expect(importBundle(db, JSON.stringify(finishedLog))).toMatchObject({ games: 1, opponents: 1 });
    expect(
      listPositions(db)
        .items.map((p) => p.name)
        .sort(),
    ).toEqual(['Named', 'from-file']);
    expect(() => importBundle(db, '{"rules": {"preset": "nope"}}')).toThrow(
      /positions\[0\]: rules.preset: unknown preset "nope"/,
    );
    expect(() => importBundle(db, '[1]')).toThrow(
      'import: a record is invalid; nothing was imported:\n  games[0]: must be an object, got 1',
    );
    closeDatabase(db);
  });
});
