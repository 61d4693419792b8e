// Simulation: the strategy lab's games, split into chunks over the whole worker pool by
// runSimulation, under the caller's key so that jobProgress and jobCancel reach it. runLongJob
// serves the other long pool jobs (learning priors, placement advice).

import type { JobPayload, JobResult } from '../jobs';
import { runSimulation } from '../simulate-runner';
import type { ApiContext } from './context';
import { eitherSignal, type HandlersFor } from './handlers';

/** Time limit of a learning or advice job, or of one chunk of games, unless the caller sets one. */
export const DEFAULT_LONG_JOB_TIMEOUT_MS = 60 * 60_000;

/** A long job (learning, advice) on the pool; under `key`, jobProgress and jobCancel reach it. */
export function runLongJob<K extends 'learn' | 'advise'>(
  ctx: ApiContext,
  kind: K,
  payload: JobPayload<K>,
  options: { key?: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<JobResult<K>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
  const { signal } = options;
  if (options.key === undefined) {
    return ctx.pool.run(kind, payload, { signal, timeoutMs });
  }
  return ctx.jobs.run(options.key, (keySignal, onProgress) =>
    ctx.pool.run(kind, payload, {
      signal: eitherSignal(keySignal, signal),
      onProgress,
      timeoutMs,
    }),
  );
}

export function simulateApi(ctx: ApiContext): HandlersFor<'simulate'> {
  return {
    simulate({ key, timeoutMs, keepPartial, perGameShots, ...request }, call) {
      const chunkTimeoutMs = timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
      if (key === undefined) {
        return runSimulation(ctx.pool, request, {
          chunkTimeoutMs,
          signal: call.signal,
          keepPartial,
          perGameShots,
        });
      }
      return ctx.jobs.run(key, (signal, onProgress) =>
        runSimulation(ctx.pool, request, {
          signal: eitherSignal(signal, call.signal),
          chunkTimeoutMs,
          keepPartial,
          perGameShots,
          onProgress: (p) =>
            onProgress(p.fraction, `${Math.floor(p.gamesDone)} of ${p.games} games`),
        }),
      );
    },
  };
}
