// `phased:D`: phased with its next-shot term estimated from D drawn layouts. Checked: fed every
// consistent layout once instead of draws, the estimate is the exact term (so the estimator has
// no bias of its own); the shooter is deterministic (its draws are seeded by the position);
// and its budget is validated where names are read.
import { describe, expect, it } from 'vitest';
import { strategyName } from '../../src/shared/api';
import { PHASED_MAX_DRAWS as SHARED_MAX, phasedBudget } from '../../src/shared/catalog';
import { InputError } from '../../src/core/errors';
import { HIT, MISS, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules, TouchRule } from '../../src/core/rules';
import { rejectionSampler } from '../../src/core/simulate/fleets';
import { playGame } from '../../src/core/simulate/game';
import { getStrategy } from '../../src/core/strategy';
import { PHASED_MAX_DRAWS, phasedDraws } from '../../src/core/strategy/phased';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { sampleFromModel } from '../../src/core/solve/dp';
import { layoutSampler } from '../../src/core/solve/sample';
import type { Strategy } from '../../src/core/strategy/strategy';
import { exactNextChance, rankedCells } from '../../src/core/strategy/two-shot';
import { sampledNextChances } from '../../src/core/strategy/two-shot-sampled';
import { bruteLayouts } from '../support/policy-brute';

const board = (side: number, fleet: number[], touch: TouchRule): Rules => ({
  width: side,
  height: side,
  fleet: fleet.map((length) => ({ length })),
  touch,
});

/** Is `layout` (every ship's cells) a layout of `position`? Written from the rules, not the solvers. */
function consistent(position: Position, layout: number[][]): boolean {
  const covered = new Set(layout.flat());
  for (let c = 0; c < position.cells.length; c++) {
    if (position.cells[c] === MISS && covered.has(c)) return false;
    if (position.cells[c] === HIT && !covered.has(c)) return false;
  }
  const key = (ship: number[]): string => [...ship].sort((a, b) => a - b).join(',');
  const ships = new Set(layout.map(key));
  const sunk = new Set(position.sunk.map(key));
  if ([...sunk].some((s) => !ships.has(s))) return false;
  if (!position.sunkReported) return true;
  // Sinkings announced: a ship not reported sunk still has a cell not hit.
  return layout.every((ship) => sunk.has(key(ship)) || ship.some((c) => position.cells[c] !== HIT));
}

/** Positions along a game played by `strategy` against the fleet drawn from `fleetSeed`. */
function gamePositions(rules: Rules, strategy: Strategy, fleetSeed: number, sunkReported: boolean) {
  const layout = rejectionSampler(rules).draw(seededRandom(fleetSeed));
  const positions: Position[] = [];
  const shooter = strategy.create({
    rules,
    random: seededRandom(1),
    posteriors: new PosteriorCache(rules.width * rules.height),
  });
  playGame(rules, layout, shooter, {
    onShot: (_, p) => {
      const sunk = sunkReported ? p.sunk.map((s) => s.slice()) : [];
      positions.push({ ...p, cells: p.cells.slice(), sunk, sunkReported });
    },
  });
  return positions.slice(0, -1); // the last one has no ship cell left unknown
}

describe('phased with a thinking budget (phased:D)', () => {
  it('fed every consistent layout once, its next-shot estimate is the exact term', () => {
    const cases: [Rules, boolean][] = [
      [board(4, [3, 2, 1], 'no-edge-touch'), true],
      [board(4, [2, 2, 1], 'allowed'), true],
      [board(5, [3, 2], 'no-touch'), true],
      [board(4, [3, 2, 1], 'allowed'), false],
    ];
    let checked = 0;
    for (const [rules, sunkReported] of cases) {
      const all = bruteLayouts(rules);
      for (const fleetSeed of [1, 2, 3]) {
        for (const position of gamePositions(
          rules,
          getStrategy('greedy'),
          fleetSeed,
          sunkReported,
        )) {
          const posteriors = new PosteriorCache(position.cells.length);
          const post = posteriors.get(position);
          const candidates = rankedCells('test', position, post).slice(0, 4);
          const layouts = all.filter((l) => consistent(position, l));
          expect(layouts.length).toBe(post.total);
          const estimate = sampledNextChances(position, post.p, candidates, layouts);
          candidates.forEach((cell, k) => {
            expect(estimate[k]).toBeCloseTo(exactNextChance(posteriors, position, post, cell), 12);
          });
          checked += candidates.length;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('plays the same shots for any game seed, and the same again', () => {
    const rules = board(7, [4, 3, 2], 'no-touch');
    const strategy = getStrategy('phased:300');
    const shots = (fleetSeed: number, seed: number): number[] => {
      const layout = rejectionSampler(rules).draw(seededRandom(fleetSeed));
      const shooter = strategy.create({
        rules,
        random: seededRandom(seed),
        posteriors: new PosteriorCache(49),
      });
      const fired: number[] = [];
      playGame(rules, layout, shooter, { onShot: (s) => fired.push(s.cell) });
      return fired;
    };
    for (const fleetSeed of [3, 8]) {
      const first = shots(fleetSeed, 1);
      expect(new Set(first).size).toBe(first.length);
      expect(shots(fleetSeed, 1)).toEqual(first);
      expect(shots(fleetSeed, 77)).toEqual(first);
    }
  });

  it('its budget reads the same in the core and the contract, and is refused out of range', () => {
    expect(PHASED_MAX_DRAWS).toBe(SHARED_MAX);
    for (const name of [
      'phased',
      'phased:1',
      'phased:500',
      'phased:1000000',
      'phased:0',
      'phased:1000001',
      'phased:x',
      'phased:-3',
      'greedy',
    ]) {
      expect(phasedDraws(name)).toEqual(phasedBudget(name));
    }
    expect(getStrategy('phased:500').name).toBe('phased:500');
    expect(strategyName.parse('phased:500', 'strategy')).toBe('phased:500');
    expect(() => getStrategy('phased:0')).toThrow(InputError);
    expect(() => getStrategy('phased:0')).toThrow(/budget must be 1 to 1,000,000 drawn layouts/);
    expect(() => strategyName.parse('phased:2000000', 's')).toThrow(
      /s: "phased:2000000": phased's budget/,
    );
    expect(() => strategyName.parse('phased:x', 's')).toThrow(/unknown strategy "phased:x"/);
  });
});

describe('drawing from the kept model', () => {
  it("draws exactly the layouts the sampler's own DP draws, and keeps the model", () => {
    const rules = board(8, [4, 3, 3, 2], 'no-touch');
    const greedy = getStrategy('greedy');
    let compared = 0;
    for (const fleetSeed of [4, 9]) {
      const posteriors = new PosteriorCache(64);
      for (const position of gamePositions(rules, greedy, fleetSeed, true)) {
        posteriors.get(position); // walked or solved, as a game goes
        const model = posteriors.modelOf(position, 2 ** 30)!;
        const own = seededRandom(5);
        const fresh = seededRandom(5);
        const sampler = layoutSampler(position);
        for (let k = 0; k < 20; k++) {
          expect([...position.sunk, ...sampleFromModel(model, own)]).toEqual(sampler.draw(fresh));
        }
        expect(posteriors.modelOf(position, 2 ** 30)).toBe(model); // kept, not built again
        compared++;
      }
    }
    expect(compared).toBe(38); // every position of two games (19 shots each before the last)
  });
});
