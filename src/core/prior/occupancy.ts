// Exact quantities of a weight-grid prior, all from the exact solvers (which apply the prior to
// whole layouts: a layout weighs the product of the weights of its occupied cells).
//
//   Z(position)        the total weight of the layouts consistent with a position;
//   occupancy          the chance each cell holds a ship (the solver's probabilities);
//   log-likelihood     of a fully revealed layout L: sum of log w over L's cells - log Z(empty);
//                      of a partly revealed game: log Z(position the game reached) - log Z(empty),
//                      the probability that a layout drawn from the prior answers every shot the
//                      way the opponent's did (the shots themselves depend only on earlier answers,
//                      so they drop out of the likelihood).
//
// Everything here is exact up to float rounding; nothing is sampled except where a caller asks
// for layouts (the fitter's curvature estimate), and those never enter a reported number.
//
// The solves go through the caller's state graph of the rules when options.graphs hands one (the
// graph engine weighs layouts by a prior as the DP does), else the DP; options.solvedBy counts
// which engine answered each, so a caller can say so.

import { BudgetError, InputError } from '../errors';
import { knownLayout, replaySingleShots, type GameLog } from '../game-log';
import { emptyPosition, type Position } from '../position';
import type { Random } from '../random';
import { fleetCells, rulesKey, type Rules } from '../rules';
import { solve } from '../solve';
import { layoutSampler } from '../solve/sample';
import type { SolveOptions } from '../solve/options';

export interface Occupancy {
  /** Chance that each cell holds a ship, row-major. */
  occupancy: Float64Array;
  /** Natural log of Z: the total weight of consistent layouts (their number without a prior). */
  logZ: number;
  ms: number;
}

/**
 * Exact solves per engine that answered ('graph', 'dp', 'enumerate'), and `sampler`: layout
 * samplers built (always by the DP).
 */
export type EngineCounts = Record<string, number>;

export interface OccupancyOptions extends SolveOptions {
  /** Adds one to the engine that answered each solve (and to `sampler` per sampler built). */
  solvedBy?: EngineCounts;
}

function counted(counts: EngineCounts | undefined, engine: string): void {
  if (counts) counts[engine] = (counts[engine] ?? 0) + 1;
}

/** Positions carry their prior; this one carries `weights` (none = uniform). */
function withWeights(position: Position, weights: Float64Array | undefined): Position {
  const p: Position = { ...position };
  if (weights) p.prior = weights;
  else delete p.prior;
  return p;
}

function logOf(total: string): number {
  const z = Number(total);
  if (!Number.isFinite(z) || z <= 0) {
    throw new BudgetError(
      `the prior's total weight (${total}) is outside the range of a float`,
      'rescale the weights toward 1',
    );
  }
  return Math.log(z);
}

/** Exact occupancy and log Z of a position under `weights` (none = uniform). */
export function exactOccupancy(
  position: Position,
  weights?: Float64Array,
  options: OccupancyOptions = {},
): Occupancy {
  const t0 = performance.now();
  const { solvedBy, ...solveOptions } = options;
  const empty = !position.cells.some((m) => m !== 0) && position.sunk.length === 0;
  // The empty board never fits auto's enumeration probe, so without graphs it goes straight to
  // the DP; a graph is reached only through auto.
  const solver = empty && !options.graphs ? 'dp' : 'auto';
  const r = solve(withWeights(position, weights), solver, solveOptions);
  counted(solvedBy, r.solver);
  return {
    occupancy: r.probabilities,
    logZ: logOf(r.total) + weightScaleLog(position, weights),
    ms: performance.now() - t0,
  };
}

/**
 * The solvers weigh layouts with the grid divided by its largest weight (solverWeights), so
 * their total is Z / max^cells, every layout covering the fleet's cells: log of that factor.
 */
function weightScaleLog(position: Position, weights: Float64Array | undefined): number {
  if (!weights) return 0;
  let max = 0;
  for (const w of weights) if (w > max) max = w;
  const cells = fleetCells(position.rules.fleet);
  return cells * Math.log(max);
}

/**
 * Uniform empty-board occupancies already solved, by rules: owned by whoever repeats the question
 * (one learning run; a worker thread across runs). Costs seconds on a 10x10 board.
 */
export class UniformOccupancies {
  private readonly byRules = new Map<string, Occupancy>();

  get(rules: Rules, options: OccupancyOptions = {}): Occupancy {
    const key = rulesKey(rules);
    let occ = this.byRules.get(key);
    if (!occ) {
      occ = exactOccupancy(emptyPosition(rules), undefined, options);
      this.byRules.set(key, occ);
    }
    return occ;
  }
}

/**
 * Exact occupancy of the empty board under a prior; the uniform one comes from `uniform` when
 * given (solved there once per rules).
 */
export function priorOccupancy(
  rules: Rules,
  weights?: Float64Array,
  options: OccupancyOptions = {},
  uniform?: UniformOccupancies,
): Occupancy {
  if (weights || !uniform) return exactOccupancy(emptyPosition(rules), weights, options);
  const known = uniform.get(rules, options);
  return { ...known, occupancy: known.occupancy.slice() };
}

/**
 * `count` layouts drawn exactly from a position's consistent layouts under `weights` (the
 * fitter uses them only to estimate the curvature of its Newton steps, never in a result).
 */
export function drawLayouts(
  position: Position,
  weights: Float64Array | undefined,
  count: number,
  random: Random,
  options: OccupancyOptions = {},
): number[][][] {
  const { solvedBy, ...solveOptions } = options;
  const sampler = layoutSampler(withWeights(position, weights), solveOptions);
  counted(solvedBy, 'sampler');
  return Array.from({ length: count }, () => sampler.draw(random));
}

/** Sum of the log-weights of a layout's cells (log of its weight). */
export function layoutLogWeight(
  layout: readonly number[][],
  logWeights: ArrayLike<number>,
): number {
  let s = 0;
  for (const ship of layout) for (const c of ship) s += logWeights[c]!;
  return s;
}

/** Per-cell log of a weight grid (uniform when absent). */
export function logGrid(weights: Float64Array | undefined, cells: number): Float64Array {
  const out = new Float64Array(cells);
  if (weights) for (let i = 0; i < cells; i++) out[i] = Math.log(weights[i]!);
  return out;
}

/** Occupancy indicator of a layout: 1 on its cells. */
export function layoutIndicator(layout: readonly number[][], cells: number): Float64Array {
  const x = new Float64Array(cells);
  for (const ship of layout) for (const c of ship) x[c] = 1;
  return x;
}

export interface GameLikelihood {
  /** Natural log of the probability the prior gives to what the game revealed. */
  logLikelihood: number;
  /** The game revealed the whole fleet. */
  full: boolean;
}

/**
 * Exact log-likelihood of one game's observations (its target fleet, i.e. a game we fired in)
 * under `weights`, given log Z of the empty board under the same weights.
 */
export function gameLogLikelihood(
  game: GameLog,
  weights: Float64Array | undefined,
  logZEmpty: number,
  options: OccupancyOptions = {},
): GameLikelihood {
  const cells = game.rules.width * game.rules.height;
  const layout = knownLayout(game);
  if (layout) {
    return {
      logLikelihood: layoutLogWeight(layout, logGrid(weights, cells)) - logZEmpty,
      full: true,
    };
  }
  if (game.shots.length === 0) return { logLikelihood: 0, full: false };
  const { logZ } = exactOccupancy(replaySingleShots(game), weights, options);
  return { logLikelihood: logZ - logZEmpty, full: false };
}

/** Exact total log-likelihood of a set of games (all under the same rules) under `weights`. */
export function gamesLogLikelihood(
  games: readonly GameLog[],
  weights: Float64Array | undefined,
  options: OccupancyOptions = {},
  uniform?: UniformOccupancies,
): number {
  if (games.length === 0) return 0;
  const rules = games[0]!.rules;
  for (const g of games) {
    if (rulesKey(g.rules) !== rulesKey(rules)) {
      throw new InputError('games', 'are not all played under the same rules');
    }
  }
  const { logZ } = priorOccupancy(rules, weights, options, uniform);
  let sum = 0;
  for (const g of games) sum += gameLogLikelihood(g, weights, logZ, options).logLikelihood;
  return sum;
}
