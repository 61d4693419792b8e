// Job `solve`: one position through a named solver. The API sends the position parsed (checked
// where the call entered it; structured clone keeps its typed arrays), which the thread takes as
// it is; a caller of the pool itself may send the JSON form, which the thread checks as any
// other input. `auto` solves through the state graph of the rules when the pool sends one
// (shared memory: no copy per thread); the pool sends one only for a position it fits.

import { parsePosition, type Position, type PositionJson } from '../../core/position';
import { solve } from '../../core/solve';
import type { SolveResult } from '../../core/solve/result';
import type { JobContext } from './context';
import type { GraphObject } from '../graphs/graph-file';
import { ThreadGraphs } from '../graphs/thread-graphs';

/** This thread's graphs, kernels and held values, kept between its jobs (simulations too). */
export const threadGraphs = new ThreadGraphs();

/**
 * A position as a job takes it: `parsed`, checked already on the API's side (the thread does not
 * check it again), or `position`, its JSON form, checked on the thread.
 */
export type JobPosition = { parsed: Position } | { position: PositionJson };

/** The position of a job, parsed: as sent, or from its JSON form. */
export function jobPosition(payload: JobPosition): Position {
  return 'parsed' in payload ? payload.parsed : parsePosition(payload.position);
}

export type SolvePayload = JobPosition & {
  solver: string;
  /** DP bound on stored states, when the caller set one. */
  maxStates?: number;
  /** DP memory budget in bytes (typed arrays live outside the worker's heap limit). */
  maxBytes?: number;
  /** The rules' state graph and kept values, flat, in shared memory (solve/graph/transfer.ts). */
  graph?: GraphObject;
  /** A solve ahead: leave the thread's held values on `holdOn`, the position on screen (parsed). */
  aside?: { holdOn: Position };
};

export function solveJob(payload: SolvePayload, ctx: JobContext): SolveResult {
  const position = jobPosition(payload);
  if (payload.graph) threadGraphs.offer(payload.graph);
  return solve(position, payload.solver, {
    maxStates: payload.maxStates,
    maxBytes: payload.maxBytes,
    onProgress: (f) => ctx.progress(f),
    // The passes, the DP and the enumerator poll it: a stopped solve leaves its thread alive.
    signal: ctx.signal,
    // Only a job the pool sent the graph with uses it (the pool knows it is ready).
    ...(payload.graph ? { graphs: threadGraphs } : {}),
    ...(payload.aside ? { aside: { holdOn: payload.aside.holdOn } } : {}),
  });
}
