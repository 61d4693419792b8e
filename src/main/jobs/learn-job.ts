// Job `learn`: an opponent's layout prior from their logged games (game-log JSON, validated here
// like any other input). The result is the contract's LearnedPrior, ready for the priors table,
// plus which engine answered its exact solves. Its solves go through the state graph of the
// games' rules when the pool sends one with the job (learn-payload.ts), as a solve job's do.

import { InputError } from '../../core/errors';
import { gridRows } from '../../core/position';
import { rulesToJson } from '../../core/rules-json';
import { LEARN_METHODS, learnPrior, parseGames } from '../../core/prior/learn';
import { UniformOccupancies, type EngineCounts } from '../../core/prior/occupancy';
import type { LearnOptions } from '../../shared/api';
import type { LearnedPrior } from '../../shared/records';
import type { JobContext } from './context';
import type { LearnPayload } from './learn-payload';
import { threadGraphs } from './solve-job';

export type { LearnPayload };

export type LearnJobResult = LearnedPrior & {
  /** Exact solves by the engine that answered, and the DP's sampler builds (core/prior). */
  solvedBy: EngineCounts;
};

function options(payload: LearnPayload): Required<Pick<LearnOptions, 'method'>> & LearnOptions {
  const o = payload.options ?? {};
  if (typeof o !== 'object' || o === null) throw new InputError('options', 'must be an object');
  const method = o.method ?? 'fit';
  if (!LEARN_METHODS.includes(method)) {
    throw new InputError('options.method', `must be one of ${LEARN_METHODS.join(', ')}`);
  }
  if (o.symmetric !== undefined && typeof o.symmetric !== 'boolean') {
    throw new InputError('options.symmetric', 'must be true or false');
  }
  for (const k of ['pseudoGames', 'precision'] as const) {
    const v = o[k];
    if (k === 'precision' && v === 'auto') continue;
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e6)) {
      throw new InputError(`options.${k}`, 'must be a number from 0 to 1e6');
    }
  }
  return { ...o, method };
}

/** This thread's uniform empty-board occupancies, kept between learning runs. */
const threadUniform = new UniformOccupancies();

export function learnJob(payload: LearnPayload, ctx: JobContext): LearnJobResult {
  if (!Array.isArray(payload.games)) throw new InputError('games', 'must be an array of game logs');
  const o = options(payload);
  if (payload.graph) threadGraphs.offer(payload.graph);
  const prior = learnPrior(parseGames(payload.games), {
    method: o.method,
    symmetric: o.symmetric,
    pseudoGames: o.pseudoGames,
    precision: o.precision,
    // The passes, the DP and the enumerator poll it: a stopped fit leaves its thread alive.
    signal: ctx.signal,
    onProgress: (f) => ctx.progress(f),
    uniform: threadUniform,
    // Only a job the pool sent the graph with uses it (the pool knows it is ready).
    ...(payload.graph ? { graphs: threadGraphs } : {}),
  });
  ctx.progress(1);
  return {
    opponent: payload.opponent,
    method: prior.method,
    symmetric: prior.symmetric,
    rules: rulesToJson(prior.rules),
    games: prior.games,
    fullGames: prior.fullGames,
    partialGames: prior.partialGames,
    skipped: prior.skipped,
    grid: gridRows(prior.grid, prior.rules.width),
    logLikelihood: prior.logLikelihood,
    uniformLogLikelihood: prior.uniformLogLikelihood,
    solves: prior.solves,
    solvedBy: prior.solvedBy,
    ms: prior.ms,
  };
}
