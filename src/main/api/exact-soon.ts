// How the pool's state graph serves an `auto` solve, decided once where the solve enters (its
// position parsed already): which graph the job takes along, and whether the exact answer comes
// within a moment. An estimate stands in for an exact answer that takes a while; when the pool
// holds the rules' state graph, the position fits it and a thread is free, `auto` answers
// exactly within a moment, and an estimate would only flash on screen (and, in the recorder,
// propose a cell the exact answer may overturn). This side decides, since only it knows which
// graphs are ready and whether the solve waits for a thread. What it needs to know lives on the
// pool (its graph store, its solves under way without a graph): this module keeps no state.

import type { Position } from '../../core/position';
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

/** What the pool's graph does for one solve of one position. */
export interface GraphPlan {
  /** The rules' graph for the job to take along: ready, and the position fits it. */
  graph: GraphObject | undefined;
  /** The pool keeps graphs and this `auto` solve starts before its rules' graph is ready. */
  withoutGraph: boolean;
  /** The graph is quick enough for its answer to count as coming in a moment. */
  quick: boolean;
  /** The rules' graph key (undefined for another solver than `auto`). */
  key: string | undefined;
}

const NO_GRAPH: GraphPlan = { graph: undefined, withoutGraph: false, quick: false, key: undefined };

/**
 * How the pool's graph serves `solver` on `position`: only `auto` uses graphs; a graph that is
 * not ready is loaded or built in the background meanwhile; one the position cannot take (named
 * hits, volleys) is not sent.
 */
export function graphPlan(
  pool: JobPool,
  position: Position,
  solver: string,
  quickEdges = QUICK_GRAPH_EDGES,
): GraphPlan {
  if (solver !== 'auto') return NO_GRAPH;
  const key = graphKey(position.rules);
  const flat = pool.graphFor(position.rules);
  if (!flat) return { ...NO_GRAPH, key, withoutGraph: pool.graphs !== undefined };
  const { graph } = preparedFromFlat(flat);
  if (graphMisfit(position, graph) !== null) return { ...NO_GRAPH, key };
  return { graph: flat, withoutGraph: false, quick: graph.edges <= quickEdges, key };
}

/**
 * Why the exact solve planned by `plan` answers within a moment (so no estimate is needed), or
 * null when it may take longer: another solver than `auto` (only `auto` uses the graph), no
 * ready graph of these rules (other rules, still building, a pool without graphs), a position
 * the graph cannot take (named hits, volleys), a graph too large to be quick, a solve of these
 * rules that started before the graph was ready (it runs the DP), or solves waiting for a thread
 * (a background job holds it: the exact answer waits too).
 */
export function exactSoon(pool: JobPool, plan: GraphPlan): string | null {
  if (!plan.graph || !plan.quick || plan.key === undefined) return null;
  if (pool.graphs?.withoutGraph.has(plan.key)) return null;
  if (pool.solvesWaiting() > 0) return null;
  return 'the state graph of these rules is ready and a thread is free: the exact result follows in a moment';
}
