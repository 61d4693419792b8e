// `broadside advise` as users run it: the built bin, real files. Their logged shooting always
// searches the top of the board first, so the advice must keep our ships low.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'broadside-advise-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const rules = { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' };
/** Their search: reading order from the top-left, the first 18 cells (the top three rows). */
const theirGame = (offset: number) => ({
  opponent: 'Topper',
  rules,
  firedBy: 'opponent',
  shots: Array.from({ length: 18 }, (_, k) => {
    const cell = (k + offset) % 18;
    return { cell: [Math.floor(cell / 6), cell % 6], result: 'miss' };
  }),
});
const gamesFile = write('theirs.json', [theirGame(0), theirGame(3), theirGame(7)]);

describe('broadside advise', () => {
  it('--json: a risk map high where they search first, layouts kept away from it', () => {
    const r = broadside(['advise', gamesFile, '--seed', '4', '--candidates', '400', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const advice = JSON.parse(r.stdout);
    expect(advice.games).toBe(3);
    expect(advice.risk).toHaveLength(6);
    const rowRisk = advice.risk.map((row: number[]) => row.reduce((a, b) => a + b, 0));
    expect(rowRisk[0]).toBeGreaterThan(rowRisk[5]);
    expect(advice.suggestions).toHaveLength(3);
    const [best] = advice.suggestions;
    expect(best.expectedShots).toBeGreaterThan(advice.baseline);
    // Ties in shots to sink the fleet go to the layout whose ships all last longest: bottom rows.
    for (const ship of best.layout) for (const [row] of ship) expect(row).toBeGreaterThanOrEqual(4);
    const shots = advice.suggestions.map((s: { expectedShots: number }) => s.expectedShots);
    expect([...shots].sort((a, b) => b - a)).toEqual(shots);
    const keys = advice.suggestions.map((s: { layout: unknown }) => JSON.stringify(s.layout));
    expect(new Set(keys).size).toBe(3); // no layout suggested twice
  });

  it('prints the risk map and the suggested layouts for people', () => {
    const r = broadside(['advise', gamesFile, '--seed', '4', '--candidates', '200']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^3 games of their shots at us; 200 random layouts scored \(seed 4\)/);
    expect(r.stdout).toMatch(/a random layout needs [\d.]+ of their shots on average/);
    expect(r.stdout).toMatch(
      /#1: [\d.]+ shots \(a ship sinks at shot [\d.]+ on average\) {2}[A-F]\d/,
    );
  });

  it('--random draws a legal layout of the fleet, the same for the same seed', () => {
    const draw = (seed: string) => {
      const r = broadside(['advise', '--random', '--rules', 'classic', '--seed', seed, '--json']);
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout).layout as [number, number][][];
    };
    const a = draw('3');
    expect(a.map((s) => s.length).sort()).toEqual([2, 3, 3, 4, 5]);
    const cells = new Set(a.flat().map(([r, c]) => r * 10 + c));
    expect(cells.size).toBe(17);
    expect(draw('3')).toEqual(a);
    expect(draw('4')).not.toEqual(a);
  });

  it('bad input: exit 2 and a message that says what is wrong', () => {
    const ours = write('ours.json', [{ ...theirGame(0), firedBy: 'me' }]);
    const cases: [string[], RegExp][] = [
      [
        ['advise'],
        /^broadside: advise: needs a GAMES.json file of their shots at us \(or --random\)/,
      ],
      [['advise', '--random'], /^broadside: advise --random: needs --rules/],
      [['advise', '--random', '--rules', 'hexagonal'], /--rules: "hexagonal" is neither a preset/],
      [['advise', ours], /firedBy "opponent"/],
      [['advise', gamesFile, '--candidates', '0'], /--candidates: must be a whole number from 1/],
    ];
    for (const [args, message] of cases) {
      const r = broadside(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
