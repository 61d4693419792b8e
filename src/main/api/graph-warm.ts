// A rule set's graph, once built or read at its first use, is warmed as the presets' is at start:
// the position of those rules solved last (by the DP, while the graph was being prepared) is solved
// again in the background through the graph on every thread (presolve.ts warm), so the next click,
// one shot later, is one pass from held values instead of two full passes over fresh pages; and
// that position's kept answer becomes the graph's. Any user's solve stops it, as it stops the
// solves ahead.

import { parsePosition, type Position, type PositionJson } from '../../core/position';
import { graphKey } from '../../core/solve/graph/graph';
import type { ApiContext } from './context';

/** Per API: the last position of each rule set whose graph is being prepared, by graph key. */
const waiting = new WeakMap<ApiContext, Map<string, Position>>();

/** Warms the graph of `position`'s rules with the latest such position once it is ready. */
export function warmWhenReady(ctx: ApiContext, json: PositionJson): void {
  const graphs = ctx.pool.graphs;
  if (!graphs) return;
  let position: Position;
  try {
    position = parsePosition(json);
  } catch {
    return; // the solve itself has said what is wrong
  }
  const key = graphKey(position.rules);
  const latest = waiting.get(ctx) ?? new Map<string, Position>();
  waiting.set(ctx, latest);
  const known = latest.has(key);
  latest.set(key, position);
  if (known) return;
  void graphs
    .ready(position.rules)
    .then(async (graph) => {
      const last = latest.get(key);
      latest.delete(key);
      if (graph && last) await ctx.presolver.warm(last, 'auto', ctx.pool.threads);
    })
    .catch(() => undefined);
}
