// Job `learn`: an opponent's layout prior from their logged games (game-log JSON, validated here
// like any other input). The result is plain JSON, ready for the priors table (priorsSave).

import { InputError } from '../../core/errors';
import { gridRows, rulesToJson, type PositionJson } from '../../core/position';
import { LEARN_METHODS, learnPrior, parseGames, type LearnMethod } from '../../core/prior/learn';
import { UniformOccupancies } from '../../core/prior/occupancy';
import type { JobContext } from './context';

export interface LearnJobOptions {
  method?: LearnMethod;
  symmetric?: boolean;
  /** `counts`: pseudo-games of smoothing toward uniform. */
  pseudoGames?: number;
  /** `fit`: precision of the Gaussian prior on log-weights ('auto', the default: from the games). */
  precision?: number | 'auto';
}

export interface LearnPayload {
  /** The opponent's name (carried through, for the caller's bookkeeping). */
  opponent?: string;
  /** Game logs in their JSON form. */
  games: unknown[];
  /** Shorthand for options.method. */
  method?: LearnMethod;
  options?: LearnJobOptions;
}

export interface LearnJobResult {
  opponent?: string;
  method: LearnMethod;
  symmetric: boolean;
  rules: PositionJson['rules'];
  games: number;
  fullGames: number;
  partialGames: number;
  skipped: number;
  /** H rows of W weights (geometric mean 1). */
  grid: number[][];
  logLikelihood: number;
  uniformLogLikelihood: number;
  solves: number;
  ms: number;
}

function options(
  payload: LearnPayload,
): Required<Pick<LearnJobOptions, 'method'>> & LearnJobOptions {
  const o = payload.options ?? {};
  if (typeof o !== 'object' || o === null) throw new InputError('options', 'must be an object');
  const method = o.method ?? payload.method ?? 'fit';
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
