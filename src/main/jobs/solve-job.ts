// Job `solve`: one position (in its JSON form) through a named solver. Positions cross the thread
// boundary as JSON so the worker validates them exactly as any other input. `auto` solves through
// the state graph of the rules when the pool sends one (shared memory: no copy per thread).

import { parsePosition, type PositionJson } from '../../core/position';
import { solve } from '../../core/solve';
import type { SolveResult } from '../../core/solve/result';
import type { JobContext } from './context';
import { graphKey } from '../../core/solve/graph/graph';
import type { GraphObject } from '../graphs/graph-file';
import { kernelCache } from '../graphs/graph-memory';
import { preparedFromFlat } from '../graphs/graph-transfer';

/** This thread's WebAssembly kernels, one per graph memory (its scratch region is kept). */
const kernelOf = kernelCache();

export interface SolvePayload {
  position: PositionJson;
  solver: string;
  /** DP bound on stored states, when the caller set one. */
  maxStates?: number;
  /** DP memory budget in bytes (typed arrays live outside the worker's heap limit). */
  maxBytes?: number;
  /** The rules' state graph and kept values, flat, in shared memory (graph-transfer.ts). */
  graph?: GraphObject;
}

export function solveJob(payload: SolvePayload, ctx: JobContext): SolveResult {
  const position = parsePosition(payload.position);
  return solve(position, payload.solver, {
    maxStates: payload.maxStates,
    maxBytes: payload.maxBytes,
    onProgress: (f) => ctx.progress(f),
    ...(payload.graph ? { graphs: providerOf(payload.graph) } : {}),
  });
}

function providerOf(flat: GraphObject) {
  const prepared = preparedFromFlat(flat, kernelOf);
  return {
    graphFor: (rules: Parameters<typeof graphKey>[0]) =>
      graphKey(rules) === prepared.graph.key ? prepared : undefined,
  };
}
