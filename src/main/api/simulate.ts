// Simulation: the strategy lab's games, split into chunks over the whole worker pool by
// runSimulation, under the caller's key so that jobProgress and jobCancel reach it. runLongJob
// serves the other long pool jobs (learning priors, placement advice).

import { InputError } from '../../core/errors';
import type { BotSpec } from '../bots/session';
import { splitWords } from '../bots/words';
import type { JobPayload, JobResult } from '../jobs';
import { runSimulation, type SimulateRequest } from '../simulate-runner';
import type { ApiContext } from './context';
import { eitherSignal, type ApiCall, type HandlersFor } from './handlers';

/** Time limit of a learning or advice job, or of one chunk of games, unless the caller sets one. */
export const DEFAULT_LONG_JOB_TIMEOUT_MS = 60 * 60_000;

/** A long job (learning, advice, a proposed shot) on the pool; under `key`, jobProgress and jobCancel reach it. */
export function runLongJob<K extends 'learn' | 'advise' | 'propose'>(
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

/**
 * The bots of a simulate call as argument vectors; refused unless the call came from the
 * desktop app's window, since a bot is a program started on this computer.
 */
function desktopBots(
  bots: { name: string; command: string }[] | undefined,
  call: ApiCall,
): BotSpec[] | undefined {
  if (!bots || bots.length === 0) return undefined;
  if (call.desktop !== true) {
    throw new InputError(
      'simulate.bots',
      'start programs on this computer: only the desktop app may add them (refused over this transport)',
    );
  }
  return bots.map(({ name, command }, i) => ({
    name,
    argv: splitWords(command, `simulate.bots[${i}].command`),
  }));
}

export function simulateApi(ctx: ApiContext): HandlersFor<'simulate'> {
  return {
    simulate({ key, timeoutMs, keepPartial, perGameShots, bots: botCommands, ...params }, call) {
      const chunkTimeoutMs = timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
      const request: SimulateRequest = { ...params, bots: desktopBots(botCommands, call) };
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
