// `broadside solve` on positions that name ships and hold volleys: the same exact answer as the
// in-process enumeration, the board marks and per-ship lines in the text form, and one-line
// errors for malformed volleys and solvers that cannot read them.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePosition } from '../../src/core/position';
import { solve } from '../../src/core/solve';
import { broadside } from '../support/cli';
import { namedRules } from '../support/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'broadside-cli-obs-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const position = {
  rules: namedRules(5, 5, { Cruiser: 3, Submarine: 3, Destroyer: 2 }),
  board: ['.x...', '.....', 'o....', '.....', '.....'],
  named: [[0, 1, 'Submarine']],
  volleys: [
    {
      cells: [
        [3, 0],
        [3, 2],
        [3, 4],
      ],
      hitCount: 1,
    },
    {
      cells: [
        [4, 1],
        [4, 3],
      ],
      hitShips: ['Destroyer'],
    },
  ],
};

describe('broadside solve with named hits and volleys', () => {
  it('--json gives the exact answer the enumeration gives in process, with the per-ship view', () => {
    const expected = solve(parsePosition(position), 'enumerate');
    const r = broadside(['solve', write('salvo.json', position), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.exact).toBe(true);
    expect(json.total).toBe(expected.total);
    expect(json.probabilities.flat()).toEqual(Array.from(expected.probabilities));
    expect(json.byShip.map((s: { name: string }) => s.name)).toEqual([
      'Cruiser',
      'Submarine',
      'Destroyer',
    ]);
    // The Submarine covers its named hit in every layout; no volley cell is proposed.
    expect(json.byShip[1].probabilities[0][1]).toBe(1);
    const volleyCells = ['3,0', '3,2', '3,4', '4,1', '4,3'];
    expect(volleyCells).not.toContain(json.best.join(','));
  });

  it('marks named hits and volley cells on the text board and lists each volley and ship', () => {
    const r = broadside(['solve', write('salvo-text.json', position)]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n');
    expect(rows.find((l) => l.startsWith('  1 '))).toContain('XSu');
    expect(rows.find((l) => l.startsWith('  4 '))).toMatch(/^\s+4\s+1:\d+\s+\d+\s+1:\d+/);
    expect(rows).toContain('1: volley 1 (A4 C4 E4): 1 hit');
    expect(rows).toContain('2: volley 2 (B5 D5): hit Destroyer');
    expect(
      rows.filter((l) => /^ {2}(Cruiser|Submarine|Destroyer) \(\d\): [A-E]\d, /.test(l)),
    ).toHaveLength(3);
  });

  it('refuses a malformed volley and a solver that cannot read volleys in one line each', () => {
    const bad = { ...position, volleys: [{ cells: [[0, 1]], hitCount: 1 }] };
    const file = write('bad.json', bad);
    const r = broadside(['solve', file]);
    expect(r.code).not.toBe(0);
    // The line names the file, then the place in it.
    expect(r.stderr.trim()).toBe(
      `broadside: ${file}: volleys[0].cells[0]: cell B1 is marked 'x' on the board; a volley's cells are '.' (their results were not told one by one)`,
    );
    const pdf = broadside(['solve', write('pdf.json', position), '--solver', 'pdf']);
    expect(pdf.code).not.toBe(0);
    expect(pdf.stderr.trim().split('\n')).toHaveLength(1);
    expect(pdf.stderr).toContain('solver: pdf cannot read named hits or volleys (use ');
  });
});
