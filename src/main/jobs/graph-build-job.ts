// Job `graphBuild`: the state graph of one rule set, built and written to a graph file
// (graph-file.ts) that the store then loads into shared memory. Runs on the graph store's own
// thread, never on the solving threads. The file is opened first, so a folder that cannot take
// it is said before any work; the build refuses (BudgetError) before its buffers pass what the
// store may still hold, or as soon as the part built so far would not be admitted by the pool's
// memory plan (a graph only grows), so a graph that would not be used is neither finished nor
// written. Each layer built is reported as progress (the app shows it while it prepares).
// The file holds the graph only: values of positions are the solving threads' business.

import { BudgetError } from '../../core/errors';
import { parseRules, type RulesJson } from '../../core/rules-json';
import { buildGraph, type BuildLayer } from '../../core/solve/graph/build';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../core/solve/graph/graph';
import { openGraphFileWriter } from '../graphs/graph-file';
import { planRefusal, type PlanCheck } from '../memory-plan';
import type { JobContext } from './context';

export interface GraphBuildPayload {
  rules: RulesJson;
  /** Where the file goes (written whole or not at all). */
  path: string;
  /** Bytes the graph may take: what the store may still hold. */
  maxBytes: number;
  /** The pool's memory plan and the graphs in use: a graph it would refuse is not finished. */
  plan?: PlanCheck;
}

export function graphBuildJob(payload: GraphBuildPayload, ctx?: JobContext): { bytes: number } {
  const rules = parseRules(payload.rules);
  const writer = openGraphFileWriter(payload.path);
  const { plan } = payload;
  const onLayer = (layer: BuildLayer): void => {
    if (plan) {
      const { inUse, ...input } = plan;
      const size = { states: layer.states, widestLayer: layer.widestLayer, bytes: layer.bytes };
      const why = planRefusal(input, [...inUse, size]);
      if (why) {
        throw new BudgetError(
          `the state graph of these rules would take more than the memory plan admits (${layer.done} of ${layer.layers} layers built: ${why})`,
          'the per-position DP answers instead',
        );
      }
    }
    ctx?.progress(layer.done / layer.layers, 'graph');
  };
  try {
    const graph = buildGraph(rules, payload.maxBytes, ctx?.signal, onLayer);
    writer.write({ ...graph }, graphKey(rules), GRAPH_ENGINE_VERSION);
    return { bytes: graph.bytes };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}
