// Job `solve`: one position (in its JSON form) through a named solver. Positions cross the thread
// boundary as JSON so the worker validates them exactly as any other input. `auto` and `graph`
// solve through this thread's state graph of the rules once it is built (graphs.ts).

import { parsePosition, type PositionJson } from '../../core/position';
import { solve } from '../../core/solve';
import type { SolveResult } from '../../core/solve/result';
import type { JobContext } from './context';
import { threadGraphs } from './graphs';

export interface SolvePayload {
  position: PositionJson;
  solver: string;
  /** DP bound on stored states, when the caller set one. */
  maxStates?: number;
  /** DP memory budget in bytes (typed arrays live outside the worker's heap limit). */
  maxBytes?: number;
}

export function solveJob(payload: SolvePayload, ctx: JobContext): SolveResult {
  const position = parsePosition(payload.position);
  return solve(position, payload.solver, {
    maxStates: payload.maxStates,
    maxBytes: payload.maxBytes,
    onProgress: (f) => ctx.progress(f),
    graphs: threadGraphs,
  });
}
