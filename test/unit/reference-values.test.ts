import { describe, expect, it } from 'vitest';
import { emptyPosition } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import type { SolveResult } from '../../src/core/solve/result';

// Published figures for empty 10x10 boards (shared docs, reference-values.md): the Habr
// row-by-row DP's Russian-rules table, and the classic total.

/** Layouts covering each cell, divided by 10^9 and truncated (Russian rules, empty board). */
const RUSSIAN_CELLS_E9 = [
  [438487, 418064, 475795, 466986, 459000, 459000, 466986, 475795, 418064, 438487],
  [418064, 273993, 311381, 287231, 287065, 287065, 287231, 311381, 273993, 418064],
  [475795, 311381, 378334, 357367, 361127, 361127, 357367, 378334, 311381, 475795],
  [466986, 287231, 357367, 330652, 334756, 334756, 330652, 357367, 287231, 466986],
  [459000, 287065, 361127, 334756, 338709, 338709, 334756, 361127, 287065, 459000],
  [459000, 287065, 361127, 334756, 338709, 338709, 334756, 361127, 287065, 459000],
  [466986, 287231, 357367, 330652, 334756, 334756, 330652, 357367, 287231, 466986],
  [475795, 311381, 378334, 357367, 361127, 361127, 357367, 378334, 311381, 475795],
  [418064, 273993, 311381, 287231, 287065, 287065, 287231, 311381, 273993, 418064],
  [438487, 418064, 475795, 466986, 459000, 459000, 466986, 475795, 418064, 438487],
];

function solveEmpty(preset: string): SolveResult {
  return solveDp(emptyPosition(presetRules(preset)));
}

/** The 8 symmetries of a 10x10 square, as cell maps. */
const SYMMETRIES: ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, 9 - r],
  (r, c) => [9 - r, 9 - c],
  (r, c) => [9 - c, r],
  (r, c) => [r, 9 - c],
  (r, c) => [9 - r, c],
  (r, c) => [c, r],
  (r, c) => [9 - c, 9 - r],
];

/** Checks that need no published figure: board symmetry, and ship cells summing up. */
function expectConsistent(r: SolveResult, shipCells: bigint): void {
  const counts = r.cellCounts!;
  for (const map of SYMMETRIES) {
    for (let i = 0; i < 100; i++) {
      const [y, x] = map(Math.floor(i / 10), i % 10);
      expect(counts[y * 10 + x]).toBe(counts[i]);
    }
  }
  // Every layout covers exactly shipCells cells.
  expect(counts.reduce((a, b) => a + b, 0n)).toBe(shipCells * BigInt(r.total));
  // Split by ship length: a ship of length L covers L cells in every layout.
  for (const view of r.byLength) {
    const sum = view.probabilities.reduce((a, p) => a + p, 0);
    expect(sum).toBeCloseTo(view.length * view.afloat, 9);
  }
}

describe('published reference values (empty 10x10 boards)', () => {
  it('russian rules: 1,855,545,978,831,780 layouts and the per-cell table', () => {
    const r = solveEmpty('russian');
    expect(r.total).toBe('1855545978831780');
    const table = r.cellCounts!.map((n) => Number(n / 1_000_000_000n));
    expect(table).toEqual(RUSSIAN_CELLS_E9.flat());
    expectConsistent(r, 20n);
  });

  it('classic rules: 15,046,987,768 layouts', () => {
    const r = solveEmpty('classic');
    expect(r.total).toBe('15046987768');
    expectConsistent(r, 17n);
  });

  it('margin rules (classic fleet, no touching): 1,925,751,392 layouts, symmetric and summing up', () => {
    // No published figure: the previous DP (a different state encoding) gave the same total, and
    // the per-cell counts must be symmetric and add up to 17 cells per layout.
    const r = solveEmpty('margin');
    expect(r.total).toBe('1925751392');
    expectConsistent(r, 17n);
  });
});
