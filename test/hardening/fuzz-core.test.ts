// Fuzzing the core parsers directly (parsePosition, the text form, parseGameLog, parseRules):
// every hostile input is refused with an InputError that names where it is wrong, in a message
// of bounded length; nothing else is ever thrown (no TypeError, no stack overflow, no hang).

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import { parseGameLog } from '../../src/core/game-log';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, parseJsonText } from '../../src/core/json-text';
import { parsePosition, parsePositionSource, parsePositionText } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import {
  HOSTILE_RULES,
  HUGE_STRING,
  POLLUTION,
  assertNotPolluted,
  cases,
  deepJsonText,
  HOSTILE_POSITIONS,
  hostileGameLog,
  hostilePosition,
  jsonCases,
  labelled,
  prototypeSnapshot,
  type Case,
} from '../support/hostile';

const MAX_MESSAGE = 1000;
const tried: Record<string, number> = {};
const protoBefore = prototypeSnapshot();

afterAll(() => {
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.log(
    `fuzz (core parsers): ${total} inputs: ${Object.entries(tried)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
});

/** The parse must throw an InputError naming where, with a short message. */
function refused(family: string, parse: () => unknown): InputError {
  tried[family] = (tried[family] ?? 0) + 1;
  let error: unknown;
  try {
    parse();
  } catch (e) {
    error = e;
  }
  if (!(error instanceof InputError)) {
    throw new Error(`expected an InputError, got ${error === undefined ? 'success' : error}`);
  }
  expect(error.where).not.toBe('');
  expect(error.message.length).toBeLessThan(MAX_MESSAGE);
  return error;
}

/** The parse may succeed or throw an InputError; anything else is a crash. */
function noCrash(family: string, parse: () => unknown): void {
  tried[family] = (tried[family] ?? 0) + 1;
  try {
    parse();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message.length).toBeLessThan(MAX_MESSAGE);
  }
}

const RUNS = { numRuns: 300, endOnFailure: true };

describe('positions (JSON form)', () => {
  it('refuses every hostile position with an InputError naming the field', () => {
    fc.assert(
      fc.property(hostilePosition, (c) => {
        refused('positions', () => parsePosition(c.value));
      }),
      RUNS,
    );
    assertNotPolluted(protoBefore);
  });

  it('refuses boards of 0x0 and 1000x1000, fleets that cannot fit, bad presets', () => {
    for (const r of HOSTILE_RULES) {
      const e = refused('rules', () => parseRules(r.value));
      expect(e.where, r.label).toMatch(/^rules/);
    }
    expect(refused('rules', () => parseRules({ width: 0, height: 0, fleet: [1] })).message).toBe(
      'rules.width: must be a whole number from 2 to 26, got 0',
    );
    expect(
      refused('rules', () =>
        parsePosition({
          rules: { width: 3, height: 3, fleet: [2, 2, 2], touch: 'no-touch' },
        }),
      ).message,
    ).toMatch(/^rules.fleet: the fleet 2,2,2 cannot be placed/);
    expect(refused('rules', () => parseRules('constructor')).message).toMatch(
      /^rules.preset: unknown preset "constructor"/,
    );
    expect(refused('rules', () => parseRules({ preset: HUGE_STRING })).message).toMatch(
      /^rules.preset: unknown preset a string of 10485760 characters/,
    );
  });

  it('arbitrary structures with the format field names: an InputError or a position, no crash', () => {
    const keys = fc.constantFrom(
      'rules',
      'board',
      'sunk',
      'width',
      'height',
      'fleet',
      'touch',
      'preset',
      'prior',
      'sunkReported',
      'named',
      'volleys',
      'cells',
      'hits',
      'hitShips',
      'hitCount',
      'length',
      'name',
      '__proto__',
      'constructor',
      'prototype',
    );
    fc.assert(
      fc.property(
        fc.anything({ key: keys, maxDepth: 4, withBigInt: true, withMap: true, withSet: true }),
        (raw) => noCrash('structures', () => parsePosition(raw)),
      ),
      { numRuns: 500, endOnFailure: true },
    );
    assertNotPolluted(protoBefore);
  });
});

describe('positions (text form and JSON text)', () => {
  const headers: Case<string>[] = [
    labelled('no header', ''),
    labelled('1000x1000', 'rules: 1000x1000 fleet=5'),
    labelled('0x0', 'rules: 0x0 fleet=1'),
    labelled('an empty fleet', 'rules: 10x10 fleet='),
    labelled('a ship of 99', 'rules: 10x10 fleet=99'),
    labelled('a fleet that cannot fit', 'rules: 3x3 fleet=2,2,2 touch=no-touch'),
    labelled('touch sideways', 'rules: 10x10 fleet=5 touch=sideways'),
    labelled('preset constructor', 'rules: constructor'),
    labelled('preset __proto__', 'rules: __proto__'),
    labelled('a huge size', 'rules: 99999999999999999999x3 fleet=1'),
  ];
  /** Megabytes each: tried once each rather than hundreds of times. */
  const hugeHeaders: Case<string>[] = [
    labelled('a 10 MB header', `rules: ${HUGE_STRING}`),
    labelled('a 1e6-ship fleet', `rules: 26x26 fleet=${'1,'.repeat(1e6)}`),
  ];
  const bodies: Case<string>[] = [
    labelled('no rows', ''),
    labelled('1000 rows of 1000', Array(1000).fill('.'.repeat(1000)).join('\n')),
    labelled('26 rows of 26 (classic header)', Array(26).fill('.'.repeat(26)).join('\n')),
    labelled('unknown marks', Array(10).fill('?.........').join('\n')),
    labelled('NUL bytes', Array(10).fill('\u0000'.repeat(10)).join('\n')),
    labelled(
      'two sunk 4s in classic',
      ['####......', '..........', '####......', ...Array(7).fill('..........')].join('\n'),
    ),
    labelled('a sunk 6', ['######....', ...Array(9).fill('..........')].join('\n')),
  ];

  it('refuses hostile text positions', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(cases(headers), cases(bodies)),
          fc.tuple(cases([labelled('classic', 'rules: classic')]), cases(bodies)),
          fc.tuple(
            cases(headers),
            fc.string({ maxLength: 200 }).map((s) => labelled(s, s)),
          ),
        ),
        ([h, b]) => {
          refused('text', () => parsePositionText(`${h.value}\n${b.value}`));
        },
      ),
      RUNS,
    );
    for (const h of hugeHeaders) refused('text', () => parsePositionText(`${h.value}\n`));
    refused('text', () => parsePositionText(`rules: classic\n${HUGE_STRING}`));
  });

  it('refuses hostile JSON text: bad JSON, 10,000-deep nesting, hostile positions', () => {
    for (const text of [
      `{"rules": ${deepJsonText()}}`,
      `{"rules": ${deepJsonText(10_000, 'object')}}`,
      deepJsonText(100_000, 'object'),
      `{"rules": "${HUGE_STRING}"}`,
    ]) {
      refused('json text', () => parsePositionSource(text));
    }
    const texts: fc.Arbitrary<Case<string>> = fc.oneof(
      cases([
        labelled('{', '{'),
        labelled('{"rules": }', '{"rules": }'),
        labelled('NaN literal', '{"rules": {"width": NaN}}'),
        labelled('a BOM, then bad JSON', '\uFEFF{"rules": "classic",}'),
      ]),
      cases(
        jsonCases(HOSTILE_POSITIONS).filter((c) => typeof c.value === 'object' && c.value !== null),
      ).map((c) => labelled(c.label, JSON.stringify(c.value))),
    );
    fc.assert(
      fc.property(texts, (c) => {
        refused('json text', () => parsePositionSource(c.value));
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});

describe('JSON text nesting', () => {
  it('is measured by a linear scan; deeper than 64 levels is refused before parsing', () => {
    expect(jsonNestsDeeperThan(deepJsonText(64))).toBe(false);
    expect(jsonNestsDeeperThan(deepJsonText(65))).toBe(true);
    expect(jsonNestsDeeperThan(deepJsonText(65, 'object'))).toBe(true);
    // Brackets inside strings, escaped quotes included, do not count.
    expect(jsonNestsDeeperThan(`{"a": "${'['.repeat(100)}\\"${'{'.repeat(100)}"}`)).toBe(false);
    // A 64 MB bracket bomb (32 million levels: seconds and gigabytes to parse) is refused at once.
    const bomb = `{"rules": ${'['.repeat(32_000_000)}${']'.repeat(32_000_000)}}`;
    const e = refused('json text', () => parsePositionSource(bomb));
    expect(e.message).toBe(`position: nests more than ${MAX_JSON_DEPTH} levels deep`);
    expect(refused('json text', () => parseJsonText('{"a": [1, 2', 'x')).message).toMatch(
      /^x: is not valid JSON/,
    );
  });
});

describe('game logs', () => {
  it('refuses every hostile game log, naming the shot or field at fault', () => {
    fc.assert(
      fc.property(hostileGameLog, (c) => {
        const e = refused('game logs', () => parseGameLog(c.value));
        expect(e.where, c.label).toMatch(/^game/);
      }),
      RUNS,
    );
    expect(
      refused('game logs', () =>
        parseGameLog({
          rules: { width: 4, height: 4, fleet: [2, 1] },
          shots: [
            { cell: [0, 0], result: 'miss' },
            { cell: [0, 0], result: 'hit' },
          ],
        }),
      ).message,
    ).toBe('game shot 2 (A1): fires at a cell already shot');
  });

  it('arbitrary structures with the log field names: an InputError or a log, no crash', () => {
    const keys = fc.constantFrom(
      'opponent',
      'rules',
      'firedBy',
      'shots',
      'cell',
      'result',
      'sunk',
      'layout',
      'playedAt',
      'preset',
      '__proto__',
      'constructor',
    );
    fc.assert(
      fc.property(fc.anything({ key: keys, maxDepth: 4 }), (raw) =>
        noCrash('log structures', () => parseGameLog(raw)),
      ),
      { numRuns: 500, endOnFailure: true },
    );
    expect(
      refused('game logs', () =>
        parseGameLog(JSON.parse('{"__proto__": {"rules": {"preset": "classic"}}, "shots": []}')),
      ).message,
    ).toBe('game.rules: is missing');
    assertNotPolluted(protoBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(POLLUTION.polluted).toBe('yes');
  });
});
