// Whether an estimate is worth drawing for a position whose exact solve is under way. The
// estimate stands in for an exact answer that takes a while; when the pool holds the rules' state
// graph, the position fits it and a thread is free, `auto` answers exactly within a moment, and
// an estimate would only flash on screen (and, in the recorder, propose a cell the exact answer
// may overturn). This side decides, since only it knows which graphs are ready and whether the
// solve waits for a thread; the renderer then shows no estimate at all.

import { parsePosition, type PositionJson } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import { graphMisfit } from '../../core/solve/graph/solve';
import type { GraphObject } from '../graphs/graph-file';
import { preparedFromFlat } from '../graphs/graph-transfer';
import type { JobPool } from '../pool';

/**
 * The most edges a graph may have for its passes to count as quick. Each position visits every
 * edge about twice; the presets' graphs (the largest, Russian, has about 48.5 M edges) are under
 * it, while a larger board's graph (12x12 has about twice that) may take seconds, and its
 * estimate still stands in.
 */
export const QUICK_GRAPH_EDGES = 64_000_000;

/** The pool's state graph for the position's rules, when it keeps one and it is ready. */
export function poolGraphFor(pool: JobPool, position: PositionJson): GraphObject | undefined {
  if (!pool.graphFor) return undefined;
  try {
    return pool.graphFor(parseRules(position.rules));
  } catch {
    return undefined; // rules the worker will refuse with its own message
  }
}

/**
 * Why the exact solve of `position` by `solver` answers within a moment (so no estimate is
 * needed), or null when it may take longer: another solver than `auto` (only `auto` uses the
 * graph), no ready graph of these rules (other rules, still building, a pool without graphs), a
 * position the graph cannot take (named hits, volleys), a graph too large to be quick, or solves
 * already waiting for a thread (a background job holds it: the exact answer waits too).
 * Throws InputError for a malformed position, as the estimate itself would.
 */
export function exactSoon(pool: JobPool, position: PositionJson, solver: string): string | null {
  if (solver !== 'auto') return null;
  const flat = poolGraphFor(pool, position);
  if (!flat) return null;
  const { graph } = preparedFromFlat(flat);
  if (graphMisfit(parsePosition(position), graph) !== null) return null;
  if (graph.edges > QUICK_GRAPH_EDGES) return null;
  if ((pool.solvesWaiting?.() ?? 0) > 0) return null;
  return 'the state graph of these rules is ready and a thread is free: the exact result follows in a moment';
}
