// Reusing a solved DP for the positions that follow it (dp-reuse.ts): every solve through a
// DpModels, walked or fresh, equals a fresh DP solve of the same position to the last count; a
// model is walked only for positions that extend its own (same rules, prior and sunk ships, more
// misses and hits), and the walks do happen along a game.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import { presetRules, type Rules } from '../../src/core/rules';
import { seededRandom } from '../../src/core/random';
import { fleetSampler } from '../../src/core/simulate/fleets';
import { DpModels, solveDpReusing } from '../../src/core/solve/dp/dp-reuse';
import { solveDp } from '../../src/core/solve/dp/dp';
import type { SolveResult } from '../../src/core/solve/result';
import { randomLayout, scenarioArb } from '../support/arbitraries';
import { bruteForce } from '../support/brute-force';
import { huntTargetPositions } from '../support/game-positions';

/** Every position a seeded hunt/target shooter sees in one game, in order. */
function gamePositions(rules: Rules, seed: number, prior?: Float64Array): Position[] {
  const random = seededRandom(seed);
  const layout = prior ? fleetSampler(rules, prior).draw(random) : randomLayout(rules, random)!;
  return huntTargetPositions(rules, layout, random, { prior });
}

function expectSame(a: SolveResult, b: SolveResult): void {
  expect(a.total).toBe(b.total);
  expect(a.cellCounts).toEqual(b.cellCounts);
  expect(Array.from(a.probabilities)).toEqual(Array.from(b.probabilities));
  expect(a.byLength.map((v) => Array.from(v.probabilities))).toEqual(
    b.byLength.map((v) => Array.from(v.probabilities)),
  );
  expect(a.best).toBe(b.best);
}

const small = (touch: Rules['touch']): Rules => ({
  width: 7,
  height: 6,
  fleet: [{ length: 4 }, { length: 3 }, { length: 2 }, { length: 2 }, { length: 1 }],
  touch,
});

// The Russian openings solved twice each, and the fast-check runs against a brute force, take
// minutes beside other CPU-bound work: the bound is generous for that. The tests assert equal
// results, never how long they took.
const BUSY_MS = 600_000;

describe('solving through kept DP models', { timeout: BUSY_MS }, () => {
  // Russian: the first 8 positions of one game; a model whose counts pass 2^53 is not kept.
  const cases: [string, Rules, boolean, number[], number][] = [
    ['7x6, ships may touch', small('allowed'), true, [1, 2, 3], 99],
    ['7x6, no-edge-touch', small('no-edge-touch'), true, [1, 2, 3], 99],
    ['7x6, no-touch', small('no-touch'), true, [1, 2, 3], 99],
    ['7x6, no-touch, sinkings not announced', small('no-touch'), false, [1, 2, 3], 99],
    ['russian 10x10 (early counts past 2^53: not kept)', presetRules('russian'), true, [1], 8],
  ];
  for (const [name, rules, sunkReported, seeds, most] of cases) {
    it(`${name}: every position of ${seeds.length} game(s) equals a fresh DP solve`, () => {
      // Room for the Russian openings' models (a few hundred MB), past the default bound.
      const models = new DpModels(2 ** 30);
      for (const seed of seeds) {
        for (const p of gamePositions(rules, seed).slice(0, most)) {
          const position = { ...p, sunkReported };
          if (!sunkReported) position.sunk = [];
          const fresh = attempt(() => solveDp(position));
          const reused = attempt(() => solveDpReusing(position, models));
          if (fresh === 'no layout' || reused === 'no layout') expect(reused).toBe(fresh);
          else expectSame(reused, fresh);
        }
      }
      // Whether a later walk beats a fresh solve is judged by time; the first never is.
      expect(models.counts.walk).toBeGreaterThan(0);
    });
  }

  it('under a prior: weights equal a fresh solve to 1e-12', () => {
    const rules = small('no-edge-touch');
    const prior = Float64Array.from({ length: 42 }, (_, i) => 1 + ((i * 7) % 5));
    const models = new DpModels();
    for (const p of gamePositions(rules, 4, prior)) {
      const fresh = solveDp(p);
      const reused = solveDpReusing(p, models);
      reused.probabilities.forEach((x, i) => expect(x).toBeCloseTo(fresh.probabilities[i]!, 12));
      expect(reused.best).toBe(fresh.best);
    }
    expect(models.counts.walk).toBeGreaterThan(0);
  });
});

describe('walks agree exactly with a naive brute force', { timeout: BUSY_MS }, () => {
  for (const prior of [false, true]) {
    it(`on random small positions and further misses and hits, consistent or not${prior ? ', under a prior' : ''}`, () => {
      fc.assert(
        fc.property(
          scenarioArb({ prior }),
          fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 6 }),
          ({ position }, extra) => {
            const models = new DpModels();
            if (attempt(() => solveDpReusing(position, models)) === 'no layout') return;
            const cells = position.cells.slice();
            const unknown = Array.from(cells).flatMap((c, i) => (c === 0 ? [i] : []));
            if (unknown.length === 0) return;
            for (const [at, hit] of extra) cells[unknown[at % unknown.length]!] = hit ? HIT : MISS;
            const next = { ...position, cells };
            const reused = attempt(() => solveDpReusing(next, models));
            const reference = bruteForce(next);
            if (reference.total === 0) {
              expect(reused).toBe('no layout');
              return;
            }
            if (reused === 'no layout') throw new Error('reuse found no layout where some fit');
            expect(reused.how).toBe('walk');
            if (!prior) expect(reused.total).toBe(String(reference.total));
            reused.probabilities.forEach((p, i) =>
              expect(p).toBeCloseTo(reference.cells[i]! / reference.total, 10),
            );
          },
        ),
        { numRuns: prior ? 100 : 250, seed: 20261124 },
      );
    });
  }
});

describe(
  'a kept model is walked only for positions that extend its own',
  { timeout: BUSY_MS },
  () => {
    const rules = small('allowed');
    const base = emptyPosition(rules);
    base.cells[3] = MISS;
    base.cells[10] = HIT;
    const solvedFirst = (): DpModels => {
      const models = new DpModels();
      expect(solveDpReusing(base, models).how).toBe('fresh');
      return models;
    };

    it('a ship sunk since: walked, and equal to a fresh solve', () => {
      const models = solvedFirst();
      const cells = base.cells.slice();
      cells[11] = HIT;
      cells[12] = HIT;
      const sunk = { ...base, cells, sunk: [[10, 11, 12]] };
      const reused = solveDpReusing(sunk, models);
      expect(reused.how).toBe('walk');
      expectSame(reused, solveDp(sunk));
      // The positions after it extend both the model and the sunk position: walked or solved
      // afresh (whichever the last walk's timing favours), the same counts.
      const next = { ...sunk, cells: cells.slice() };
      next.cells[30] = MISS;
      expectSame(solveDpReusing(next, models), solveDp(next));
    });

    it('one more miss or hit: walked', () => {
      const models = solvedFirst();
      const next = { ...base, cells: base.cells.slice() };
      next.cells[20] = MISS;
      expect(solveDpReusing(next, models).how).toBe('walk');
      next.cells[11] = HIT;
      expect(solveDpReusing(next, models).how).toBe('walk');
    });

    const others: [string, (p: Position) => Position][] = [
      ['a mark taken back', (p) => ({ ...p, cells: p.cells.map((c, i) => (i === 3 ? 0 : c)) })],
      [
        'a hit turned into a miss',
        (p) => ({ ...p, cells: p.cells.map((c, i) => (i === 10 ? MISS : c)) }),
      ],
      [
        'a prior',
        (p) => ({ ...p, prior: Float64Array.from({ length: 42 }, (_, i) => 1 + (i % 3)) }),
      ],
      ['sinkings not announced', (p) => ({ ...p, sunkReported: false })],
      ['other touch rules', (p) => ({ ...p, rules: { ...p.rules, touch: 'no-edge-touch' } })],
      ['another fleet', (p) => ({ ...p, rules: { ...p.rules, fleet: p.rules.fleet.slice(1) } })],
      [
        'two ships sunk at once',
        (p) => {
          const cells = p.cells.slice();
          for (const c of [35, 36, 40, 41]) cells[c] = HIT;
          return {
            ...p,
            cells,
            sunk: [
              [35, 36],
              [40, 41],
            ],
          };
        },
      ],
    ];
    for (const [what, change] of others) {
      it(`${what}: solved afresh, and equal to a fresh solve`, () => {
        const models = solvedFirst();
        const position = change(base);
        const reused = solveDpReusing(position, models);
        expect(reused.how).toBe('fresh');
        expectSame(reused, solveDp(position));
      });
    }
  },
);

function attempt<T>(run: () => T): T | 'no layout' {
  try {
    return run();
  } catch (e) {
    if (e instanceof NoLayoutError) return 'no layout';
    throw e;
  }
}
