import { describe, expect, it } from 'vitest';
import { BudgetError, InputError } from '../../src/core/errors';
import { emptyPosition } from '../../src/core/position';
import { presetRules, TOUCH_RULES, type Rules, type TouchRule } from '../../src/core/rules';
import { playGame } from '../../src/core/simulate/game';
import { optimalTable } from '../../src/core/optimal';
import { buildLayoutTable } from '../../src/core/optimal/layouts';
import { optimalSearch } from '../../src/core/optimal/search';
import { strategyValue } from '../../src/core/optimal/strategy-value';
import { seededRandom } from '../../src/core/random';
import { getStrategy } from '../../src/core/strategy';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { bruteForce } from '../support/brute-force';
import { bruteLayouts, bruteOptimalTotalShots } from '../support/policy-brute';

const board = (width: number, height: number, fleet: number[], touch: TouchRule): Rules => ({
  width,
  height,
  fleet: fleet.map((length) => ({ length })),
  touch,
});

const EXACT = ['greedy', 'info', 'lookahead'].map(getStrategy);

describe('optimal play on the smallest boards', () => {
  // Each board under every touch rule whose fleet fits it.
  const cases: [number, number, number[]][] = [
    [2, 2, [2]],
    [3, 3, [2]],
    [3, 3, [3]],
    [2, 3, [2]],
    [3, 3, [2, 1]],
    [3, 3, [2, 2]],
  ];
  for (const [w, h, fleet] of cases) {
    for (const touch of TOUCH_RULES) {
      const rules = board(w, h, fleet, touch);
      if (bruteLayouts(rules).length === 0) continue;
      it(`${w}x${h} fleet ${fleet.join(',')} ${touch}: equals the best of every shooting policy`, () => {
        const brute = bruteOptimalTotalShots(rules);
        const table = buildLayoutTable(rules, 1e6);
        const r = optimalSearch(table, 1e6);
        expect(r.layouts).toBe(brute.layouts);
        expect(table.shipCells * r.layouts + r.totalMisses).toBe(brute.totalShots);
        expect(r.expectedShots).toBe(brute.totalShots / brute.layouts);
      });
    }
  }

  it('a rectangle and its transpose have the same value (the mirrors it keeps)', () => {
    const wide = optimalSearch(buildLayoutTable(board(4, 3, [2, 2], 'allowed'), 1e6), 1e6);
    const tall = optimalSearch(buildLayoutTable(board(3, 4, [2, 2], 'allowed'), 1e6), 1e6);
    expect(wide.layouts).toBe(tall.layouts);
    expect(wide.totalMisses).toBe(tall.totalMisses);
  });
});

describe('layouts', () => {
  it('counts the same layouts as the brute-force counter on the empty board', () => {
    for (const rules of [
      board(4, 4, [3, 2], 'allowed'),
      board(4, 4, [2, 2, 1], 'no-touch'),
      board(5, 4, [3, 2], 'no-edge-touch'),
    ]) {
      expect(buildLayoutTable(rules, 1e6).size).toBe(bruteForce(emptyPosition(rules)).total);
    }
  });

  it('refuses a board with too many layouts before searching, in one line naming the limit', () => {
    const run = () => optimalTable(presetRules('classic'), EXACT);
    expect(run).toThrow(InputError);
    expect(run).toThrow(/more than the 64 exact optimal play can handle/);
    const crowded = () => optimalTable(board(8, 8, [4, 3, 3, 2], 'allowed'), EXACT);
    expect(crowded).toThrow(/has more than 5,000 layouts, too many to solve exactly/);
  });

  it('gives up with a budget error when the knowledge states outgrow the limit', () => {
    const run = () => optimalTable(board(4, 4, [3, 2], 'allowed'), [], { maxStates: 100 });
    expect(run).toThrow(BudgetError);
    expect(run).toThrow(/more than 10[0-9] knowledge states/);
  });
});

describe('strategies on the same boards', () => {
  const boards = [
    board(3, 3, [2, 2], 'allowed'),
    board(4, 4, [3], 'allowed'),
    board(4, 4, [3, 2], 'no-touch'),
    board(4, 4, [2, 2], 'no-edge-touch'),
  ];

  it('no strategy beats optimal play, and greedy is strictly worse on some boards', () => {
    const gaps: number[] = [];
    for (const rules of boards) {
      const t = optimalTable(rules, EXACT);
      for (const s of t.strategies) {
        expect(s.totalShots).toBeGreaterThanOrEqual(
          t.optimal.totalMisses + rules.fleet.reduce((a, b) => a + b.length, 0) * t.layouts,
        );
      }
      gaps.push(t.strategies[0]!.expectedShots - t.optimal.expectedShots);
    }
    // 3x3 with two 2-ships and 4x4 with one 3-ship: greedy's first shot is not the best one.
    expect(gaps[0]).toBeGreaterThan(0);
    expect(gaps[1]).toBeGreaterThan(0);
  });

  it('equal the average over the simulator playing every layout once', () => {
    for (const rules of [board(4, 4, [3, 2], 'no-touch'), board(4, 4, [2, 2], 'allowed')]) {
      const table = buildLayoutTable(rules, 1e6);
      const layouts = bruteLayouts(rules);
      expect(layouts.length).toBe(table.size);
      for (const strategy of EXACT) {
        const exact = strategyValue(table, strategy);
        const posteriors = new PosteriorCache(rules.width * rules.height);
        let shots = 0;
        for (const layout of layouts) {
          const shooter = strategy.create({ rules, random: seededRandom(1), posteriors });
          shots += playGame(rules, layout, shooter).shots;
        }
        expect(exact.totalShots).toBe(shots);
      }
    }
  });

  it('refuses strategies that draw random numbers or keep state between shots', () => {
    const table = buildLayoutTable(board(3, 3, [2], 'allowed'), 1e6);
    expect(() => strategyValue(table, getStrategy('random'))).toThrow(/draws random numbers/);
    expect(() => strategyValue(table, getStrategy('hunt-target'))).toThrow(
      /keeps state between shots/,
    );
  });
});
