import { describe, expect, it } from 'vitest';
import type { Shot } from '../../src/core/game-log';
import { optimalTable } from '../../src/core/optimal';
import { buildLayoutTable } from '../../src/core/optimal/layouts';
import { strategyValue } from '../../src/core/optimal/strategy-value';
import { parsePosition } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules, TouchRule } from '../../src/core/rules';
import { rejectionSampler } from '../../src/core/simulate/fleets';
import { playGame } from '../../src/core/simulate/game';
import { getStrategy } from '../../src/core/strategy';
import { lookaheadStrategy } from '../../src/core/strategy/lookahead';
import { phasedStrategy, targeting } from '../../src/core/strategy/phased';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import type { Strategy } from '../../src/core/strategy/strategy';
import { bruteLayouts } from '../support/policy-brute';

const board = (width: number, height: number, fleet: number[], touch: TouchRule): Rules => ({
  width,
  height,
  fleet: fleet.map((length) => ({ length })),
  touch,
});

const phased = getStrategy('phased');

/** The cells one game fires at, the fleet drawn from `fleetSeed`, the shooter given `seed`. */
function shots(strategy: Strategy, rules: Rules, fleetSeed: number, seed: number): number[] {
  const layout = rejectionSampler(rules).draw(seededRandom(fleetSeed));
  const fired: Shot[] = [];
  const shooter = strategy.create({
    rules,
    random: seededRandom(seed),
    posteriors: new PosteriorCache(rules.width * rules.height),
  });
  playGame(rules, layout, shooter, { onShot: (s) => fired.push(s) });
  return fired.map((s) => s.cell);
}

describe('phased', () => {
  it('is registered as an exact strategy', () => {
    expect(phased.name).toBe('phased');
    expect(phased.exact).toBe(true);
  });

  it('plays the same shots twice for a seed, and draws no random numbers (any seed, same shots)', () => {
    const rules = board(7, 7, [4, 3, 2], 'no-touch');
    for (const fleetSeed of [3, 8]) {
      const first = shots(phased, rules, fleetSeed, 1);
      expect(shots(phased, rules, fleetSeed, 1)).toEqual(first);
      expect(shots(phased, rules, fleetSeed, 99)).toEqual(first);
      expect(new Set(first).size).toBe(first.length);
    }
  });

  it('with no weight on the next shot it is greedy; with weight 1 in both phases, lookahead', () => {
    for (const rules of [board(4, 4, [3, 2], 'allowed'), board(4, 4, [3, 2, 1], 'no-edge-touch')]) {
      const table = buildLayoutTable(rules, 1e6);
      const value = (s: Strategy): number => strategyValue(table, s).totalShots;
      expect(value(phasedStrategy({ candidates: 3, huntWeight: 0, targetWeight: 0 }))).toBe(
        value(getStrategy('greedy')),
      );
      expect(value(phasedStrategy({ candidates: 3, huntWeight: 1, targetWeight: 1 }))).toBe(
        value(lookaheadStrategy(3)),
      );
    }
  });

  it('its exact value equals the simulator playing every layout once, and never beats optimal', () => {
    for (const rules of [board(4, 4, [3, 2], 'no-touch'), board(4, 4, [2, 2, 1], 'no-touch')]) {
      const layouts = bruteLayouts(rules);
      const t = optimalTable(rules, [phased]);
      expect(t.layouts).toBe(layouts.length);
      const posteriors = new PosteriorCache(rules.width * rules.height);
      let total = 0;
      for (const layout of layouts) {
        const shooter = phased.create({ rules, random: seededRandom(1), posteriors });
        total += playGame(rules, layout, shooter).shots;
      }
      expect(t.strategies[0]!.totalShots).toBe(total);
      expect(t.strategies[0]!.expectedShots).toBeGreaterThanOrEqual(t.optimal.expectedShots);
    }
  });

  it('beats greedy exactly where weighing the next shot pays (4x4, ships 3,2,1, no edge touch)', () => {
    const rules = board(4, 4, [3, 2, 1], 'no-edge-touch');
    const table = buildLayoutTable(rules, 1e6);
    const greedy = strategyValue(table, getStrategy('greedy')).totalShots;
    expect(strategyValue(table, phased).totalShots).toBeLessThan(greedy);
  });

  it('tells hunting from targeting: an unsunk hit is targeting, a sunk ship is not', () => {
    const rules = { width: 4, height: 4, fleet: [2, 1], touch: 'allowed' as const };
    const hunting = parsePosition({ rules, board: ['o...', '....', '....', '....'] });
    const hit = parsePosition({ rules, board: ['x...', '....', '....', '....'] });
    expect(targeting(hunting)).toBe(false);
    expect(targeting(hit)).toBe(true);
    expect(targeting({ ...hit, sunk: [[0]] })).toBe(false);
  });
});
