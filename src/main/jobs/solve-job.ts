// Job `solve`: one position (in its JSON form) through a named solver. Positions cross the thread
// boundary as JSON so the worker validates them exactly as any other input. `auto` solves through
// the state graph of the rules when the pool sends one (shared memory: no copy per thread).

import { parsePosition, type PositionJson } from '../../core/position';
import { solve } from '../../core/solve';
import type { SolveResult } from '../../core/solve/result';
import type { JobContext } from './context';
import type { GraphObject } from '../graphs/graph-file';
import { ThreadGraphs } from '../graphs/thread-graphs';

/** This thread's graphs, kernels and held values, kept between its jobs (simulations too). */
export const threadGraphs = new ThreadGraphs();

export interface SolvePayload {
  position: PositionJson;
  solver: string;
  /** DP bound on stored states, when the caller set one. */
  maxStates?: number;
  /** DP memory budget in bytes (typed arrays live outside the worker's heap limit). */
  maxBytes?: number;
  /** The rules' state graph and kept values, flat, in shared memory (solve/graph/transfer.ts). */
  graph?: GraphObject;
  /** A solve ahead: leave the thread's held values on `holdOn`, the position on screen. */
  aside?: { holdOn: PositionJson };
}

export function solveJob(payload: SolvePayload, ctx: JobContext): SolveResult {
  const position = parsePosition(payload.position);
  if (payload.graph) threadGraphs.offer(payload.graph);
  return solve(position, payload.solver, {
    maxStates: payload.maxStates,
    maxBytes: payload.maxBytes,
    onProgress: (f) => ctx.progress(f),
    // The passes, the DP and the enumerator poll it: a stopped solve leaves its thread alive.
    signal: ctx.signal,
    // Only a job the pool sent the graph with uses it (the pool knows it is ready).
    ...(payload.graph ? { graphs: threadGraphs } : {}),
    ...(payload.aside ? { aside: { holdOn: parsePosition(payload.aside.holdOn) } } : {}),
  });
}
