// A posterior cache with a store kept across runs (strategy/posterior.ts, SolvedStore): a second
// run finds the costly positions the first one solved and plays the same games without solving
// them; only exact uniform counts that cost a pass are offered (not the enumeration's, not a
// prior's floats). The store here is a plain map: the file behind it is tested on its own
// (test/integration/solved-positions.test.ts).

import { describe, expect, it } from 'vitest';
import type { Rules } from '../../src/core/rules';
import { SimulationContexts, simulateChunk } from '../../src/core/simulate/run';
import type { Posterior, SolvedStore } from '../../src/core/strategy/posterior';

const RULES: Rules = {
  width: 8,
  height: 8,
  fleet: [4, 3, 3, 2, 2].map((length) => ({ length })),
  touch: 'allowed',
};

class MapStore implements SolvedStore {
  readonly rows = new Map<string, Posterior>();
  get(key: string): Posterior | undefined {
    return this.rows.get(key);
  }
  put(key: string, value: Posterior): void {
    this.rows.set(key, value);
  }
}

/** Games [0, games) of greedy with fresh contexts over `stores` (one per scope). */
function run(stores: Map<string, MapStore> | null, games = 6, prior?: Float64Array) {
  const storeFor = stores
    ? (scope: string) => {
        if (!stores.has(scope)) stores.set(scope, new MapStore());
        return stores.get(scope);
      }
    : undefined;
  const contexts = new SimulationContexts(true, {}, true, storeFor);
  const spec = { rules: RULES, strategies: ['greedy'], seed: 5, ...(prior ? { prior } : {}) };
  const [greedy] = simulateChunk(spec, 0, games, { contexts });
  return { shots: greedy!.shots, cache: contexts.context(RULES, prior).posteriors };
}

describe('posteriors kept across runs', () => {
  it('a second run answers the costly positions from the store and plays the same games', () => {
    const stores = new Map<string, MapStore>();
    const first = run(stores);
    const kept = [...stores.values()].reduce((n, s) => n + s.rows.size, 0);
    expect(first.cache.toStore).toBe(kept);
    expect(kept).toBeGreaterThan(0);
    // Every kept answer is exact uniform counts.
    for (const s of stores.values())
      for (const v of s.rows.values()) expect(v.counts).toBeDefined();
    const second = run(stores);
    expect(second.shots).toEqual(first.shots);
    expect(second.cache.fromStore).toBe(kept);
    expect(second.cache.solves).toBe(first.cache.solves - kept);
    expect(second.cache.toStore).toBe(0);
    expect(run(null).shots).toEqual(first.shots);
  });

  it('the enumeration answers are not kept, nor a prior told to the shooters', () => {
    const stores = new Map<string, MapStore>();
    const first = run(stores);
    // Solves the store was not offered: the probe's enumerations (late positions).
    expect(first.cache.solves).toBeGreaterThan(first.cache.toStore);
    const prior = Float64Array.from({ length: 64 }, (_, i) => 1 + (i % 3));
    const withPrior = new Map<string, MapStore>();
    const told = run(withPrior, 3, prior);
    expect(told.cache.solves).toBeGreaterThan(0);
    expect(told.cache.toStore).toBe(0);
    expect([...withPrior.values()].every((s) => s.rows.size === 0)).toBe(true);
  });
});
