// Plays a range of games for several strategies: the unit of work of a parallel simulation (one
// pool job plays games [from, to)). Game k's fleet comes from (seed, k) alone and each strategy
// gets its own random stream for game k, so results do not depend on how games are split into
// chunks, on the order chunks run, or on which thread runs them.
//
// A thread keeps a context per rules (and prior): the hidden-fleet sampler (built once; the DP
// model takes seconds on a 10x10 board) and the exact-posterior cache the exact strategies share.

import { CancelledError } from '../errors';
import { rulesToJson } from '../position';
import type { Rules } from '../rules';
import type { CancelSignal } from '../solve/options';
import { getStrategy } from '../strategy';
import { PosteriorCache } from '../strategy/posterior';
import { fleetRandom, fleetSampler, strategyRandom, type FleetSampler } from './fleets';
import { playGame } from './game';

export interface SimulationSpec {
  rules: Rules;
  /** Strategy names (see strategy/index.ts). */
  strategies: string[];
  seed: number;
  /** Fleets are drawn from this weight grid (and shooters are told it); uniform without. */
  prior?: Float64Array;
  /**
   * The grid the shooters are told when it is not `prior` (null: none, i.e. uniform). Runs that
   * differ only here play the same fleets, so they compare knowing a prior with not knowing it.
   */
  shooterPrior?: Float64Array | null;
}

/** Per strategy: shots and shooter milliseconds for each game of the range, in game order. */
export interface StrategyGames {
  strategy: string;
  shots: number[];
  ms: number[];
}

export interface ChunkOptions {
  signal?: CancelSignal;
  /** Called after each game with the number of games of the range finished. */
  onProgress?: (gamesDone: number) => void;
  /** Called with each game's hidden fleet before it is played. */
  onFleet?: (game: number, layout: number[][]) => void;
}

export interface SimulationContext {
  fleets: FleetSampler;
  posteriors: PosteriorCache;
}

const MAX_CONTEXTS = 4;
const contexts = new Map<string, SimulationContext>();

function contextKey(
  rules: Rules,
  prior?: Float64Array,
  told: Float64Array | undefined = prior,
): string {
  const r = rulesToJson({ ...rules, preset: undefined });
  const grid = (g?: Float64Array): number[] | null => (g ? Array.from(g) : null);
  return JSON.stringify([r, grid(prior), told === prior ? 'same' : grid(told)]);
}

/** The grid the shooters of a spec are told. */
function shooterPriorOf(spec: SimulationSpec): Float64Array | undefined {
  return spec.shooterPrior === undefined ? spec.prior : (spec.shooterPrior ?? undefined);
}

/** The thread's context for these rules and prior, built on first use. */
export function simulationContext(
  rules: Rules,
  prior?: Float64Array,
  told: Float64Array | undefined = prior,
): SimulationContext {
  const key = contextKey(rules, prior, told);
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = {
      fleets: fleetSampler(rules, prior),
      posteriors: new PosteriorCache(rules.width * rules.height),
    };
    contexts.set(key, ctx);
    if (contexts.size > MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
  }
  return ctx;
}

/** The hidden fleet of game k. */
export function hiddenFleet(spec: SimulationSpec, game: number): number[][] {
  return simulationContext(spec.rules, spec.prior).fleets.draw(fleetRandom(spec.seed, game));
}

export function simulateChunk(
  spec: SimulationSpec,
  from: number,
  to: number,
  options: ChunkOptions = {},
): StrategyGames[] {
  const strategies = spec.strategies.map(getStrategy);
  const told = shooterPriorOf(spec);
  const ctx = simulationContext(spec.rules, spec.prior, told);
  const out: StrategyGames[] = strategies.map((s) => ({ strategy: s.name, shots: [], ms: [] }));
  for (let game = from; game < to; game++) {
    if (options.signal?.aborted) throw new CancelledError();
    const layout = ctx.fleets.draw(fleetRandom(spec.seed, game));
    options.onFleet?.(game, layout);
    strategies.forEach((strategy, s) => {
      const shooter = strategy.create({
        rules: spec.rules,
        random: strategyRandom(spec.seed, game, strategy.name),
        posteriors: ctx.posteriors,
      });
      const r = playGame(spec.rules, layout, shooter, { prior: told, name: strategy.name });
      out[s]!.shots.push(r.shots);
      out[s]!.ms.push(r.ms);
    });
    options.onProgress?.(game - from + 1);
  }
  return out;
}
