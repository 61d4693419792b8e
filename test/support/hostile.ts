// Hostile inputs for the hardening tests: values of the wrong type, huge numbers, NaN and
// Infinity (Electron IPC carries them, JSON does not), 10 MB strings, 10,000-deep nesting, sparse
// arrays that claim a billion items, prototype-pollution keys, boards of 0x0 and 1000x1000, fleets
// that cannot fit and contradictory marks. Every case is invalid by construction and carries a
// short label, which is what fast-check prints for a counterexample (never a 10 MB value).

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { FINISHED_GAME_WITH_LAYOUT, OVER9000_EXAMPLE, SINK_A1_B1 } from './fixtures';

export interface Case<T = unknown> {
  label: string;
  value: T;
}

export function labelled<T>(label: string, value: T): Case<T> {
  return { label, value, [fc.toStringMethod]: () => label } as Case<T>;
}

/** A fast-check arbitrary of the given cases. */
export function cases<T>(list: readonly Case<T>[]): fc.Arbitrary<Case<T>> {
  return fc.constantFrom(...list);
}

export const TEN_MB = 10 * 1024 * 1024;
/** One shared 10 MB string (made once: cheap to pass around, expensive to echo). */
export const HUGE_STRING = 'x'.repeat(TEN_MB);
export const DEEP = 10_000;

/** [[[...1...]]] `depth` deep, built without recursion. */
export function deepArray(depth = DEEP): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** {"a": {"a": ... 1}} `depth` deep. */
export function deepObject(depth = DEEP): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** The JSON text of deepArray or deepObject (JSON.stringify itself overflows the stack here). */
export function deepJsonText(depth = DEEP, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** `base` plus an own property `key` (also for "__proto__", which a literal would not create). */
export function withKey(base: object, key: string, value: unknown): Record<string, unknown> {
  return Object.fromEntries([...Object.entries(base), [key, value]]);
}

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const POLLUTION = { polluted: 'yes', isAdmin: true };

/** What the prototypes hold now; compare before and after to detect pollution. */
export function prototypeSnapshot(): string {
  return JSON.stringify([
    Object.getOwnPropertyNames(Object.prototype).sort(),
    Object.getOwnPropertyNames(Array.prototype).sort(),
    Object.getOwnPropertyNames(Function.prototype).sort(),
  ]);
}

export function assertNotPolluted(before: string): void {
  const probe = {} as Record<string, unknown>;
  if (prototypeSnapshot() !== before || probe.polluted !== undefined || probe.isAdmin) {
    throw new Error('Object.prototype was polluted');
  }
}

/** True when the value survives JSON unchanged (so an HTTP client can send exactly it). */
export function jsonExact(v: unknown): boolean {
  try {
    const text = JSON.stringify(v);
    return text !== undefined && isDeepStrictEqual(JSON.parse(text), v);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- values of the wrong kind

class Gadget {
  polluted = 'yes';
}

/** Values that no field of the API accepts as they are, or only a few (see `aliensFor`). */
export const ALIENS: readonly Case[] = [
  labelled('null', null),
  labelled('true', true),
  labelled('false', false),
  labelled('[]', []),
  labelled('{}', {}),
  labelled('"x"', 'x'),
  labelled('""', ''),
  labelled('a 10 MB string', HUGE_STRING),
  labelled('0', 0),
  labelled('-1', -1),
  labelled('-0', -0),
  labelled('0.5', 0.5),
  labelled('NaN', NaN),
  labelled('Infinity', Infinity),
  labelled('-Infinity', -Infinity),
  labelled('1e308', 1e308),
  labelled('2^53', 2 ** 53),
  labelled('a bigint', 10n),
  labelled('a symbol', Symbol('s')),
  labelled('a function', () => 1),
  labelled('a Map', new Map([[1, 2]])),
  labelled('a Set', new Set([1])),
  labelled('a Date', new Date(0)),
  labelled('a RegExp', /x/),
  labelled('a Uint8Array', new Uint8Array(4)),
  labelled('a class instance', new Gadget()),
  labelled('10,000-deep array', deepArray()),
  labelled('10,000-deep object', deepObject()),
  labelled('a sparse array of length 1e9', new Array(1e9)),
  labelled('an array of 1e6 zeros', new Array(1e6).fill(0)),
  labelled(
    'an object with 100,000 keys',
    Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])),
  ),
  labelled('{"__proto__": {polluted}}', JSON.parse('{"__proto__":{"polluted":"yes"}}')),
  labelled('{constructor: {prototype: {polluted}}}', { constructor: { prototype: POLLUTION } }),
];

/** The aliens `accepts` refuses (a field's own valid values are not hostile to it). */
export function aliensFor(accepts: (v: unknown) => boolean): Case[] {
  return ALIENS.filter((c) => !accepts(c.value));
}

// ---------------------------------------------------------------- rules, positions, game logs

type Json = Record<string, unknown>;

const classicRules = { preset: 'classic' };
export const VALID_POSITIONS: readonly Json[] = [
  { rules: classicRules, board: Array(10).fill('..........'), sunk: [] },
  { ...OVER9000_EXAMPLE },
  {
    rules: { width: 8, height: 6, fleet: [4, 3, 2], touch: 'no-touch' },
    board: ['o.......', '..x.....', '........', '.....o..', '........', 'o......o'],
    sunk: [],
  },
];

/** Rules that must be refused: bad sizes, fleets that cannot fit, bad touch rules and presets. */
export const HOSTILE_RULES: readonly Case[] = [
  labelled('a 0x0 board', { width: 0, height: 0, fleet: [1] }),
  labelled('a 1000x1000 board', { width: 1000, height: 1000, fleet: [5, 4, 3] }),
  labelled('a 1x10 board', { width: 1, height: 10, fleet: [1] }),
  labelled('width NaN', { width: NaN, height: 10, fleet: [2] }),
  labelled('width Infinity', { width: Infinity, height: 10, fleet: [2] }),
  labelled('width 2.5', { width: 2.5, height: 10, fleet: [2] }),
  labelled('width "10"', { width: '10', height: 10, fleet: [2] }),
  labelled('width 1e308', { width: 1e308, height: 1e308, fleet: [2] }),
  labelled('no height', { width: 10, fleet: [2] }),
  labelled('an empty fleet', { width: 10, height: 10, fleet: [] }),
  labelled('fleet not an array', { width: 10, height: 10, fleet: '5,4,3' }),
  labelled('a ship of length 0', { width: 10, height: 10, fleet: [0] }),
  labelled('a ship of length -3', { width: 10, height: 10, fleet: [-3] }),
  labelled('a ship of length 2.5', { width: 10, height: 10, fleet: [2.5] }),
  labelled('a ship of length NaN', { width: 10, height: 10, fleet: [NaN] }),
  labelled('a ship "5"', { width: 10, height: 10, fleet: ['5'] }),
  labelled('a ship {length: "5"}', { width: 10, height: 10, fleet: [{ length: '5' }] }),
  labelled('a ship longer than the board', { width: 26, height: 26, fleet: [27] }),
  labelled('677 ships', { width: 26, height: 26, fleet: Array(677).fill(1) }),
  labelled('a fleet of 1e6 ships', { width: 26, height: 26, fleet: new Array(1e6).fill(1) }),
  labelled('a fleet of 1e9 (sparse)', { width: 26, height: 26, fleet: new Array(1e9) }),
  labelled('a fleet bigger than the board', { width: 3, height: 3, fleet: [3, 3, 3, 1] }),
  labelled('2,2,2 no-touch on 3x3', { width: 3, height: 3, fleet: [2, 2, 2], touch: 'no-touch' }),
  labelled('27 ships of 25 no-touch on 26x26', {
    width: 26,
    height: 26,
    fleet: Array(27).fill(25),
    touch: 'no-touch',
  }),
  labelled('31 ships of 1 no-touch on 10x10', {
    width: 10,
    height: 10,
    fleet: Array(31).fill(1),
    touch: 'no-touch',
  }),
  labelled('touch "sometimes"', { width: 10, height: 10, fleet: [2], touch: 'sometimes' }),
  labelled('touch 42', { width: 10, height: 10, fleet: [2], touch: 42 }),
  labelled('preset "constructor"', { preset: 'constructor' }),
  labelled('preset "__proto__"', { preset: '__proto__' }),
  labelled('preset "toString"', { preset: 'toString' }),
  labelled('preset of 10 MB', { preset: HUGE_STRING }),
  labelled('preset 42', { preset: 42 }),
  labelled('preset null', { preset: null }),
  labelled('rules "constructor"', 'constructor'),
  labelled('rules "hasOwnProperty"', 'hasOwnProperty'),
  labelled('rules of 10 MB', HUGE_STRING),
  labelled('rules 42', 42),
  labelled('rules []', []),
  labelled('rules 10,000 deep', deepObject()),
  labelled('rules with own __proto__', JSON.parse('{"__proto__":{"preset":"classic"}}')),
  labelled('a ship named 42', { width: 10, height: 10, fleet: [{ length: 2, name: 42 }] }),
];

type Corrupt = (p: Json) => unknown;

function corruption(label: string, f: Corrupt): Case<Corrupt> {
  return labelled(label, f);
}

const cellsOf = (p: Json) => p.board as string[];
const W = (p: Json) => cellsOf(p)[0]!.length;
const H = (p: Json) => cellsOf(p).length;

/** Ways to break a valid position; each gives a position that parsePosition must refuse. */
export const POSITION_CORRUPTIONS: readonly Case<Corrupt>[] = [
  corruption('no rules', ({ rules: _, ...p }) => p),
  corruption('board not an array', (p) => ({ ...p, board: 'x'.repeat(W(p) * H(p)) })),
  corruption('board of 1000 rows of 1000', (p) => ({
    ...p,
    board: Array(1000).fill('.'.repeat(1000)),
  })),
  corruption('a missing row', (p) => ({ ...p, board: cellsOf(p).slice(1) })),
  corruption('a row too long', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `${r}.` : r)),
  })),
  corruption('a 10 MB row', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? HUGE_STRING : r)),
  })),
  corruption('a row that is a number', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? 42 : r)),
  })),
  corruption('an unknown mark', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `?${r.slice(1)}` : r)),
  })),
  corruption('a NUL mark', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `\u0000${r.slice(1)}` : r)),
  })),
  corruption('an emoji mark', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `\u{1F6A2}${r.slice(2)}` : r)),
  })),
  corruption('sunk not an array', (p) => ({ ...p, sunk: 'all' })),
  corruption('a sunk ship on unknown cells', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `.${r.slice(1)}` : r)),
    sunk: [[[0, 0]]],
  })),
  corruption('more sunk ships than the fleet', (p) => ({ ...p, sunk: new Array(1e6).fill([]) })),
  corruption('a sunk array of 1e9 (sparse)', (p) => ({ ...p, sunk: new Array(1e9) })),
  corruption('an empty sunk ship', (p) => ({ ...p, sunk: [[]] })),
  corruption('a sunk ship of 27 cells', (p) => ({ ...p, sunk: [Array(27).fill([0, 0])] })),
  corruption('a sunk cell outside the board', (p) => ({ ...p, sunk: [[[H(p), 0]]] })),
  corruption('a sunk cell [-1, 0]', (p) => ({ ...p, sunk: [[[-1, 0]]] })),
  corruption('a sunk cell [0.5, 0]', (p) => ({ ...p, sunk: [[[0.5, 0]]] })),
  corruption('a sunk cell [NaN, 0]', (p) => ({ ...p, sunk: [[[NaN, 0]]] })),
  corruption('a sunk cell ["0", "0"]', (p) => ({ ...p, sunk: [[['0', '0']]] })),
  corruption('a sunk cell [0, 0, 0]', (p) => ({ ...p, sunk: [[[0, 0, 0]]] })),
  corruption('sunk ships that overlap', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `xx${r.slice(2)}` : r)),
    sunk: [
      [
        [0, 0],
        [0, 1],
      ],
      [
        [0, 1],
        [0, 0],
      ],
    ],
  })),
  corruption('a sunk ship that is not straight', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i < 2 ? `xx${r.slice(2)}` : r)),
    sunk: [
      [
        [0, 0],
        [1, 1],
      ],
    ],
  })),
  corruption('a sunk ship with a gap', (p) => ({
    ...p,
    board: cellsOf(p).map((r, i) => (i === 0 ? `x.x${r.slice(3)}` : r)),
    sunk: [
      [
        [0, 0],
        [0, 2],
      ],
    ],
  })),
  corruption('a sunk length not in the fleet', (p) => ({
    rules: { width: W(p), height: H(p), fleet: [2, 1], touch: 'allowed' },
    board: cellsOf(p).map((r, i) =>
      i === 0 ? `xxx${'.'.repeat(r.length - 3)}` : '.'.repeat(r.length),
    ),
    sunk: [
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
    ],
  })),
  corruption('sunkReported "yes"', (p) => ({ ...p, sunkReported: 'yes' })),
  corruption('a prior with a row missing', (p) => ({
    ...p,
    prior: Array(H(p) - 1).fill(Array(W(p)).fill(1)),
  })),
  corruption('a prior weight of 0', (p) => ({
    ...p,
    prior: Array(H(p)).fill(Array(W(p)).fill(0)),
  })),
  corruption('a prior weight NaN', (p) => ({
    ...p,
    prior: Array(H(p)).fill(Array(W(p)).fill(NaN)),
  })),
  corruption('a prior weight Infinity', (p) => ({
    ...p,
    prior: Array(H(p)).fill(Array(W(p)).fill(Infinity)),
  })),
  corruption('a prior weight -1', (p) => ({ ...p, prior: Array(H(p)).fill(Array(W(p)).fill(-1)) })),
  corruption('own __proto__ holding the rules, no rules', ({ rules, ...p }) =>
    withKey(p, '__proto__', { rules }),
  ),
  corruption('own constructor.prototype, bad board', (p) =>
    withKey({ ...p, board: 42 }, 'constructor', { prototype: POLLUTION }),
  ),
];

/** A hostile position: hostile rules, or a valid one broken in one way. */
export const HOSTILE_POSITIONS: readonly Case[] = [
  ...HOSTILE_RULES.map((r) =>
    labelled(`rules: ${r.label}`, { ...VALID_POSITIONS[0], rules: r.value }),
  ),
  ...VALID_POSITIONS.flatMap((p) =>
    POSITION_CORRUPTIONS.map((c) => labelled(`${c.label} (${W(p)}x${H(p)})`, c.value(p))),
  ),
  ...ALIENS.map((c) => labelled(`position ${c.label}`, c.value)),
];
export const hostilePosition: fc.Arbitrary<Case> = cases(HOSTILE_POSITIONS);

// Game logs: 4x4 board, ships of 2 and 1, layout A1-B1 and D4; ships may not touch.
export const VALID_LOG: Json = {
  ...FINISHED_GAME_WITH_LAYOUT,
  rules: { ...FINISHED_GAME_WITH_LAYOUT.rules, touch: 'no-touch' },
};

const shotsOf = (l: Json) => l.shots as Json[];

/** Ways to break a valid game log; each must be refused with the shot or field at fault. */
export const LOG_CORRUPTIONS: readonly Case<Corrupt>[] = [
  corruption('not an object', () => 'a game'),
  corruption('no rules', ({ rules: _, ...l }) => l),
  corruption('shots not an array', (l) => ({ ...l, shots: {} })),
  corruption('shots of 1e9 (sparse)', (l) => ({ ...l, shots: new Array(1e9) })),
  corruption('more shots than cells', (l) => ({
    ...l,
    shots: Array(17).fill({ cell: [0, 0], result: 'miss' }),
  })),
  corruption('a cell fired at twice', (l) => ({
    ...l,
    layout: undefined,
    shots: [...shotsOf(l).slice(0, 2), { cell: [0, 0], result: 'miss' }],
  })),
  corruption('a cell outside the board', (l) => ({
    ...l,
    shots: [{ cell: [4, 0], result: 'miss' }],
  })),
  corruption('a cell [1e308, 0]', (l) => ({ ...l, shots: [{ cell: [1e308, 0], result: 'miss' }] })),
  corruption('a cell [NaN, NaN]', (l) => ({ ...l, shots: [{ cell: [NaN, NaN], result: 'miss' }] })),
  corruption('result "boom"', (l) => ({ ...l, shots: [{ cell: [0, 0], result: 'boom' }] })),
  corruption('sunk without cells', (l) => ({ ...l, shots: [{ cell: [3, 3], result: 'sunk' }] })),
  corruption('a miss listing sunk cells', (l) => ({
    ...l,
    shots: [{ cell: [3, 3], result: 'miss', sunk: [[3, 3]] }],
  })),
  corruption('sinking unhit cells', (l) => ({ ...l, layout: undefined, shots: [SINK_A1_B1[1]] })),
  corruption('sinking a ship without the shot cell', (l) => ({
    ...l,
    layout: undefined,
    shots: [
      { cell: [0, 0], result: 'hit' },
      { cell: [2, 2], result: 'sunk', sunk: [[0, 0]] },
    ],
  })),
  corruption('sinking a length twice', (l) => ({
    ...l,
    layout: undefined,
    shots: [
      { cell: [0, 0], result: 'sunk', sunk: [[0, 0]] },
      { cell: [2, 2], result: 'sunk', sunk: [[2, 2]] },
    ],
  })),
  corruption('a layout that overlaps', (l) => ({
    ...l,
    shots: [],
    layout: [
      [
        [0, 0],
        [0, 1],
      ],
      [[0, 0]],
    ],
  })),
  corruption('a layout that touches (no-touch)', (l) => ({
    ...l,
    shots: [],
    layout: [
      [
        [0, 0],
        [0, 1],
      ],
      [[1, 2]],
    ],
  })),
  corruption('a layout against a miss', (l) => ({
    ...l,
    shots: [{ cell: [3, 3], result: 'miss' }],
  })),
  corruption('a layout of 1e6 ships', (l) => ({ ...l, shots: [], layout: Array(1e6).fill([]) })),
  corruption('a layout of 1e9 (sparse)', (l) => ({ ...l, shots: [], layout: new Array(1e9) })),
  corruption('opponent 42', (l) => ({ ...l, opponent: 42 })),
  corruption('opponent of 10 MB', (l) => ({ ...l, opponent: HUGE_STRING })),
  corruption('firedBy "them"', (l) => ({ ...l, firedBy: 'them' })),
  corruption('playedAt "yesterday"', (l) => ({ ...l, playedAt: 'yesterday' })),
  corruption('playedAt of 10 MB', (l) => ({ ...l, playedAt: HUGE_STRING })),
  corruption('own __proto__ holding the shots, no shots', ({ shots, ...l }) =>
    withKey(l, '__proto__', { shots }),
  ),
];

export const HOSTILE_LOGS: readonly Case[] = [
  ...LOG_CORRUPTIONS.map((c) => labelled(c.label, c.value(VALID_LOG))),
  ...HOSTILE_RULES.map((r) => labelled(`rules: ${r.label}`, { ...VALID_LOG, rules: r.value })),
];
export const hostileGameLog: fc.Arbitrary<Case> = cases(HOSTILE_LOGS);

const exact = new WeakMap<readonly Case[], Case[]>();

/** The cases whose value survives JSON unchanged: what a file or an HTTP body can carry. */
export function jsonCases(list: readonly Case[]): Case[] {
  let out = exact.get(list);
  if (!out) exact.set(list, (out = list.filter((c) => jsonExact(c.value))));
  return out;
}

/** Shots the API's shot schema refuses. */
export const HOSTILE_SHOTS: readonly Case[] = [
  labelled('cell [-1, 0]', { cell: [-1, 0], result: 'miss' }),
  labelled('cell [0.5, 0]', { cell: [0.5, 0], result: 'miss' }),
  labelled('cell [NaN, 0]', { cell: [NaN, 0], result: 'miss' }),
  labelled('cell [Infinity, 0]', { cell: [Infinity, 0], result: 'miss' }),
  labelled('cell ["a", 0]', { cell: ['a', 0], result: 'miss' }),
  labelled('cell [0, 0, 0]', { cell: [0, 0, 0], result: 'miss' }),
  labelled('cell "A1"', { cell: 'A1', result: 'miss' }),
  labelled('result "boom"', { cell: [0, 0], result: 'boom' }),
  labelled('no result', { cell: [0, 0] }),
  labelled('sunk of 27 cells', { cell: [0, 0], result: 'sunk', sunk: Array(27).fill([0, 0]) }),
  labelled('sunk of 1e9 (sparse)', { cell: [0, 0], result: 'sunk', sunk: new Array(1e9) }),
  labelled('an extra key', { cell: [0, 0], result: 'miss', extra: 1 }),
  labelled('own __proto__', withKey({ cell: [0, 0], result: 'miss' }, '__proto__', POLLUTION)),
  labelled('turn -1', { cell: [0, 0], result: 'miss', turn: -1 }),
  labelled('turn 1.5', { cell: [0, 0], result: 'miss', turn: 1.5 }),
  labelled('turn "1"', { cell: [0, 0], result: 'miss', turn: '1' }),
  labelled('turn 677', { cell: [0, 0], result: 'miss', turn: 677 }),
  labelled('ship by name', { cell: [0, 0], result: 'hit', ship: 'Carrier' }),
  labelled('ship -1 on a hit', { cell: [0, 0], result: 'hit', ship: -1 }),
  labelled('volley null', { volley: null }),
  labelled('volley without answer', { volley: { cells: [[0, 0]] } }),
  labelled('volley with two answers', { volley: { cells: [[0, 0]], hitCount: 0, hitShips: [] } }),
  labelled('volley cells "A1"', { volley: { cells: 'A1', hitCount: 0 } }),
  labelled('volley cell [0.5, 0]', { volley: { cells: [[0.5, 0]], hitCount: 0 } }),
  labelled('volley of 677 cells', { volley: { cells: Array(677).fill([0, 0]), hitCount: 0 } }),
  labelled('volley cells of 1e9 (sparse)', { volley: { cells: new Array(1e9), hitCount: 0 } }),
  labelled('volley hitCount -1', { volley: { cells: [[0, 0]], hitCount: -1 } }),
  labelled('volley hits a list', { volley: { cells: [[0, 0]], hits: [1] } }),
  labelled('volley hits 1.5', { volley: { cells: [[0, 0]], hits: { Carrier: 1.5 } } }),
  labelled('volley hits polluted', {
    volley: { cells: [[0, 0]], hits: withKey({}, '__proto__', POLLUTION) },
  }),
  labelled('volley hitShips of a number', { volley: { cells: [[0, 0]], hitShips: [1] } }),
  labelled('volley sunk of a 10 MB name', {
    volley: { cells: [[0, 0]], hitCount: 1, sunk: [HUGE_STRING] },
  }),
  labelled('volley with an extra key', { volley: { cells: [[0, 0]], hitCount: 0, extra: 1 } }),
  labelled('volley and a cell', { volley: { cells: [[0, 0]], hitCount: 0 }, cell: [0, 0] }),
];

/** Grids the API's grid schema refuses (more than 26 rows or columns, not finite numbers). */
export const HOSTILE_GRIDS: readonly Case[] = [
  labelled('27 rows', Array(27).fill([1])),
  labelled('a row of 27', [Array(27).fill(1)]),
  labelled('a NaN weight', [[1, NaN]]),
  labelled('an Infinity weight', [[1, Infinity]]),
  labelled('a string weight', [[1, '2']]),
  labelled('rows that are strings', ['11', '11']),
  labelled('1000x1000', Array(1000).fill(Array(1000).fill(1))),
];
