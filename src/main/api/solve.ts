// Solving one position on the pool: validated solver name, a per-key job so a new edit cancels
// the stale solve of the same board, the result converted to its JSON wire shape, and (for a
// saved position) stored like a batch result.

import { totalmem } from 'node:os';
import { BudgetError, InputError } from '../../core/errors';
import { solveMonteCarlo } from '../../core/solve/heuristics/monte-carlo';
import { resultToWire, type SolveResultWire } from '../../core/solve/result';
import { parsePosition, type PositionJson } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import type { GraphObject } from '../graphs/graph-file';
import { MAX_SOLVE_TIMEOUT_MS } from '../../shared/api';
import type { JobPriority } from '../job-queue';
import { JobTimeoutError, WorkerCrashError, type JobPool } from '../pool';
import { getPosition } from '../store/positions';
import { putSolve } from '../store/solve-results';
import { write } from '../store/sql';
import type { ApiContext } from './context';
import { eitherSignal, type HandlersFor } from './handlers';
import { isEmptyBoard, isReusableSolver, reusedResult, solveCacheKey } from './solve-cache';
import { runLongJob } from './simulate';

/**
 * Time limit of an interactive solve unless the caller sets one: an exact solve that needs longer
 * is better served by an estimate, which the error message suggests.
 */
export const DEFAULT_SOLVE_TIMEOUT_MS = MAX_SOLVE_TIMEOUT_MS;

/** The most memory any one solve may hold, whatever the machine (see core/solve/memory.ts). */
export const MAX_SOLVE_BYTES = 8 * 2 ** 30;
/**
 * The most one solve may hold on the command line: a command is often one of several processes
 * on the machine (scripts, a batch beside the app), so it takes less than the app may.
 */
export const CLI_MAX_SOLVE_BYTES = 2 * 2 ** 30;
const MIN_SOLVE_BYTES = 256 * 2 ** 20;

/**
 * Memory this process may use: its control group's limit when one is set (a container, a
 * systemd slice), else the computer's memory. Worker threads share the process, so a solve that
 * passed this would take the whole app down with it.
 */
export function availableMemory(): number {
  const constrained = process.constrainedMemory();
  const total = totalmem();
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * The memory budget of one DP solve on a pool of `threads`, in bytes: half of the memory
 * available shared by the threads (each may be solving at once), within MIN_SOLVE_BYTES and
 * `cap`, and never more than half the memory available whatever the floor says.
 * The DP counts its buffers against it and refuses before allocating past it.
 */
export function solveMemoryBudget(
  threads: number,
  availableBytes = availableMemory(),
  cap = MAX_SOLVE_BYTES,
): number {
  const half = Math.floor(availableBytes / 2);
  const share = Math.floor(half / Math.max(1, threads));
  return Math.min(half, Math.max(MIN_SOLVE_BYTES, Math.min(cap, share)));
}

/** The budget of one solve on `pool` (its own cap when it has one). */
export function poolSolveBudget(pool: JobPool): number {
  return solveMemoryBudget(pool.threads, availableMemory(), pool.maxSolveBytes);
}

/** The memory bounds a solve job gets: the machine's byte budget and the caller's state cap. */
function solveLimits(
  pool: JobPool,
  requestedStates?: number,
): { maxBytes: number; maxStates?: number } {
  const maxBytes = poolSolveBudget(pool);
  return requestedStates === undefined ? { maxBytes } : { maxBytes, maxStates: requestedStates };
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

export interface SolveRequest {
  position: PositionJson;
  solver: string;
  boardKey?: string;
  /** Solve the positions one shot away in the background once this is answered. */
  solveAhead?: boolean;
  timeoutMs?: number;
  maxStates?: number;
  /** The caller's: aborts when it has gone (a closed HTTP request). */
  signal?: AbortSignal;
}

/** How one solve job runs on the pool. */
export interface SolveJobOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number, label?: string) => void;
  timeoutMs?: number;
  maxStates?: number;
  priority?: JobPriority;
}

/**
 * One solve job on the pool with the API's limits: its wire result and the thread that ran it.
 * A stop for time or a dead worker says what to try instead.
 */
export async function runSolveJob(
  pool: JobPool,
  position: PositionJson,
  solver: string,
  options: SolveJobOptions = {},
): Promise<{ wire: SolveResultWire; thread: number }> {
  const limits = solveLimits(pool, options.maxStates);
  const graph = solver === 'auto' ? graphOf(pool, position) : undefined;
  try {
    const { value, thread } = await pool.runDetailed(
      'solve',
      { position, solver, ...limits, ...(graph ? { graph } : {}) },
      {
        signal: options.signal,
        onProgress: options.onProgress,
        timeoutMs: options.timeoutMs ?? DEFAULT_SOLVE_TIMEOUT_MS,
        priority: options.priority,
      },
    );
    return { wire: resultToWire(value), thread };
  } catch (e) {
    throw withSolveSuggestion(e, solver);
  }
}

/** The pool's state graph for the position's rules, when it keeps one and it is ready. */
function graphOf(pool: JobPool, position: PositionJson): GraphObject | undefined {
  if (!pool.graphFor) return undefined;
  try {
    return pool.graphFor(parseRules(position.rules));
  } catch {
    return undefined; // rules the worker will refuse with its own message
  }
}

/**
 * One solve on the pool (cancelling the stale solve of the same board key). An exact result kept
 * for exactly this position, or a pre-solve of it under way, answers at once; otherwise any
 * pre-solves stop (the workers are the user's) and, once this one is answered, the positions one
 * shot away are solved ahead when the caller asks for it (solveAhead: a board being played).
 */
export async function solveOnPool(
  ctx: ApiContext,
  req: SolveRequest,
): Promise<{ wire: SolveResultWire; thread?: number }> {
  const reusable = isReusableSolver(req.solver);
  const position = reusable ? parsePosition(req.position) : undefined;
  const key = position && solveCacheKey(position, req.solver);
  const empty = position !== undefined && isEmptyBoard(position);
  const run = async (keySignal?: AbortSignal, onProgress?: (f: number, l?: string) => void) => {
    const t0 = performance.now();
    const signal = eitherSignal(keySignal, req.signal);
    // What an interactive answer leads to next is solved ahead, however it was answered.
    const answered = (wire: SolveResultWire): SolveResultWire => {
      if (req.solveAhead) ctx.presolver.aheadSoon(position!, wire, req.solver);
      return wire;
    };
    if (key !== undefined) {
      const kept = ctx.solveCache.get(key, empty);
      if (kept) return { wire: answered(reusedResult(kept, performance.now() - t0)) };
      const ahead = ctx.presolver.adopt(key, signal);
      if (ahead) return { wire: answered(reusedResult(await ahead, performance.now() - t0)) };
    }
    ctx.presolver.stopAll();
    const { timeoutMs, maxStates } = req;
    const out = await runSolveJob(ctx.pool, req.position, req.solver, {
      signal,
      onProgress,
      timeoutMs,
      maxStates,
    });
    if (key !== undefined) {
      ctx.solveCache.put(key, empty, out.wire);
      answered(out.wire);
    }
    return out;
  };
  return req.boardKey === undefined ? run() : ctx.jobs.run(req.boardKey, run);
}

/** Sweeps of the estimate's Markov chain: about 50 ms on a 10x10 board, errors of a few points. */
const ESTIMATE_SWEEPS = 1000;
/** The estimate's time bound, for boards far larger than 10x10. */
const ESTIMATE_MAX_MS = 250;

/**
 * A quick estimate of a position's heatmap, shown while the exact solve runs. It runs on this
 * thread (it is short, and the workers may all be busy with the exact solve it stands in for).
 * Named hits and volleys are kept by the chain; a position whose sunk lists could be several
 * named ships (which the chain cannot weigh against each other) is estimated by exact draws.
 */
export function estimateHeatmap(position: PositionJson): SolveResultWire {
  const parsed = parsePosition(position);
  try {
    const r = solveMonteCarlo(parsed, {
      method: 'chain',
      draws: ESTIMATE_SWEEPS,
      chains: 2,
      burnIn: 50,
      maxMs: ESTIMATE_MAX_MS,
    });
    const note = `estimate from ${ESTIMATE_SWEEPS} layouts drawn by a Markov chain; the exact result follows`;
    return { ...resultToWire(r), note };
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
  }
  const r = solveMonteCarlo(parsed, { method: 'exact', draws: ESTIMATE_SWEEPS });
  const note = `estimate from ${ESTIMATE_SWEEPS} exact draws; the exact result follows`;
  return { ...resultToWire(r), note };
}

export function solveApi(
  ctx: ApiContext,
): HandlersFor<'solve' | 'estimate' | 'propose' | 'jobProgress' | 'jobCancel'> {
  return {
    estimate: (p) => estimateHeatmap(p.position),
    // A proposal thinks about as long as a solve may run.
    propose: ({ key, timeoutMs, ...payload }, call) =>
      runLongJob(ctx, 'propose', payload, {
        key,
        timeoutMs: timeoutMs ?? MAX_SOLVE_TIMEOUT_MS,
        signal: call.signal,
      }),
    async solve(p, call) {
      const solver = p.solver ?? 'auto';
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
