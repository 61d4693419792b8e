// Prior weights far from 1. A common factor changes no probability, so a uniform prior of 1e19
// (or 1e308) must give exactly what no prior gives, on every solver; and no solver may return a
// NaN or an infinity as an answer (such weights once gave exit 0 with every probability null).

import { describe, expect, it } from 'vitest';
import { BudgetError, InputError } from '../../src/core/errors';
import { emptyPosition, parsePosition, type Position } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { presetRules } from '../../src/core/rules';
import { solve, solverNames } from '../../src/core/solve';
import { checkFinite, resultToWire, type SolveResult } from '../../src/core/solve/result';
import { independentStrategy } from '../../src/core/strategy/independent';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { seededRandom } from '../../src/core/random';

const classic = presetRules('classic');
const withPrior = (p: Position, prior: Float64Array): Position => ({ ...p, prior });
const uniform = (value: number, n = 100) => new Float64Array(n).fill(value);

const allFinite = (r: SolveResult): boolean =>
  [r.probabilities, ...r.byLength.map((v) => v.probabilities), r.standardError ?? []].every((xs) =>
    Array.from(xs).every(Number.isFinite),
  );

// A mid-game position: a few misses, a hit, a sunk destroyer.
const midGame = parsePosition({
  rules: { preset: 'classic' },
  board: [
    '..o.......',
    '..........',
    '....xx..o.',
    '..........',
    '.o....x...',
    '..........',
    '.......o..',
    '..........',
    '...o......',
    '..........',
  ],
  sunk: [
    [
      [2, 4],
      [2, 5],
    ],
  ],
});

describe('prior weights far from 1', () => {
  it('a uniform prior of 1e19 or 1e308 changes nothing, on every solver', () => {
    for (const solver of solverNames()) {
      const plain = solve(midGame, solver);
      for (const value of [1e19, 1e308, 1e-300]) {
        const r = solve(withPrior(midGame, uniform(value)), solver);
        expect(allFinite(r), `${solver} ${value}`).toBe(true);
        r.probabilities.forEach((p, i) =>
          expect(p, `${solver} ${value}`).toBeCloseTo(plain.probabilities[i]!, 12),
        );
        expect(r.best, `${solver} ${value}`).toBe(plain.best);
        const { total } = resultToWire(r);
        expect(total === 'unknown' || Number.isFinite(Number(total)), solver).toBe(true);
      }
    }
  });

  it('a non-uniform prior times 1e300 gives the probabilities of the prior itself', () => {
    const random = seededRandom(3);
    const grid = Float64Array.from({ length: 100 }, () => 0.5 + random());
    for (const solver of ['dp', 'enumerate', 'auto', 'independent']) {
      const base = solve(withPrior(midGame, grid), solver);
      const scaled = solve(
        withPrior(
          midGame,
          grid.map((w) => w * 1e300),
        ),
        solver,
      );
      scaled.probabilities.forEach((p, i) => expect(p).toBeCloseTo(base.probabilities[i]!, 12));
    }
  });

  it('the independent strategy with a prior of 1e19 shoots as with no prior weight', () => {
    const shots = (prior?: Float64Array): number[] => {
      const shooter = independentStrategy.create({
        rules: classic,
        random: seededRandom(5),
        posteriors: new PosteriorCache(100),
      });
      const p = prior ? withPrior(emptyPosition(classic), prior) : emptyPosition(classic);
      return [shooter.next(p), shooter.next(p)];
    };
    expect(shots(uniform(1e19))).toEqual(shots(uniform(1)));
  });

  it('weights too far apart for any layout to weigh more than 0: said so, not "no layout"', () => {
    // Two ships of 2 on 5x5, every cell 1e-200 but one: each layout weighs at most 1e-600,
    // below the smallest double (a small board, so that every solver answers in milliseconds).
    const rules = parseRules({ width: 5, height: 5, fleet: [2, 2], touch: 'allowed' });
    const prior = uniform(1e-200, 25);
    prior[0] = 1;
    for (const solver of ['dp', 'enumerate', 'auto']) {
      expect(() => solve(withPrior(emptyPosition(rules), prior), solver), solver).toThrow(
        new InputError(
          'prior',
          "its weights are too far apart to weigh these layouts in floating point (each layout's weight rounds to 0); bring the smallest and largest weights closer",
        ),
      );
    }
  });

  it('a result holding a NaN or an infinity is an error, never an answer', () => {
    const r = solve(emptyPosition(presetRules('classic')), 'dp');
    expect(checkFinite(r)).toBe(r);
    const nan = { ...r, probabilities: r.probabilities.map((p, i) => (i === 7 ? NaN : p)) };
    expect(() => checkFinite(nan)).toThrow(BudgetError);
    const huge = { ...r, weighted: true, total: 'Infinity' };
    expect(() => checkFinite(huge)).toThrow(/beyond the range of a float \(total Infinity\)/);
    expect(() => checkFinite({ ...r, weighted: true, total: 'NaN' })).toThrow(BudgetError);
  });
});
