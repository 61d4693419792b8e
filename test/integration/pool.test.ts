import { afterAll, describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { CancelledError } from '../../src/core/errors';
import { emptyPosition, parsePosition, positionToJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { createPool, JobTimeoutError, WorkerCrashError } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';

const small = positionToJson(
  parsePosition({
    rules: { width: 5, height: 5, fleet: [3, 3, 1], touch: 'allowed' },
    board: ['...o.', 'xxxo.', '..o..', '.x...', '...o.'],
    sunk: [
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [[3, 1]],
    ],
  }),
);
// Seconds of DP work: long enough to cancel or time out mid-run.
const slow = positionToJson(emptyPosition(presetRules('classic')));

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

  it('cancels a running job promptly and keeps serving', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const job = pool.run('solve', { position: slow, solver: 'dp' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    await expect(job).rejects.toBeInstanceOf(CancelledError);
    expect(performance.now() - started).toBeLessThan(1500);
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

describe('a worker over its memory limit', () => {
  it('fails that job with a clear error; the pool keeps serving', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, maxMemoryMb: 48 });
    try {
      // Millions of small arrays: heap memory, which the per-thread limit governs.
      const err = await pool
        .run('sample', { position: small, n: 5_000_000, seed: 1 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkerCrashError);
      expect((err as Error).message).toMatch(/ran out of memory \(limit 48 MB per worker\)/);
      expect((await pool.run('solve', { position: small, solver: 'dp' })).total).toBe('7');
    } finally {
      await pool.close();
    }
  });
});
