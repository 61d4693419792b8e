// A rule set's graph, once built or read at its first use, is warmed as the presets' is at start:
// the position of those rules solved last (by the DP, while the graph was being prepared) is solved
// again in the background through the graph on every thread (presolve.ts warm), so the next click,
// one shot later, is one pass from held values instead of two full passes over fresh pages; and
// that position's kept answer becomes the graph's. Any user's solve stops it, as it stops the
// solves ahead.

import type { Position } from '../../core/position';
import { graphKey } from '../../core/solve/graph/graph';
import type { JobPool } from '../pool';
import type { Presolver } from './presolve';

export class GraphWarmer {
  readonly #pool: JobPool;
  readonly #presolver: Presolver;
  /** The last position of each rule set whose graph is being prepared, by graph key. */
  readonly #latest = new Map<string, Position>();

  constructor(pool: JobPool, presolver: Presolver) {
    this.#pool = pool;
    this.#presolver = presolver;
  }

  /** Warms the graph of `position`'s rules with the latest such position once it is ready. */
  whenReady(position: Position): void {
    const graphs = this.#pool.graphs;
    if (!graphs) return;
    const key = graphKey(position.rules);
    const known = this.#latest.has(key);
    this.#latest.set(key, position);
    if (known) return;
    void graphs
      .ready(position.rules)
      .then(async (graph) => {
        const last = this.#latest.get(key);
        this.#latest.delete(key);
        if (graph && last) await this.#presolver.warm(last, 'auto', this.#pool.threads);
      })
      .catch(() => undefined);
  }
}
