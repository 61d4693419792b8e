// The pool's queue: a job's time limit counts only the time it runs (not its wait behind other
// jobs), interactive jobs go ahead of background ones, and past its bound the queue answers busy.
// A real piscina pool of one thread with the built worker; the long jobs are stopped by short
// limits or cancelled, so the file takes seconds, not minutes.

import { afterAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/core/errors';
import { BusyError } from '../../src/main/errors';
import { createPool, JobTimeoutError, type JobOptions } from '../../src/main/pool';
import { VALID_POSITIONS } from '../support/hostile';
import { BUILT_WORKER } from '../support/paths';
import { EMPTY_CLASSIC } from '../support/fixtures';

/** About 20 s of exact enumeration: always stopped by its limit or cancelled here. */
const long = {
  position: EMPTY_CLASSIC,
  solver: 'enumerate',
};
/** A few milliseconds. */
const quick = { position: VALID_POSITIONS[1], solver: 'pdf' } as never;

const pools: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(pools.map((p) => p.close())));
function onePool(queueBounds?: { interactive: number; background: number }) {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, queueBounds });
  pools.push(pool);
  return pool;
}

describe('the job queue in front of the pool', () => {
  it('counts a time limit from when the job runs: a quick solve behind long jobs succeeds', async () => {
    const pool = onePool();
    const longs = [1, 2, 3].map(() =>
      pool
        .run('solve', long as never, { timeoutMs: 2000, priority: 'background' })
        .catch((e: unknown) => e),
    );
    // Waits about 6 s behind them, much longer than its own limit, then needs milliseconds.
    const result = await pool.run('solve', quick, { timeoutMs: 1200, priority: 'background' });
    expect(result.solver).toBe('pdf');
    for (const job of longs) expect(await job).toBeInstanceOf(JobTimeoutError);
  });

  it('runs an interactive job before background jobs that waited longer', async () => {
    const pool = onePool();
    const stop = new AbortController();
    const settled: string[] = [];
    const track = (name: string, options: JobOptions) =>
      pool.run('solve', (name === 'interactive' ? quick : long) as never, options).then(
        () => settled.push(name),
        (e: unknown) => settled.push(`${name}: ${(e as Error).name}`),
      );
    const running = track('running', { timeoutMs: 1500, priority: 'background' });
    const waiting = [1, 2].map(() =>
      track('background', { signal: stop.signal, priority: 'background' }),
    );
    await track('interactive', { timeoutMs: 5000 });
    stop.abort();
    await Promise.all([running, ...waiting]);
    expect(settled).toEqual([
      'running: JobTimeoutError',
      'interactive',
      'background: CancelledError',
      'background: CancelledError',
    ]);
  });

  it('answers busy past its bound, per priority, and a cancelled job leaves the queue', async () => {
    const pool = onePool({ interactive: 2, background: 1 });
    const stop = new AbortController();
    const { signal } = stop;
    const jobs = [1, 2, 3].map(() =>
      pool.run('solve', long as never, { signal }).catch((e: unknown) => e),
    );
    const refused = await pool.run('solve', quick, { signal }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BusyError);
    expect((refused as Error).message).toBe(
      'busy: the queue of solves waiting for a worker is full (2); try again in a moment',
    );
    // Background work has its own bound: one may still wait.
    const cancelMe = new AbortController();
    const background = pool
      .run('solve', long as never, { signal: cancelMe.signal, priority: 'background' })
      .catch((e: unknown) => e);
    await expect(
      pool.run('solve', quick, { signal, priority: 'background' }),
    ).rejects.toBeInstanceOf(BusyError);
    cancelMe.abort();
    expect(await background).toBeInstanceOf(CancelledError);
    const again = pool
      .run('solve', quick, { signal, priority: 'background' })
      .catch((e: unknown) => e);
    stop.abort();
    for (const job of [...jobs, again]) expect(await job).toBeInstanceOf(CancelledError);
    // The pool serves on after all that.
    expect((await pool.run('solve', quick)).solver).toBe('pdf');
  });
});
