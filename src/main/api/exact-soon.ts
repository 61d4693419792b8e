// Whether an estimate is worth drawing for a position whose exact solve is under way. The
// estimate stands in for an exact answer that takes a while; when the pool holds the rules' state
// graph, the position fits it and a thread is free, `auto` answers exactly within a moment, and
// an estimate would only flash on screen (and, in the recorder, propose a cell the exact answer
// may overturn). This side decides, since only it knows which graphs are ready and whether the
// solve waits for a thread; the renderer then shows no estimate at all.

import { parsePosition, type PositionJson } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import { graphKey } from '../../core/solve/graph/graph';
import { graphMisfit } from '../../core/solve/graph/solve';
import type { GraphObject } from '../graphs/graph-file';
import { preparedFromFlat } from '../../core/solve/graph/transfer';
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
 * Per pool, by graph key: `auto` solves under way that started before their rules' graph was
 * ready, so run the DP however soon the graph is ready now.
 */
const withoutGraph = new WeakMap<JobPool, Map<string, number>>();

/**
 * Notes that an `auto` solve of `position` runs without its rules' graph, until the returned
 * function is called (when it has settled).
 */
export function solvingWithoutGraph(pool: JobPool, position: PositionJson): () => void {
  const key = graphKeyOf(position);
  if (!pool.graphFor || key === undefined) return () => {};
  const counts = withoutGraph.get(pool) ?? new Map<string, number>();
  withoutGraph.set(pool, counts);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return () => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
}

function graphKeyOf(position: PositionJson): string | undefined {
  try {
    return graphKey(parseRules(position.rules));
  } catch {
    return undefined;
  }
}

/**
 * Why the exact solve of `position` by `solver` answers within a moment (so no estimate is
 * needed), or null when it may take longer: another solver than `auto` (only `auto` uses the
 * graph), no ready graph of these rules (other rules, still building, a pool without graphs), a
 * position the graph cannot take (named hits, volleys), a graph too large to be quick, a solve of
 * these rules that started before the graph was ready (it runs the DP), or solves waiting for a
 * thread (a background job holds it: the exact answer waits too).
 * Throws InputError for a malformed position, as the estimate itself would.
 */
export function exactSoon(
  pool: JobPool,
  position: PositionJson,
  solver: string,
  quickEdges = QUICK_GRAPH_EDGES,
): string | null {
  if (solver !== 'auto') return null;
  const flat = poolGraphFor(pool, position);
  if (!flat) return null;
  const { graph } = preparedFromFlat(flat);
  if (graphMisfit(parsePosition(position), graph) !== null) return null;
  if (graph.edges > quickEdges) return null;
  if (withoutGraph.get(pool)?.has(graph.key)) return null;
  if ((pool.solvesWaiting?.() ?? 0) > 0) return null;
  return 'the state graph of these rules is ready and a thread is free: the exact result follows in a moment';
}
