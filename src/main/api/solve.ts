// Solving one position on the pool: validated solver name, a per-key job so a new edit cancels
// the stale solve of the same board, the result converted to its JSON wire shape, and (for a
// saved position) stored like a batch result.

import { InputError } from '../../core/errors';
import { resultToWire, type SolveResultWire } from '../../core/solve/result';
import { parsePosition, type Position } from '../../core/position';
import { MAX_SOLVE_TIMEOUT_MS } from '../../shared/api';
import type { SolveFollows } from '../../shared/records';
import type { JobPriority } from '../job-queue';
import { JobTimeoutError, WorkerCrashError, type JobPool } from '../pool';
import { getPosition } from '../store/positions';
import { putSolveIfCurrent } from '../store/solve-results';
import { write } from '../store/sql';
import { poolSolveBudget } from '../memory-budget';
import type { ApiContext } from './context';
import { exactSoon, graphPlan, type GraphPlan } from './exact-soon';
import { eitherSignal, type HandlersFor } from './handlers';
import { isEmptyBoard, isReusableSolver, reusedResult, solveCacheKey } from './solve-cache';
import { runLongJob } from './long-job';

/**
 * Time limit of an interactive solve unless the caller sets one: an exact solve that needs longer
 * is better served by an estimate, which the error message suggests.
 */
export const DEFAULT_SOLVE_TIMEOUT_MS = MAX_SOLVE_TIMEOUT_MS;

// The memory budget lives in its own module, which the simulation runner shares.
export {
  availableMemory,
  CLI_MAX_SOLVE_BYTES,
  MAX_SOLVE_BYTES,
  poolSolveBudget,
  solveMemoryBudget,
} from '../memory-budget';

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
  /** Parsed and checked where the call entered the API: it travels in this form to the thread. */
  position: Position;
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
  /** A solve ahead of a click: the thread's held values stay on this position (on screen). */
  holdOn?: Position;
  /** How the pool's graph serves this solve, when the caller has decided it already. */
  plan?: GraphPlan;
}

/**
 * One solve job on the pool with the API's limits: its wire result and the thread that ran it.
 * A stop for time or a dead worker says what to try instead.
 */
export async function runSolveJob(
  pool: JobPool,
  position: Position,
  solver: string,
  options: SolveJobOptions = {},
): Promise<{ wire: SolveResultWire; thread: number }> {
  const limits = solveLimits(pool, options.maxStates);
  const { graph, withoutGraph, key } = options.plan ?? graphPlan(pool, position, solver);
  // Until it settles, no estimate of these rules is skipped for a graph this solve does not use.
  const settled =
    withoutGraph && key !== undefined ? pool.graphs?.withoutGraph.start(key) : undefined;
  try {
    const { value, thread } = await pool.runDetailed(
      'solve',
      {
        parsed: position,
        solver,
        ...limits,
        ...(graph ? { graph } : {}),
        ...(graph && options.holdOn ? { aside: { holdOn: options.holdOn } } : {}),
      },
      {
        signal: options.signal,
        onProgress: options.onProgress,
        timeoutMs: options.timeoutMs ?? DEFAULT_SOLVE_TIMEOUT_MS,
        priority: options.priority,
      },
    );
    return { wire: withGraphReason(pool, position, resultToWire(value)), thread };
  } catch (e) {
    throw withSolveSuggestion(e, solver);
  } finally {
    settled?.();
  }
}

/**
 * An `auto` result the DP answered because its rules' graph was refused (over the memory
 * allowed, a folder that cannot take its file) says so in its note: never a silent DP. One given
 * without the graph while it is being prepared carries `graph` (how far along) for the app.
 */
function withGraphReason(
  pool: JobPool,
  position: Position,
  wire: SolveResultWire,
): SolveResultWire {
  // Any `auto` answer but the graph's may be standing in for a graph being prepared.
  if (!wire.note?.startsWith('auto chose ') || !pool.graphs) return wire;
  if (wire.note.startsWith('auto chose graph')) return wire;
  const state = pool.graphs.state(position.rules);
  if (state?.state === 'preparing') {
    return { ...wire, graph: { state: 'preparing', fraction: state.fraction, key: state.key } };
  }
  return state?.state === 'refused' && wire.note.startsWith('auto chose dp')
    ? { ...wire, note: `${wire.note}; the state graph of these rules is not used: ${state.reason}` }
    : wire;
}

/**
 * One solve on the pool (cancelling the stale solve of the same board key). An exact result kept
 * for exactly this position, or a pre-solve of it under way, answers at once; otherwise any
 * pre-solves stop (the workers are the user's) and, once this one is answered, the positions one
 * shot away are solved ahead when the caller asks for it (solveAhead: a board being played).
 * `follows` says what the page may show while the next solve like this one runs.
 */
export async function solveOnPool(
  ctx: ApiContext,
  req: SolveRequest,
): Promise<{ wire: SolveResultWire; thread?: number; follows: SolveFollows }> {
  const { position } = req;
  const key = isReusableSolver(req.solver) ? solveCacheKey(position, req.solver) : undefined;
  const empty = key !== undefined && isEmptyBoard(position);
  // Decided once for this click: the graph its job takes, and whether the next one is quick.
  const plan = graphPlan(ctx.pool, position, req.solver);
  const run = async (keySignal?: AbortSignal, onProgress?: (f: number, l?: string) => void) => {
    const t0 = performance.now();
    const signal = eitherSignal(keySignal, req.signal);
    // What an interactive answer leads to next is solved ahead, however it was answered.
    const answered = (wire: SolveResultWire) => {
      if (req.solveAhead) ctx.presolver.aheadSoon(position, wire, req.solver);
      return { wire, follows: follows(ctx.pool, plan) };
    };
    if (key !== undefined) {
      const kept = ctx.solveCache.get(key, position);
      if (kept) return answered(reusedResult(kept, performance.now() - t0));
      const ahead = ctx.presolver.adopt(key, signal);
      if (ahead) return answered(reusedResult(await ahead, performance.now() - t0));
    }
    ctx.presolver.stopAll();
    const { timeoutMs, maxStates } = req;
    const out = await runSolveJob(ctx.pool, position, req.solver, {
      signal,
      onProgress,
      timeoutMs,
      maxStates,
      plan,
    });
    if (out.wire.graph) ctx.graphWarmer.whenReady(position);
    if (key === undefined) return { ...out, follows: follows(ctx.pool, plan) };
    ctx.solveCache.put(key, empty, out.wire);
    return { ...answered(out.wire), thread: out.thread };
  };
  return req.boardKey === undefined ? run() : ctx.jobs.run(req.boardKey, run);
}

/**
 * What the page shows while the next solve like this one runs (same rules, solver, and kind of
 * position): nothing but the last heatmap when its exact answer comes in a moment, else an
 * estimate. Read once this one is answered, so a solve that ran without its graph says
 * 'estimate' until it has settled.
 */
function follows(pool: JobPool, plan: GraphPlan): SolveFollows {
  return exactSoon(pool, plan) === null ? 'estimate' : 'exact';
}

/**
 * The estimate's time bound: it stands in for the exact result while that runs, so one that
 * takes longer than this is no help; its worker is stopped (a chain on a huge board cannot be
 * interrupted otherwise) and the caller told to wait for the exact result or solve with 'sample'.
 */
export const ESTIMATE_MAX_MS = 2000;

/**
 * A quick estimate of a position's heatmap on the pool (never on this thread: on a large board
 * it can take minutes), ahead of background jobs, within ESTIMATE_MAX_MS of running.
 */
export async function estimateOnPool(
  pool: JobPool,
  position: Position,
  signal?: AbortSignal,
): Promise<SolveResultWire> {
  try {
    return await pool.run(
      'estimate',
      { parsed: position },
      { signal, timeoutMs: ESTIMATE_MAX_MS, priority: 'interactive' },
    );
  } catch (e) {
    if (e instanceof JobTimeoutError) {
      e.message = `the estimate took longer than its ${ESTIMATE_MAX_MS} ms limit and was stopped; wait for the exact result, or solve with 'sample' and a longer time limit`;
    }
    throw e;
  }
}

export function solveApi(
  ctx: ApiContext,
): HandlersFor<'solve' | 'estimate' | 'propose' | 'jobProgress' | 'jobCancel'> {
  return {
    // No estimate where the exact answer comes at once: it would only flash on screen.
    estimate: (p, call) => {
      const position = parsePosition(p.position);
      const plan = p.exactSolver ? graphPlan(ctx.pool, position, p.exactSolver) : undefined;
      const reason = plan ? exactSoon(ctx.pool, plan) : null;
      if (reason) return { exactSoon: true, reason };
      return estimateOnPool(ctx.pool, position, call.signal);
    },
    // A proposal thinks about as long as a solve may run.
    // Its solves take the thread's share of the memory budget, as a solve's do.
    propose: ({ key, timeoutMs, ...payload }, call) =>
      runLongJob(
        ctx,
        'propose',
        { ...payload, maxBytes: poolSolveBudget(ctx.pool) },
        {
          key,
          timeoutMs: timeoutMs ?? MAX_SOLVE_TIMEOUT_MS,
          signal: call.signal,
        },
      ),
    async solve(p, call) {
      const solver = p.solver ?? 'auto';
      if (p.position === undefined && p.positionId === undefined) {
        throw new InputError('solve', 'needs a position or a positionId');
      }
      const saved = p.positionId === undefined ? undefined : getPosition(ctx.db, p.positionId);
      const position = p.position ?? saved!.position;
      // The schema checked the position at the border; this is the solve path's one parse, and
      // the position travels in this form to the worker thread.
      const { wire, thread, follows } = await solveOnPool(ctx, {
        ...p,
        position: parsePosition(position),
        solver,
        signal: call.signal,
      });
      // Store it for the saved position only when it is that position (not unsaved edits), and
      // still is once solved (not edited meanwhile): compared inside the write.
      if (saved && JSON.stringify(saved.position) === JSON.stringify(position)) {
        write(ctx.db, () =>
          putSolveIfCurrent(ctx.db, position, {
            positionId: saved.id,
            solver,
            result: wire,
            ms: wire.ms,
            worker: thread,
          }),
        );
      }
      return { ...wire, follows };
    },
    jobProgress: (p) => ctx.jobs.progress(p.key),
    jobCancel: (p) => ({ cancelled: ctx.jobs.cancel(p.key) }),
  };
}
