// Plays a range of games for several strategies: the unit of work of a parallel simulation (one
// pool job plays games [from, to)). Game k's fleet comes from (seed, k) alone and each strategy
// gets its own random stream for game k, so results do not depend on how games are split into
// chunks, on the order chunks run, or on which thread runs them.
//
// A context per rules (and prior) holds the hidden-fleet sampler (built once; the DP model takes
// seconds on a 10x10 board) and the exact-posterior cache the exact strategies share. Contexts
// belong to their owner (SimulationContexts): a worker thread keeps its own between chunks.

import { CancelledError, InputError } from '../errors';
import { randomInt, seededRandom } from '../random';
import { rulesToJson } from '../rules-json';
import type { Rules } from '../rules';
import type { CancelSignal } from '../solve/cancel';
import type { SolveOptions } from '../solve/options';
import { DpModels } from '../solve/dp/dp-reuse';
import { getStrategy, listStrategies, type Strategy } from '../strategy';
import { PosteriorCache, type SolvedStore } from '../strategy/posterior';
import { checkAnswersFleet, isVolleyAnswer, namesShips } from '../answers';
import {
  fleetRandom,
  fleetSampler,
  mixSeed,
  sequentialSampler,
  strategyRandom,
  type FleetSampler,
  type FleetSource,
} from './fleets';
import { playGame, type Answers } from './game';
import { inFleetOrder } from './referee';

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
  /**
   * With a prior: also play every strategy without telling it the prior, on the same fleets,
   * reported as "NAME (uninformed)", so the report's paired differences show what knowing the
   * prior is worth.
   */
  alsoUninformed?: boolean;
  /** What each shot (or each turn, as a volley) is answered (answers.ts; default `sunk`). */
  answers?: Answers;
  /** Shots per turn (default 1: the usual game). */
  salvo?: number;
  /** Uniform over legal layouts (default), or placed one ship at a time (fleets.ts). */
  fleets?: FleetSource;
}

/** The report name of a strategy played without being told the prior. */
export function uninformedName(strategy: string): string {
  return `${strategy} (uninformed)`;
}

/** Per strategy: shots, turns and shooter milliseconds for each game of the range, in game order. */
export interface StrategyGames {
  strategy: string;
  shots: number[];
  /** Turns per game (absent when every turn is one shot: then they are the shots). */
  turns?: number[];
  ms: number[];
  /** The cells fired at in each game, in firing order (when asked for with `recordCells`). */
  cells?: number[][];
}

/**
 * Refuses a simulation some strategy cannot play: salvos need strategies that choose K cells a
 * turn, named hits and volleys strategies that read them, and answers naming ships a fleet of
 * named ships.
 */
export function checkPlayable(
  rules: Rules,
  strategies: readonly Strategy[],
  answers: Answers = 'sunk',
  salvo = 1,
): void {
  checkAnswersFleet(answers, rules);
  const cells = rules.width * rules.height;
  if (salvo > cells) {
    throw new InputError('salvo', `${salvo} shots per turn, but the board has ${cells} cells`);
  }
  const listed = (ok: (s: Strategy) => boolean): string =>
    listStrategies()
      .filter(ok)
      .map((s) => s.name)
      .join(', ');
  for (const s of strategies) {
    if ((salvo > 1 || isVolleyAnswer(answers)) && !s.salvo) {
      throw new InputError(
        'strategies',
        `${s.name} fires one shot per turn and cannot choose a salvo${salvo > 1 ? ` of ${salvo}` : ' answered as a volley'} (strategies that can: ${listed((x) => x.salvo)})`,
      );
    }
    if (namesShips(answers) && !s.observations) {
      throw new InputError(
        'strategies',
        `${s.name} cannot read named hits or volleys, which "${answers}" answers give (strategies that can: ${listed((x) => x.observations)})`,
      );
    }
  }
}

const NAMES_STREAM = 0x4a3e5;

/**
 * Game k's layout with ships in fleet order, equal-length ships in an order drawn from (seed, k)
 * alone: the name each such ship gets is then uniform whatever order the sampler returned them in,
 * so layouts with ships told apart by name are equally likely (or weighted by the prior).
 */
export function namedLayout(
  rules: Rules,
  layout: number[][],
  seed: number,
  game: number,
): number[][] {
  const ordered = inFleetOrder(rules, layout);
  const random = seededRandom(mixSeed(seed, game, NAMES_STREAM));
  const lengths = [...new Set(rules.fleet.map((s) => s.length))];
  for (const length of lengths) {
    const slots = rules.fleet.flatMap((s, k) => (s.length === length ? [k] : []));
    const ships = slots.map((k) => ordered[k]!);
    for (let i = ships.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [ships[i], ships[j]] = [ships[j]!, ships[i]!];
    }
    slots.forEach((k, i) => (ordered[k] = ships[i]!));
  }
  return ordered;
}

export interface ChunkOptions {
  signal?: CancelSignal;
  /** Called after each game with the number of games of the range finished. */
  onProgress?: (gamesDone: number) => void;
  /** Called with each game's hidden fleet before it is played. */
  onFleet?: (game: number, layout: number[][]) => void;
  /** Samplers and solved positions to reuse (a worker's, kept between its chunks); else fresh. */
  contexts?: SimulationContexts;
  /** Game k's hidden fleet when it does not come from the sampler (a placement bot's). */
  layoutOf?: (game: number) => number[][];
  /** Keep each game's cells fired at, in order (StrategyGames.cells). */
  recordCells?: boolean;
  /**
   * Asked after each game: true ends the range there, with the games played so far (at least
   * one), so that the thread is free for more urgent work; the caller plays the rest later.
   */
  yieldAfterGame?: () => boolean;
}

export interface SimulationContext {
  fleets: FleetSampler;
  posteriors: PosteriorCache;
}

/** Contexts (of each kind) an owner keeps; the least recently built is dropped past this. */
const MAX_CONTEXTS = 4;

function gridKey(rules: Rules, grid?: Float64Array): string {
  return JSON.stringify([
    rulesToJson({ ...rules, preset: undefined }),
    grid ? Array.from(grid) : null,
  ]);
}

/** Looks `key` up in `map`, building and remembering (a few, least recent evicted) on a miss. */
function remembered<T>(map: Map<string, T>, key: string, build: (key: string) => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = build(key);
    map.set(key, value);
    if (map.size > MAX_CONTEXTS) map.delete(map.keys().next().value!);
  }
  return value;
}

/** The grid the shooters of a spec are told. */
function shooterPriorOf(spec: SimulationSpec): Float64Array | undefined {
  return spec.shooterPrior === undefined ? spec.prior : (spec.shooterPrior ?? undefined);
}

/**
 * The simulation contexts of one owner (a worker thread keeps one across its chunks; a single
 * call makes its own): fleet samplers by (rules, prior the fleets are drawn from) and posterior
 * caches by (rules, prior the shooters are told), a few of each.
 */
export class SimulationContexts {
  private readonly samplers = new Map<string, FleetSampler>();
  private readonly caches = new Map<string, PosteriorCache>();

  /**
   * The DP models every posterior cache of this owner walks (one set per thread, whatever the
   * rules: a model is only walked for positions that extend its own); null when reuseModels is
   * false: every exact solve afresh (benchmarks compare the two).
   */
  private readonly models: DpModels | null;

  /**
   * `solveOptions` bound every exact solve of the shooters (maxBytes: the thread's share of the
   * memory budget, so a simulation holds no more than a solve may).
   */
  constructor(
    reuseModels = true,
    private readonly solveOptions: SolveOptions = {},
    /** Posterior caches derive the other answer of each shot solved (false: tests compare). */
    private readonly deriveSiblings = true,
    /**
     * Posteriors kept across runs, per scope (a rule set and the prior the shooters are told, as
     * gridKey writes them): the caller's store, or none.
     */
    private readonly storeFor?: (scope: string) => SolvedStore | undefined,
  ) {
    this.models = reuseModels ? new DpModels() : null;
  }

  /**
   * The sampler of fleets drawn from `prior` and the posterior cache of shooters told `told`,
   * each built on first use and shared by every context that needs it.
   */
  context(
    rules: Rules,
    prior?: Float64Array,
    /** Omitted: the shooters are told `prior`; null: they are told nothing (uniform). */
    told: Float64Array | null | undefined = prior,
    source: FleetSource = 'uniform',
  ): SimulationContext {
    const build = (): FleetSampler =>
      source === 'sequential' ? sequentialSampler(rules, prior) : fleetSampler(rules, prior);
    return {
      fleets: remembered(this.samplers, `${source}:${gridKey(rules, prior)}`, build),
      posteriors: remembered(this.caches, gridKey(rules, told ?? undefined), (scope) => {
        const store = this.storeFor?.(scope);
        return new PosteriorCache(
          rules.width * rules.height,
          'auto',
          this.solveOptions,
          this.models,
          this.deriveSiblings,
          store,
        );
      }),
    };
  }
}

export function simulateChunk(
  spec: SimulationSpec,
  from: number,
  to: number,
  options: ChunkOptions = {},
): StrategyGames[] {
  const strategies = spec.strategies.map(getStrategy);
  checkPlayable(spec.rules, strategies, spec.answers, spec.salvo);
  const named = namesShips(spec.answers ?? 'sunk');
  const told = shooterPriorOf(spec);
  const contexts = options.contexts ?? new SimulationContexts();
  const ctx = contexts.context(spec.rules, spec.prior, told ?? null, spec.fleets);
  const players = strategies.map((strategy) => ({ strategy, name: strategy.name, told, ctx }));
  if (spec.alsoUninformed && told) {
    const blind = contexts.context(spec.rules, spec.prior, null, spec.fleets);
    for (const strategy of strategies) {
      players.push({ strategy, name: uninformedName(strategy.name), told: undefined, ctx: blind });
    }
  }
  const out: StrategyGames[] = players.map((p) => ({
    strategy: p.name,
    shots: [],
    turns: [],
    ms: [],
    ...(options.recordCells ? { cells: [] } : {}),
  }));
  for (let game = from; game < to; game++) {
    if (options.signal?.aborted) throw new CancelledError('simulation');
    const drawn = options.layoutOf?.(game) ?? ctx.fleets.draw(fleetRandom(spec.seed, game));
    const layout = named ? namedLayout(spec.rules, drawn, spec.seed, game) : drawn;
    options.onFleet?.(game, layout);
    players.forEach((player, s) => {
      const shooter = player.strategy.create({
        rules: spec.rules,
        // the same stream whether told or not: the pair differs only in what it knows
        random: strategyRandom(spec.seed, game, player.strategy.name),
        posteriors: player.ctx.posteriors,
        answers: spec.answers,
      });
      const r = playGame(spec.rules, layout, shooter, {
        prior: player.told,
        name: player.name,
        answers: spec.answers,
        salvo: spec.salvo,
        recordCells: options.recordCells,
      });
      out[s]!.shots.push(r.shots);
      if (r.cells) out[s]!.cells?.push(r.cells);
      out[s]!.turns!.push(r.turns);
      out[s]!.ms.push(r.ms);
    });
    options.onProgress?.(game - from + 1);
    if (options.yieldAfterGame?.()) break;
  }
  return out;
}
