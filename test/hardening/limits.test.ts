// Limits: a solve that would blow past its memory or time budget is refused or stopped cleanly,
// with a message that says what to do instead (solver 'sample'), while the pool keeps serving
// the other jobs; the API applies a time limit and a DP state budget to every solve by default.

import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../src/core/errors';
import { emptyPosition, positionToJson, type PositionJson } from '../../src/core/position';
import { validateRules } from '../../src/core/rules';
import { createApi } from '../../src/main/api';
import { DEFAULT_BATCH_TIMEOUT_MS, runBatch } from '../../src/main/api/batch';
import {
  DEFAULT_SOLVE_TIMEOUT_MS,
  MAX_SOLVE_BYTES,
  CLI_MAX_SOLVE_BYTES,
  availableMemory,
  poolSolveBudget,
  SAMPLE_SUGGESTION,
  solveMemoryBudget,
  withSolveSuggestion,
} from '../../src/main/api/solve';
import { openServices } from '../../src/cli/services';
import {
  createPool,
  JobTimeoutError,
  WorkerCrashError,
  type JobOptions,
  type JobPool,
} from '../../src/main/pool';
import { getRun } from '../../src/main/store/batch-runs';
import { listSolves } from '../../src/main/store/solve-results';
import { EMPTY_CLASSIC, OVER9000_EXAMPLE } from '../support/fixtures';
import { HEAP_WORKER } from '../support/paths';
import { liveApi } from '../support/live-api';

const { dbPath, db, pool, api } = liveApi('limits');

const small = OVER9000_EXAMPLE; // 7 layouts, a few milliseconds
/** 26x26, fourteen ships: far beyond any exact solver's budget. */
const huge = positionToJson(
  emptyPosition(
    validateRules({
      width: 26,
      height: 26,
      fleet: [8, 7, 6, 6, 5, 5, 4, 4, 3, 3, 3, 2, 2, 2].map((length) => ({ length })),
      touch: 'allowed',
    }),
  ),
);
/** The empty classic board: seconds of exact DP. */
const slow = EMPTY_CLASSIC;

type Reply = {
  ok: boolean;
  value?: { total: string; exact: boolean };
  error?: { name: string; message: string };
};
const call = (method: string, params: unknown) => api.dispatch(method, params) as Promise<Reply>;

/** Small solves fired while a hard job runs: all must complete. */
async function othersComplete(count = 6): Promise<number> {
  const t0 = performance.now();
  const replies = await Promise.all(
    Array.from({ length: count }, () => call('solve', { position: small, solver: 'dp' })),
  );
  for (const r of replies) expect(r).toMatchObject({ ok: true, value: { total: '7' } });
  return performance.now() - t0;
}

/** The pool still has all its threads: concurrent jobs land on distinct ones. */
async function poolIsWhole(p: JobPool): Promise<void> {
  const runs = await Promise.all(
    Array.from({ length: 6 }, () => p.runDetailed('solve', { position: slow, solver: 'pdf' })),
  );
  expect(new Set(runs.map((r) => r.thread)).size).toBe(p.threads);
}

describe('a solve over its DP state budget (memory)', () => {
  it('is refused with a BudgetError suggesting sample; other jobs complete meanwhile', async () => {
    const t0 = performance.now();
    const hard = call('solve', { position: huge, solver: 'auto', maxStates: 300_000 });
    const othersMs = await othersComplete();
    const reply = await hard;
    const refusedMs = performance.now() - t0;
    expect(reply.ok).toBe(false);
    expect(reply.error!.name).toBe('BudgetError');
    expect(reply.error!.message).toMatch(
      /^the exact DP for this position needs more than 300,000 states/,
    );
    expect(reply.error!.message).toContain("use solver 'sample'");
    // The suggestion works.
    const estimate = await call('solve', { position: huge, solver: 'sample' });
    expect(estimate).toMatchObject({ ok: true, value: { exact: false } });
    console.log(
      `26x26 with 14 ships: refused in ${refusedMs.toFixed(0)} ms (6 other solves done in ${othersMs.toFixed(0)} ms meanwhile); 'sample' answered instead`,
    );
    await poolIsWhole(pool);
  });
});

describe('a solve over its time limit', () => {
  it('is stopped with a JobTimeoutError suggesting sample; other jobs complete meanwhile', async () => {
    const t0 = performance.now();
    const hard = call('solve', { position: slow, solver: 'dp', timeoutMs: 400 });
    await othersComplete();
    const reply = await hard;
    const stoppedMs = performance.now() - t0;
    expect(reply.ok).toBe(false);
    expect(reply.error).toEqual({
      name: 'JobTimeoutError',
      message: `the job took longer than its 400 ms limit and was stopped; ${SAMPLE_SUGGESTION}`,
    });
    console.log(
      `empty classic board with a 400 ms limit: stopped after ${stoppedMs.toFixed(0)} ms`,
    );
    await poolIsWhole(pool); // the stopped thread was replaced
  });

  it('in a batch: that position is stored as failed with the reason; the batch goes on', async () => {
    const ids: number[] = [];
    for (const [name, position] of [
      ['slow', slow],
      ['small', small],
    ] as const) {
      const r = (await call('positionsSave', { name, position })) as { value?: { id: number } };
      ids.push(r.value!.id);
    }
    const report = await runBatch(db, pool, { solver: 'dp', positionIds: ids, timeoutMs: 300 });
    expect(report).toMatchObject({ state: 'done', solved: 1, failed: 1 });
    const rows = listSolves(db, { solver: 'dp', positionIds: ids }).items;
    expect(rows.find((r) => r.positionId === ids[0])).toMatchObject({
      ok: false,
      error: `the job took longer than its 300 ms limit and was stopped; ${SAMPLE_SUGGESTION}`,
    });
    expect(rows.find((r) => r.positionId === ids[1])).toMatchObject({ ok: true, layouts: '7' });
    expect(getRun(db, report.id).failed).toBe(1);
  });
});

describe('a worker over its heap limit', () => {
  it('fails its own job with WorkerCrashError and a suggestion; the other jobs complete', async () => {
    const tight = createPool({ workerFile: HEAP_WORKER, threads: 2, maxMemoryMb: 64 });
    try {
      // Millions of small arrays: JS heap, which the per-thread limit governs.
      const storm = tight
        .run('solve', { position: small, solver: 'exhaust-heap' })
        .catch((e: unknown) => e);
      const others = await Promise.all(
        Array.from({ length: 6 }, () => tight.run('solve', { position: small, solver: 'dp' })),
      );
      for (const r of others) expect(r.total).toBe('7');
      const err = await storm;
      expect(err).toBeInstanceOf(WorkerCrashError);
      expect((err as Error).message).toMatch(
        /ran out of memory \(limit 64 MB per worker\); try solver 'sample'/,
      );
      await poolIsWhole(tight);
    } finally {
      await tight.close();
    }
  });
});

describe('defaults the API applies to every solve', () => {
  it('a time limit and a memory budget (a caller may add a state cap)', async () => {
    const seen: {
      kind: string;
      payload: { maxStates?: number; maxBytes?: number };
      options?: JobOptions;
    }[] = [];
    const recording: JobPool = {
      ...pool,
      runDetailed: ((kind: 'solve', payload: never, options?: JobOptions) => {
        seen.push({ kind, payload, options });
        return pool.runDetailed(kind, payload, options);
      }) as JobPool['runDetailed'],
    };
    const api2 = createApi({ db, dbPath, pool: recording });
    try {
      // What the pool's memory plan leaves the DP (memory-plan.ts).
      const budget = pool.memoryPlan!()!.dpBytes;
      // Each call a different position: an exact result kept from an earlier call would be
      // answered without a job.
      const variant = (col: number): PositionJson => ({
        ...small,
        board: small.board.map((row, r) =>
          r === 0 ? `${row.slice(0, col)}o${row.slice(col + 1)}` : row,
        ),
      });
      await api2.dispatch('solve', { position: small });
      await api2.dispatch('solve', { position: variant(0), maxStates: 1e9, timeoutMs: 5000 });
      await api2.dispatch('solve', { position: variant(1), maxStates: 5000 });
      await api2.dispatch('exportHeatmapCsv', { position: variant(2) });
      await api2.dispatch('solve', { position: small, solver: 'sample' }); // keeps its own default
      const saved = (await api2.dispatch('positionsSave', { name: 'd', position: small })) as {
        value: { id: number };
      };
      await runBatch(db, recording, { solver: 'dp', positionIds: [saved.value.id] });
      expect(
        seen.map((s) => [s.options?.timeoutMs, s.payload.maxBytes, s.payload.maxStates]),
      ).toEqual([
        [DEFAULT_SOLVE_TIMEOUT_MS, budget, undefined],
        [5000, budget, 1_000_000_000],
        [DEFAULT_SOLVE_TIMEOUT_MS, budget, 5000],
        [DEFAULT_SOLVE_TIMEOUT_MS, budget, undefined],
        [DEFAULT_SOLVE_TIMEOUT_MS, budget, undefined],
        [DEFAULT_BATCH_TIMEOUT_MS, budget, undefined],
      ]);
      expect(DEFAULT_SOLVE_TIMEOUT_MS).toBe(120_000);
    } finally {
      await api2.close();
    }
  });

  it('the command line caps a solve at 2 GB; no budget passes half the machine', async () => {
    const GiB = 2 ** 30;
    const MiB = 2 ** 20;
    expect(CLI_MAX_SOLVE_BYTES).toBe(2 * GiB);
    expect(solveMemoryBudget(1, 24 * GiB, CLI_MAX_SOLVE_BYTES)).toBe(2 * GiB);
    expect(solveMemoryBudget(4, 6 * GiB, CLI_MAX_SOLVE_BYTES)).toBe(0.75 * GiB);
    // the floor of 256 MB gives way to half of a small machine
    expect(solveMemoryBudget(1, 300 * MiB)).toBe(150 * MiB);
    expect(solveMemoryBudget(64, 300 * MiB, CLI_MAX_SOLVE_BYTES)).toBe(150 * MiB);
    // the pool the command line opens carries the cap into every solve it runs
    const services = openServices({ values: {}, positionals: [] }, { inMemory: true, threads: 1 });
    try {
      const budget = poolSolveBudget(services.pool());
      expect(budget).toBe(Math.min(2 * GiB, Math.floor(availableMemory() / 2)));
      expect(budget).toBeLessThanOrEqual(availableMemory() / 2);
    } finally {
      await services.close();
    }
  });

  it('the memory budget shrinks with memory per thread; suggestions are added once', () => {
    const GiB = 2 ** 30;
    expect(solveMemoryBudget(1, 24 * GiB)).toBe(MAX_SOLVE_BYTES);
    expect(solveMemoryBudget(2, 6 * GiB)).toBe(1.5 * GiB);
    expect(solveMemoryBudget(7, 8 * GiB)).toBe(Math.floor((8 * GiB) / 2 / 7));
    expect(solveMemoryBudget(64, GiB)).toBe(256 * 2 ** 20);

    const timeout = withSolveSuggestion(new JobTimeoutError(90_000), 'dp') as Error;
    expect(timeout.message).toBe(
      `the job took longer than its 90 s limit and was stopped; ${SAMPLE_SUGGESTION}`,
    );
    expect((withSolveSuggestion(new JobTimeoutError(500), 'sample') as Error).message).toBe(
      'the job took longer than its 500 ms limit and was stopped; allow a longer time limit',
    );
    const crash = withSolveSuggestion(new WorkerCrashError('exit code 1'), 'auto') as Error;
    expect(crash.message).toBe(
      `the worker running this job stopped: exit code 1; ${SAMPLE_SUGGESTION}`,
    );
    expect((withSolveSuggestion(crash, 'auto') as Error).message).toBe(crash.message);
    const budget = new BudgetError('too big', "use solver 'sample'");
    expect(withSolveSuggestion(budget, 'dp')).toBe(budget);
  });
});
