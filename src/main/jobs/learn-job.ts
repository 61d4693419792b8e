// Job `learn`: an opponent's layout prior from their logged games (game-log JSON, validated here
// like any other input). The result is the contract's LearnedPrior, ready for the priors table.

import { InputError } from '../../core/errors';
import type { GameLogJson } from '../../core/game-log';
import { gridRows } from '../../core/position';
import { rulesToJson } from '../../core/rules-json';
import { LEARN_METHODS, learnPrior, parseGames } from '../../core/prior/learn';
import { UniformOccupancies } from '../../core/prior/occupancy';
import type { LearnOptions } from '../../shared/api';
import type { LearnedPrior } from '../../shared/records';
import type { JobContext } from './context';

export interface LearnPayload {
  /** The opponent's name (carried through, for the caller's bookkeeping). */
  opponent?: string;
  /** Game logs in their JSON form (validated again here, like any input of a job). */
  games: GameLogJson[];
  options?: LearnOptions;
}

export type LearnJobResult = LearnedPrior;

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
  const prior = learnPrior(parseGames(payload.games), {
    method: o.method,
    symmetric: o.symmetric,
    pseudoGames: o.pseudoGames,
    precision: o.precision,
    onProgress: (f) => ctx.progress(f),
    uniform: threadUniform,
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
    ms: prior.ms,
  };
}
