// The pool's graph lane: a graph store whose loads, builds and kept values run as jobs on a
// thread of their own (graphs/graph-store.ts keeps the graphs; pool.ts runs the solving lanes).

import { Piscina } from 'piscina';
import type { Rules } from '../../core/rules';
import { rulesToJson } from '../../core/rules-json';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../core/solve/graph/graph';
import type { GraphBuildPayload } from '../jobs/graph-build-job';
import type { GraphKeepPayload } from '../jobs/graph-keep-job';
import type { GraphLoadPayload } from '../jobs/graph-load-job';
import { HOLD_PLAN_FIELD, type PlanCheck } from '../memory-plan';
import type { WorkerReply, WorkerTask } from '../worker';
import { rebuildError } from '../worker-errors';
import { resolveWorkerFile } from '../worker-file';
import { progressPort } from '../progress-port';
import type { GraphObject } from './graph-file';
import type { GraphLoadOutcome } from './graph-load';
import { GraphStore } from './graph-store';

/** Where a pool keeps its state graphs (see graphs/graph-store.ts). */
export interface PoolGraphOptions {
  /** Folder of graph files (the data folder's graphs/); null keeps none on disk. */
  dir: string | null;
  /** Bytes the pool's graphs may hold together in shared memory. */
  maxBytes: number;
  /** The maximum of the shared memory the graphs and the threads' values live in. */
  memoryBytes?: number;
  /** Bytes the folder's graph files may take (least recently used removed first); no limit without. */
  cacheBytes?: number;
  /** Keep simulations' solved positions in the folder (default true; store/solved-positions.ts). */
  keepSolved?: boolean;
}

/**
 * A graph store whose loads and builds run on a thread of their own (started when one is needed,
 * gone when idle), so reading, checking or building a graph never holds a solving thread, nor
 * the main one.
 */
export function graphStoreFor(
  options: PoolGraphOptions,
  workerFile: string | undefined,
  planCheck: (others: [string, GraphObject][]) => PlanCheck,
): { store: GraphStore; close: () => Promise<void> } {
  let lane: Piscina | undefined;
  // Closing stops a running load or build (its thread is terminated) before the lane closes:
  // piscina's close waits for a running job, and a build takes seconds.
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const run = async (
    task: WorkerTask,
    onProgress?: (fraction: number) => void,
  ): Promise<unknown> => {
    lane ??= new Piscina({
      filename: resolveWorkerFile(workerFile),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 2_000,
    });
    const progress = progressPort<{ fraction: number }>(
      onProgress && ((m) => onProgress(m.fraction)),
    );
    const job = lane.run(
      { ...task, ...progress.task },
      { signal: stopping.signal, transferList: progress.transferList },
    );
    running.add(job);
    try {
      const reply = (await job) as WorkerReply;
      if (!reply.ok) throw rebuildError(reply.error);
      return reply.value;
    } finally {
      running.delete(job);
      progress.close();
    }
  };
  const store = new GraphStore({
    dir: options.dir,
    engine: GRAPH_ENGINE_VERSION,
    keyOf: (rules) => graphKey(rules as Rules),
    maxBytes: options.maxBytes,
    ...(options.memoryBytes === undefined ? {} : { memoryBytes: options.memoryBytes }),
    ...(options.cacheBytes === undefined ? {} : { cacheBytes: options.cacheBytes }),
    build: async (rules, path, maxBytes, onProgress) => {
      const plan = planCheck(store.loaded());
      const payload: GraphBuildPayload = {
        rules: rulesToJson(rules as Rules),
        path,
        maxBytes,
        plan,
      };
      await run({ kind: 'graphBuild', payload }, onProgress);
    },
    load: async (memory, request) => {
      const payload: GraphLoadPayload = { ...request, memory };
      return (await run({ kind: 'graphLoad', payload })) as GraphLoadOutcome;
    },
    keep: async (graph, rules) => {
      // The plan's counters are the pool's, not the graph's: they stay behind.
      const { [HOLD_PLAN_FIELD]: _plan, ...fields } = graph;
      const payload: GraphKeepPayload = { graph: fields, rules: rulesToJson(rules as Rules) };
      return (await run({ kind: 'graphKeep', payload })) as GraphObject;
    },
  });
  return {
    store,
    close: async () => {
      store.stop();
      stopping.abort();
      await Promise.allSettled([...running]);
      await lane?.close({ force: true });
      await store.removeOwnTemporaries();
    },
  };
}
