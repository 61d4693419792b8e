// Fuzzing the API where every transport enters: dispatch(method, params) on a real library file
// and a real pool. For every method of the table, fast-check generates hostile payloads (the
// whole payload of the wrong kind, an unknown or prototype-polluting key, or one field replaced
// by a value of the wrong type, a huge number, NaN, a 10 MB string, 10,000-deep nesting, a board
// of 0x0 or 1000x1000, a fleet that cannot fit, contradictory marks...). Each must be answered
// with an InputError naming the method and field, and leave the database row-for-row unchanged.
// Then payloads the schema accepts but the library must refuse (unknown ids, duplicate names,
// contradictory shots, positions with no layout) and hostile import bundles.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, MAX_ERROR_MESSAGE } from '../../src/main/api';
import { createPool } from '../../src/main/pool';
import { exportBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { FLEET_SOURCES } from '../../src/core/simulate/fleets';
import { ANSWERS } from '../../src/core/simulate/game';
import { MAX_SALVO } from '../../src/shared/catalog';
import {
  MAX_GRAPH_CACHE_MB,
  MAX_MEMORY_MB,
  MIN_GRAPH_CACHE_MB,
  MIN_MEMORY_MB,
} from '../../src/shared/settings';
import {
  apiMethods,
  BATCH_STOP_STATES,
  METHOD_NAMES,
  OUTCOMES,
  SOLVER_NAMES,
  STRATEGY_NAMES,
  type MethodName,
} from '../../src/shared/api';
import { contentHash, totalChanges } from '../support/db-hash';
import {
  ALIENS,
  HOSTILE_GRIDS,
  HOSTILE_RULES,
  HOSTILE_SHOTS,
  HUGE_STRING,
  POLLUTION,
  PROTO_KEYS,
  VALID_LOG,
  VALID_POSITIONS,
  aliensFor,
  assertNotPolluted,
  cases,
  deepJsonText,
  HOSTILE_LOGS,
  HOSTILE_POSITIONS,
  hostileGameLog,
  hostilePosition,
  jsonCases,
  labelled,
  prototypeSnapshot,
  withKey,
  type Case,
} from '../support/hostile';
import { isRecord } from '../../src/core/plain-data';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';

// Hundreds of generated calls each: seconds on an idle machine, minutes beside other CPU-bound
// work. The bound is generous for that; nothing here is timed.
const FUZZ_MS = 600_000;

const tmp = tempDir();
const dbPath = tmp.file('fuzz.db');
const db = openDatabase(dbPath);
const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
const api = createApi({ db, dbPath, pool });
const protoBefore = prototypeSnapshot();
const tried: Record<string, number> = {};

afterAll(async () => {
  await api.close();
  await pool.close();
  closeDatabase(db);
  tmp.remove();
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.log(
    `fuzz (API dispatch): ${total} inputs: ${Object.entries(tried)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
});

// ---------------------------------------------------------------- the library under attack

const small = VALID_POSITIONS[1]!;
let P = 0; // a saved position
let G = 0; // a game being recorded (two shots so far), against opponent O
let O = 0; // an opponent with games and a prior
let O2 = 0; // an opponent without games

beforeAll(async () => {
  const ok = async (method: string, params: unknown) => {
    const r = await api.dispatch(method, params);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as { id: number; opponentId: number };
  };
  P = (await ok('positionsSave', { name: 'Kept', tags: ['keep'], position: small })).id;
  const game = await ok('gamesCreate', {
    log: { opponent: 'Ann', rules: { preset: 'classic' }, shots: [] },
  });
  G = game.id;
  O = game.opponentId;
  await ok('gamesAppendShot', { id: G, shot: { cell: [0, 0], result: 'hit' } });
  await ok('gamesAppendShot', { id: G, shot: { cell: [0, 1], result: 'miss' } });
  O2 = (await ok('opponentsCreate', { name: 'Bob', notes: 'no games' })).id;
  await ok('priorsSave', {
    opponentId: O,
    rules: { preset: 'classic' },
    grid: Array(10).fill(Array(10).fill(1)),
  });
  await ok('solve', { positionId: P, solver: 'dp' });
});

// ---------------------------------------------------------------- field kinds of the table

type Kind =
  | { t: 'int'; min: number; max: number }
  | { t: 'nullableInt'; min: number; max: number }
  | { t: 'str'; min: number; max: number }
  | {
      t:
        | 'bool'
        | 'outcome'
        | 'tags'
        | 'ids'
        | 'position'
        | 'log'
        | 'shot'
        | 'rules'
        | 'grid'
        | 'strategies'
        | 'bots';
    }
  | { t: 'learnOptions' }
  | { t: 'choice'; values: readonly string[] };

const int = (min: number, max: number): Kind => ({ t: 'int', min, max });
const str = (min: number, max: number): Kind => ({ t: 'str', min, max });
const id = int(1, Number.MAX_SAFE_INTEGER);
const key = str(1, 200);
const solver: Kind = { t: 'choice', values: SOLVER_NAMES };
const name = str(1, 200);
const notes = str(0, 100_000);
const text = str(0, 200);
const offset = int(0, 1_000_000_000);
const limit = int(1, 1000);
const timeoutMs = int(100, 24 * 3600_000);
const k = (t: Exclude<Kind['t'], 'int' | 'nullableInt' | 'str' | 'choice'>) => ({ t }) as Kind;
const choice = (values: readonly string[]): Kind => ({ t: 'choice', values });

/** Every field of every method, by kind (checked against the table below). */
const FIELDS: Record<MethodName, Record<string, Kind>> = {
  info: {},
  settingsSave: {
    memoryMb: { t: 'nullableInt', min: MIN_MEMORY_MB, max: MAX_MEMORY_MB },
    graphCacheMb: { t: 'nullableInt', min: MIN_GRAPH_CACHE_MB, max: MAX_GRAPH_CACHE_MB },
  },
  solve: {
    position: k('position'),
    solver,
    boardKey: key,
    solveAhead: k('bool'),
    positionId: id,
    timeoutMs,
    maxStates: int(1, 1_000_000_000),
  },
  estimate: { position: k('position'), exactSolver: solver },
  propose: { position: k('position'), strategy: choice(STRATEGY_NAMES), key, timeoutMs },
  jobProgress: { key },
  jobCancel: { key },
  positionsList: { text, tags: k('tags'), offset, limit },
  positionsTags: {},
  positionsGet: { id },
  positionsSave: { name, tags: k('tags'), notes, position: k('position') },
  positionsUpdate: { id, name, tags: k('tags'), notes, position: k('position') },
  positionsDuplicate: { id, name },
  positionsDelete: { id },
  gamesList: { opponentId: id, text, offset, limit },
  gamesGet: { id },
  gamesCreate: { log: k('log'), outcome: k('outcome'), notes },
  gamesUpdate: { id, log: k('log'), outcome: k('outcome'), notes },
  gamesAppendShot: { id, shot: k('shot') },
  gamesDelete: { id },
  opponentsList: {},
  opponentsGet: { id },
  opponentsCreate: { name, notes },
  opponentsUpdate: { id, name, notes },
  opponentsDelete: { id },
  priorsGet: { opponentId: id },
  priorsSave: {
    opponentId: id,
    rules: k('rules'),
    grid: k('grid'),
    games: int(0, 1_000_000_000),
    source: str(0, 200),
  },
  priorsDelete: { opponentId: id },
  priorsLearn: { opponentId: id, options: { t: 'learnOptions' }, save: k('bool'), key, timeoutMs },
  adviseLayout: {
    opponentId: id,
    rules: k('rules'),
    randomLayout: k('bool'),
    candidates: int(1, 100_000),
    suggestions: int(1, 100),
    seed: int(1, 2 ** 31),
    key,
    timeoutMs,
  },
  batchStart: { solver, positionIds: k('ids'), timeoutMs },
  batchProgress: { id },
  batchCancel: { id, state: choice(BATCH_STOP_STATES) },
  batchList: { limit, solver },
  batchResults: { solver, positionIds: k('ids'), offset, limit },
  simulate: {
    rules: k('rules'),
    strategies: k('strategies'),
    games: int(1, 10_000_000),
    seed: int(0, 2 ** 32 - 1),
    firstGame: int(0, 1e15),
    prior: k('grid'),
    shooterPrior: k('grid'),
    alsoUninformed: k('bool'),
    answers: choice(ANSWERS),
    salvo: int(1, MAX_SALVO),
    fleets: choice(FLEET_SOURCES),
    key,
    timeoutMs,
    keepPartial: k('bool'),
    perGameShots: k('bool'),
    bots: k('bots'),
  },
  importBundle: { text: str(0, 64 * 1024 * 1024), name },
  exportBundle: { positionIds: k('ids'), gameIds: k('ids') },
  exportHeatmapCsv: { positionId: id, position: k('position'), solver },
};

/** A valid payload of each method, on the records above: the starting point of a mutation. */
function base(method: MethodName): Record<string, unknown> {
  const bases: Record<MethodName, Record<string, unknown>> = {
    info: {},
    settingsSave: { memoryMb: 512 },
    solve: { position: small, solver: 'dp' },
    estimate: { position: small },
    propose: { position: small, strategy: 'phased' },
    jobProgress: { key: 'k' },
    jobCancel: { key: 'k' },
    positionsList: { text: 'Kept' },
    positionsTags: {},
    positionsGet: { id: P },
    positionsSave: { name: 'New', position: small },
    positionsUpdate: { id: P, name: 'Renamed' },
    positionsDuplicate: { id: P },
    positionsDelete: { id: P },
    gamesList: { opponentId: O },
    gamesGet: { id: G },
    gamesCreate: { log: VALID_LOG },
    gamesUpdate: { id: G, outcome: 'won' },
    gamesAppendShot: { id: G, shot: { cell: [5, 5], result: 'miss' } },
    gamesDelete: { id: G },
    opponentsList: {},
    opponentsGet: { id: O },
    opponentsCreate: { name: 'Carol' },
    opponentsUpdate: { id: O2, notes: 'x' },
    opponentsDelete: { id: O2 },
    priorsGet: { opponentId: O },
    priorsSave: { opponentId: O2, rules: { preset: 'classic' }, grid: [[1]] },
    priorsDelete: { opponentId: O },
    priorsLearn: { opponentId: O },
    adviseLayout: { randomLayout: true, rules: { preset: 'classic' } },
    batchStart: { solver: 'dp' },
    batchProgress: { id: 1 },
    batchCancel: { id: 1 },
    batchList: {},
    batchResults: {},
    simulate: { rules: { preset: 'classic' }, strategies: ['random', 'pdf'], games: 2, seed: 1 },
    importBundle: { text: '{}' },
    exportBundle: {},
    exportHeatmapCsv: { positionId: P },
  };
  return bases[method];
}

// ---------------------------------------------------------------- hostile values per kind

const isInt = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
let tooLongText: string | undefined; // 64 MB + 1, made once when first needed

function hostileInt(min: number, max: number, nullOk = false): fc.Arbitrary<Case> {
  const below = fc.integer({ min: -(2 ** 31), max: min - 1 });
  const above =
    max < Number.MAX_SAFE_INTEGER
      ? fc.double({ min: max + 1, max: 1e300, noNaN: true })
      : fc.constantFrom(2 ** 53, 2 ** 64, 1e21);
  const fraction = fc
    .double({ min: -1e6, max: 1e6, noNaN: true })
    .filter((v) => !Number.isInteger(v));
  return fc.oneof(
    cases(aliensFor((v) => (nullOk && v === null) || isInt(min, max)(v))),
    fc.oneof(below, above, fraction).map((v) => labelled(String(v), v)),
  );
}

function hostileStr(min: number, max: number): fc.Arbitrary<Case> {
  const valid = (v: unknown) => typeof v === 'string' && v.length >= min && v.length <= max;
  const long =
    max <= 1000
      ? fc
          .string({ minLength: max + 1, maxLength: max + 30 })
          .map((s) => labelled(`${s.length} chars`, s))
      : fc.constant(null).map(() => {
          if (max >= HUGE_STRING.length) tooLongText ??= 'y'.repeat(max + 1);
          const s = max >= HUGE_STRING.length ? tooLongText! : HUGE_STRING;
          return labelled(`a string of ${s.length} characters`, s);
        });
  return fc.oneof(cases(aliensFor(valid)), long);
}

const memo = new Map<string, fc.Arbitrary<Case>>();

/** Hostile values for a field of this kind (made once per kind). */
function hostileFor(kind: Kind): fc.Arbitrary<Case> {
  const id = JSON.stringify(kind);
  let arb = memo.get(id);
  if (!arb) memo.set(id, (arb = makeHostile(kind)));
  return arb;
}

function makeHostile(kind: Kind): fc.Arbitrary<Case> {
  switch (kind.t) {
    case 'int':
      return hostileInt(kind.min, kind.max);
    case 'nullableInt':
      return hostileInt(kind.min, kind.max, true);
    case 'str':
      return hostileStr(kind.min, kind.max);
    case 'bool':
      return cases(aliensFor((v) => typeof v === 'boolean'));
    case 'outcome':
      return fc.oneof(
        cases(aliensFor((v) => v === null)),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !(OUTCOMES as readonly string[]).includes(s))
          .map((s) => labelled(JSON.stringify(s), s)),
        cases([labelled('"WON"', 'WON'), labelled('" won"', ' won')]),
      );
    case 'choice':
      return fc.oneof(
        cases(aliensFor(() => false)),
        fc
          .string({ maxLength: 12 })
          .filter((s) => !kind.values.includes(s))
          .map((s) => labelled(JSON.stringify(s), s)),
        cases(kind.values.map((v) => labelled(`"${v.toUpperCase()}"`, v.toUpperCase()))),
      );
    case 'tags':
      return fc.oneof(
        cases(aliensFor((v) => Array.isArray(v) && v.length === 0)),
        cases([
          labelled('51 tags', Array(51).fill('t')),
          labelled('an empty tag', ['']),
          labelled('a tag of 61', ['t'.repeat(61)]),
          labelled('a tag 42', [42]),
          labelled('a 10 MB tag', [HUGE_STRING]),
          labelled('tags of 1e9 (sparse)', new Array(1e9)),
        ]),
      );
    case 'ids':
      return fc.oneof(
        cases(aliensFor((v) => Array.isArray(v) && v.length === 0)),
        cases([
          labelled('100,001 ids', Array(100_001).fill(1)),
          labelled('[0]', [0]),
          labelled('[-1]', [-1]),
          labelled('[1.5]', [1.5]),
          labelled('["1"]', ['1']),
          labelled('[NaN]', [NaN]),
          labelled('[2^53]', [2 ** 53]),
          labelled('ids of 1e9 (sparse)', new Array(1e9)),
        ]),
      );
    case 'position':
      return hostilePosition;
    case 'log':
      return hostileGameLog;
    case 'shot':
      return cases([...HOSTILE_SHOTS, ...ALIENS]);
    case 'rules':
      return cases(HOSTILE_RULES);
    case 'strategies':
      return fc.oneof(
        cases(aliensFor(() => false)),
        cases([
          labelled('[]', []),
          labelled('["magic"]', ['magic']),
          labelled('["pdf", "pdf"]', ['pdf', 'pdf']),
          labelled('[42]', [42]),
          labelled('21 names', Array(21).fill('pdf')),
          labelled('["__proto__"]', ['__proto__']),
          labelled('["toString"]', ['toString']),
          labelled('a 10 MB name', [HUGE_STRING]),
          labelled('names of 1e9 (sparse)', new Array(1e9)),
        ]),
      );
    case 'bots':
      // every bot is refused here: dispatch without the desktop window's mark, as the web does
      return fc.oneof(
        cases(aliensFor((v) => Array.isArray(v) && v.length === 0)),
        cases([
          labelled('a well-formed bot', [{ name: 'x', command: 'sh -c true' }]),
          labelled('a bot without command', [{ name: 'x' }]),
          labelled('an argv', [{ name: 'x', command: 'x', argv: ['sh'] }]),
          labelled('an empty name', [{ name: '', command: 'x' }]),
          labelled('9 bots', Array(9).fill({ name: 'x', command: 'x' })),
          labelled('a 10 MB command', [{ name: 'x', command: HUGE_STRING }]),
          labelled('bots of 1e9 (sparse)', new Array(1e9)),
        ]),
      );
    case 'grid':
      return cases([...HOSTILE_GRIDS, ...aliensFor((v) => Array.isArray(v) && v.length === 0)]);
    case 'learnOptions':
      // Every field is optional, so {} (with or without a prototype) is valid options.
      return cases([
        ...aliensFor((v) => isRecord(v) && Object.keys(v).length === 0),
        labelled('an unknown option', { smoothing: 3 }),
        labelled('an unknown method', { method: 'magic' }),
        labelled('symmetric as text', { symmetric: 'yes' }),
        labelled('negative pseudo-games', { pseudoGames: -1 }),
        labelled('pseudo-games of 1e7', { pseudoGames: 1e7 }),
        labelled('a precision of NaN', { precision: NaN }),
        labelled('a precision as text', { precision: 'high' }),
      ]);
  }
}

// null and {} become a valid empty payload for methods whose fields are all optional.
const wholePayloads = cases(ALIENS.filter((c) => c.value !== null && c.label !== '{}')).map((c) =>
  labelled(`payload ${c.label}`, c.value),
);

/** Hostile payloads for a method: the whole payload, an extra key, or one field. */
function hostilePayload(method: MethodName): fc.Arbitrary<Case> {
  const fields = FIELDS[method];
  const start = base(method);
  const whole = wholePayloads;
  const extraKey = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...PROTO_KEYS, 'toString', 'hasOwnProperty', 'valueOf', ''),
        fc.string({ maxLength: 20 }).filter((s) => !Object.hasOwn(fields, s)),
        fc.constant(HUGE_STRING),
      ),
      fc.constantFrom<unknown>(POLLUTION, 1, null, { prototype: POLLUTION }),
    )
    .map(([key, value]) =>
      labelled(
        `extra key ${key.length > 40 ? `of ${key.length} chars` : JSON.stringify(key)}`,
        withKey(start, key, value),
      ),
    );
  const names = Object.keys(fields);
  if (names.length === 0) return fc.oneof(whole, extraKey);
  const oneField = fc
    .constantFrom(...names)
    .chain((field) =>
      hostileFor(fields[field]!).map((c) =>
        labelled(`${field}: ${c.label}`, { ...start, [field]: c.value }),
      ),
    );
  return fc.oneof(
    { arbitrary: whole, weight: 1 },
    { arbitrary: extraKey, weight: 1 },
    {
      arbitrary: oneField,
      weight: 4,
    },
  );
}

// ---------------------------------------------------------------- checks

const EXPECTED_ERRORS = ['InputError', 'NotFoundError', 'ConflictError', 'NoLayoutError'];

/** One hostile call: refused clearly, nothing written, the process answers. */
async function refused(family: string, method: string, params: unknown, label: string) {
  tried[family] = (tried[family] ?? 0) + 1;
  const changes = totalChanges(db);
  const reply = await api.dispatch(method, params);
  if (reply.ok) throw new Error(`${method} accepted ${label}`);
  const { name: errorName, message } = reply.error;
  expect(EXPECTED_ERRORS, `${method} ${label}: ${message}`).toContain(errorName);
  expect(message.length).toBeGreaterThan(5);
  expect(message.length).toBeLessThan(MAX_ERROR_MESSAGE + 100);
  expect(message).not.toMatch(/\n\s+at /); // no stack trace
  expect(totalChanges(db), `${method} ${label} wrote to the database`).toBe(changes);
  return reply.error;
}

describe('the API table', () => {
  it('has a field description for every method and field (so the fuzz covers them all)', () => {
    const hint = 'a method was added or changed: describe its fields in FIELDS and base() here';
    expect(Object.keys(FIELDS).sort(), hint).toEqual([...METHOD_NAMES].sort());
    for (const method of METHOD_NAMES) {
      const expected = apiMethods[method].params.expected;
      const keys =
        expected === 'an empty object' ? [] : expected.replace('an object with ', '').split(', ');
      expect(Object.keys(FIELDS[method]).sort(), `${method}: ${hint}`).toEqual(keys.sort());
    }
  });
});

describe('hostile payloads, every method', { timeout: FUZZ_MS }, () => {
  for (const method of METHOD_NAMES) {
    it(`${method}: InputError naming the field; the database unchanged`, async () => {
      const hash = contentHash(db);
      await fc.assert(
        fc.asyncProperty(hostilePayload(method), async (c) => {
          const error = await refused('payloads', method, c.value, c.label);
          expect(error.name).toBe('InputError');
          expect(error.message.startsWith(`${method}`), error.message.slice(0, 200)).toBe(true);
        }),
        { numRuns: 40, endOnFailure: true },
      );
      expect(contentHash(db)).toBe(hash);
      assertNotPolluted(protoBefore);
    });
  }

  it('unknown methods, including prototype names', async () => {
    const names = [
      ...PROTO_KEYS,
      'toString',
      'hasOwnProperty',
      'dropTables',
      '',
      HUGE_STRING,
      42,
      null,
      undefined,
      ['info'],
      { method: 'info' },
    ];
    for (const m of names) {
      const e = await refused('payloads', m as string, {}, String(m).slice(0, 20));
      expect(e.message).toMatch(/^unknown method /);
      expect(e.message.length).toBeLessThan(100);
    }
  });
});

describe('payloads the schema accepts but the library refuses', { timeout: FUZZ_MS }, () => {
  it('unknown ids, duplicate names, contradictory shots, bad priors: clear errors, no writes', async () => {
    const hash = contentHash(db);
    const missing = fc.integer({ min: 1_000_000, max: 2 ** 40 });
    const pair = (label: string, call: [string, unknown]) => labelled(label, call);
    const calls: fc.Arbitrary<Case<[string, unknown]>> = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(
            'positionsGet',
            'positionsDuplicate',
            'gamesGet',
            'opponentsGet',
            'batchProgress',
            'batchCancel',
          ),
          missing,
        )
        .map(([m, n]) => pair(`${m} ${n}`, [m, { id: n }])),
      missing.map((n) => pair(`positionsUpdate ${n}`, ['positionsUpdate', { id: n, name: 'x' }])),
      missing.map((n) => pair(`gamesUpdate ${n}`, ['gamesUpdate', { id: n, notes: 'x' }])),
      missing.map((n) => pair(`opponentsUpdate ${n}`, ['opponentsUpdate', { id: n, notes: 'x' }])),
      missing.map((n) => pair(`priorsGet ${n}`, ['priorsGet', { opponentId: n }])),
      missing.map((n) => pair(`priorsLearn ${n}`, ['priorsLearn', { opponentId: n }])),
      missing.map((n) => pair(`solve ${n}`, ['solve', { positionId: n }])),
      missing.map((n) => pair(`exportBundle ${n}`, ['exportBundle', { positionIds: [P, n] }])),
      missing.map((n) => pair(`heatmap ${n}`, ['exportHeatmapCsv', { positionId: n }])),
      missing.map((n) =>
        pair(`append to ${n}`, [
          'gamesAppendShot',
          { id: n, shot: { cell: [1, 1], result: 'miss' } },
        ]),
      ),
      // A name already taken, in any case and with spaces around it.
      fc
        .constantFrom('Ann', 'ANN', ' ann ', 'aNn')
        .chain((n) =>
          fc.constantFrom(
            pair(`opponentsCreate "${n}"`, ['opponentsCreate', { name: n }]),
            pair(`rename Bob to "${n}"`, ['opponentsUpdate', { id: O2, name: n }]),
          ),
        ),
      fc.constant(pair('delete an opponent with games', ['opponentsDelete', { id: O }])),
      // Shots that contradict the game so far (A1 hit, B1 miss), within the schema.
      fc
        .constantFrom<[string, unknown]>(
          ['fired twice', { cell: [0, 0], result: 'miss' }],
          ['fired twice (miss)', { cell: [0, 1], result: 'hit' }],
          ['outside the board', { cell: [10, 0], result: 'miss' }],
          ['far outside', { cell: [2 ** 40, 2 ** 40], result: 'miss' }],
          [
            'sinks unhit cells',
            {
              cell: [5, 5],
              result: 'sunk',
              sunk: [
                [5, 5],
                [5, 6],
              ],
            },
          ],
          ['sinks without the shot cell', { cell: [5, 5], result: 'sunk', sunk: [[0, 0]] }],
          ['sinks a length not in the fleet', { cell: [1, 0], result: 'sunk', sunk: [[1, 0]] }],
          ['a hit listing sunk cells', { cell: [5, 5], result: 'hit', sunk: [[5, 5]] }],
          ['sunk without cells', { cell: [5, 5], result: 'sunk' }],
          [
            'a named hit on a ship index out of the fleet',
            { cell: [5, 5], result: 'hit', ship: 5 },
          ],
          ['a named miss', { cell: [5, 5], result: 'miss', ship: 0 }],
          ['a volley re-firing A1', { volley: { cells: [[0, 0]], hitCount: 0 } }],
          ['a volley hitting an unknown ship', { volley: { cells: [[5, 5]], hitShips: ['Ark'] } }],
          [
            'a volley hitting "__proto__"',
            { volley: { cells: [[5, 5]], hits: { ['__proto__']: 1 } } },
          ],
          ['a volley more hits than cells', { volley: { cells: [[5, 5]], hitCount: 2 } }],
          [
            'a volley sinking an unhit ship',
            { volley: { cells: [[5, 5]], hitShips: [], sunk: ['Carrier'] } },
          ],
        )
        .map(([label, shot]) => pair(label, ['gamesAppendShot', { id: G, shot }])),
      // Priors that do not fit their rules.
      fc
        .constantFrom<[string, unknown]>(
          ['a 1x1 grid for classic', [[1]]],
          ['a zero weight', Array(10).fill(Array(10).fill(0))],
          ['a negative weight', Array(10).fill(Array(10).fill(-2))],
          ['rows of 9', Array(10).fill(Array(9).fill(1))],
          ['no rows', []],
        )
        .map(([label, grid]) =>
          pair(label, ['priorsSave', { opponentId: O2, rules: { preset: 'classic' }, grid }]),
        ),
      fc.constant(
        pair('a position and a positionId', [
          'exportHeatmapCsv',
          { positionId: P, position: small },
        ]),
      ),
      fc.constant(pair('neither position nor positionId', ['solve', { solver: 'dp' }])),
      fc.constant(pair('an unknown solver', ['batchStart', { solver: 'magic' }])),
    );
    await fc.assert(
      fc.asyncProperty(calls, async (c) => {
        const [method, params] = c.value;
        await refused('semantic', method, params, c.label);
      }),
      { numRuns: 300, endOnFailure: true },
    );
    expect(contentHash(db)).toBe(hash);
    assertNotPolluted(protoBefore);
  });

  it('positions whose marks leave no layout: NoLayoutError from the solver, no writes', async () => {
    const hash = contentHash(db);
    // More hits than the fleet has cells, on boards up to 6x6.
    const noLayout = fc
      .record({
        width: fc.integer({ min: 3, max: 6 }),
        height: fc.integer({ min: 3, max: 6 }),
        seed: fc.integer({ min: 0, max: 1e9 }),
      })
      .map(({ width, height, seed }) => {
        const cells = width * height;
        const fleet = [Math.min(3, width), 2];
        const hits = new Set<number>();
        for (let i = 0; hits.size < 6; i++) hits.add((seed + i * 7919) % cells);
        const board = Array.from({ length: height }, (_, r) =>
          Array.from({ length: width }, (_, c) => (hits.has(r * width + c) ? 'x' : '.')).join(''),
        );
        return labelled(`${width}x${height} with 6 hits`, {
          rules: { width, height, fleet, touch: 'allowed' },
          board,
          sunk: [],
        });
      });
    await fc.assert(
      fc.asyncProperty(
        noLayout,
        fc.constantFrom('auto', 'dp', 'enumerate'),
        async (c, solverName) => {
          const e = await refused(
            'semantic',
            'solve',
            { position: c.value, solver: solverName },
            c.label,
          );
          expect(e.name).toBe('NoLayoutError');
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
    expect(contentHash(db)).toBe(hash);
  });
});

describe('hostile import bundles', { timeout: FUZZ_MS }, () => {
  const goodPosition = { name: 'good', ...VALID_POSITIONS[0] };
  const goodGame = { ...VALID_LOG, opponent: 'Dora' };
  const envelope = (extra: Record<string, unknown>) => ({
    format: 'broadside-bundle',
    version: 1,
    positions: [goodPosition, goodPosition],
    games: [goodGame],
    opponents: [{ name: 'Eve', notes: '' }],
    ...extra,
  });
  const json = (v: unknown) => JSON.stringify(v);
  const texts: fc.Arbitrary<Case<string>> = fc.oneof(
    cases([
      labelled('empty', ''),
      labelled('not JSON', 'positions: all of them'),
      labelled('[]', '[]'),
      labelled('42', '42'),
      labelled('null', 'null'),
      labelled('a string', '"bundle"'),
      labelled('10,000-deep array', deepJsonText()),
      labelled('10,000-deep object', deepJsonText(10_000, 'object')),
      labelled('10 MB of garbage', HUGE_STRING),
      labelled(
        'a 10 MB name',
        json(envelope({ positions: [{ ...goodPosition, name: HUGE_STRING }] })),
      ),
      labelled('NaN literal', '{"format": "broadside-bundle", "version": NaN}'),
      labelled('no format', json({ version: 1, positions: [goodPosition] })),
      labelled('format 42', json(envelope({ format: 42 }))),
      labelled('version 2', json(envelope({ version: 2 }))),
      labelled('version 1e308', json(envelope({ version: 1e308 }))),
      labelled('version "1"', json(envelope({ version: '1' }))),
      labelled('positions {}', json(envelope({ positions: {} }))),
      labelled('games "all"', json(envelope({ games: 'all' }))),
      labelled(
        'opponents twice',
        json(envelope({ opponents: [{ name: 'Eve' }, { name: 'EVE' }] })),
      ),
      labelled('an opponent without a name', json(envelope({ opponents: [{ notes: 'x' }] }))),
      labelled(
        'a prior that does not fit',
        json(
          envelope({
            opponents: [{ name: 'Eve', prior: { rules: { preset: 'classic' }, grid: [[1]] } }],
          }),
        ),
      ),
      labelled('an outcome "draw"', json(envelope({ games: [{ ...goodGame, outcome: 'draw' }] }))),
      labelled(
        'a createdAt "soon"',
        json(envelope({ positions: [{ ...goodPosition, createdAt: 'soon' }] })),
      ),
      labelled(
        '51 tags',
        json(envelope({ positions: [{ ...goodPosition, tags: Array(51).fill('t') }] })),
      ),
      labelled(
        'prototype keys everywhere and one bad record',
        `{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}},
          "format": "broadside-bundle", "version": 1,
          "positions": [{"__proto__": {"polluted": "yes"}, "name": "p", "rules": {"preset": "classic"}},
                        {"name": "bad", "rules": {"__proto__": {"preset": "classic"}}}]}`,
      ),
    ]),
    fc.tuple(cases(jsonCases(HOSTILE_POSITIONS)), fc.nat(2)).map(([c, at]) => {
      const positions: unknown[] = [goodPosition, goodPosition];
      positions.splice(
        at,
        0,
        typeof c.value === 'object' && c.value !== null && !Array.isArray(c.value)
          ? { name: 'hostile', ...c.value }
          : c.value,
      );
      return labelled(`position: ${c.label}`, json(envelope({ positions })));
    }),
    fc.tuple(cases(jsonCases(HOSTILE_LOGS)), fc.nat(1)).map(([c, at]) => {
      const games: unknown[] = [goodGame];
      games.splice(at, 0, c.value);
      return labelled(`game: ${c.label}`, json(envelope({ games })));
    }),
    // (A single log without its own "shots" reads as a position: only logs that keep them.)
    cases(
      jsonCases(HOSTILE_LOGS).filter(
        (c) => typeof c.value === 'object' && Object.hasOwn(c.value!, 'shots'),
      ),
    ).map((c) => labelled(`a single game: ${c.label}`, json(c.value))),
    cases(jsonCases(HOSTILE_POSITIONS)).map((c) =>
      labelled(`a single position: ${c.label}`, json(c.value)),
    ),
  );

  it('refuses each with an InputError naming the record; nothing is imported', async () => {
    const hash = contentHash(db);
    await fc.assert(
      fc.asyncProperty(texts, async (c) => {
        const e = await refused('bundles', 'importBundle', { text: c.value }, c.label);
        expect(e.name).toBe('InputError');
        expect(e.message).toMatch(/^(import|format|version|positions|games|opponents)\b/);
      }),
      { numRuns: 300, endOnFailure: true },
    );
    expect(contentHash(db)).toBe(hash);
    assertNotPolluted(protoBefore);
  });

  it('a 64 MB bracket bomb is refused before it is parsed', async () => {
    const bomb = `${'['.repeat(32_000_000)}${']'.repeat(32_000_000)}`;
    // The depth check's own message: a parse would have failed otherwise (or run out of memory).
    const e = await refused('bundles', 'importBundle', { text: bomb }, '64 MB of brackets');
    expect(e.message).toBe('import: nests more than 64 levels deep');
  });

  it('a valid bundle with prototype keys imports without them and pollutes nothing', async () => {
    const other = openDatabase(tmp.file('proto.db'));
    const api2 = createApi({ db: other, dbPath: tmp.file('proto.db'), pool });
    try {
      const textWithKeys = `{"__proto__": {"polluted": "yes"}, "format": "broadside-bundle", "version": 1,
        "positions": [{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}},
          "prototype": 1, "name": "p", "rules": {"preset": "classic", "__proto__": {"x": 1}}}],
        "opponents": [{"name": "Ann", "__proto__": {"isAdmin": true}}],
        "games": [{"opponent": "Ann", "rules": {"preset": "classic"}, "shots": [{"cell": [0, 0], "result": "miss", "__proto__": {"result": "sunk"}}]}]}`;
      const reply = await api2.dispatch('importBundle', { text: textWithKeys });
      expect(reply).toEqual({
        ok: true,
        value: { positions: 1, games: 1, opponents: 1, priors: 0, relearning: 1 },
      });
      const exported = exportBundle(other);
      expect(exported).not.toMatch(/__proto__|constructor|prototype|polluted|isAdmin/);
      assertNotPolluted(protoBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await api2.close();
      closeDatabase(other);
    }
  });
});
