// Job `graphBuild`: the state graph of one rule set and its kept empty-board values, built and
// written to a graph file (graph-file.ts) that the main process then reads into shared memory.
// Runs on a thread of its own (the graph store's builder), never on the solving threads.

import { parseRules, type RulesJson } from '../../core/rules-json';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../core/solve/graph/graph';
import { prepareGraph } from '../../core/solve/graph/prepare';
import { writeGraphFile } from '../graphs/graph-file';
import { flattenPrepared } from '../graphs/graph-transfer';

export interface GraphBuildPayload {
  rules: RulesJson;
  /** Where the file goes (written whole or not at all). */
  path: string;
  /** Bytes the graph, its kept values and one position's passes may take. */
  maxBytes: number;
}

export function graphBuildJob(payload: GraphBuildPayload): { bytes: number } {
  const rules = parseRules(payload.rules);
  const prepared = prepareGraph(rules, payload.maxBytes);
  writeGraphFile(payload.path, flattenPrepared(prepared), graphKey(rules), GRAPH_ENGINE_VERSION);
  return { bytes: prepared.bytes };
}
