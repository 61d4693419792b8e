// Batch solving of saved positions on the pool, resumable.
//
// A run solves every position in scope not yet solved with its solver, keeping every worker busy
// (two jobs in flight per thread, so a worker never waits on the main thread between jobs). Each
// finished position is stored in its own transaction together with the run's counters, so a
// process killed mid-batch leaves a consistent file holding everything finished before the kill;
// the next run with that solver skips those (they count as "skipped") and solves the rest.
// A position whose solve fails (no layout fits, time limit, worker crash) is stored as failed with
// the reason, and the run goes on; failed positions are retried by the next run.

import type { BatchStopState } from '../../shared/catalog';
import type { ApiErrorData } from '../../shared/errors';
import type { BatchState, BatchStatus } from '../../shared/records';
import { ConflictError, NotFoundError } from '../errors';
import type { JobPool } from '../pool';
import { countRunResult, finishRun, getRun, listRuns, startRun } from '../store/batch-runs';
import type { Db } from '../store/open';
import { getPosition } from '../store/positions';
import {
  countPositions,
  listSolves,
  putSolveIfCurrent,
  unsolvedPositionIds,
} from '../store/solve-results';
import { write } from '../store/sql';
import { parsePosition, type PositionJson } from '../../core/position';
import type { SolveResultWire } from '../../core/solve/result';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';
import { runSolveJob } from './solve';

/** Per-position time limit in a batch unless the caller sets one. */
export const DEFAULT_BATCH_TIMEOUT_MS = 10 * 60_000;

export interface BatchOptions {
  solver: string;
  /** Position ids; all saved positions when omitted. */
  positionIds?: readonly number[];
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called when the run starts and after every stored position. */
  onProgress?: (status: BatchStatus) => void;
  /** Called with the run id as soon as it exists. */
  onStart?: (id: number) => void;
  /** Gets the worker threads that solve positions, as they do (for a caller polling the run). */
  threadsUsed?: Set<number>;
}

export interface BatchReport extends BatchStatus {
  /** Distinct worker threads that solved positions in this run. */
  threads: number;
}

/** Why a run stopped early: AbortSignal.reason values the runner understands. */
export const STOP_INTERRUPTED = 'interrupted';

export async function runBatch(db: Db, pool: JobPool, options: BatchOptions): Promise<BatchReport> {
  const { solver, positionIds } = options;
  const t0 = performance.now();
  const todo = unsolvedPositionIds(db, solver, positionIds);
  const total = countPositions(db, positionIds);
  const id = startRun(db, { solver, scope: positionIds, total, skipped: total - todo.length });
  options.onStart?.(id);
  const live = new Set([id]);
  const threads = options.threadsUsed ?? new Set<number>();
  const report = (): void =>
    options.onProgress?.({ ...getRun(db, id, live), threads: threads.size });
  report();

  // One signal for the lanes: the caller's, or ours when a lane fails unexpectedly.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = stop.signal;

  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < todo.length && !signal.aborted) {
      const positionId = todo[next++]!;
      const started = performance.now();
      let outcome: { result?: SolveResultWire; error?: string; worker?: number };
      let position: PositionJson;
      try {
        position = getPosition(db, positionId).position;
        const { wire, thread } = await runSolveJob(pool, parsePosition(position), solver, {
          signal,
          timeoutMs: options.timeoutMs ?? DEFAULT_BATCH_TIMEOUT_MS,
          priority: 'background',
        });
        threads.add(thread);
        outcome = { result: wire, worker: thread };
      } catch (e) {
        if (signal.aborted) return; // not this position's failure: it stays to do
        if (e instanceof NotFoundError) continue; // deleted while the batch ran
        outcome = { error: e instanceof Error ? e.message : String(e) };
      }
      // The solver's own time when it finished (not the wait in the queue), else the wait.
      const ms = outcome.result?.ms ?? performance.now() - started;
      try {
        const stored = write(db, () => {
          const outcomeOf = { positionId, solver, ms, batchId: id, ...outcome };
          if (!putSolveIfCurrent(db, position, outcomeOf)) return false;
          countRunResult(db, id, outcome.result !== undefined, performance.now() - t0);
          return true;
        });
        // Edited while it solved: the result is the old board's. Solve what is saved now (a
        // deleted position is skipped when it comes round again).
        if (!stored) todo.push(positionId);
      } catch (e) {
        if (!(e instanceof Error && /FOREIGN KEY/.test(e.message))) {
          stop.abort('failed');
          throw e;
        }
      }
      report();
    }
  };
  let state: BatchState = 'done';
  const lanes = await Promise.allSettled(
    Array.from({ length: Math.max(1, pool.threads * 2) }, lane),
  );
  options.signal?.removeEventListener('abort', onAbort);
  live.delete(id);
  const failure = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failure) state = 'failed';
  else if (signal.aborted) state = signal.reason === STOP_INTERRUPTED ? 'interrupted' : 'cancelled';
  try {
    finishRun(db, id, state, performance.now() - t0);
  } catch (e) {
    // A run that failed on the library (a full disk) may not be able to record it either; the
    // first failure is the one to report, and the run reads as interrupted once its owner is gone.
    if (!failure) throw e;
  }
  if (failure) throw failure.reason;
  return { ...getRun(db, id), threads: threads.size };
}

/** The batch runs this process drives, for the API (start in the background, poll, cancel). */
export interface BatchRuns {
  /** Starts a run in the background; returns its first status. */
  start(
    options: Omit<BatchOptions, 'signal' | 'onStart' | 'onProgress' | 'threadsUsed'>,
  ): Promise<BatchStatus>;
  status(id: number): BatchStatus;
  /** Stops a run, leaving it "cancelled" or "interrupted"; resolves when it has stopped. */
  cancel(id: number, as?: BatchStopState): Promise<BatchStatus>;
  list(limit: number, solver?: string): BatchStatus[];
  /** Stops every run, leaving it "interrupted" (resumable); for shutdown. */
  close(): Promise<void>;
}

/** What this process learnt of a run it drove, beyond the library's row. */
interface Outcome {
  threads: number;
  error: ApiErrorData | null;
}

/**
 * `describeError` turns a run's failure into what a failed call would answer (the API's
 * errorData, naming the library file), so a poller gets the same error as a caller would.
 */
export function createBatchRuns(
  db: Db,
  pool: JobPool,
  describeError: (e: unknown) => ApiErrorData,
): BatchRuns {
  const running = new Map<
    number,
    { controller: AbortController; solver: string; threads: Set<number>; done: Promise<void> }
  >();
  // Kept for the life of the process: a few numbers per run started in it.
  const finished = new Map<number, Outcome>();
  const liveIds = (): Set<number> => new Set(running.keys());
  const withOutcome = (s: BatchStatus): BatchStatus => {
    const run = running.get(s.id);
    if (run) return { ...s, threads: run.threads.size };
    const outcome = finished.get(s.id);
    if (!outcome) return s;
    // A run that failed on the library may not have been able to record so in it.
    return { ...s, ...outcome, state: outcome.error ? 'failed' : s.state };
  };
  return {
    async start(options) {
      for (const [id, run] of running) {
        if (run.solver === options.solver) {
          throw new ConflictError(`batch ${id} with solver "${options.solver}" is still running`);
        }
      }
      const entry = {
        controller: new AbortController(),
        solver: options.solver,
        threads: new Set<number>(),
        done: Promise.resolve(),
      };
      let runId = 0;
      const settle = (outcome: Outcome): void => {
        finished.set(runId, outcome);
        running.delete(runId);
      };
      // runBatch creates the run synchronously (before its first await), so runId is set here.
      entry.done = runBatch(db, pool, {
        ...options,
        signal: entry.controller.signal,
        threadsUsed: entry.threads,
        onStart: (id) => {
          runId = id;
          running.set(id, entry);
        },
      }).then(
        (report) => settle({ threads: report.threads, error: null }),
        (e: unknown) => {
          if (runId === 0) throw e; // it failed before the run existed: start reports why
          settle({ threads: entry.threads.size, error: describeError(e) });
        },
      );
      if (runId === 0) await entry.done;
      return withOutcome(getRun(db, runId, liveIds()));
    },
    status: (id) => withOutcome(getRun(db, id, liveIds())),
    async cancel(id, as = 'cancelled') {
      const run = running.get(id);
      if (run) {
        run.controller.abort(as === 'interrupted' ? STOP_INTERRUPTED : undefined);
        await run.done;
      }
      return withOutcome(getRun(db, id, liveIds()));
    },
    list: (limit, solver) => listRuns(db, limit, liveIds(), solver).map(withOutcome),
    async close() {
      const runs = [...running.values()];
      for (const run of runs) run.controller.abort(STOP_INTERRUPTED);
      await Promise.all(runs.map((r) => r.done));
    },
  };
}

export function batchApi(
  ctx: ApiContext,
): HandlersFor<'batchStart' | 'batchProgress' | 'batchCancel' | 'batchList' | 'batchResults'> {
  return {
    batchStart: (p) =>
      ctx.batches.start({
        solver: p.solver ?? 'auto',
        positionIds: p.positionIds,
        timeoutMs: p.timeoutMs,
      }),
    batchProgress: (p) => ctx.batches.status(p.id),
    batchCancel: (p) => ctx.batches.cancel(p.id, p.state),
    batchList: (p) => ctx.batches.list(p.limit ?? 20, p.solver),
    batchResults: (p) => listSolves(ctx.db, p),
  };
}
