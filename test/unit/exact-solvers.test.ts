import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetError, CancelledError, NoLayoutError } from '../../src/core/errors';
import { emptyPosition, parsePosition } from '../../src/core/position';
import { solveDp } from '../../src/core/solve/dp/dp';
import { solveEnumerate } from '../../src/core/solve/enumerate';
import { solve } from '../../src/core/solve';
import type { SolveResult } from '../../src/core/solve/result';
import { expectBruteCounts, expectBruteWeights, orNoLayout } from '../support/brute-compare';
import { bruteForce } from '../support/brute-force';
import { remarkedPositionArb, scenarioArb } from '../support/arbitraries';
import { binomial, OVER9000_EXAMPLE, TEN_SINGLES_20X20 } from '../support/fixtures';

describe('the single-ship example of the Over 9000 write-up', () => {
  // xxx0x / 4440x / xx0xx / x5xxx / xxx0x: ships 4 (length 3) and 5 (length 1) known, one
  // length-3 ship left to find.
  const position = parsePosition(OVER9000_EXAMPLE);
  for (const solver of ['dp', 'enumerate', 'auto']) {
    it(`${solver}: 7 layouts, top-left 1/7, middle of the right column 3/7`, () => {
      const r = solve(position, solver);
      expect(r.total).toBe('7');
      expect(r.probabilities[0]).toBeCloseTo(1 / 7, 15);
      expect(r.probabilities[2 * 5 + 4]).toBeCloseTo(3 / 7, 15);
      expect(r.best).toBe(2 * 5 + 4);
    });
  }
});

describe('dp and enumerate agree exactly with a naive brute force', () => {
  it('on hundreds of random consistent small positions (all touch rules)', () => {
    fc.assert(
      fc.property(scenarioArb(), ({ position }) => {
        const reference = bruteForce(position);
        expect(reference.total).toBeGreaterThan(0); // the true layout is always consistent
        expectBruteCounts(solveDp(position), reference);
        expectBruteCounts(solveEnumerate(position), reference);
      }),
      { numRuns: 300, seed: 20261121 },
    );
  });

  it('with a layout prior: weighted totals and per-cell weights', () => {
    fc.assert(
      fc.property(scenarioArb({ prior: true }), ({ position }) => {
        const reference = bruteForce(position);
        for (const r of [solveDp(position), solveEnumerate(position)]) {
          expectBruteWeights(r, position, reference);
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('on random marks that may be inconsistent: all report "no layout" together', () => {
    let inconsistent = 0;
    fc.assert(
      fc.property(remarkedPositionArb(), (p) => {
        const reference = bruteForce(p);
        const dp = orNoLayout(() => solveDp(p));
        const en = orNoLayout(() => solveEnumerate(p));
        if (reference.total === 0) {
          inconsistent++;
          expect(dp).toBe('no layout');
          expect(en).toBe('no layout');
        } else {
          expectBruteCounts(dp as SolveResult, reference);
          expectBruteCounts(en as SolveResult, reference);
        }
      }),
      { numRuns: 200, seed: 99 },
    );
    expect(inconsistent).toBeGreaterThan(10); // the property really exercised inconsistency
  });
});

describe('inconsistent positions name the problem', () => {
  const cases: [string, unknown, RegExp][] = [
    [
      'more hits than ship cells',
      {
        rules: { width: 4, height: 4, fleet: [2], touch: 'allowed' },
        board: ['xxx.', '....', '....', '....'],
      },
      /3 hits .* only 2 cells/,
    ],
    [
      'sunk ships touching under no-touch',
      {
        rules: { width: 5, height: 5, fleet: [2, 2], touch: 'no-touch' },
        board: ['xx...', '..xx.', '.....', '.....', '.....'],
        sunk: [
          [
            [0, 0],
            [0, 1],
          ],
          [
            [1, 2],
            [1, 3],
          ],
        ],
      },
      /sunk ships 1 and 2 touch/,
    ],
    [
      'a hit boxed in by misses',
      {
        rules: { width: 3, height: 3, fleet: [2], touch: 'allowed' },
        board: ['.o.', 'oxo', '.o.'],
      },
      /no remaining ship can cover the hit at B2/,
    ],
  ];
  for (const [name, json, message] of cases) {
    it(name, () => {
      const p = parsePosition(json);
      for (const solver of ['dp', 'enumerate', 'auto']) {
        expect(() => solve(p, solver)).toThrow(NoLayoutError);
        expect(() => solve(p, solver)).toThrow(message);
      }
    });
  }
});

describe('exact integers past 2^53', () => {
  it('20x20 with ten single-cell ships: C(400, 10) layouts, C(399, 9) per cell', () => {
    const p = emptyPosition(TEN_SINGLES_20X20);
    const r = solveDp(p);
    expect(BigInt(r.total)).toBe(binomial(400n, 10n));
    expect(BigInt(r.total)).toBeGreaterThan(2n ** 53n);
    expect(r.cellCounts![137]).toBe(binomial(399n, 9n));
    expect(r.probabilities[0]).toBeCloseTo(10 / 400, 15);
  });
});

describe('cancellation and budgets', () => {
  const classic = emptyPosition({
    width: 10,
    height: 10,
    fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
    touch: 'allowed',
  });
  it('an aborted signal stops the DP with CancelledError', () => {
    expect(() => solveDp(classic, { signal: { aborted: true } })).toThrow(CancelledError);
  });
  it('a state budget stops the DP with a message that names the cheaper solver', () => {
    expect(() => solveDp(classic, { maxStates: 5000 })).toThrow(BudgetError);
    expect(() => solveDp(classic, { maxStates: 5000 })).toThrow(/use solver 'sample'/);
  });
  it('progress is reported and reaches 1', () => {
    const seen: number[] = [];
    solveDp(
      emptyPosition({
        width: 5,
        height: 5,
        fleet: [{ length: 3 }, { length: 2 }],
        touch: 'no-touch',
      }),
      {
        onProgress: (f) => seen.push(f),
      },
    );
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.at(-1)).toBeCloseTo(1, 9);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('auto', () => {
  it('says which solver ran and why', () => {
    const late = parsePosition({
      rules: { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' },
      board: ['......', '.xx...', '......', '......', '......', '......'],
    });
    const r = solve(late, 'auto');
    expect(['dp', 'enumerate']).toContain(r.solver);
    expect(r.note).toMatch(/^auto chose (dp|enumerate): /);
  });
});
