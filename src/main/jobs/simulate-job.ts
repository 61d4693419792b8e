// Job `simulate`: one chunk of a simulation, games [from, to) for every strategy, on one worker
// thread. Game k's hidden fleet depends only on (rules, prior, seed, k), so chunks can run in any
// order on any thread and still meet the same fleets (see src/core/simulate/run.ts). The thread
// keeps the fleet sampler and the exact-posterior cache between chunks of the same rules. To use
// every core, split the games over several jobs: src/main/simulate-runner.ts does that and turns
// the per-game results into the report (statistics, paired differences). The payload is the
// contract's simulate fields as the API checked them (src/main/api/simulate.ts): nothing is
// checked again here, only turned into the core's form.

import { InputError } from '../../core/errors';
import { parsePrior } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import { SimulationContexts, simulateChunk, type StrategyGames } from '../../core/simulate/run';
import type { BotFaultRecord } from '../../core/bot-protocol';
import { DEFAULT_BOT_TIMEOUT_MS, type SimulationGames } from '../../shared/api';
import type { BotSpec } from '../bots/session';
import { simulateChunkWithBots } from '../bots/chunk';
import type { GraphObject } from '../graphs/graph-file';
import type { JobContext } from './context';
import { threadGraphs } from './solve-job';
import { SolvedPositionsFile } from '../store/solved-positions';

/** One chunk's work: the games it plays, how, and what the run adds for its threads. */
export type SimulatePayload = SimulationGames & {
  /** The bots' time limit per answer, ms. */
  botTimeoutMs?: number;
  /** Games [from, to) are played; `from` defaults to 0, `to` to from + games. */
  from?: number;
  to?: number;
  games?: number;
  /** External shooting bots (protocol broadside-bot/1), played after the strategies. */
  bots?: BotSpec[];
  /** An external bot that places the hidden fleets. */
  placer?: BotSpec | null;
  /** Tags the bot processes of one run. */
  runId?: string;
  /** Memory budget of each exact solve of the shooters, bytes (the thread's share). */
  maxBytes?: number;
  /** Also return each game's cells fired at, in order (strategies only, not bots). */
  recordCells?: boolean;
  /** The rules' state graph, when the pool keeps it ready (as a solve job receives it). */
  graph?: GraphObject;
  /**
   * Ends the chunk after the game being played when its first element is not 0 (shared memory:
   * the runner raises it while a solve waits for a thread), with `to` the first game not played.
   */
  yieldFlag?: Int32Array;
  /** Ends the chunk after the first game that finishes past this many milliseconds of it. */
  sliceMs?: number;
  /** The kept solved positions (store/solved-positions.ts), read and added to by the chunk. */
  solvedFile?: string;
};

export interface SimulateChunkResult {
  from: number;
  /** The first game not played: the payload's `to`, or earlier when the chunk yielded. */
  to: number;
  /**
   * Per strategy, in payload order (then the uninformed plays, when asked): shots and shooter
   * milliseconds per game, in game order.
   */
  games: StrategyGames[];
  /** Faults of the bots in these games (with bots only). */
  faults?: BotFaultRecord[];
  /** Positions the chunk read from the kept solved positions, and added to them. */
  kept?: KeptCounts;
}

export interface KeptCounts {
  read: number;
  written: number;
}

/**
 * This thread's fleet samplers and solved positions, kept between its chunks, by the memory
 * budget their solves were given (one budget per pool, so in practice one entry).
 */
const threadContexts = new Map<string, SimulationContexts>();

/** This thread's handles on kept solved positions files, by path. */
const threadSolvedFiles = new Map<string, SolvedPositionsFile>();

function solvedFileAt(path: string): SolvedPositionsFile {
  let file = threadSolvedFiles.get(path);
  if (!file) threadSolvedFiles.set(path, (file = new SolvedPositionsFile(path)));
  return file;
}

function contextsFor(
  maxBytes: number | undefined,
  solved?: SolvedPositionsFile,
): SimulationContexts {
  const id = `${maxBytes}|${solved?.path ?? ''}`;
  let contexts = threadContexts.get(id);
  if (!contexts) {
    // The thread's graphs: a simulation's exact solves go through the rules' graph once a job
    // has brought it, each position one pass from the one before (held values).
    const limit = maxBytes === undefined ? {} : { maxBytes };
    const storeFor = solved && ((scope: string) => solved.scoped(scope));
    contexts = new SimulationContexts(true, { ...limit, graphs: threadGraphs }, true, storeFor);
    threadContexts.set(id, contexts);
  }
  return contexts;
}

/** Writes what the chunk solved to the kept file, and says what it read and added. */
function keptSince(
  solved: SolvedPositionsFile | undefined,
  before: KeptCounts,
): KeptCounts | undefined {
  if (!solved) return undefined;
  solved.flush();
  return { read: solved.read - before.read, written: solved.written - before.written };
}

const hasBots = (payload: SimulatePayload): boolean =>
  (payload.bots?.length ?? 0) > 0 || (payload.placer ?? null) !== null;

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
  const from = payload.from ?? 0;
  const to = payload.to ?? from + (payload.games ?? NaN);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to <= from) {
    throw new InputError(
      'games',
      `give the games to play as {from, to} or {games}, got from ${String(payload.from)}, to ${String(payload.to)}, games ${String(payload.games)}`,
    );
  }
  if (payload.graph) threadGraphs.offer(payload.graph);
  const solved = payload.solvedFile ? solvedFileAt(payload.solvedFile) : undefined;
  const before = { read: solved?.read ?? 0, written: solved?.written ?? 0 };
  const contexts = contextsFor(payload.maxBytes, solved);
  const spec = {
    rules,
    strategies: payload.strategies,
    seed: payload.seed,
    prior: payload.prior ? parsePrior(payload.prior, rules) : undefined,
    shooterPrior: payload.shooterPrior ? parsePrior(payload.shooterPrior, rules) : undefined,
    alsoUninformed: payload.alsoUninformed ?? false,
    answers: payload.answers ?? 'sunk',
    salvo: payload.salvo ?? 1,
    fleets: payload.fleets ?? 'uniform',
  };
  const onProgress = (done: number): void =>
    ctx.progress(done / (to - from), `game ${from + Math.floor(done)} of ${from}-${to}`);
  if (withBots) {
    const bots = {
      bots: payload.bots ?? [],
      placer: payload.placer ?? undefined,
      timeoutMs: payload.botTimeoutMs ?? DEFAULT_BOT_TIMEOUT_MS,
      runId: payload.runId,
    };
    return simulateChunkWithBots(spec, bots, from, to, {
      contexts,
      onProgress,
    }).then((r) => withKept({ from, to, ...r }, keptSince(solved, before)));
  }
  const games = simulateChunk(spec, from, to, {
    contexts,
    onProgress,
    recordCells: payload.recordCells === true,
    yieldAfterGame: yieldTest(payload),
  });
  const played = from + (games[0]?.shots.length ?? to - from);
  return withKept({ from, to: played, games }, keptSince(solved, before));
}

function withKept(result: SimulateChunkResult, kept: KeptCounts | undefined): SimulateChunkResult {
  return kept ? { ...result, kept } : result;
}

/** When a chunk of built-in strategies hands its thread back early (see SimulatePayload). */
function yieldTest({ yieldFlag, sliceMs }: SimulatePayload): (() => boolean) | undefined {
  if (!yieldFlag && sliceMs === undefined) return undefined;
  const until = sliceMs === undefined ? Infinity : performance.now() + sliceMs;
  return () =>
    (yieldFlag !== undefined && Atomics.load(yieldFlag, 0) !== 0) || performance.now() >= until;
}
