// Keeps each opponent's learned prior current: when a game in which we fired at their fleet is
// saved (created, edited, deleted, imported, or a shot sinks one of their ships), their prior is
// learned again in the background from all such games and stored. One update per opponent runs
// at a time, under the key `prior-update:<id>`, so a newer save cancels the stale one. A prior the
// user entered or chose (not a learned source, src/shared/prior-source.ts) is never replaced,
// and a failed update leaves the stored prior as it was.
//
// A relearn takes a worker thread for up to minutes, and on a small machine the pool has one: it
// must never hold it while a game is played (the recorder's next proposal would wait behind it).
// So while shots are being logged, relearns wait until play has paused for a while, and a shot
// logged while one runs stops it (it starts again at the next pause). The wish is kept in the
// library until the new prior is saved (store/relearns.ts): relearns a stopped app did not
// finish start again a moment after the next start.

import { CancelledError } from '../../core/errors';
import { getGame, listGames } from '../store/games';
import { getOpponent } from '../store/opponents';
import { deletePrior, getPrior, putPrior } from '../store/priors';
import { relearnDone, relearnsWanted, relearnWanted, wantRelearn } from '../store/relearns';
import { write } from '../store/sql';
import type { Db } from '../store/open';
import type { JobPool } from '../pool';
import { withLearnGraph } from '../jobs/learn-payload';
import { isLearnedSource, learnedSource } from '../../shared/prior-source';
import type { KeyedJobs } from './keyed-jobs';

export interface PriorUpdates {
  /**
   * Learns the opponent's prior again soon (unless it was not learned), even after a restart.
   * `now`: at once, without waiting for play to pause (an import at the desk, which nobody asks
   * for in the middle of a game); a shot logged meanwhile still stops it until the next pause.
   */
  schedule(opponentId: number | null, options?: { now?: boolean }): void;
  /**
   * A game is being played (a shot was logged): relearns wait until play pauses, and those
   * running stop, to start again then.
   */
  played(): void;
  /** Starts every relearn waiting now and resolves when none is pending or running (tests). */
  idle(): Promise<void>;
  /** Starts nothing more (the wishes stay in the library) and waits for those running to end. */
  close(): Promise<void>;
}

export interface PriorUpdateTiming {
  /** How long play must pause before a relearn starts, ms. */
  quietMs: number;
  /** How long after the start relearns left wanted by an earlier run start, ms. */
  resumeMs: number;
}

/**
 * A pause between shots longer than a player's turn and the opponent's: a relearn that starts
 * before the game ends would only be stopped again by the next shot.
 */
export const PLAY_QUIET_MS = 60_000;

/** Relearns left from an earlier run start once the app is up and serving. */
export const RESUME_AFTER_MS = 2_000;

/** Time limit of one update (the fit runs exact solves). */
const UPDATE_TIMEOUT_MS = 10 * 60_000;

const keyOf = (opponentId: number): string => `prior-update:${opponentId}`;

export function createPriorUpdates(
  db: Db,
  pool: JobPool,
  jobs: KeyedJobs,
  timing: PriorUpdateTiming = { quietMs: PLAY_QUIET_MS, resumeMs: RESUME_AFTER_MS },
): PriorUpdates {
  /** Every update under way, for idle() and close(). */
  const tasks = new Set<Promise<void>>();
  /** The update under way per opponent. */
  const running = new Map<number, Promise<void>>();
  /** Opponents whose update waits for play to pause. */
  const waiting = new Set<number>();
  let lastPlayed = -Infinity;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function update(opponentId: number): Promise<void> {
    const wish = relearnWanted(db, opponentId);
    const done = (): void => write(db, () => relearnDone(db, opponentId, wish));
    try {
      const existing = getPrior(db, opponentId);
      if (existing && !isLearnedSource(existing.source)) return done();
      const opponent = getOpponent(db, opponentId);
      const games = listGames(db, { opponentId, limit: 1_000_000 })
        .items.filter((g) => g.firedBy === 'me' && g.shots > 0)
        .map((g) => getGame(db, g.id).log);
      if (games.length === 0) {
        // Its games are gone.
        return write(db, () => {
          if (existing) deletePrior(db, opponentId);
          relearnDone(db, opponentId, wish);
        });
      }
      const payload = { opponent: opponent.name, games, options: { method: 'fit' as const } };
      const learned = await jobs.run(keyOf(opponentId), (signal, onProgress) =>
        // Through the games' rules' graph when the pool has it ready, as the app's solves.
        pool.run(
          'learn',
          withLearnGraph(payload, (r) => pool.graphFor(r)),
          {
            signal,
            onProgress,
            timeoutMs: UPDATE_TIMEOUT_MS,
          },
        ),
      );
      write(db, () => {
        relearnDone(db, opponentId, wish);
        // The opponent or a hand-made prior may have appeared while the job ran.
        const now = getPrior(db, opponentId);
        if (now && !isLearnedSource(now.source)) return;
        putPrior(db, {
          opponentId,
          rules: learned.rules,
          grid: learned.grid,
          games: learned.games,
          source: learnedSource(learned, 'updated when a game was saved'),
        });
      });
    } catch (e) {
      // Stopped (a newer save, play, the app closing): still wanted. Failed: not retried.
      if (!(e instanceof CancelledError)) done();
      throw e;
    }
  }

  function start(opponentId: number): void {
    const task = update(opponentId)
      .catch((e: unknown) => {
        if (e instanceof CancelledError) return; // a newer save or play took over
        if (e instanceof Error && e.name === 'NotFoundError') return; // opponent deleted
        console.warn(`broadside: could not update the prior of opponent ${opponentId}:`, e);
      })
      .finally(() => {
        tasks.delete(task);
        if (running.get(opponentId) === task) running.delete(opponentId);
      });
    tasks.add(task);
    running.set(opponentId, task);
  }

  function startWaiting(): void {
    clearTimeout(timer);
    timer = undefined;
    const ids = [...waiting];
    waiting.clear();
    for (const id of ids) start(id);
  }

  /** Starts the waiting updates now, or when play has paused for quietMs. */
  function kick(): void {
    if (closed || waiting.size === 0) return;
    const wait = lastPlayed + timing.quietMs - performance.now();
    if (wait <= 0) return startWaiting();
    clearTimeout(timer);
    timer = setTimeout(kick, wait);
    timer.unref();
  }

  // Relearns an earlier run was stopped before finishing, once this one is up.
  let resume: ReturnType<typeof setTimeout> | undefined;
  const resumeWanted = (): void => {
    clearTimeout(resume);
    resume = undefined;
    if (closed) return;
    try {
      for (const id of relearnsWanted(db)) waiting.add(id);
    } catch (e) {
      console.warn('broadside: could not read the relearns wanted:', e);
    }
    kick();
  };
  if (!db.readonly && !db.memory) {
    resume = setTimeout(resumeWanted, timing.resumeMs);
    resume.unref();
  }

  return {
    schedule(opponentId, options = {}) {
      if (opponentId === null || closed) return;
      try {
        wantRelearn(db, opponentId);
      } catch (e) {
        // Not kept for a restart, but still learned now.
        console.warn(`broadside: could not record the relearn of opponent ${opponentId}:`, e);
      }
      if (options.now) {
        waiting.delete(opponentId);
        start(opponentId);
        return;
      }
      waiting.add(opponentId);
      kick();
    },
    played() {
      lastPlayed = performance.now();
      for (const id of running.keys()) {
        waiting.add(id);
        jobs.cancel(keyOf(id));
      }
      kick();
    },
    async idle() {
      if (resume !== undefined) resumeWanted();
      startWaiting();
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(resume);
      waiting.clear();
      for (const id of running.keys()) jobs.cancel(keyOf(id));
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
    },
  };
}
