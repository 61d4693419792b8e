import { afterAll, describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { CancelledError } from '../../src/core/errors';
import { parsePosition, positionToJson } from '../../src/core/position';
import { createPool, JobTimeoutError, WorkerCrashError } from '../../src/main/pool';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILT_WORKER, HEAP_WORKER, STUBBORN_WORKER } from '../support/paths';
import { EMPTY_CLASSIC, OVER9000_EXAMPLE } from '../support/fixtures';

const small = positionToJson(parsePosition(OVER9000_EXAMPLE));
// Seconds of DP work: long enough to cancel or time out mid-run.
const slow = EMPTY_CLASSIC;

describe('the piscina pool with the built worker', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 2 });
  afterAll(() => pool.close());

  it('solves in a worker thread and reports progress', async () => {
    const seen: number[] = [];
    const r = await pool.run(
      'solve',
      { position: small, solver: 'dp' },
      { onProgress: (f) => seen.push(f) },
    );
    expect(r.total).toBe('7');
    expect(r.solver).toBe('dp');
    expect(seen.at(-1)).toBe(1);
  });

  it('rebuilds typed errors from the worker', async () => {
    const impossible = { ...small, board: ['ooooo', 'xxxoo', 'ooooo', 'oxooo', 'ooooo'] };
    await expect(pool.run('solve', { position: impossible, solver: 'dp' })).rejects.toBeInstanceOf(
      NoLayoutError,
    );
  });

  it('cancels a running job and keeps serving', async () => {
    const controller = new AbortController();
    // Cancelled once it is seen working: it ends cancelled instead of running to its answer.
    const job = pool.run(
      'solve',
      { position: slow, solver: 'dp' },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(job).rejects.toBeInstanceOf(CancelledError);
    const after = await pool.run('solve', { position: small, solver: 'enumerate' });
    expect(after.total).toBe('7');
  });

  it('stops a job past its time limit and keeps serving', async () => {
    await expect(
      pool.run('solve', { position: slow, solver: 'dp' }, { timeoutMs: 200 }),
    ).rejects.toBeInstanceOf(JobTimeoutError);
    expect((await pool.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
  });
});

describe('a cancelled job is named for what it was', () => {
  it('a proposal, a simulation and a solve, running or still waiting for a thread', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    try {
      const controller = new AbortController();
      const { signal } = controller;
      // greedy on an empty classic board runs the exact DP: seconds, enough to cancel mid-run
      const proposal = pool.run('propose', { position: slow, strategy: 'greedy' }, { signal });
      const waiting = [
        pool.run('simulate', {} as never, { signal }),
        pool.run('solve', { position: small, solver: 'dp' }, { signal, priority: 'background' }),
      ];
      const outcomes = Promise.allSettled([proposal, ...waiting]);
      await new Promise((r) => setTimeout(r, 300));
      controller.abort();
      const messages = (await outcomes).map((o) =>
        o.status === 'rejected' ? [(o.reason as Error).name, (o.reason as Error).message] : o,
      );
      expect(messages).toEqual([
        ['CancelledError', 'proposal cancelled'],
        ['CancelledError', 'simulation cancelled'],
        ['CancelledError', 'solve cancelled'],
      ]);
    } finally {
      await pool.close();
    }
  });
});

describe('a time limit counts from when the job runs', () => {
  it("a replacement thread's start does not count against the next job's limit", async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'broadside-gate-')), 'open');
    writeFileSync(gate, '');
    process.env['BROADSIDE_TEST_START_GATE'] = gate;
    const pool = createPool({ workerFile: STUBBORN_WORKER, threads: 1 });
    try {
      expect((await pool.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
      // a job that ignores its stop has its thread terminated; the replacement is held in its
      // start by the gate
      rmSync(gate);
      const stop = new AbortController();
      const stubborn = pool
        .run('solve', { position: slow, solver: 'ignore-stop' }, { signal: stop.signal })
        .catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 300));
      stop.abort();
      expect(await stubborn).toBeInstanceOf(CancelledError);
      let settled = false;
      const next = pool.run('solve', { position: small, solver: 'dp' }, { timeoutMs: 500 });
      void next.then(
        () => (settled = true),
        () => (settled = true),
      );
      // longer than the next job's limit, all of it spent waiting for the thread to start
      await new Promise((r) => setTimeout(r, 1500));
      expect(settled).toBe(false);
      expect(existsSync(gate)).toBe(false);
      writeFileSync(gate, '');
      expect((await next).total).toBe('7');
    } finally {
      delete process.env['BROADSIDE_TEST_START_GATE'];
      writeFileSync(gate, '');
      await pool.close();
    }
  });
});

describe('a worker over its memory limit', () => {
  it('fails that job with a clear error; the pool keeps serving', async () => {
    const pool = createPool({ workerFile: HEAP_WORKER, threads: 1, maxMemoryMb: 48 });
    try {
      // Millions of small arrays: heap memory, which the per-thread limit governs.
      const err = await pool
        .run('solve', { position: small, solver: 'exhaust-heap' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkerCrashError);
      expect((err as Error).message).toMatch(/ran out of memory \(limit 48 MB per worker\)/);
      expect((await pool.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
    } finally {
      await pool.close();
    }
  });
});

describe('a job stopped just as it finishes', () => {
  // Stopping a job can terminate its thread (one that ignores the stop). An answer the thread
  // posted just before that reaches piscina for a task it no longer knows, and piscina reports it
  // as an 'error' event on the pool; with no listener that event throws in the process owning the
  // pool (the app's main process).
  // It was seen once in a full test run, while solves ahead were being stopped; this test stops a
  // job after its thread has answered and before this thread has read the answer, which is that
  // window, though piscina does not always deliver the orphaned answer there.
  it('is answered as cancelled, and nothing is thrown in this process', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown): void => void uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const stop = new AbortController();
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const job = pool.run(
        'solve',
        { position: small, solver: 'dp' },
        { signal: stop.signal, onProgress: () => started() },
      );
      await running; // the worker has the job
      const until = Date.now() + 300; // busy here while the worker finishes and posts its answer
      while (Date.now() < until);
      stop.abort(); // before this thread has read that answer
      await expect(job).rejects.toBeInstanceOf(CancelledError);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the answer arrives, orphaned
      expect(uncaught).toEqual([]);
      expect((await pool.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
    } finally {
      process.off('uncaughtException', onUncaught);
      await pool.close();
    }
  });
});

describe('closing the pool', () => {
  it('cancels the jobs still waiting for a thread instead of waiting for them', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    let working: () => void = () => {};
    const started = new Promise<void>((resolve) => (working = resolve));
    const running = pool.run('solve', { position: slow, solver: 'dp' }, { onProgress: working });
    const waiting = Array.from({ length: 5 }, () =>
      pool.run('solve', { position: slow, solver: 'dp' }, { priority: 'background' }),
    );
    // The order jobs end in: a close that waited for the queue would solve each waiting job
    // after the running one; cancelled, they all end before it.
    const ended: string[] = [];
    const settled = Promise.allSettled(
      [running, ...waiting].map((job, k) =>
        job.finally(() => ended.push(k === 0 ? 'running' : 'waiting')),
      ),
    );
    await started;
    await pool.close();
    const outcomes = await settled;
    expect(ended).toEqual([...Array<string>(5).fill('waiting'), 'running']);
    for (const o of outcomes.slice(1)) {
      expect(o.status).toBe('rejected');
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(CancelledError);
    }
  });
});

describe('the pool starts its threads with its first job', () => {
  it('a pool that has run nothing has started no thread; its first job starts them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'broadside-lazy-pool-'));
    const marks = join(dir, 'started');
    // The built worker, which first notes each thread that loads it.
    const worker = join(dir, 'marking-worker.mjs');
    writeFileSync(
      worker,
      [
        "import { appendFileSync } from 'node:fs';",
        "import { threadId } from 'node:worker_threads';",
        `appendFileSync(${JSON.stringify(marks)}, threadId + '\\n');`,
        `export default (await import(${JSON.stringify(pathToFileURL(BUILT_WORKER).href)})).default;`,
      ].join('\n'),
    );
    const started = () => (existsSync(marks) ? readFileSync(marks, 'utf8').trim().split('\n') : []);
    const idle = createPool({ workerFile: worker, threads: 2 });
    const other = createPool({ workerFile: worker, threads: 1 });
    try {
      expect(idle.threads).toBe(2);
      expect(idle.memoryPlan()).toBeDefined();
      // A job on another pool made after it: by its answer, only that pool's thread has started.
      expect((await other.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
      expect(started()).toHaveLength(1);
      expect((await idle.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
      await expect.poll(() => started().length).toBe(3);
    } finally {
      await Promise.all([idle.close(), other.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
