// Solving one position on the pool: validated solver name, a per-key job so a new edit cancels
// the stale solve of the same board, the result converted to its JSON wire shape, and (for a
// saved position) stored like a batch result.

import { totalmem } from 'node:os';
import { InputError } from '../../core/errors';
import { solverNames } from '../../core/solve';
import { resultToWire, type SolveResultWire } from '../../core/solve/result';
import type { PositionJson } from '../../core/position';
import { MAX_SOLVE_TIMEOUT_MS } from '../../shared/api';
import { JobTimeoutError, WorkerCrashError } from '../pool';
import { getPosition } from '../store/positions';
import { putSolve } from '../store/solve-results';
import { write } from '../store/sql';
import type { ApiContext } from './context';
import { eitherSignal, type HandlersFor } from './handlers';

/**
 * Time limit of an interactive solve unless the caller sets one: an exact solve that needs longer
 * is better served by an estimate, which the error message suggests.
 */
export const DEFAULT_SOLVE_TIMEOUT_MS = MAX_SOLVE_TIMEOUT_MS;

/** The most DP states any one solve may store (the DP's own default bound, about 600 MB). */
export const MAX_SOLVE_STATES = 60_000_000;
/** Peak memory per stored DP state as measured (tables, rows and transitions together). */
const BYTES_PER_STATE = 20;
const MIN_SOLVE_STATES = 1_000_000;

/**
 * The DP state budget of one solve on a pool of `threads`: MAX_SOLVE_STATES, or less when that
 * many solves at once could use more than half of this computer's memory. A caller may ask for
 * less, never more. (Typed arrays live outside the worker's heap limit: this is their bound.)
 */
export function solveStateBudget(threads: number, totalBytes = totalmem()): number {
  const share = totalBytes / 2 / Math.max(1, threads) / BYTES_PER_STATE;
  return Math.max(MIN_SOLVE_STATES, Math.min(MAX_SOLVE_STATES, Math.floor(share)));
}

/**
 * The maxStates a solve job gets: the caller's, never above the budget; without one, the budget
 * for the solvers whose own default is the DP's full bound (dp, auto), while the others (sample,
 * with its small exact-sampler budget) keep their defaults.
 */
export function solveMaxStates(
  solver: string,
  threads: number,
  requested?: number,
): number | undefined {
  const budget = solveStateBudget(threads);
  if (requested !== undefined) return Math.min(requested, budget);
  return solver === 'dp' || solver === 'auto' ? budget : undefined;
}

/** What to try when a solve was stopped for time or memory. */
export const SAMPLE_SUGGESTION = "use solver 'sample' for an estimate with error bars";

/**
 * Adds a suggestion to a solve stopped by its time limit or a worker that died, so the message
 * says what to do next (BudgetErrors from the solvers carry their own).
 */
export function withSolveSuggestion(e: unknown, solver: string): unknown {
  if (!(e instanceof JobTimeoutError || e instanceof WorkerCrashError)) return e;
  if (e.message.includes("'sample'")) return e;
  e.message += solver === 'sample' ? '; allow a longer time limit' : `; ${SAMPLE_SUGGESTION}`;
  return e;
}

export function checkSolver(solver: string, where = 'solver'): string {
  if (!solverNames().includes(solver)) {
    throw new InputError(where, `unknown solver "${solver}" (known: ${solverNames().join(', ')})`);
  }
  return solver;
}

export interface SolveRequest {
  position: PositionJson;
  solver: string;
  boardKey?: string;
  timeoutMs?: number;
  maxStates?: number;
  /** The caller's: aborts when it has gone (a closed HTTP request). */
  signal?: AbortSignal;
}

/** One solve on the pool (cancelling the stale solve of the same board key). */
export async function solveOnPool(
  ctx: ApiContext,
  req: SolveRequest,
): Promise<{ wire: SolveResultWire; thread: number }> {
  const maxStates = solveMaxStates(req.solver, ctx.pool.threads, req.maxStates);
  const run = async (keySignal?: AbortSignal, onProgress?: (f: number, l?: string) => void) => {
    try {
      const { value, thread } = await ctx.pool.runDetailed(
        'solve',
        { position: req.position, solver: req.solver, maxStates },
        {
          signal: eitherSignal(keySignal, req.signal),
          onProgress,
          timeoutMs: req.timeoutMs ?? DEFAULT_SOLVE_TIMEOUT_MS,
        },
      );
      return { wire: resultToWire(value), thread };
    } catch (e) {
      throw withSolveSuggestion(e, req.solver);
    }
  };
  return req.boardKey === undefined ? run() : ctx.jobs.run(req.boardKey, run);
}

export function solveApi(ctx: ApiContext): HandlersFor<'solve' | 'jobProgress' | 'jobCancel'> {
  return {
    async solve(p, call) {
      const solver = checkSolver(p.solver ?? 'auto', 'solve.solver');
      if (p.position === undefined && p.positionId === undefined) {
        throw new InputError('solve', 'needs a position or a positionId');
      }
      const saved = p.positionId === undefined ? undefined : getPosition(ctx.db, p.positionId);
      const position = p.position ?? saved!.position;
      const { wire, thread } = await solveOnPool(ctx, {
        ...p,
        position,
        solver,
        signal: call.signal,
      });
      // Store it for the saved position only when it is that position (not unsaved edits).
      if (saved && JSON.stringify(saved.position) === JSON.stringify(position)) {
        write(ctx.db, () =>
          putSolve(ctx.db, {
            positionId: saved.id,
            solver,
            result: wire,
            ms: wire.ms,
            worker: thread,
          }),
        );
      }
      return wire;
    },
    jobProgress: (p) => ctx.jobs.progress(p.key),
    jobCancel: (p) => ({ cancelled: ctx.jobs.cancel(p.key) }),
  };
}
