// `broadside optimal` as users run it: the built command line in a child process.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { bruteOptimalTotalShots } from '../support/policy-brute';

const dir = mkdtempSync(join(tmpdir(), 'broadside-optimal-'));
const rulesFile = (name: string, rules: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(rules));
  return file;
};
const small = { width: 3, height: 3, fleet: [2, 2], touch: 'allowed' as const };

describe('broadside optimal', () => {
  it('--json prints exactly layouts, optimal and the strategies, optimal equal to brute force', () => {
    const r = broadside(['optimal', '--rules', rulesFile('small.json', small), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['layouts', 'optimal', 'strategies']);
    expect(Object.keys(json.strategies)).toEqual(['greedy', 'info', 'lookahead']);
    const brute = bruteOptimalTotalShots({
      ...small,
      fleet: small.fleet.map((length) => ({ length })),
    });
    expect(json.layouts).toBe(brute.layouts);
    expect(json.optimal).toBe(brute.totalShots / brute.layouts);
    for (const value of Object.values(json.strategies)) {
      expect(value).toBeGreaterThanOrEqual(json.optimal);
    }
    expect(json.strategies.greedy).toBeGreaterThan(json.optimal);
  });

  it('--strategy picks the columns; a readable table without --json', () => {
    const file = rulesFile('small.json', small);
    const json = JSON.parse(
      broadside(['optimal', '--rules', file, '--strategy', 'pdf,greedy', '--json']).stdout,
    );
    expect(Object.keys(json.strategies)).toEqual(['pdf', 'greedy']);
    const r = broadside(['optimal', '--rules', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/3x3, fleet 2,2, touch allowed: 44 layouts/);
    expect(r.stdout).toMatch(/^optimal\s+6\.2500/m);
    expect(r.stdout).toMatch(/^greedy\s+6\.3182\s+0\.0682/m);
  });

  it('values phased with a thinking budget (its draws are seeded by the position: one value)', () => {
    const file = rulesFile('two-ships.json', {
      width: 4,
      height: 4,
      fleet: [3, 2],
      touch: 'allowed',
    });
    const run = (): { strategies: Record<string, number> } =>
      JSON.parse(
        broadside(['optimal', '--rules', file, '--strategy', 'phased:200,phased', '--json']).stdout,
      );
    const json = run();
    expect(json.strategies['phased:200']).toBeCloseTo(8.8447, 4);
    expect(json.strategies['phased']).toBeCloseTo(8.822, 3);
    expect(run()).toEqual(json);
    const r = broadside(['optimal', '--rules', file, '--strategy', 'phased:0']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `broadside: --strategy: "phased:0": phased's budget must be 1 to 1,000,000 drawn layouts`,
    );
  });

  it('refuses a board too big to solve exactly, in one line, exit code 2', () => {
    const r = broadside(['optimal', '--rules', 'classic', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^broadside: rules: a 10x10 board has 100 cells, more than the 64/);
    const crowded = rulesFile('7x7.json', {
      width: 7,
      height: 7,
      fleet: [3, 3, 2],
      touch: 'allowed',
    });
    const r2 = broadside(['optimal', '--rules', crowded]);
    expect(r2.code).toBe(2);
    expect(r2.stderr.trim().split('\n')).toHaveLength(1);
    expect(r2.stderr).toMatch(
      /the 7x7 board with fleet 3,3,2 \(touch allowed\) has more than 5,000 layouts/,
    );
  });

  it('shows its progress with an estimate, and stops a board it cannot finish after a pilot', () => {
    // 5x5, ships 3,2,2, no-touch: 1,956 layouts, under the layout limit, but a search that ran
    // for many minutes with no output.
    const file = rulesFile('5x5-no-touch.json', {
      width: 5,
      height: 5,
      fleet: [3, 2, 2],
      touch: 'no-touch',
    });
    const r = broadside(['optimal', '--rules', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    const last = lines.pop()!;
    const refusal =
      /^broadside: exact optimal play on this board would not finish: after ([\d,]+) knowledge states it had settled [\d.]+% of the search, which projects to about [\d.]+ billion layout reads \(its measure of work\), more than the 10\.0 billion it may take; use a smaller board or fewer ships$/;
    expect(last).toMatch(refusal);
    // Stopped at a report after the pilot (20,000 states), each report before it a line with
    // its estimate, in order.
    const stoppedAt = Number(refusal.exec(last)![1]!.replaceAll(',', ''));
    expect(stoppedAt).toBeGreaterThanOrEqual(20_000);
    expect(lines.length).toBe(stoppedAt / 10_000 - 1);
    lines.forEach((line, i) => {
      expect(line).toMatch(
        /^optimal: [\d,]+ knowledge states, [\d.]+% of the search settled in \d+ (s|min|h), at most about [\d.]+ (s|min|h) left$/,
      );
      expect(line).toContain(`optimal: ${((i + 1) * 10_000).toLocaleString('en-US')} knowledge`);
    });
  });

  it('reports the progress of a longer search that finishes, its share settled only growing', () => {
    const file = rulesFile('4x4.json', { width: 4, height: 4, fleet: [3, 2], touch: 'allowed' });
    const r = broadside(['optimal', '--rules', file, '--strategy', 'greedy']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^optimal\s+8\.7462/m);
    expect(r.stdout).toMatch(/the search kept 42708 knowledge states/);
    const lines = r.stderr.trimEnd().split('\n');
    // A report every 10,000 states: 4 before the search ends at 42,708.
    expect(lines.map((l) => /^optimal: ([\d,]+) knowledge states/.exec(l)?.[1])).toEqual([
      '10,000',
      '20,000',
      '30,000',
      '40,000',
    ]);
    const settled = lines.map((l) => Number(/([\d.]+)% of the search settled/.exec(l)![1]));
    for (let i = 1; i < settled.length; i++)
      expect(settled[i]).toBeGreaterThanOrEqual(settled[i - 1]!);
    expect(settled[settled.length - 1]).toBeLessThanOrEqual(100);
  });

  it('refuses bad arguments with exit code 2', () => {
    const file = rulesFile('small.json', small);
    const cases: [string[], RegExp][] = [
      [['optimal'], /--rules: needs a preset name or a rules JSON file/],
      [['optimal', '--rules', file, '--strategy', 'nope'], /unknown strategy "nope"/],
      [['optimal', '--rules', file, '--strategy', 'random'], /"random" draws random numbers/],
      [['optimal', '--rules', file, '--strategy', 'parity'], /"parity" keeps state/],
      [['optimal', '--rules', rulesFile('bad.json', { ...small, width: 1 })], /width/],
    ];
    for (const [args, message] of cases) {
      const r = broadside(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
