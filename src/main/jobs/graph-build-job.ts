// Job `graphBuild`: the state graph of one rule set, built and written to a graph file
// (graph-file.ts) that the store then loads into shared memory. Runs on the graph store's own
// thread, never on the solving threads. The file is opened first, so a folder that cannot take
// it is said before any work; the build refuses (BudgetError) before its buffers pass what the
// store may still hold, so a graph that would not be used is neither built nor written.
// The file holds the graph only: values of positions are the solving threads' business.

import { parseRules, type RulesJson } from '../../core/rules-json';
import { buildGraph } from '../../core/solve/graph/build';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../core/solve/graph/graph';
import { openGraphFileWriter } from '../graphs/graph-file';

export interface GraphBuildPayload {
  rules: RulesJson;
  /** Where the file goes (written whole or not at all). */
  path: string;
  /** Bytes the graph may take: what the store may still hold. */
  maxBytes: number;
}

export function graphBuildJob(payload: GraphBuildPayload): { bytes: number } {
  const rules = parseRules(payload.rules);
  const writer = openGraphFileWriter(payload.path);
  try {
    const graph = buildGraph(rules, payload.maxBytes);
    writer.write({ ...graph }, graphKey(rules), GRAPH_ENGINE_VERSION);
    return { bytes: graph.bytes };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}
