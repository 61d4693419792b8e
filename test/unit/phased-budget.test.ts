// `phased:D`: phased with its next-shot term estimated from D drawn layouts. Checked: fed every
// consistent layout once instead of draws, the estimate is the exact term (so the estimator has
// no bias of its own); the shooter is deterministic (its draws are seeded by the position);
// and its budget is validated where names are read.
import { describe, expect, it } from 'vitest';
import { strategyName } from '../../src/shared/api';
import { InputError } from '../../src/core/errors';
import { HIT, MISS, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules, TouchRule } from '../../src/core/rules';
import { rejectionSampler } from '../../src/core/simulate/fleets';
import { playGame } from '../../src/core/simulate/game';
import { getStrategy } from '../../src/core/strategy';
import { phasedDraws } from '../../src/core/strategy/phased';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { layoutSampler } from '../../src/core/solve/sample';
import type { Strategy } from '../../src/core/strategy/strategy';
import { distinctCells, positionSymmetries } from '../../src/core/strategy/symmetric-cells';
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

  it('its budget is read from the name, and is refused out of range', () => {
    const budgets: [string, number | null][] = [
      ['phased', null],
      ['phased:1', 1],
      ['phased:500', 500],
      ['phased:1000000', 1_000_000],
      ['phased:0', NaN],
      ['phased:1000001', NaN],
      ['phased:x', null],
      ['phased:-3', null],
      ['greedy', null],
    ];
    for (const [name, draws] of budgets) expect(phasedDraws(name), name).toEqual(draws);
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

describe("drawing from the thread's models", () => {
  it('draws exactly what a DP of the position draws: from its own model, walked or built', () => {
    let compared = 0;
    const from = { own: 0, walked: 0, built: 0 };
    const cases: [Rules, boolean][] = [
      [board(9, [4, 3, 3, 2], 'no-touch'), true],
      [board(9, [4, 3, 2, 2], 'allowed'), true],
      [board(8, [3, 3, 2, 1], 'no-edge-touch'), true],
      [board(9, [4, 3, 2], 'allowed'), false],
    ];
    for (const [rules, sunkReported] of cases) {
      const posteriors = new PosteriorCache(rules.width * rules.height, 'dp');
      const models = posteriors.models!;
      for (const position of gamePositions(rules, getStrategy('greedy'), 7, sunkReported)) {
        posteriors.get(position); // walked or solved, as in a game
        const draw = posteriors.drawer(position, 2 ** 30)!;
        const own = seededRandom(5);
        const fresh = seededRandom(5);
        const sampler = layoutSampler(position);
        for (let k = 0; k < 20; k++) {
          expect([...position.sunk, ...draw(own)]).toEqual(sampler.draw(fresh));
        }
        compared++;
      }
      for (const k of ['own', 'walked', 'built'] as const) from[k] += models.drawers[k];
    }
    expect(compared).toBeGreaterThan(100);
    // Every way of drawing was taken (130 positions: 4 from a kept model of the position itself,
    // 64 by walking an earlier one, 62 from a model built for them).
    expect(from.own).toBeGreaterThan(0);
    expect(from.walked).toBeGreaterThan(30);
    expect(from.built).toBeGreaterThan(0);
  });
});

describe('cells a position cannot tell apart', () => {
  it('finds the symmetries that map a position onto itself, and keeps one cell of each class', () => {
    const rules = board(5, [3, 2], 'allowed');
    const empty: Position = { rules, cells: new Uint8Array(25), sunk: [], sunkReported: true };
    expect(positionSymmetries(empty)).toHaveLength(8);
    // A miss on C1 leaves only the left-right mirror: B3 and D3 are one class, C-column cells alone.
    const cells = new Uint8Array(25);
    cells[2] = MISS;
    const missC1: Position = { ...empty, cells };
    expect(positionSymmetries(missC1)).toHaveLength(2);
    expect(distinctCells(missC1, [11, 12, 13, 17, 16, 18])).toEqual([11, 12, 17, 16]);
    // A sunk ship must map onto a sunk ship; a prior must map onto itself.
    const sunkCells = new Uint8Array(25);
    sunkCells[1] = sunkCells[2] = sunkCells[3] = HIT; // B1-D1: the left-right mirror keeps it
    expect(positionSymmetries({ ...empty, cells: sunkCells, sunk: [[1, 2, 3]] })).toHaveLength(2);
    sunkCells[1] = MISS; // C1-D1 sunk, a miss on B1: no longer mirrored
    expect(positionSymmetries({ ...empty, cells: sunkCells, sunk: [[2, 3]] })).toHaveLength(1);
    const prior = new Float64Array(25).fill(1);
    prior[24] = 2;
    expect(positionSymmetries({ ...empty, prior })).toHaveLength(2); // the main diagonal only
    expect(distinctCells({ ...empty, prior }, [1, 5, 7])).toEqual([1, 7]);
  });
});
