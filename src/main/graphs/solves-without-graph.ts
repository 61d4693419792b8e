// `auto` solves under way that started before their rules' state graph was ready: each runs the
// DP to its end however soon the graph is ready now, so until it settles the exact answer for
// those rules is not "in a moment" (api/exact-soon.ts). One per graph store (the pool's), shared
// by every caller that solves on the pool (clicks, solves ahead, batches).

export class SolvesWithoutGraph {
  /** Graph key -> solves of those rules under way without the graph. */
  readonly #counts = new Map<string, number>();

  /** Notes one solve of the rules `key` running without its graph, until the function it returns is called. */
  start(key: string): () => void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    let settled = false;
    return () => {
      if (settled) return;
      settled = true;
      const left = (this.#counts.get(key) ?? 1) - 1;
      if (left > 0) this.#counts.set(key, left);
      else this.#counts.delete(key);
    };
  }

  /** Does a solve of the rules `key` run without its graph now? */
  has(key: string): boolean {
    return this.#counts.has(key);
  }
}
