// `simulate --first-game` and `broadside merge` as users run them: the built bin, real report
// files, the real worker pool. A long run split into slices (played in any order, on any number of
// threads) and merged prints the report of the long run; only timings differ.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'broadside-merge-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const rules = write('rules.json', { width: 6, height: 6, fleet: [3, 2, 2], touch: 'no-touch' });
const base = [
  'simulate',
  '--rules',
  rules,
  '--strategy',
  'random,parity,hunt-target',
  '--seed',
  '7',
];

function simulate(extra: string[]): string {
  const r = broadside([...base, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Saves the --json report of games first..first+games-1 and returns its file. */
function slice(name: string, first: number, games: number, threads = '1'): string {
  const out = simulate([
    '--first-game',
    String(first),
    '--games',
    String(games),
    '--threads',
    threads,
    '--json',
  ]);
  return write(name, out);
}

/** The --json text without its timings (milliseconds, wall clock, threads). */
function withoutTimings(json: string): string {
  const report = JSON.parse(json) as Record<string, unknown>;
  delete report.wallMs;
  delete report.threads;
  // Which engine answered is the run's, as its timings are (a merge reports neither).
  delete report.solverUsed;
  delete report.graphNote;
  for (const s of Object.values(report.strategies as Record<string, Record<string, unknown>>)) {
    for (const key of ['ms', 'msPerShot', 'msPerGame']) {
      expect(typeof s[key]).toBe('number');
      s[key] = 0;
    }
  }
  return JSON.stringify(report);
}

/** The printed table without its timings: the ms/shot column and the closing wall-clock line. */
function tableWithoutTimings(text: string): string {
  return text
    .trimEnd()
    .replace(/\n\n[\d.]+ s on \d+ threads: .*$/, '')
    .replace(/^((?:strategy|random|parity|hunt-target)\s.*?)\s+(?:ms\/shot|[\d.]+)$/gm, '$1');
}

describe('simulate --first-game and merge', () => {
  const a = slice('a.json', 0, 20);
  const b = slice('b.json', 20, 20, '2');
  const c = slice('c.json', 40, 20);

  it('one run of games 0..59 equals the merge of 0..19, 20..39, 40..59 given out of order', () => {
    const whole = simulate(['--games', '60', '--threads', '2', '--json']);
    const merged = broadside(['merge', c, a, b, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toBe('');
    expect(withoutTimings(merged.stdout)).toBe(withoutTimings(whole));
    const report = JSON.parse(merged.stdout);
    expect(report).toMatchObject({ games: 60, firstGame: 0, seed: 7 });
    expect(report.wallMs).toBeUndefined();
    // The merged milliseconds are the parts' totals.
    const parts = [a, b, c].map((f) => JSON.parse(readReport(f)));
    const ms = parts.reduce((sum, p) => sum + p.strategies.parity.ms, 0);
    expect(report.strategies.parity.ms).toBeCloseTo(ms, 9);

    const table = broadside(['merge', b, c, a]);
    expect(table.code, table.stderr).toBe(0);
    const wholeTable = simulate(['--games', '60', '--threads', '1']);
    expect(tableWithoutTimings(table.stdout)).toBe(tableWithoutTimings(wholeTable));
    expect(table.stdout).toMatch(
      /^60 games per strategy \(6x6, fleet 3,2,2, no touching\), seed 7$/m,
    );
    expect(table.stdout).toMatch(/^parity\s+\d+\.\d\d\s+\d+\.\d\d\.\.\d+\.\d\d\s+/m);
    expect(table.stdout).toMatch(/^ {2}random - parity: \+\d+\.\d\d \(95% CI /m);
  });

  it('a slice reports its range; merging two later slices equals one run of that range', () => {
    const later = simulate(['--first-game', '20', '--games', '40', '--threads', '2', '--json']);
    expect(JSON.parse(later)).toMatchObject({ firstGame: 20, games: 40 });
    const merged = broadside(['merge', c, b, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(withoutTimings(merged.stdout)).toBe(withoutTimings(later));
    const text = broadside(['merge', c, b]).stdout;
    expect(text).toMatch(/^40 games per strategy \(.*\), seed 7 \(games 20\.\.59\)$/m);
    // One file alone prints its own table.
    const alone = broadside(['merge', b, '--json']);
    expect(withoutTimings(alone.stdout)).toBe(withoutTimings(readReport(b)));
  });

  it('refuses other settings, overlaps, gaps and files that are not reports: one clear line', () => {
    const otherSeed = write(
      'seed.json',
      simulate(['--games', '20', '--first-game', '20', '--seed', '8', '--json']),
    );
    const cases: [string[], RegExp][] = [
      [['merge'], /^broadside: merge: needs the simulate --json report files to join$/],
      [['merge', a, a], /a\.json: its games 0\.\.19 overlap games 0\.\.19 of .*a\.json$/],
      [
        ['merge', a, slice('d.json', 10, 20)],
        /d\.json: its games 10\.\.29 overlap games 0\.\.19 of .*a\.json$/,
      ],
      [
        ['merge', a, c],
        /c\.json: games 20\.\.39 are missing between .*a\.json and it \(play them with --first-game 20 --games 20\)$/,
      ],
      [['merge', a, otherSeed], /seed\.json: its seed differs from that of .*a\.json/],
      [
        [
          'merge',
          a,
          write(
            'strategies.json',
            broadside([
              'simulate',
              '--rules',
              rules,
              '--strategy',
              'random,parity',
              '--seed',
              '7',
              '--first-game',
              '20',
              '--games',
              '20',
              '--json',
            ]).stdout,
          ),
        ],
        /strategies\.json: its strategies differs from that of .*a\.json/,
      ],
      [
        [
          'merge',
          a,
          write(
            'answers.json',
            simulate(['--first-game', '20', '--games', '20', '--answers', 'hit-miss', '--json']),
          ),
        ],
        /answers\.json: its answers differs from that of .*a\.json/,
      ],
      [['merge', a, join(dir, 'gone.json')], /gone\.json: cannot read it \(no such file\)$/],
      [['merge', write('bad.json', '{')], /bad\.json: is not valid JSON/],
      [
        ['merge', write('other.json', { layouts: 3 })],
        /other\.json: is not a `broadside simulate --json` report$/,
      ],
      [
        ['merge', write('old.json', { ...JSON.parse(readReport(a)), firstGame: undefined })],
        /old\.json: has no game range \(firstGame\): it was made before reports could be merged$/,
      ],
      [
        ['merge', write('edited.json', readReport(a).replace('"games":20', '"games":21'))],
        /edited\.json: strategies\["random"\]\.histogram counts 20 games, the report says 21$/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--first-game=-1'],
        /--first-game: must be a whole number from 0 to /,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--first-game', '2.5'],
        /--first-game: must be a whole number/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = broadside(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^broadside: /);
      expect(r.stderr.trimEnd()).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('a slice is checked as strictly as any input', () => {
  it('refuses odd histogram keys, impossible counts and times, inconsistent sums, bad bots', () => {
    const good = JSON.parse(readFileSync(slice('strict.json', 0, 12), 'utf8')) as {
      strategies: Record<string, { histogram: Record<string, number>; ms: number }>;
      paired: { sum: number; sumOfSquares: number }[];
    };
    const edited = (name: string, edit: (r: typeof good) => void): string => {
      const copy = structuredClone(good);
      edit(copy);
      return write(name, copy);
    };
    /** The random strategy's histogram with its first key written as `key` instead. */
    const rekey = (name: string, key: (k: string) => string) =>
      edited(name, (r) => {
        const h = r.strategies['random']!.histogram;
        const [k, n] = Object.entries(h)[0]!;
        delete h[k];
        h[key(k)] = n;
      });
    const bots = (byKind: unknown) => ({
      timeoutMs: 2000,
      shooters: { x: { argv: ['x'], forfeits: 0, byKind } },
      placer: null,
      faults: [],
      faultCount: 0,
    });
    const cases: [string, RegExp][] = [
      [rekey('padded.json', (k) => `0${k}`), /has the key "0\d+", not a whole number of shots$/],
      [rekey('empty-key.json', () => ''), /has the key "", not a whole number of shots$/],
      [rekey('hex.json', (k) => `0x${Number(k).toString(16)}`), /has the key "0x[0-9a-f]+"/],
      [rekey('float.json', (k) => `${k}.0`), /has the key "\d+\.0"/],
      [rekey('spaced.json', (k) => ` ${k}`), /has the key " \d+"/],
      [
        rekey('million.json', () => '1000000'),
        /strategies\["random"\]\.histogram has games of 1000000 shots, outside 1\.\.36 on this board$/,
      ],
      [
        edited('negative-ms.json', (r) => (r.strategies['random']!.ms = -5)),
        /strategies\["random"\]\.ms is -5, not a time of 0 ms or more$/,
      ],
      [
        edited('squares.json', (r) => (r.paired[0]!.sumOfSquares = 0)),
        /paired\[0\]: sum -?\d+ and sumOfSquares 0 cannot come from \d+ games with a difference$/,
      ],
      [
        edited('bykind.json', (r) => Object.assign(r, { bots: bots(null) })),
        /bots\.shooters\["x"\]\.byKind is not fault kind -> games$/,
      ],
      [
        edited('forfeits.json', (r) => Object.assign(r, { bots: bots({ timeout: 2 }) })),
        /bots\.shooters\["x"\]\.byKind adds up to 2, its forfeits are 0$/,
      ],
    ];
    // the unedited slice merges, so each refusal is the edit's
    expect(broadside(['merge', write('strict-ok.json', good)]).code).toBe(0);
    for (const [file, message] of cases) {
      const r = broadside(['merge', file]);
      expect(r.code, file).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd(), file).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

function readReport(file: string): string {
  return readFileSync(file, 'utf8');
}
