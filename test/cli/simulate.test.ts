// `broadside simulate` as users run it: the built bin, real files, the real worker pool.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { namedRules } from '../support/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'broadside-simulate-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('simulate with prior weights far from 1', () => {
  it('a uniform prior of 1e308 (fleets and shooters) plays exactly the games of no prior', () => {
    const rules = write('small-rules.json', { width: 6, height: 6, fleet: [3, 2] });
    const huge = write(
      'huge.json',
      Array.from({ length: 6 }, () => Array(6).fill(1e308)),
    );
    const args = ['simulate', '--rules', rules, '--strategy', 'greedy,pdf', '--games', '30'];
    const histograms = (out: string) => {
      const s = JSON.parse(out).strategies as Record<string, Record<string, unknown>>;
      return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.histogram]));
    };
    const plain = broadside([...args, '--threads', '1', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    for (const extra of [
      ['--prior', huge],
      ['--shooter-prior', huge],
    ]) {
      const r = broadside([...args, ...extra, '--threads', '1', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(histograms(r.stdout)).toEqual(histograms(plain.stdout));
    }
  });
});

describe('broadside simulate', () => {
  it('--json: per strategy mean, ci95, median, p90, max, histogram, msPerShot; paired differences', () => {
    const args = ['simulate', '--rules', 'classic', '--strategy', 'random,pdf', '--games', '40'];
    const r = broadside([...args, '--seed', '3', '--threads', '2', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ games: 40, seed: 3, prior: false, rules: { preset: 'classic' } });
    expect(Object.keys(json.strategies)).toEqual(['random', 'pdf']);
    for (const s of Object.values(json.strategies) as Record<string, unknown>[]) {
      for (const key of ['mean', 'median', 'p90', 'max', 'msPerShot']) {
        expect(typeof s[key]).toBe('number');
      }
      const ci = s.ci95 as number[];
      expect(ci).toHaveLength(2);
      expect(ci[0]).toBeLessThan(s.mean as number);
      expect(ci[1]).toBeGreaterThan(s.mean as number);
      const histogram = s.histogram as Record<string, number>;
      expect(Object.values(histogram).reduce((a, b) => a + b, 0)).toBe(40);
      expect(Object.keys(histogram).every((k) => /^\d+$/.test(k))).toBe(true);
      expect(Math.max(...Object.keys(histogram).map(Number))).toBe(s.max);
    }
    expect(json.paired).toHaveLength(1);
    expect(json.paired[0]).toMatchObject({ a: 'random', b: 'pdf', games: 40 });
    expect(json.paired[0].meanDifference).toBeGreaterThan(30);
    // The same seed gives the same games (timings aside), on any number of threads.
    const again = JSON.parse(
      broadside([...args, '--seed', '3', '--threads', '1', '--json']).stdout,
    );
    for (const name of ['random', 'pdf']) {
      expect(again.strategies[name].histogram).toEqual(json.strategies[name].histogram);
    }
    expect(again.paired).toEqual(json.paired);
  });

  it('prints a readable table without --json', () => {
    const r = broadside(['simulate', '--strategy', 'parity', '--games', '20', '--threads', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /20 games per strategy \(classic: 10x10, fleet 5,4,3,3,2, ships may touch\), seed 1/,
    );
    expect(r.stdout).toMatch(/^strategy\s+mean\s+95% CI\s+median\s+p90\s+min\s+max\s+ms\/shot$/m);
    expect(r.stdout).toMatch(/^parity\s+\d+\.\d\d\s+\d+\.\d\d\.\.\d+\.\d\d\s+/m);
  });

  it('--progress: progress lines on standard error even when it is not a terminal', () => {
    const args = ['simulate', '--strategy', 'pdf', '--games', '12', '--threads', '2', '--json'];
    const r = broadside([...args, '--progress']);
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(/^simulating: \d+ of 12 games, \d+ s$/);
    expect(lines.at(-1)).toMatch(/^simulating: 12 of 12 games, /);
    expect(JSON.parse(r.stdout).games).toBe(12);
  });

  it('takes rules from a JSON file and fleets from a prior grid file', () => {
    const rules = write('rules.json', { width: 6, height: 6, fleet: [3, 2, 2], touch: 'no-touch' });
    const grid = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => (r === 0 || c === 0 ? 3 : 1)),
    );
    const prior = write('prior.json', grid);
    const r = broadside([
      'simulate',
      '--rules',
      rules,
      '--strategy',
      'greedy,pdf',
      '--games',
      '10',
      '--prior',
      prior,
      '--threads',
      '1',
      '--also-uninformed',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.prior).toBe(true);
    expect(Object.keys(json.strategies)).toEqual([
      'greedy',
      'pdf',
      'greedy (uninformed)',
      'pdf (uninformed)',
    ]);
    // pdf never reads the prior: told or not, it plays the same games.
    const pdf = json.paired.find(
      (p: { a: string; b: string }) => p.a === 'pdf' && p.b === 'pdf (uninformed)',
    );
    expect(pdf).toMatchObject({ a: 'pdf', meanDifference: 0, equal: 10 });
    expect(json.rules).toEqual({ width: 6, height: 6, fleet: [3, 2, 2], touch: 'no-touch' });
    expect(json.strategies.greedy.games).toBe(10);
  });

  it('--shooter-prior: the shooters are told a grid, the fleets stay uniform', () => {
    const rules = write('told.json', { width: 6, height: 6, fleet: [3, 2, 2], touch: 'no-touch' });
    // A grid that insists ships hug the top row and the left column: wrong for uniform fleets.
    const grid = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => (r === 0 || c === 0 ? 20 : 1)),
    );
    const told = write('told-prior.json', { grid });
    const base = ['simulate', '--rules', rules, '--games', '16', '--threads', '1'];
    const r = broadside([
      ...base,
      ...['--strategy', 'greedy,pdf', '--shooter-prior', told, '--also-uninformed', '--json'],
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ prior: false, shooterPrior: true, fleets: 'uniform' });
    // Told nothing, greedy meets the same uniform fleets as in a run without any prior.
    const plain = JSON.parse(broadside([...base, '--strategy', 'greedy', '--json']).stdout);
    expect(json.strategies['greedy (uninformed)'].histogram).toEqual(
      plain.strategies.greedy.histogram,
    );
    // Told the grid, greedy plays other games; pdf never reads a prior.
    const pair = (a: string, b: string): { equal: number } =>
      json.paired.find((p: { a: string; b: string }) => p.a === a && p.b === b);
    expect(pair('greedy', 'greedy (uninformed)').equal).toBeLessThan(16);
    expect(pair('pdf', 'pdf (uninformed)').equal).toBe(16);
    const table = broadside([...base, '--strategy', 'greedy', '--shooter-prior', told]);
    expect(table.stdout).toMatch(/16 games per strategy .*, shooters told their own prior/);
  });

  it('--answers hit-miss: no sink reports; the report says so and the shooters still finish', () => {
    const rules = write('margin6.json', { width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' });
    const args = ['simulate', '--rules', rules, '--strategy', 'greedy,margin-count,hunt-target'];
    const r = broadside([...args, '--games', '12', '--threads', '1', '--answers', 'hit-miss']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /12 games per strategy .*, answers hit\/miss only \(no sink reports\)/,
    );
    const json = JSON.parse(
      broadside([...args, '--games', '12', '--answers', 'hit-miss', '--json']).stdout,
    );
    expect(json.answers).toBe('hit-miss');
    for (const s of Object.values(json.strategies) as { min: number; max: number }[]) {
      expect(s.min).toBeGreaterThanOrEqual(5);
      expect(s.max).toBeLessThanOrEqual(36);
    }
    // Hunt/target never reads sink reports: with or without them it plays the same games.
    const told = JSON.parse(broadside([...args, '--games', '12', '--json']).stdout);
    expect(told.answers).toBe('sunk');
    expect(told.strategies['hunt-target'].histogram).toEqual(
      json.strategies['hunt-target'].histogram,
    );
  });

  it('--fleets sequential: ships placed one at a time; other fleets than uniform, same seed', () => {
    const args = ['simulate', '--strategy', 'random', '--games', '30', '--threads', '1', '--json'];
    const placed = JSON.parse(broadside([...args, '--fleets', 'sequential']).stdout);
    const uniform = JSON.parse(broadside(args).stdout);
    expect(placed.fleets).toBe('sequential');
    expect(uniform.fleets).toBe('uniform');
    expect(placed.strategies.random.histogram).not.toEqual(uniform.strategies.random.histogram);
    const text = broadside([...args.slice(0, -1), '--fleets', 'sequential']).stdout;
    expect(text).toMatch(/seed 1, fleets placed ship by ship/);
  });

  it('validates every argument strictly: exit 2 with one clear line, never a stack trace', () => {
    const cases: [string[], RegExp][] = [
      [['simulate'], /--strategy: needs a comma-separated list \(known: random, hunt-target, /],
      [['simulate', '--strategy', 'pdf,magic'], /--strategy: unknown strategy "magic"/],
      [['simulate', '--strategy', 'pdf,,greedy'], /--strategy: has an empty name/],
      [['simulate', '--strategy', 'pdf,pdf'], /--strategy: lists "pdf" twice/],
      [
        ['simulate', '--strategy', 'pdf', '--also-uninformed'],
        /--also-uninformed: compares knowing a prior with not: give --prior or --shooter-prior/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--shooter-prior', write('s.json', [[1, 2]])],
        /--shooter-prior .*s\.json: must be 10 rows of 10 positive numbers/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--shooter-prior', join(dir, 'gone.json')],
        /--shooter-prior: .* neither a preset .* nor a readable file/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--games', '0'],
        /--games: must be a whole number from 1 to/,
      ],
      [['simulate', '--strategy', 'pdf', '--games', '1e3'], /--games: must be a whole number/],
      [['simulate', '--strategy', 'pdf', '--seed=-1'], /--seed: must be a whole number from 0/],
      [
        ['simulate', '--strategy', 'pdf', '--seed', '4294967296'],
        /--seed: must be .* to 4,294,967,295/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--threads', '0'],
        /--threads: must be a whole number from 1/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--rules', 'nosuch'],
        /--rules: "nosuch" is neither a preset/,
      ],
      [['simulate', '--strategy', 'pdf', '--rules', write('bad.json', '{')], /is not valid JSON/],
      [
        [
          'simulate',
          '--strategy',
          'pdf',
          '--rules',
          write('r.json', { width: 1, height: 5, fleet: [2] }),
        ],
        /r\.json: rules\.width: must be a whole number from 2 to 26, got 1$/m,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--prior', join(dir, 'missing.json')],
        /--prior: .* neither a preset .* nor a readable file/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--prior', write('p.json', [[1, 2]])],
        /must be 10 rows of 10 positive numbers/,
      ],
      [['simulate', '--strategy', 'pdf', 'extra.json'], /simulate: takes no file, got extra.json/],
      [
        ['simulate', '--strategy', 'pdf', '--answers', 'maybe'],
        /--answers: must be single or sunk or hit-miss or named or volley-hits or volley-ships or volley-count .*, got maybe/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--fleets', 'biased'],
        /--fleets: must be uniform or sequential \(uniform: every legal layout .*, got biased/,
      ],
      [
        ['simulate', '--strategy', 'pdf', '--bogus'],
        /simulate: unknown option --bogus \(simulate takes --rules, --strategy, /,
      ],
    ];
    for (const [args, message] of cases) {
      const r = broadside(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^broadside: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('simulate --salvo K --answers KIND', () => {
  const small = write('salvo-rules.json', namedRules(6, 6, { Cruiser: 3, Destroyer: 2 }));
  const base = ['simulate', '--rules', small, '--games', '12', '--threads', '1'];

  it('plays K shots a turn and reports turns per strategy and paired, in JSON and text', () => {
    const args = [...base, '--strategy', 'random,pdf', '--salvo', '4'];
    const r = broadside([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.salvo).toBe(4);
    expect(report.answers).toBe('sunk');
    for (const s of Object.values(report.strategies) as {
      sum: number;
      turns: { sum: number; histogram: Record<string, number> };
    }[]) {
      // every turn but the last fires 4 cells
      expect(s.turns.sum).toBeGreaterThanOrEqual(s.sum / 4);
      expect(s.turns.sum).toBeLessThan(s.sum / 4 + 12);
      expect(Object.values(s.turns.histogram).reduce((a, b) => a + b, 0)).toBe(12);
    }
    expect(report.paired[0].turns.aFewer + report.paired[0].turns.bFewer).toBeLessThanOrEqual(12);
    const text = broadside(args);
    expect(text.stdout).toMatch(/12 games per strategy .*, salvos of 4 shots per turn/);
    expect(text.stdout).toMatch(/^strategy\s+turns\s+95% CI/m);
    expect(text.stdout).toMatch(/paired differences in turns .*\n {2}random - pdf: [+-]\d/);
  });

  it('single is the usual game: the same report as no --answers, with no salvo or turns', () => {
    const args = [...base, '--strategy', 'pdf,random', '--json'];
    const plain = JSON.parse(broadside(args).stdout);
    const single = JSON.parse(broadside([...args, '--answers', 'single', '--salvo', '1']).stdout);
    const untimed = (r: Record<string, unknown>): string =>
      JSON.stringify(r, (k, v: unknown) => (k.startsWith('ms') || k === 'wallMs' ? 0 : v));
    expect(untimed(single)).toBe(untimed(plain));
    expect(single.salvo).toBeUndefined();
    expect(single.strategies.pdf.turns).toBeUndefined();
  });

  it('volley answers: each turn answered as one volley; the fleet must name its ships', () => {
    const args = [...base, '--strategy', 'random', '--salvo', '5', '--json'];
    const counted = JSON.parse(broadside([...args, '--answers', 'volley-count']).stdout);
    expect(counted.answers).toBe('volley-count');
    expect(counted.salvo).toBe(5);
    // random ignores every answer: the same cells in every kind of answer
    const plain = JSON.parse(broadside(args).stdout);
    expect(counted.strategies.random.turns.histogram).toEqual(
      plain.strategies.random.turns.histogram,
    );
    const unnamed = write('unnamed.json', { width: 6, height: 6, fleet: [3, 2] });
    const r = broadside([
      'simulate',
      '--rules',
      unnamed,
      '--strategy',
      'random',
      '--answers',
      'named',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^broadside: answers: "named" names the ships, but ship 1 of the fleet has no name: use rules whose ships all have names/,
    );
  });

  it('refuses bad values and strategies that cannot play, with one clear line', () => {
    const cases: [string[], RegExp][] = [
      [['--strategy', 'pdf', '--salvo', '0'], /--salvo: must be a whole number from 1 to 100/],
      [['--strategy', 'pdf', '--salvo', 'five'], /--salvo: must be a whole number/],
      [['--strategy', 'pdf', '--salvo', '2.5'], /--salvo: must be a whole number/],
      [
        ['--strategy', 'pdf', '--salvo', '40'],
        /salvo: 40 shots per turn, but the board has 36 cells/,
      ],
      [
        ['--strategy', 'parity', '--salvo', '3'],
        /strategies: parity fires one shot per turn and cannot choose a salvo of 3 \(strategies that can: random, pdf, /,
      ],
      [
        ['--strategy', 'pdf', '--bot', 'me=sh -c true', '--salvo', '2'],
        /salvo: external bots fire one shot per turn: play salvos without bots/,
      ],
      [
        ['--strategy', 'random', '--bot', 'me=sh -c true', '--answers', 'named'],
        /answers: external bots are told sunk or hit-miss answers only, not "named"/,
      ],
      [
        ['--strategy', 'pdf', '--answers', 'volley-ships'],
        /strategies: pdf cannot read named hits or volleys, which "volley-ships" answers give/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = broadside([...base.slice(0, 3), ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^broadside: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
