import { describe, expect, it } from 'vitest';
import { emptyPosition, parsePosition, type Position } from '../../src/core/position';
import { solve } from '../../src/core/solve';
import { solveMonteCarlo } from '../../src/core/solve/heuristics/monte-carlo';
import type { SolveResult } from '../../src/core/solve/result';

/** Every unknown cell's estimate lies within `k` standard errors of the exact probability. */
function expectWithinErrors(
  estimate: SolveResult,
  exact: SolveResult,
  position: Position,
  k: number,
) {
  let checked = 0;
  for (let i = 0; i < position.cells.length; i++) {
    if (position.cells[i] !== 0) continue;
    const p = exact.probabilities[i]!;
    const se = estimate.standardError![i]!;
    // A cell that is certainly empty or full has no spread; it must come out exactly.
    if (p === 0 || p === 1) expect(estimate.probabilities[i]).toBe(p);
    else expect(Math.abs(estimate.probabilities[i]! - p)).toBeLessThanOrEqual(k * se + 1e-12);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
}

// 7x7, ships 3, 2, 2, 1 that may not touch: misses, a lone hit and a sunk ship.
const crowded = parsePosition({
  rules: { width: 7, height: 7, fleet: [3, 2, 2, 1], touch: 'no-touch' },
  board: ['o......', '...o...', '.x.....', '......o', '..o....', '.....xx', 'o......'],
  sunk: [
    [
      [5, 5],
      [5, 6],
    ],
  ],
});
// Ships may touch, two unsunk hits in a row.
const touching = parsePosition({
  rules: { width: 6, height: 6, fleet: [4, 3, 2, 2], touch: 'allowed' },
  board: ['......', '.o....', '..xx..', '....o.', '......', 'o.....'],
});

describe('sample: exact draws where the DP fits', () => {
  it('estimates every cell within 4.5 standard errors of the exact answer', () => {
    for (const position of [crowded, touching]) {
      const exact = solve(position, 'dp');
      const r = solveMonteCarlo(position, { draws: 4000, seed: 11 });
      expect(r.solver).toBe('sample');
      expect(r.exact).toBe(false);
      expect(r.note).toMatch(/exact independent draws/);
      expect(r.total).toBe(exact.total);
      expectWithinErrors(r, exact, position, 4.5);
    }
  });

  it('is reproducible from its seed', () => {
    const a = solveMonteCarlo(touching, { draws: 500, seed: 5 });
    const b = solveMonteCarlo(touching, { draws: 500, seed: 5 });
    const c = solveMonteCarlo(touching, { draws: 500, seed: 6 });
    expect(Array.from(a.probabilities)).toEqual(Array.from(b.probabilities));
    expect(Array.from(a.probabilities)).not.toEqual(Array.from(c.probabilities));
  });
});

describe('sample: the Markov chain where the DP does not fit', () => {
  it('forced on small positions, agrees with the exact answer within its batch-means errors', () => {
    for (const position of [crowded, touching]) {
      const exact = solve(position, 'dp');
      const r = solveMonteCarlo(position, { method: 'chain', draws: 6000, seed: 3 });
      expect(r.note).toMatch(/Markov chain/);
      expect(r.total).toBe('unknown');
      expectWithinErrors(r, exact, position, 5);
    }
  });

  it('follows a prior (weights proportional to the product over occupied cells)', () => {
    const prior = Float64Array.from({ length: 36 }, (_, i) => 0.5 + ((i * 7) % 5) / 2);
    const position = { ...touching, prior };
    const exact = solve(position, 'dp');
    const r = solveMonteCarlo(position, { method: 'chain', draws: 6000, seed: 8 });
    expect(r.weighted).toBe(true);
    expectWithinErrors(r, exact, position, 5);
  });

  it('lets a hit change hands between ships of different lengths (the pair move)', () => {
    // One hit, ships 3 and 2: which ship covers it must keep changing for the chain to be right.
    const p = parsePosition({
      rules: { width: 5, height: 5, fleet: [3, 2], touch: 'no-touch' },
      board: ['.....', '.....', '..x..', '.....', '.....'],
    });
    const exact = solve(p, 'dp');
    const r = solveMonteCarlo(p, { method: 'chain', draws: 6000, seed: 21 });
    const len3 = r.byLength.find((v) => v.length === 3)!.probabilities[12]!;
    const exact3 = exact.byLength.find((v) => v.length === 3)!.probabilities[12]!;
    expect(len3).toBeGreaterThan(0.1);
    expect(len3).toBeLessThan(0.9);
    expect(Math.abs(len3 - exact3)).toBeLessThan(0.08);
  });

  it('serves a 26x26 board with a large fleet (the DP is past its budget)', () => {
    const fleet = [6, 5, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1].map((length) => ({
      length,
    }));
    const position = emptyPosition({ width: 26, height: 26, fleet, touch: 'no-touch' });
    position.cells[13 * 26 + 13] = 2; // a hit in the middle
    position.cells[0] = 1;
    const r = solveMonteCarlo(position, { draws: 1000 });
    expect(r.note).toMatch(/Markov chain/);
    // Every recorded layout has exactly the fleet's cells occupied.
    const cells = fleet.reduce((s, f) => s + f.length, 0);
    const sum = r.probabilities.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(cells, 6);
    expect(r.probabilities[0]).toBe(0);
    expect(r.probabilities[13 * 26 + 13]).toBe(1);
    // The hit's neighbours are far likelier than an average cell.
    expect(r.probabilities[13 * 26 + 14]!).toBeGreaterThan(2 * (cells / 676));
    expect(r.standardError!.every((s) => Number.isFinite(s) && s >= 0)).toBe(true);
  });
});
