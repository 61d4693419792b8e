// The one comparison of a solver's result with the naive brute force (brute-force.ts), shared by
// every test that checks an exact solver against it, so they all hold the solvers to the same
// standard.

import { expect } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import type { Position } from '../../src/core/position';
import type { SolveResult } from '../../src/core/solve/result';
import type { BruteResult } from './brute-force';

/** A solver's outcome as data, so "no layout" (the brute force's total 0) compares like a result. */
export function orNoLayout<T>(run: () => T): T | 'no layout' {
  try {
    return run();
  } catch (e) {
    if (e instanceof NoLayoutError) return 'no layout';
    throw e;
  }
}

/** Per-length probabilities equal the brute force's per-length counts (a missing length: 0). */
function expectLengths(r: SolveResult, reference: BruteResult, digits: number): void {
  for (const view of r.byLength) {
    const counts = reference.byLength.get(view.length);
    view.probabilities.forEach((q, i) =>
      expect(q).toBeCloseTo((counts?.[i] ?? 0) / reference.total, digits),
    );
  }
}

/** A uniform result equals the brute force: its total, per-cell counts and per-length views. */
export function expectBruteCounts(r: SolveResult, reference: BruteResult): void {
  expect(r.total).toBe(String(reference.total));
  expect(r.cellCounts!.map(Number)).toEqual(reference.cells);
  expectLengths(r, reference, 12);
}

/**
 * A result under `p`'s prior equals the brute force's weights. The solvers weigh with the grid
 * divided by its largest weight: every layout covers the whole fleet's cells, so the total
 * shrinks by max^cells and no probability moves.
 */
export function expectBruteWeights(r: SolveResult, p: Position, reference: BruteResult): void {
  const max = Math.max(...p.prior!);
  const cells = p.rules.fleet.reduce((sum, s) => sum + s.length, 0);
  expect(r.weighted).toBe(true);
  expect((Number(r.total) * max ** cells) / reference.total).toBeCloseTo(1, 9);
  r.probabilities.forEach((q, i) => {
    if (p.cells[i] === 0) expect(q).toBeCloseTo(reference.cells[i]! / reference.total, 9);
  });
  expectLengths(r, reference, 9);
}
