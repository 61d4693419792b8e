// Job `simulate`: one chunk of a simulation, games [from, to) for every strategy, on one worker
// thread. Game k's hidden fleet depends only on (rules, prior, seed, k), so chunks can run in any
// order on any thread and still meet the same fleets (see src/core/simulate/run.ts). The thread
// keeps the fleet sampler and the exact-posterior cache between chunks of the same rules. To use
// every core, split the games over several jobs: src/main/simulate-runner.ts does that and turns
// the per-game results into the report (statistics, paired differences).

import { InputError } from '../../core/errors';
import { parsePrior, type PositionJson } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import type { Rules } from '../../core/rules';
import { FLEET_SOURCES, type FleetSource } from '../../core/simulate/fleets';
import { ANSWERS, type Answers } from '../../core/simulate/game';
import {
  SimulationContexts,
  checkPlayable,
  simulateChunk,
  type StrategyGames,
} from '../../core/simulate/run';
import { MAX_SALVO } from '../../shared/catalog';
import { getStrategy } from '../../core/strategy';
import type { BotFaultRecord } from '../../core/bot-protocol';
import type { BotSpec } from '../bots/session';
import { simulateChunkWithBots } from '../bots/chunk';
import { checkBotTimeout, checkBots, checkPlacer } from '../bots/spec';
import type { JobContext } from './context';

export type RulesJson = PositionJson['rules'];

export interface SimulatePayload {
  /** A rules object ({"preset": "classic"} or width/height/fleet/touch) or a preset name. */
  rules: RulesJson | string;
  /** Strategy names, e.g. ["pdf", "greedy"]. */
  strategies: string[];
  seed: number;
  /** Games [from, to) are played; `from` defaults to 0, `to` to from + games. */
  from?: number;
  to?: number;
  games?: number;
  /** H rows of W positive weights to draw fleets from (and tell the shooters); null: uniform. */
  prior?: number[][] | null;
  /** A grid to tell the shooters instead of `prior` (fleets still come from `prior`/`fleets`). */
  shooterPrior?: number[][] | null;
  /** With a prior: also play every strategy without telling it the prior (same fleets). */
  alsoUninformed?: boolean;
  /** What each shot is told: "sunk" (default: sinkings with the sunk ship's cells) or "hit-miss". */
  answers?: Answers;
  /** Shots per turn (default 1). */
  salvo?: number;
  /** "uniform" (default: uniform over legal layouts) or "sequential" (placed ship by ship). */
  fleets?: FleetSource;
  /** External shooting bots (protocol broadside-bot/1), played after the strategies. */
  bots?: BotSpec[];
  /** An external bot that places the hidden fleets. */
  placer?: BotSpec | null;
  /** Time limit of each bot answer, ms (default 2000). */
  botTimeoutMs?: number;
  /** Tags the bot processes of one run. */
  runId?: string;
  /** Memory budget of each exact solve of the shooters, bytes (the thread's share). */
  maxBytes?: number;
  /** Also return each game's cells fired at, in order (strategies only, not bots). */
  recordCells?: boolean;
}

export interface SimulateChunkResult {
  from: number;
  to: number;
  /**
   * Per strategy, in payload order (then the uninformed plays, when asked): shots and shooter
   * milliseconds per game, in game order.
   */
  games: StrategyGames[];
  /** Faults of the bots in these games (with bots only). */
  faults?: BotFaultRecord[];
}

export const MAX_SEED = 2 ** 32 - 1;

/**
 * This thread's fleet samplers and solved positions, kept between its chunks, by the memory
 * budget their solves were given (one budget per pool, so in practice one entry).
 */
const threadContexts = new Map<number | undefined, SimulationContexts>();

function contextsFor(maxBytes: number | undefined): SimulationContexts {
  let contexts = threadContexts.get(maxBytes);
  if (!contexts) {
    contexts = new SimulationContexts(true, maxBytes === undefined ? {} : { maxBytes });
    threadContexts.set(maxBytes, contexts);
  }
  return contexts;
}

/** Checks the fields every simulation shares; throws InputError naming the field. */
export function checkSimulation(strategies: unknown, seed: unknown, bots = false): string[] {
  if (!Array.isArray(strategies) || (strategies.length === 0 && !bots)) {
    throw new InputError('strategies', 'must list at least one strategy');
  }
  const names = strategies.map((s, i) => {
    if (typeof s !== 'string') throw new InputError(`strategies[${i}]`, 'must be a strategy name');
    return getStrategy(s).name;
  });
  const twice = names.find((s, i) => names.indexOf(s) !== i);
  if (twice) throw new InputError('strategies', `lists "${twice}" twice`);
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new InputError(
      'seed',
      `must be a whole number from 0 to ${MAX_SEED}, got ${String(seed)}`,
    );
  }
  return names;
}

export function checkAlsoUninformed(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw new InputError('alsoUninformed', `must be true or false, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** `value` if it is one of `allowed`, the first of them when it is absent; else InputError. */
function checkChoice<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0]!;
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new InputError(
      field,
      `must be ${allowed.map((a) => JSON.stringify(a)).join(' or ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

export const checkAnswers = (value: unknown): Answers => checkChoice('answers', value, ANSWERS);
export const checkFleets = (value: unknown): FleetSource =>
  checkChoice('fleets', value, FLEET_SOURCES);

/** Shots per turn: a whole number from 1 (the default) to MAX_SALVO. */
export function checkSalvo(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_SALVO) {
    throw new InputError(
      'salvo',
      `must be a whole number of shots per turn from 1 to ${MAX_SALVO}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * Refuses bots in a game they cannot play: the bot protocol fires one shot per turn and answers
 * each shot as sunk or hit-miss.
 */
export function checkBotsPlay(withBots: boolean, answers: Answers, salvo: number): void {
  if (!withBots) return;
  if (salvo > 1) {
    throw new InputError('salvo', 'external bots fire one shot per turn: play salvos without bots');
  }
  if (answers !== 'sunk' && answers !== 'hit-miss') {
    throw new InputError(
      'answers',
      `external bots are told sunk or hit-miss answers only, not "${answers}"`,
    );
  }
}

/** The grid the shooters are told instead of the fleets' prior; undefined when not given. */
export function checkShooterPrior(value: unknown, rules: Rules): Float64Array | undefined {
  return value === undefined || value === null
    ? undefined
    : parsePrior(value, rules, 'shooterPrior');
}

const hasBots = (payload: SimulatePayload): boolean =>
  (Array.isArray(payload.bots) && payload.bots.length > 0) ||
  (payload.placer !== undefined && payload.placer !== null);

/** The pool's `simulate` job: a chunk of built-in strategies, or (given bots) a chunk with bots. */
export function simulateTask(
  payload: SimulatePayload,
  ctx: JobContext,
): SimulateChunkResult | Promise<SimulateChunkResult> {
  return hasBots(payload) ? simulateJob(payload, ctx, true) : simulateJob(payload, ctx);
}

export function simulateJob(payload: SimulatePayload, ctx: JobContext): SimulateChunkResult;
export function simulateJob(
  payload: SimulatePayload,
  ctx: JobContext,
  withBots: true,
): Promise<SimulateChunkResult>;
export function simulateJob(
  payload: SimulatePayload,
  ctx: JobContext,
  withBots = false,
): SimulateChunkResult | Promise<SimulateChunkResult> {
  const rules = parseRules(payload.rules);
  const strategies = checkSimulation(payload.strategies, payload.seed, withBots);
  const from = payload.from ?? 0;
  const to = payload.to ?? from + (payload.games ?? NaN);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to <= from) {
    throw new InputError(
      'games',
      `give the games to play as {from, to} or {games}, got from ${String(payload.from)}, to ${String(payload.to)}, games ${String(payload.games)}`,
    );
  }
  const prior = payload.prior ? parsePrior(payload.prior, rules) : undefined;
  const shooterPrior = checkShooterPrior(payload.shooterPrior, rules);
  const alsoUninformed = checkAlsoUninformed(payload.alsoUninformed);
  const answers = checkAnswers(payload.answers);
  const salvo = checkSalvo(payload.salvo);
  checkBotsPlay(withBots, answers, salvo);
  checkPlayable(rules, strategies.map(getStrategy), answers, salvo);
  const fleets = checkFleets(payload.fleets);
  const maxBytes = payload.maxBytes;
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes > 0)) {
    throw new InputError('maxBytes', `must be a positive whole number of bytes, got ${maxBytes}`);
  }
  const contexts = contextsFor(maxBytes);
  const spec = {
    rules,
    strategies,
    seed: payload.seed,
    prior,
    shooterPrior,
    alsoUninformed,
    answers,
    salvo,
    fleets,
  };
  const onProgress = (done: number): void =>
    ctx.progress(done / (to - from), `game ${from + Math.floor(done)} of ${from}-${to}`);
  if (withBots) {
    const bots = {
      bots: checkBots(payload.bots, strategies),
      placer: checkPlacer(payload.placer),
      timeoutMs: checkBotTimeout(payload.botTimeoutMs),
      runId: typeof payload.runId === 'string' ? payload.runId : undefined,
    };
    return simulateChunkWithBots(spec, bots, from, to, {
      contexts,
      onProgress,
    }).then((r) => ({ from, to, ...r }));
  }
  const games = simulateChunk(spec, from, to, {
    contexts,
    onProgress,
    recordCells: payload.recordCells === true,
  });
  return { from, to, games };
}
