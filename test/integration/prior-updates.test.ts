// When an opponent's prior is learned again: never while a game is being played. A real library
// file, a real one-thread pool with the built worker (a recording wrapper notes each learn job
// and how it ended) and short pauses, so the order of events is what is checked.

import { afterAll, describe, expect, it } from 'vitest';
import { gameLogToJson, parseGameLog } from '../../src/core/game-log';
import { createKeyedJobs } from '../../src/main/api/keyed-jobs';
import { createPriorUpdates, type PriorUpdateTiming } from '../../src/main/api/prior-updates';
import { createPool, type JobPool } from '../../src/main/pool';
import { createGame } from '../../src/main/store/games';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { getPrior } from '../../src/main/store/priors';
import { relearnWanted, wantRelearn } from '../../src/main/store/relearns';
import { tempDir } from '../support/library';
import { finishedGame } from '../support/opponent-games';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
const db = openDatabase(tmp.file('updates.db'));
const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
afterAll(async () => {
  await pool.close();
  closeDatabase(db);
  tmp.remove();
});

/** The pool, noting each learn job as it is asked for and as it ends. */
function recording(events: string[], onAsked?: () => void): JobPool {
  return {
    ...pool,
    threads: pool.threads,
    run: (kind, payload, options) => {
      if (kind !== 'learn') return pool.run(kind, payload, options);
      events.push('learn asked');
      onAsked?.();
      return pool.run(kind, payload, options).then(
        (v) => (events.push('learn done'), v),
        (e: unknown) => {
          events.push(`learn ${(e as Error).name}`);
          throw e;
        },
      );
    },
  };
}

/** An opponent with `n` finished games of ours against them; returns their id. */
function opponentWithGames(name: string, n: number): number {
  let id = 0;
  for (let g = 0; g < n; g++) {
    id = createGame(db, { log: gameLogToJson(parseGameLog(finishedGame(name, g))) }).opponentId!;
  }
  return id;
}

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
};

const timing: PriorUpdateTiming = { quietMs: 300, resumeMs: 3_600_000 };

describe('prior updates and play', () => {
  it('a relearn asked for during play starts only once play has paused', async () => {
    const events: string[] = [];
    const updates = createPriorUpdates(db, recording(events), createKeyedJobs(), timing);
    const id = opponentWithGames('Pia', 3);
    updates.played();
    updates.schedule(id);
    // Kept in the library at once, and nothing on the pool while play goes on.
    expect(relearnWanted(db, id)).toBeGreaterThan(0);
    updates.played();
    expect(events).toEqual([]);
    await until(() => getPrior(db, id) !== null);
    expect(events).toEqual(['learn asked', 'learn done']);
    expect(getPrior(db, id)).toMatchObject({ games: 3 });
    expect(relearnWanted(db, id)).toBe(0);
    await updates.close();
  });

  it('a shot logged stops the relearn running; it starts again when play pauses', async () => {
    const events: string[] = [];
    const updates = createPriorUpdates(db, recording(events), createKeyedJobs(), timing);
    const id = opponentWithGames('Quin', 4);
    updates.schedule(id); // no play yet: on the pool at once
    expect(events).toEqual(['learn asked']);
    updates.played();
    await until(() => getPrior(db, id) !== null);
    expect(events).toEqual(['learn asked', 'learn CancelledError', 'learn asked', 'learn done']);
    expect(relearnWanted(db, id)).toBe(0);
    await updates.close();
  });

  it('closing keeps the wish; the next start learns it', async () => {
    const events: string[] = [];
    const id = opponentWithGames('Rolf', 2);
    const first = createPriorUpdates(db, recording(events), createKeyedJobs(), timing);
    first.played();
    first.schedule(id);
    await first.close();
    expect(events).toEqual([]);
    const wish = relearnWanted(db, id);
    expect(wish).toBeGreaterThan(0);
    // A newer wish made while a relearn runs is not cleared by it.
    let newer = 0;
    const whileRunning = (): void => void (newer = wantRelearn(db, id));
    const next = createPriorUpdates(db, recording(events, whileRunning), createKeyedJobs(), {
      ...timing,
      resumeMs: 0,
    });
    await until(() => getPrior(db, id) !== null);
    expect(events).toEqual(['learn asked', 'learn done']);
    expect(newer).toBeGreaterThan(wish);
    expect(relearnWanted(db, id)).toBe(newer);
    await next.close();
  });

  it('a relearn asked for at the desk (an import) starts at once, play or not', async () => {
    const events: string[] = [];
    // A pause longer than the test: only a relearn that does not wait for it can run.
    const long: PriorUpdateTiming = { quietMs: 3_600_000, resumeMs: 3_600_000 };
    const updates = createPriorUpdates(db, recording(events), createKeyedJobs(), long);
    const id = opponentWithGames('Sela', 3);
    updates.played();
    expect(getPrior(db, id)).toBeNull();
    updates.schedule(id, { now: true });
    expect(events).toEqual(['learn asked']);
    await until(() => events.length > 1);
    expect(events).toEqual(['learn asked', 'learn done']);
    expect(relearnWanted(db, id)).toBe(0);
    await updates.close();
  });
});
