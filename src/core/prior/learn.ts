// Learning an opponent's layout prior from their logged games: the one entry point the app, the
// worker job `learn` and the command line call.
//
// Only games in which we fired at the opponent's fleet (firedBy "me") say where they put their
// ships. A game that sank every ship, or has the revealed layout entered, shows the whole fleet;
// an unfinished one shows its marks. `counts` uses the whole fleets only; `fit` uses both. Of an
// unfinished game only its single shots are read (replaySingleShots): a volley's cells are
// neither misses nor hits, and ship names are left out, as the likelihoods count unnamed layouts.
// The exact solves go through the caller's state graph of the rules when it hands one
// (options.graphs), and the result counts them by the engine that answered (solvedBy).

import { InputError } from '../errors';
import {
  hasSingleShots,
  knownLayout,
  parseGameLog,
  replaySingleShots,
  type GameLog,
} from '../game-log';
import { LEARN_METHODS, type LearnMethod } from '../catalog/options';
import type { Position } from '../position';
import { rulesKey, type Rules } from '../rules';
import type { CancelSignal } from '../solve/cancel';
import type { GraphProvider } from '../solve/options';
import { countsGrid, DEFAULT_PSEUDO_GAMES, occupancyCounts } from './learn-counts';
import type { PriorScale } from './empirical-bayes';
import { fitOccupancy } from './learn-fit';
import {
  UniformOccupancies,
  gamesLogLikelihood,
  priorOccupancy,
  type EngineCounts,
} from './occupancy';

export { LEARN_METHODS, type LearnMethod };

export interface LearnOptions {
  method?: LearnMethod;
  /** Pool over the board's mirror images and rotations (for opponents with few games). */
  symmetric?: boolean;
  /** `counts`: pseudo-games of smoothing toward uniform. */
  pseudoGames?: number;
  /**
   * `fit`: precision of the Gaussian prior on log-weights: 'auto' (default) chooses it from the
   * games (empirical Bayes), 0 is plain maximum likelihood.
   */
  precision?: number | 'auto';
  /** `fit`: stop when expected and observed occupancy agree within this (per cell). */
  tolerance?: number;
  maxIterations?: number;
  seed?: number;
  signal?: CancelSignal;
  /** State graphs the caller keeps: the exact solves go through the rules' one when handed. */
  graphs?: GraphProvider;
  onProgress?: (fraction: number) => void;
  /** `counts`: uniform occupancies to reuse (a worker's, kept between runs); else solved here. */
  uniform?: UniformOccupancies;
}

export interface LearnedPrior {
  method: LearnMethod;
  rules: Rules;
  symmetric: boolean;
  /** Games used (fully revealed + partial). */
  games: number;
  fullGames: number;
  partialGames: number;
  /**
   * Logs that say nothing about the opponent's placement: their shots at us, or neither a known
   * layout nor a single shot (volleys alone are not read, see replaySingleShots).
   */
  skipped: number;
  /** Weight per cell, row-major, geometric mean 1. */
  grid: Float64Array;
  /** Exact log-likelihood (natural log) of the games used, under `grid`. */
  logLikelihood: number;
  /** The same under the uniform prior, for comparison. */
  uniformLogLikelihood: number;
  /** Exact solves run. */
  solves: number;
  /**
   * Exact solves by the engine that answered ('graph', 'dp', 'enumerate'; occupancy.ts), and
   * `sampler`: the fit's layout samplers, built by the DP. Solves a caller's cache spared are not
   * counted.
   */
  solvedBy: EngineCounts;
  ms: number;
  /** `fit`: whether the occupancy matched within the tolerance. */
  converged?: boolean;
  /** `fit`: the precisions of the Gaussian prior used (symmetric part, the rest). */
  precision?: PriorScale;
  iterations?: number;
}

/**
 * Game logs from JSON: an array of logs, `{"games": [...]}` (an export), or a single log. Every
 * log is validated by replaying its shots; errors name the game ("game 3 shot 12 ...").
 */
export function parseGames(raw: unknown): GameLog[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { games?: unknown }).games)
      ? (raw as { games: unknown[] }).games
      : [raw];
  return list.map((g, k) => parseGameLog(g, `game ${k + 1}`));
}

interface Split {
  rules: Rules;
  used: GameLog[];
  layouts: number[][][];
  partial: Position[];
  skipped: number;
}

function splitGames(games: readonly GameLog[]): Split {
  let rules: Rules | undefined;
  const used: GameLog[] = [];
  const layouts: number[][][] = [];
  const partial: Position[] = [];
  let skipped = 0;
  games.forEach((g, k) => {
    if (g.firedBy !== 'me') {
      skipped++;
      return;
    }
    if (rules === undefined) rules = g.rules;
    else if (rulesKey(g.rules) !== rulesKey(rules)) {
      throw new InputError(
        `game ${k + 1}`,
        'is played under other rules than the first game; learn one prior per set of rules',
      );
    }
    const layout = knownLayout(g);
    if (layout) layouts.push(layout);
    else if (hasSingleShots(g)) partial.push(replaySingleShots(g));
    else {
      skipped++;
      return;
    }
    used.push(g);
  });
  if (rules === undefined || used.length === 0) {
    throw new InputError(
      'games',
      'none reveals where the opponent placed ships (learning needs games we fired in, with at least one shot)',
    );
  }
  return { rules, used, layouts, partial, skipped };
}

/** What learning reads of `games` (it refuses them as learnPrior does when none says anything). */
export function gamesToLearn(games: readonly GameLog[]): { rules: Rules; partialGames: number } {
  const { rules, partial } = splitGames(games);
  return { rules, partialGames: partial.length };
}

/** Weight grids a `fit` usually tries before it converges (Newton steps and halvings). */
const FIT_GRIDS_TRIED = 6;

/** About how many exact solves learning makes, and how many of them are of the empty board. */
export interface LearnSolves {
  solves: number;
  /** The empty board under a weight grid: a whole board for the DP, its costliest solves. */
  emptyBoards: number;
}

/**
 * The exact solves learning is about to make, for a caller deciding whether building a graph
 * repays it: `fit` solves the empty board and every partial game at each grid it tries, `counts`
 * each of them under the uniform prior and under the grid learned.
 */
export function expectedSolves(method: LearnMethod, partialGames: number): LearnSolves {
  const emptyBoards = method === 'counts' ? 2 : FIT_GRIDS_TRIED;
  return { solves: emptyBoards * (1 + partialGames), emptyBoards };
}

/** Learns a layout prior from an opponent's logged games. */
export function learnPrior(games: readonly GameLog[], options: LearnOptions = {}): LearnedPrior {
  const t0 = performance.now();
  const method = options.method ?? 'fit';
  if (!LEARN_METHODS.includes(method)) {
    throw new InputError('method', `must be one of ${LEARN_METHODS.join(', ')}, got "${method}"`);
  }
  const symmetric = options.symmetric ?? false;
  const { rules, used, layouts, partial, skipped } = splitGames(games);
  const { width: W, height: H } = rules;
  const solvedBy: EngineCounts = {};
  const solveOptions = {
    signal: options.signal,
    solvedBy,
    graphs: options.graphs,
  };
  const base = {
    method,
    rules,
    symmetric,
    games: used.length,
    fullGames: layouts.length,
    partialGames: partial.length,
    skipped,
  };
  if (method === 'counts') {
    const known = options.uniform ?? new UniformOccupancies();
    const uniform = priorOccupancy(rules, undefined, solveOptions, known);
    const grid = countsGrid(layouts, uniform.occupancy, W, H, {
      pseudoGames: options.pseudoGames ?? DEFAULT_PSEUDO_GAMES,
      symmetric,
    });
    const uniformLogLikelihood = gamesLogLikelihood(used, undefined, solveOptions, known);
    const logLikelihood = gamesLogLikelihood(used, grid, solveOptions);
    options.onProgress?.(1);
    return {
      ...base,
      grid,
      logLikelihood,
      uniformLogLikelihood,
      solves: expectedSolves('counts', partial.length).solves,
      solvedBy,
      ms: performance.now() - t0,
    };
  }
  const fit = fitOccupancy(
    { rules, counts: occupancyCounts(layouts, W * H), full: layouts.length, partial },
    {
      precision: options.precision ?? 'auto',
      symmetric,
      tolerance: options.tolerance,
      maxIterations: options.maxIterations,
      seed: options.seed,
      signal: options.signal,
      graphs: options.graphs,
      onProgress: options.onProgress,
    },
  );
  return {
    ...base,
    grid: fit.weights,
    logLikelihood: fit.logLikelihood,
    uniformLogLikelihood: fit.initialLogLikelihood,
    solves: fit.solves,
    solvedBy: fit.solvedBy,
    ms: performance.now() - t0,
    converged: fit.converged,
    iterations: fit.iterations,
    precision: fit.precision,
  };
}
