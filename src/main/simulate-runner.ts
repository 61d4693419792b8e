// Runs a simulation in parallel on the worker pool: N games split into chunks (pool job
// `simulate`), progress summed over the chunks, cancellation passed to every chunk, and the
// per-game results put back in game order before the statistics are computed. Only a few chunks
// are on the pool at a time (two per thread, the next submitted as one finishes): submitting all
// of them at once took seconds of the main thread for millions of games (an abort listener and
// a progress channel per chunk) and would overrun the pool's bound on waiting background jobs.
// Because game k's fleet and random streams depend only on (seed, k), the report is the same for
// any chunk size and thread count; only the timings change.

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
  const results = new Array<StrategyGames[]>(chunkCount);
  const faults = new Array<BotFaultRecord[]>(chunkCount);
  // What every chunk is told but its range of games.
  const common: Omit<SimulatePayload, 'from' | 'to'> = {
    ...spec,
    ...(bots ? { ...bots, runId } : {}),
    // Each chunk solves on one thread at a time: the thread's share, as a solve gets.
    maxBytes: poolSolveBudget(pool),
    ...(options.perGameShots && games <= MAX_GAMES_WITH_CELLS ? { recordCells: true } : {}),
  };
  let nextChunk = 0;
  const lane = async (): Promise<void> => {
    while (nextChunk < chunkCount && !stop.signal.aborted) {
      const c = nextChunk++;
      const from = firstGame + c * chunkSize;
      const to = Math.min(firstGame + games, from + chunkSize);
      // The rules' graph once the pool has it ready: a chunk's exact solves go through it.
      const graph = pool.graphFor?.(plan.parsed.rules);
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
        results[c] = r.games;
        faults[c] = r.faults ?? [];
        gamesInDoneChunks += to - from;
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
    signal?.removeEventListener('abort', onAbort);
    if (runId) await endBots(runId);
  }
  let played = results;
  if (signal?.aborted) {
    const leading = results.findIndex((r) => r === undefined);
    played = leading < 0 ? results : results.slice(0, leading);
    if (!options.keepPartial || played.length === 0) throw new CancelledError('simulation');
  } else if (failure !== undefined) throw failure;

  const merged: StrategyGames[] = played[0]!.map(({ strategy }, s) => ({
    strategy,
    shots: played.flatMap((r) => r[s]!.shots),
    turns: played.flatMap((r) => r[s]!.turns ?? r[s]!.shots),
    ms: played.flatMap((r) => r[s]!.ms),
  }));
  const { rules, prior, shooterPrior } = plan.parsed;
  const { seed, answers, salvo, fleets } = spec;
  const finished: SimulationRunReport = {
    ...buildReport({ rules, seed, prior, shooterPrior, answers, salvo, fleets }, merged, firstGame),
    wallMs: performance.now() - t0,
    threads: pool.threads,
  };
  if (bots) {
    const chunkFaults = faults.slice(0, played.length).flat();
    finished.bots = botsReport(bots.bots, bots.placer ?? undefined, bots.botTimeoutMs, chunkFaults);
  }
  if (options.perGameShots) {
    finished.perGameShots = Object.fromEntries(merged.map((g) => [g.strategy, g.shots]));
    // Cells come from the strategies' chunks (bots keep none): kept for those that have them.
    const withCells = played[0]!.flatMap(({ strategy }, s) =>
      played.every((r) => r[s]!.cells) ? [[strategy, played.flatMap((r) => r[s]!.cells!)]] : [],
    );
    if (withCells.length) finished.perGameCells = Object.fromEntries(withCells);
  }
  return finished;
}
