// Long jobs on the pool that someone may follow or stop by key: learning a prior, placement
// advice and a proposed shot. Simulations share their time limit (simulate.ts); solves have
// their own path (solve.ts).

import { parseRules } from '../../core/rules-json';
import type { JobPriority } from '../job-queue';
import type { JobPayload, JobResult } from '../jobs';
import { withLearnGraph } from '../jobs/learn-payload';
import type { ApiContext } from './context';
import { eitherSignal } from './handlers';

/** Time limit of a learning or advice job, or of one chunk of games, unless the caller sets one. */
export const DEFAULT_LONG_JOB_TIMEOUT_MS = 60 * 60_000;

type LongJob = 'learn' | 'advise' | 'propose';

/**
 * Who waits for each long job: a proposal is the recorder's next shot, waited for as a solve is
 * (ahead of simulations and relearns); learning and advice are background work.
 */
const LONG_JOB_PRIORITY: Record<LongJob, JobPriority> = {
  learn: 'background',
  advise: 'background',
  propose: 'interactive',
};

/**
 * A long job (learning, advice, a proposed shot) on the pool; under `key`, jobProgress and
 * jobCancel reach it. A proposal's and a learning's exact solves go through their rules' graph
 * when the pool has it ready, as a solve's do.
 */
export function runLongJob<K extends LongJob>(
  ctx: ApiContext,
  kind: K,
  payload: JobPayload<K>,
  options: { key?: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<JobResult<K>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
  const { signal } = options;
  const priority = LONG_JOB_PRIORITY[kind];
  if (kind === 'propose') {
    const { position } = payload as JobPayload<'propose'>;
    const graph = ctx.pool.graphFor(parseRules(position.rules));
    if (graph) payload = { ...payload, graph };
  }
  if (kind === 'learn') {
    payload = withLearnGraph(payload as JobPayload<'learn'>, (r) => ctx.pool.graphFor(r)) as never;
  }
  if (options.key === undefined) {
    return ctx.pool.run(kind, payload, { signal, timeoutMs, priority });
  }
  return ctx.jobs.run(options.key, (keySignal, onProgress) =>
    ctx.pool.run(kind, payload, {
      signal: eitherSignal(keySignal, signal),
      onProgress,
      timeoutMs,
      priority,
    }),
  );
}
