// Runs a simulation in parallel on the worker pool: N games split into chunks (pool job
// `simulate`), progress summed over the chunks, cancellation passed to every chunk, and the
// per-game results put back in game order before the statistics are computed. Only a few chunks
// are on the pool at a time (two per thread, the next submitted as one finishes): submitting all
// of them at once took seconds of the main thread for millions of games (an abort listener and
// a progress channel per chunk) and would overrun the pool's bound on waiting background jobs.
// A chunk hands its thread back after the game under way when a solve waits for one (or after a
// slice of time), and the rest of its range is played as another chunk: an interactive solve
// then waits for one game, not for a chunk of them (on a one-thread pool, for most of a minute).
// Because game k's fleet and random streams depend only on (seed, k), the report is the same for
// any chunk size, thread count or chunk that ended early; only the timings change.

import { randomUUID } from 'node:crypto';
import type { BotFaultRecord } from '../core/bot-protocol';
import { CancelledError, InputError } from '../core/errors';
import type { Rules } from '../core/rules';
import { buildReport } from '../core/simulate/report';
import type { StrategyGames } from '../core/simulate/run';
import type { SimulationGames, SimulationRunReport } from '../shared/api';
import { botsReport, endBots } from './bots/report';
import { watchBotProcesses } from './bots/registry';
import type { BotSpec } from './bots/session';
import type { SimulatePayload } from './jobs/simulate-job';
import { poolSolveBudget } from './memory-budget';
import type { JobPool } from './pool';

/**
 * A simulation as the API's door checked it (src/main/api/simulate.ts): the contract's fields
 * with their defaults, the rules and priors in the core's form for the report, and the bots.
 */
export interface SimulationPlan {
  games: number;
  /** Play games firstGame .. firstGame + games - 1 of the seed: a slice of a long run. */
  firstGame: number;
  /** What every chunk plays (the contract's fields, defaults filled in). */
  spec: Required<Omit<SimulationGames, 'prior' | 'shooterPrior'>> &
    Pick<SimulationGames, 'prior' | 'shooterPrior'>;
  parsed: { rules: Rules; prior?: Float64Array; shooterPrior?: Float64Array };
  bots?: { bots: BotSpec[]; placer: BotSpec | null; botTimeoutMs: number };
}

export interface SimulateProgress {
  /** Games finished (every strategy played them), summed over chunks; fractional mid-chunk. */
  gamesDone: number;
  games: number;
  fraction: number;
}

export interface SimulateRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SimulateProgress) => void;
  /** Games per pool job; default spreads the games over about eight chunks per thread. */
  chunkSize?: number;
  /** Time limit of each chunk (pool job), in milliseconds. */
  chunkTimeoutMs?: number;
  /**
   * A chunk ends after the first game that finishes past this many milliseconds of it (the rest
   * of its range is played as another chunk); default DEFAULT_CHUNK_SLICE_MS.
   */
  chunkSliceMs?: number;
  /**
   * On cancel, report the games finished so far instead of throwing CancelledError: the leading
   * run of finished chunks (games 0 to k-1, so the partial report is the one a run of k games
   * would give). Throws CancelledError still when no leading chunk had finished.
   */
  keepPartial?: boolean;
  /**
   * Also return every game's shot count per strategy, in game order, and (up to
   * MAX_GAMES_WITH_CELLS games, strategies only) the cells each game fired at (for a CSV export).
   */
  perGameShots?: boolean;
}

/** Runs longer than this return shot counts but not the cells of each game (too large to keep). */
export const MAX_GAMES_WITH_CELLS = 20_000;

const MAX_CHUNK = 250;

/**
 * How long a chunk plays before it hands its thread back, on a pool that cannot tell this side
 * when a solve waits (see solvesWaitingFlag): a solve then waits this long plus one game.
 */
export const DEFAULT_CHUNK_SLICE_MS = 2000;

/** How often a run looks whether a solve waits for a thread, in milliseconds. */
const SOLVES_WAITING_POLL_MS = 20;

/** Games [from, to) as one chunk played them. */
interface PlayedRange {
  from: number;
  to: number;
  games: StrategyGames[];
  faults: BotFaultRecord[];
}

/** The ranges that play games first.. without a gap, in game order. */
function leadingRun(played: PlayedRange[], first: number): PlayedRange[] {
  const sorted = [...played].sort((a, b) => a.from - b.from);
  const run: PlayedRange[] = [];
  for (const r of sorted) {
    if (r.from !== (run.at(-1)?.to ?? first)) break;
    run.push(r);
  }
  return run;
}

/**
 * A flag in shared memory that is raised while solves wait for a thread of `pool`, for the
 * chunks to read between games. The pool's queue has no event for it, so it is looked at every
 * few milliseconds while the run lasts.
 */
function solvesWaitingFlag(pool: JobPool): { flag: Int32Array; stop: () => void } {
  const waiting = pool.solvesWaiting.bind(pool);
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const timer = setInterval(
    () => Atomics.store(flag, 0, waiting() > 0 ? 1 : 0),
    SOLVES_WAITING_POLL_MS,
  );
  timer.unref();
  return { flag, stop: () => clearInterval(timer) };
}

/** Chunks on the pool at once: two per thread, so a thread never waits for the next one. */
const lanes = (threads: number): number => Math.max(1, threads * 2);

export function defaultChunkSize(games: number, threads: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.ceil(games / (threads * 8))));
}

export async function runSimulation(
  pool: JobPool,
  plan: SimulationPlan,
  options: SimulateRunOptions = {},
): Promise<SimulationRunReport> {
  const { games, firstGame, spec, bots } = plan;
  // Bots are started on the worker threads; this thread keeps track of them to end them.
  const runId = bots ? `${process.pid}-${randomUUID()}` : undefined;
  if (bots) watchBotProcesses();
  const chunkSize = options.chunkSize ?? defaultChunkSize(games, pool.threads);
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new InputError('chunkSize', `must be a whole number of at least 1, got ${chunkSize}`);
  }
  const { signal, onProgress } = options;
  if (signal?.aborted) throw new CancelledError('simulation');

  const t0 = performance.now();
  const end = firstGame + games;
  const chunkCount = Math.ceil(games / chunkSize);
  // Games finished: by chunks done, plus the fractions of the chunks running now.
  let gamesInDoneChunks = 0;
  const running = new Map<number, number>();
  const report = (): void => {
    let sum = gamesInDoneChunks;
    for (const d of running.values()) sum += d;
    onProgress?.({ gamesDone: sum, games, fraction: sum / games });
  };
  // One controller for every chunk: the caller's cancel, or the first failing chunk, stops all.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let failure: unknown;
  const played: PlayedRange[] = [];
  const kept = { read: 0, written: 0 };
  // Chunks hand their thread back after a game while a solve waits for one (and after a slice
  // of time): a solve then waits for one game, not a whole chunk.
  const yielding = solvesWaitingFlag(pool);
  // What every chunk is told but its range of games.
  const common: Omit<SimulatePayload, 'from' | 'to'> = {
    ...spec,
    ...(bots ? { ...bots, runId } : {}),
    // Each chunk solves on one thread at a time: the thread's share, as a solve gets.
    maxBytes: poolSolveBudget(pool),
    ...(options.perGameShots && games <= MAX_GAMES_WITH_CELLS ? { recordCells: true } : {}),
    yieldFlag: yielding.flag,
    sliceMs: options.chunkSliceMs ?? DEFAULT_CHUNK_SLICE_MS,
    ...(pool.solvedFile ? { solvedFile: pool.solvedFile } : {}),
  };
  // Ranges still to play: the rest of chunks that yielded first (the leading games finish
  // first, for a partial report), then new chunks from `nextFrom`.
  const rests: [number, number][] = [];
  let nextFrom = firstGame;
  const take = (): [number, number] | undefined => {
    const rest = rests.shift();
    if (rest) return rest;
    if (nextFrom >= end) return undefined;
    const from = nextFrom;
    nextFrom = Math.min(end, from + chunkSize);
    return [from, nextFrom];
  };
  let chunksStarted = 0;
  const lane = async (): Promise<void> => {
    for (let range = take(); range && !stop.signal.aborted; range = take()) {
      const [from, to] = range;
      const c = chunksStarted++;
      // The rules' graph once the pool has it ready: a chunk's exact solves go through it.
      const graph = pool.graphFor(plan.parsed.rules);
      const payload: SimulatePayload = { ...common, from, to, ...(graph ? { graph } : {}) };
      try {
        const r = await pool.run('simulate', payload, {
          signal: stop.signal,
          timeoutMs: options.chunkTimeoutMs,
          onProgress: (fraction) => {
            running.set(c, fraction * (to - from));
            report();
          },
        });
        played.push({ from, to: r.to, games: r.games, faults: r.faults ?? [] });
        if (r.kept) {
          kept.read += r.kept.read;
          kept.written += r.kept.written;
        }
        if (r.to < to) rests.unshift([r.to, to]);
        gamesInDoneChunks += r.to - from;
        running.delete(c);
        report();
      } catch (e) {
        // Chunks stopped because another failed report CancelledError: keep the first cause.
        if (failure === undefined && !(stop.signal.aborted && e instanceof CancelledError)) {
          failure = e;
        }
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(chunkCount, lanes(pool.threads)) }, lane));
  } finally {
    yielding.stop();
    signal?.removeEventListener('abort', onAbort);
    if (runId) await endBots(runId);
  }
  // The leading run of ranges played: all of them unless the run stopped early.
  const leading = leadingRun(played, firstGame);
  if (signal?.aborted) {
    if (!options.keepPartial || leading.length === 0) throw new CancelledError('simulation');
  } else if (failure !== undefined) throw failure;
  const results = leading.map((r) => r.games);

  const merged: StrategyGames[] = results[0]!.map(({ strategy }, s) => ({
    strategy,
    shots: results.flatMap((r) => r[s]!.shots),
    turns: results.flatMap((r) => r[s]!.turns ?? r[s]!.shots),
    ms: results.flatMap((r) => r[s]!.ms),
  }));
  const { rules, prior, shooterPrior } = plan.parsed;
  const { seed, answers, salvo, fleets } = spec;
  const finished: SimulationRunReport = {
    ...buildReport({ rules, seed, prior, shooterPrior, answers, salvo, fleets }, merged, firstGame),
    wallMs: performance.now() - t0,
    threads: pool.threads,
    ...(pool.solvedFile ? { keptPositions: kept } : {}),
  };
  if (bots) {
    const chunkFaults = leading.flatMap((r) => r.faults);
    finished.bots = botsReport(bots.bots, bots.placer ?? undefined, bots.botTimeoutMs, chunkFaults);
  }
  if (options.perGameShots) {
    finished.perGameShots = Object.fromEntries(merged.map((g) => [g.strategy, g.shots]));
    // Cells come from the strategies' chunks (bots keep none): kept for those that have them.
    const withCells = results[0]!.flatMap(({ strategy }, s) =>
      results.every((r) => r[s]!.cells) ? [[strategy, results.flatMap((r) => r[s]!.cells!)]] : [],
    );
    if (withCells.length) finished.perGameCells = Object.fromEntries(withCells);
  }
  return finished;
}
