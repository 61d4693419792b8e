// Simulation: the pool job `simulate` with the caller's payload passed through unchanged (the
// simulator validates it in the worker). Until that job is part of the worker, the method fails
// with NotAvailableError instead of a confusing "unknown job".

import { NotAvailableError } from '../errors';
import { UnknownJobError } from '../pool';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';

/** Time limit of a simulation or learning job unless the caller sets one. */
export const DEFAULT_LONG_JOB_TIMEOUT_MS = 60 * 60_000;

export function runPassThroughJob(
  ctx: ApiContext,
  kind: string,
  payload: unknown,
  options: { key?: string; timeoutMs?: number },
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
  if (options.key === undefined) return ctx.pool.runByName(kind, payload, { timeoutMs });
  return ctx.jobs.run(options.key, (signal, onProgress) =>
    ctx.pool.runByName(kind, payload, { signal, onProgress, timeoutMs }),
  );
}

export function simulateApi(ctx: ApiContext): HandlersFor<'simulate'> {
  return {
    async simulate(p) {
      try {
        return await runPassThroughJob(ctx, 'simulate', p.payload, p);
      } catch (e) {
        if (e instanceof UnknownJobError) throw new NotAvailableError('simulation');
        throw e;
      }
    },
  };
}
