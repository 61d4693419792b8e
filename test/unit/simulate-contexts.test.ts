import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { playGame } from '../../src/core/simulate/game';
import { SimulationContexts, simulateChunk } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { getStrategy } from '../../src/core/strategy';
import { PosteriorCache } from '../../src/core/strategy/posterior';

// Small enough for exact strategies to play many games quickly, big enough that games share
// their openings and part ways after the first hits.
const rules: Rules = {
  width: 7,
  height: 7,
  fleet: [4, 3, 2, 2].map((length) => ({ length })),
  touch: 'no-touch',
};

const greedy = (seed: number) => ({ rules, strategies: ['greedy'], seed });

describe('simulation contexts belong to their owner', () => {
  it('an owner hands out one sampler and one posterior cache per rules and prior', () => {
    const owner = new SimulationContexts();
    const prior = new Float64Array(49).fill(1);
    prior[24] = 3;
    const plain = owner.context(rules);
    expect(owner.context(rules)).toEqual(plain);
    expect(owner.context(rules).posteriors).toBe(plain.posteriors);
    const told = owner.context(rules, prior);
    expect(told.posteriors).not.toBe(plain.posteriors);
    expect(told.fleets).not.toBe(plain.fleets);
    // Fleets drawn from the prior, shooters told nothing: the uniform shooters' cache.
    const blind = owner.context(rules, prior, null);
    expect(blind.fleets).toBe(told.fleets);
    expect(blind.posteriors).toBe(plain.posteriors);
    // Another owner shares nothing.
    expect(new SimulationContexts().context(rules).posteriors).not.toBe(plain.posteriors);
  });

  it('its caches share one set of DP models; without reuse, the same games with none', () => {
    const owner = new SimulationContexts();
    const prior = new Float64Array(49).fill(1);
    prior[3] = 2;
    const models = owner.context(rules).posteriors.models;
    expect(models).not.toBeNull();
    expect(owner.context(rules, prior).posteriors.models).toBe(models);
    expect(new SimulationContexts().context(rules).posteriors.models).not.toBe(models);
    // A board open enough that auto hands the early positions to the DP.
    const open = {
      ...greedy(6),
      rules: { ...rules, width: 9, height: 9, touch: 'allowed' as const },
    };
    const reused = simulateChunk(open, 0, 3, { contexts: owner });
    expect(models!.counts.walk).toBeGreaterThan(0);
    const afresh = new SimulationContexts(false);
    expect(afresh.context(rules).posteriors.models).toBeNull();
    const plain = simulateChunk(open, 0, 3, { contexts: afresh });
    expect(plain.map((s) => s.shots)).toEqual(reused.map((s) => s.shots));
  });

  it('exact strategies play the same games with a warm cache, a cold one and none shared', () => {
    const coldOwner = new SimulationContexts();
    const cold = simulateChunk(greedy(4), 0, 8, { contexts: coldOwner });
    const coldSolves = coldOwner.context(rules).posteriors.solves;
    const owner = new SimulationContexts();
    simulateChunk(greedy(4), 8, 20, { contexts: owner });
    const cache = owner.context(rules).posteriors;
    const solvedBefore = cache.solves;
    const warm = simulateChunk(greedy(4), 0, 8, { contexts: owner });
    expect(warm.map((s) => s.shots)).toEqual(cold.map((s) => s.shots));
    // The warm run did find earlier solves (the openings all games share).
    expect(cache.hits).toBeGreaterThan(0);
    expect(cache.solves - solvedBefore).toBeLessThan(coldSolves);
    // And no shared state between owners: a run with its own contexts solves from scratch.
    expect(simulateChunk(greedy(4), 0, 8).map((s) => s.shots)).toEqual(cold.map((s) => s.shots));
  });

  it('a cached posterior is bit for bit the solve of exactly that position', () => {
    const cache = new PosteriorCache(49);
    const positions: Position[] = [];
    const shooter = getStrategy('greedy').create({
      rules,
      random: () => 0.5,
      posteriors: cache,
    });
    const layout = [
      [0, 1, 2, 3],
      [14, 21, 28],
      [32, 33],
      [46, 47],
    ];
    playGame(rules, layout, shooter, {
      onShot: (_, p) => positions.push({ ...p, cells: p.cells.slice(), sunk: [...p.sunk] }),
    });
    for (const p of positions.slice(0, -1)) {
      const direct = solve(p, 'auto');
      const cached = cache.get(p);
      expect(cached.p).toEqual(direct.probabilities);
      expect(cached.ties).toEqual(direct.ties);
      expect(cached.total).toBe(Number(direct.total));
    }
    // Every position asked for again was found in the cache, none solved twice.
    expect(cache.solves).toBe(positions.length);
  });
});

describe('the game loop stops where asked', () => {
  it('maxShots: the position after exactly that many shots, game not finished', () => {
    const layout = [
      [0, 1, 2, 3],
      [14, 21, 28],
      [32, 33],
      [46, 47],
    ];
    const order = [48, 0, 1, 2, 3, 10, 11];
    let k = 0;
    const r = playGame(rules, layout, { next: () => order[k++]! }, { maxShots: 6 });
    expect([r.shots, r.finished]).toEqual([6, false]);
    expect(r.position.cells.filter((c) => c !== 0)).toHaveLength(6);
    expect(r.position.sunk).toEqual([[0, 1, 2, 3]]);
  });
});
