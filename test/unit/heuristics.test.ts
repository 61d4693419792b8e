import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { emptyPosition, parsePosition, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import { solve, solverNames } from '../../src/core/solve';
import { solveBob, solveIndependent } from '../../src/core/solve/heuristics/independent';
import { impossibleCells, solveMarginCount } from '../../src/core/solve/heuristics/margin-count';
import { solvePdf } from '../../src/core/solve/heuristics/pdf';
import { buildBoard } from '../../src/core/solve/board';
import { OVER9000_EXAMPLE } from '../support/fixtures';

// The 5x5 example of the Over 9000 write-up: xxx0x / 4440x / xx0xx / x5xxx / xxx0x, ships 4 and
// 5 known (sunk), one ship of length 3 left; it fits in 7 places.
const example = parsePosition(OVER9000_EXAMPLE);

describe('the single-ship example: a lone ship makes every placement count exact', () => {
  const exact = solve(example, 'dp');
  for (const [name, run] of [
    ['pdf', () => solvePdf(example)],
    ['independent', () => solveIndependent(example)],
    ['margin-count', () => solveMarginCount(example)],
  ] as const) {
    it(`${name}: every cell equals the exact probability (top-left 1/7, right middle 3/7)`, () => {
      const r = run();
      expect(r.exact).toBe(false);
      expect(r.solver).toBe(name);
      expect(r.probabilities[0]).toBeCloseTo(1 / 7, 12);
      expect(r.probabilities[2 * 5 + 4]).toBeCloseTo(3 / 7, 12);
      r.probabilities.forEach((p, i) => expect(p).toBeCloseTo(exact.probabilities[i]!, 12));
      expect(r.best).toBe(exact.best);
      expect(r.ties).toEqual(exact.ties);
      expect(r.byLength.map((v) => [v.length, v.afloat])).toEqual([[3, 1]]);
    });
  }

  it('bob ignores the sink reports: all three ships stay in its count', () => {
    const r = solveBob(example);
    expect(r.solver).toBe('bob');
    expect(r.byLength.map((v) => [v.length, v.afloat])).toEqual([
      [3, 2],
      [1, 1],
    ]);
    // Marks are kept: misses 0, hits (sunk or not) 1.
    expect(r.probabilities[3]).toBe(0);
    expect(r.probabilities[5]).toBe(1);
  });

  it('bob equals the exact answer when there is nothing to ignore (one ship, no hits)', () => {
    const p = parsePosition({
      rules: { width: 4, height: 3, fleet: [3], touch: 'allowed' },
      board: ['..o.', '....', 'o...'],
    });
    const exact = solve(p, 'enumerate');
    const r = solveBob(p);
    r.probabilities.forEach((x, i) => expect(x).toBeCloseTo(exact.probabilities[i]!, 12));
  });
});

describe('pdf weights placements through unsunk hits (hand-checked)', () => {
  // 4x4, one ship of length 2, a hit at B2 (cell 5). Placements through the hit weigh 100 each;
  // C2 (cell 6) and B3 (cell 9) lie on one of them plus three plain ones: 103. A2 and B1, on the
  // edge, have two plain ones: 102. A corner has two plain placements: 2.
  const p = parsePosition({
    rules: { width: 4, height: 4, fleet: [2], touch: 'allowed' },
    board: ['....', '.x..', '....', '....'],
  });
  const r = solvePdf(p);

  it('the best shots are the hit neighbours with the most ways, tied', () => {
    expect(r.best).toBe(6);
    expect(r.ties).toEqual([6, 9]);
  });

  it('the heatmap is the density scaled to the one hidden ship cell', () => {
    const unknown = r.probabilities.filter((_, i) => i !== 5);
    expect(unknown.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // 103 : 102 : 2, as counted by hand.
    expect(r.probabilities[6]! / r.probabilities[1]!).toBeCloseTo(103 / 102, 12);
    expect(r.probabilities[6]! / r.probabilities[0]!).toBeCloseTo(103 / 2, 12);
    expect(r.probabilities[5]).toBe(1);
  });

  it('a weight of 1 is the plain placement count', () => {
    const plain = solvePdf(p, { hitWeight: 1 });
    expect(plain.probabilities[6]! / plain.probabilities[0]!).toBeCloseTo(4 / 2, 12);
  });
});

describe('independent (Over 9000)', () => {
  const open = emptyPosition({
    width: 4,
    height: 4,
    fleet: [{ length: 3 }, { length: 2 }],
    touch: 'allowed',
  });

  it('combines the per-ship chances as 1 - prod(1 - p)', () => {
    const r = solveIndependent(open);
    const p3 = r.byLength.find((v) => v.length === 3)!.probabilities;
    const p2 = r.byLength.find((v) => v.length === 2)!.probabilities;
    for (let i = 0; i < 16; i++) {
      expect(r.probabilities[i]).toBeCloseTo(1 - (1 - p3[i]!) * (1 - p2[i]!), 12);
    }
    // B2: 4 of the 16 length-3 placements cover it, 4 of the 24 length-2 ones.
    expect(p3[5]).toBeCloseTo(4 / 16, 12);
    expect(p2[5]).toBeCloseTo(4 / 24, 12);
  });

  it('multiplies a weight grid in afterwards: a heavy corner becomes the best shot', () => {
    const weights = new Float64Array(16).fill(1);
    weights[0] = 100;
    expect(solveIndependent(open, { weights }).best).toBe(0);
    expect(solveIndependent({ ...open, prior: weights }).best).toBe(0); // the prior is the grid
  });

  it('small noise breaks ties (seeded), large noise dominates', () => {
    expect(solveIndependent(open).ties.length).toBeGreaterThan(1); // the board is symmetric
    const noisy = solveIndependent(open, { noise: 1e-6, random: seededRandom(3) });
    expect(noisy.ties).toHaveLength(1);
    expect(noisy.ties[0]).toBe(
      solveIndependent(open, { noise: 1e-6, random: seededRandom(3) }).best,
    );
    expect(solveIndependent(open).ties).toContain(noisy.best);
  });
});

describe('margin-count (Cubido)', () => {
  // 6x6, no-touch, ships 3 and 2; a sunk 2 at A1-B1 and a lone hit at E4.
  const p = parsePosition({
    rules: { width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' },
    board: ['xx....', '......', '......', '....x.', '......', '......'],
    sunk: [
      [
        [0, 0],
        [0, 1],
      ],
    ],
  });

  it('marks the cells next to sunk ships and diagonal to hits impossible', () => {
    const board = buildBoard(p);
    const impossible = impossibleCells(p, board);
    // Diagonal neighbours of the hit at E4 (row 3, col 4): D3, F3, D5, F5.
    expect([2 * 6 + 3, 2 * 6 + 5, 4 * 6 + 3, 4 * 6 + 5].every((c) => impossible[c] === 1)).toBe(
      true,
    );
    // Next to the sunk ship: the board already forbids them.
    expect(board.forbidden[2]).toBe(1); // C1
    expect(board.forbidden[6]).toBe(1); // A2
    const r = solveMarginCount(p);
    for (const c of [2, 6, 7, 8, 2 * 6 + 3, 4 * 6 + 5]) expect(r.probabilities[c]).toBe(0);
  });

  it('in sink mode counts only placements through the hit', () => {
    const r = solveMarginCount(p);
    expect(r.note).toMatch(/sink mode/);
    const neighbours = [2 * 6 + 4, 4 * 6 + 4, 3 * 6 + 3, 3 * 6 + 5];
    expect(neighbours).toContain(r.best);
    for (let c = 0; c < 36; c++) {
      const r0 = Math.floor(c / 6);
      const c0 = c % 6;
      const inLine = (r0 === 3 && Math.abs(c0 - 4) <= 2) || (c0 === 4 && Math.abs(r0 - 3) <= 2);
      if (p.cells[c] === 0 && !inLine) expect(r.probabilities[c]).toBe(0);
    }
  });

  it('in trial mode (no unsunk hit) counts the ways over unknown cells', () => {
    const q = parsePosition({
      rules: { width: 5, height: 2, fleet: [2], touch: 'allowed' },
      board: ['.....', '..o..'],
    });
    const r = solveMarginCount(q);
    // Length-2 placements: row 1: 4; row 2: 2 (A-B, D-E); vertical: 4 (not column C).
    // A1: horizontal 1 + vertical 1 = 2; B1: 2 + 1 = 3; C1: 2 + 0 = 2.
    expect(r.probabilities[1]! / r.probabilities[0]!).toBeCloseTo(3 / 2, 12);
    expect(r.probabilities[2]! / r.probabilities[0]!).toBeCloseTo(1, 12);
    expect(r.note).toMatch(/trial mode/);
  });
});

describe('every heuristic', () => {
  it('is registered under its stable name and returns exact: false', () => {
    for (const name of ['pdf', 'independent', 'bob', 'margin-count', 'sample']) {
      expect(solverNames()).toContain(name);
      const r = solve(example, name);
      expect(r.solver).toBe(name);
      expect(r.exact).toBe(false);
      expect(r.probabilities).toHaveLength(25);
    }
  });

  it('reports a ship that fits nowhere as no layout', () => {
    const boxed: Position = parsePosition({
      rules: { width: 3, height: 3, fleet: [3], touch: 'allowed' },
      board: ['.o.', 'o.o', '.o.'],
    });
    for (const name of ['pdf', 'independent', 'margin-count']) {
      expect(() => solve(boxed, name)).toThrow(NoLayoutError);
    }
  });
});
