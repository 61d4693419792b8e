// Keeps each opponent's learned prior current: when a game in which we fired at their fleet is
// saved (created, edited, deleted, or a shot sinks one of their ships), their prior is learned
// again in the background from all such games and stored. One update per opponent runs at a
// time, under the key `prior-update:<id>`, so a newer save cancels the stale one. A prior the
// user entered or chose (not a learned source, src/shared/prior-source.ts) is never replaced,
// and a failed update leaves the stored prior as it was.

import { CancelledError } from '../../core/errors';
import { getGame, listGames } from '../store/games';
import { getOpponent } from '../store/opponents';
import { deletePrior, getPrior, putPrior } from '../store/priors';
import { write } from '../store/sql';
import type { Db } from '../store/open';
import type { JobPool } from '../pool';
import { isLearnedSource, learnedSource } from '../../shared/prior-source';
import type { KeyedJobs } from './keyed-jobs';

export interface PriorUpdates {
  /** Learns the opponent's prior again soon (unless it was not learned). */
  schedule(opponentId: number | null): void;
  /** Resolves when no update is pending or running (tests, shutdown). */
  idle(): Promise<void>;
}

/** Time limit of one update (the fit runs exact solves). */
const UPDATE_TIMEOUT_MS = 10 * 60_000;

export function createPriorUpdates(db: Db, pool: JobPool, jobs: KeyedJobs): PriorUpdates {
  const running = new Set<Promise<void>>();

  async function update(opponentId: number): Promise<void> {
    const existing = getPrior(db, opponentId);
    if (existing && !isLearnedSource(existing.source)) return;
    const opponent = getOpponent(db, opponentId);
    const games = listGames(db, { opponentId, limit: 1_000_000 })
      .items.filter((g) => g.firedBy === 'me' && g.shots > 0)
      .map((g) => getGame(db, g.id).log);
    if (games.length === 0) {
      if (existing) deletePrior(db, opponentId); // its games are gone
      return;
    }
    const payload = { opponent: opponent.name, games, options: { method: 'fit' as const } };
    const learned = await jobs.run(`prior-update:${opponentId}`, (signal, onProgress) =>
      pool.run('learn', payload, { signal, onProgress, timeoutMs: UPDATE_TIMEOUT_MS }),
    );
    // The opponent or a hand-made prior may have appeared while the job ran.
    const now = getPrior(db, opponentId);
    if (now && !isLearnedSource(now.source)) return;
    write(db, () =>
      putPrior(db, {
        opponentId,
        rules: learned.rules,
        grid: learned.grid,
        games: learned.games,
        source: learnedSource(learned, 'updated when a game was saved'),
      }),
    );
  }

  return {
    schedule(opponentId) {
      if (opponentId === null) return;
      const task = update(opponentId)
        .catch((e: unknown) => {
          if (e instanceof CancelledError) return; // a newer save took over
          if (e instanceof Error && e.name === 'NotFoundError') return; // opponent deleted
          console.warn(`broadside: could not update the prior of opponent ${opponentId}:`, e);
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
