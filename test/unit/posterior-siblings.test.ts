// The other answer of a shot, derived by the posterior cache from the counts of the position
// before and of the answer solved (sibling.ts): every derived answer equals a fresh solve's, a
// shot that could sink a ship derives nothing, and greedy plays the same games with and without.

import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { simulateChunk, SimulationContexts } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { PosteriorCache, afterShot } from '../../src/core/strategy/posterior';
import { randomLayout } from '../support/arbitraries';

const RULES: Rules[] = [
  { width: 6, height: 6, fleet: [3, 3, 2].map((length) => ({ length })), touch: 'allowed' },
  { width: 6, height: 6, fleet: [4, 2, 2].map((length) => ({ length })), touch: 'no-touch' },
];

/** A game against a random layout, each shot at a seeded random unknown cell. */
function game(rules: Rules, seed: number): Position[] {
  const random = seededRandom(seed);
  const ships = randomLayout(rules, random)!;
  let position = emptyPosition(rules);
  const out = [position];
  while (position.sunk.length < ships.length) {
    const open = Array.from(position.cells).flatMap((m, i) => (m === 0 ? [i] : []));
    const cell = open[Math.floor(random() * open.length)]!;
    const ship = ships.find((s) => s.includes(cell));
    const cells = position.cells.slice();
    cells[cell] = ship ? HIT : MISS;
    const sinks = ship?.every((c) => cells[c] === HIT);
    position = afterShot(position, cell, !!ship, sinks ? ship : undefined);
    out.push(position);
  }
  return out;
}

function fresh(position: Position) {
  try {
    const r = solve(position);
    return { total: Number(r.total), p: Array.from(r.probabilities), ties: r.ties };
  } catch (e) {
    if (e instanceof NoLayoutError) return null;
    throw e;
  }
}

describe('derived answers of a shot', () => {
  for (const rules of RULES) {
    it(`equal fresh solves (${rules.width}x${rules.height} ${rules.touch})`, () => {
      let derived = 0;
      for (const seed of [1, 2, 3, 4]) {
        const cache = new PosteriorCache(rules.width * rules.height);
        const positions = game(rules, seed);
        for (let k = 1; k < positions.length; k++) {
          const [parent, child] = [positions[k - 1]!, positions[k]!];
          cache.tryGet(parent);
          const before = cache.derived;
          cache.tryGet(child);
          if (cache.derived === before) continue;
          derived++;
          const shot = child.cells.findIndex((m, i) => m !== parent.cells[i]);
          const other = afterShot(parent, shot, child.cells[shot] === MISS);
          const solves = cache.solves;
          const got = cache.tryGet(other);
          expect(cache.solves).toBe(solves); // served from the cache
          expect(got && { total: got.total, p: Array.from(got.p), ties: got.ties }).toEqual(
            fresh(other),
          );
        }
      }
      expect(derived).toBeGreaterThan(10);
    });
  }

  it('derive nothing where a hit could sink a ship', () => {
    const rules = RULES[0]!;
    const cache = new PosteriorCache(36);
    const p = emptyPosition(rules);
    p.cells[0] = HIT; // a destroyer on cells 0 and 1 would sink with a hit at 1
    cache.tryGet(p);
    cache.tryGet(afterShot(p, 1, false));
    expect(cache.derived).toBe(0);
    cache.tryGet(p);
    cache.tryGet(afterShot(p, 3, false));
    expect(cache.derived).toBe(1);
  });

  it('greedy plays the same games with and without derived answers', () => {
    const rules = RULES[0]!;
    const play = (siblings: boolean) => {
      const contexts = new SimulationContexts(true, {}, siblings);
      const ctx = contexts.context(rules);
      const [greedy] = simulateChunk({ rules, strategies: ['greedy'], seed: 9 }, 0, 30, {
        contexts,
        recordCells: true,
      });
      return { cells: greedy!.cells, derived: ctx.posteriors.derived };
    };
    const on = play(true);
    const off = play(false);
    expect(on.derived).toBeGreaterThan(0);
    expect(off.derived).toBe(0);
    expect(on.cells).toEqual(off.cells);
  });
});
