// The command line as users run it: the built bin, real files and standard input.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { OVER9000_EXAMPLE } from '../support/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'broadside-cli-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const example = OVER9000_EXAMPLE;

describe('broadside solve', () => {
  it('--json prints exactly one object: total 7, top-left 1/7, right-column middle 3/7', () => {
    for (const solver of ['enumerate', 'dp', 'auto']) {
      const r = broadside(['solve', write('example.json', example), '--solver', solver, '--json']);
      expect(r.code).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json).toMatchObject({ exact: true, total: '7' });
      expect(json.solver).toBe(solver === 'auto' ? 'enumerate' : solver);
      expect(json.probabilities[0][0]).toBeCloseTo(1 / 7, 15);
      expect(json.probabilities[2][4]).toBeCloseTo(3 / 7, 15);
      expect(json.probabilities[1][0]).toBe(1); // sunk ship cell
      expect(json.probabilities[0][3]).toBe(0); // miss
      expect(json.best).toEqual([2, 4]);
      expect(json.ties).toEqual([
        [2, 4],
        [3, 4],
      ]);
      expect(typeof json.ms).toBe('number');
    }
  });

  it('reads standard input with - and the compact text form', () => {
    const text = 'rules: 5x5 fleet=3,3,1 touch=allowed\n...o.\n###o.\n..o..\n.#...\n...o.\n';
    const r = broadside(['solve', '-', '--json'], text);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).total).toBe('7');
  });

  it('prints a readable board without --json', () => {
    const r = broadside(['solve', write('example.json', example)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/7 layouts/);
    expect(r.stdout).toMatch(/Best shot: E3 at 42\.86% \(tied: E3 E4\)/);
    expect(r.stdout.split('\n').some((l) => /^\s+A\s+B\s+C\s+D\s+E$/.test(l))).toBe(true);
  });

  it('counts past 2^53 exactly', () => {
    const fleet = Array.from({ length: 10 }, () => 1);
    const r = broadside([
      'solve',
      write('big.json', { rules: { width: 20, height: 20, fleet, touch: 'allowed' } }),
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).total).toBe('25798075602615553160'); // C(400, 10)
  });

  it('an impossible position exits 1 with the no-layout message', () => {
    const r = broadside([
      'solve',
      write('impossible.json', {
        ...example,
        board: ['ooooo', 'xxxoo', 'ooooo', 'oxooo', 'ooooo'],
      }),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('broadside: no layout of the remaining fleet fits these marks');
    expect(r.stdout).toBe('');
  });

  it('a text header it cannot read whole exits 2 naming the token (solve and import)', () => {
    const file = write('loose.txt', `rules: 5x5 fleet=3,3x touch=allowed\n${'.....\n'.repeat(5)}`);
    for (const args of [
      ['solve', file],
      ['import', file, '--db', join(dir, 'loose.db')],
    ]) {
      const r = broadside(args);
      expect(r.code).toBe(2);
      // solve names the file its one position is in; import names the record
      const where = args[0] === 'solve' ? `${file}: ` : '';
      expect(r.stderr).toBe(
        `broadside: ${where}rules header: fleet: "3x" is not a ship length (whole numbers, comma-separated, no spaces)\n`,
      );
      expect(r.stdout).toBe('');
    }
  });

  it('a uniform prior of 1e19 solves like no prior: finite total, the same probabilities', () => {
    const prior = Array.from({ length: 5 }, () => Array(5).fill(1e19));
    const plain = JSON.parse(broadside(['solve', write('plain.json', example), '--json']).stdout);
    for (const solver of ['dp', 'enumerate', 'auto', 'sample']) {
      const r = broadside([
        'solve',
        write('e19.json', { ...example, prior }),
        '--solver',
        solver,
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json.total === 'unknown' || Number.isFinite(Number(json.total)), solver).toBe(true);
      if (solver !== 'sample') expect(json.probabilities).toEqual(plain.probabilities);
      expect(JSON.stringify(json)).not.toContain('null');
    }
  });

  it('bad input exits 2 with the validation message, never a stack trace', () => {
    const bad = { ...example, board: ['...o.', 'xxxo', '..o..', '.x...', '...o.'] };
    const file = write('bad.json', bad);
    const r = broadside(['solve', file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`broadside: ${file}: board row 2: has 4 cells, expected 5`);
    for (const args of [
      ['solve'],
      ['solve', join(dir, 'missing.json')],
      ['solve', write('x.json', example), '--solver', 'magic'],
      ['solve', write('x.json', example), '--bogus'],
      ['frobnicate'],
    ]) {
      const e = broadside(args);
      expect(e.code).toBe(2);
      expect(e.stderr).toMatch(/^broadside: /);
      expect(e.stderr).not.toMatch(/\n\s+at /); // no stack frames
    }
  });
});
