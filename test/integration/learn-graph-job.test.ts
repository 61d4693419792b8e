// The `learn` job on a real pool that keeps state graphs, with the built worker: a job sent with
// the games' rules' graph solves through it on its thread (the job's result counts the solves
// by engine), one sent without runs the DP, and both learn the same grid. The app's two ways in,
// learning asked for (runLongJob) and the relearn when a game is saved (prior updates), send the
// graph the pool has ready.

import { afterAll, describe, expect, it } from 'vitest';
import { gameLogToJson, parseGameLog } from '../../src/core/game-log';
import { parseRules } from '../../src/core/rules-json';
import type { ApiContext } from '../../src/main/api/context';
import { createKeyedJobs } from '../../src/main/api/keyed-jobs';
import { runLongJob } from '../../src/main/api/long-job';
import { createPriorUpdates } from '../../src/main/api/prior-updates';
import type { LearnJobResult } from '../../src/main/jobs/learn-job';
import { withLearnGraph } from '../../src/main/jobs/learn-payload';
import { createPool, type JobPool } from '../../src/main/pool';
import { createGame } from '../../src/main/store/games';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { getPrior } from '../../src/main/store/priors';
import { learnGames } from '../support/learn-games';
import { tempDir } from '../support/library';
import { finishedGame, OPPONENT_RULES } from '../support/opponent-games';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir('broadside-learn-graph-');
const db = openDatabase(tmp.file('learn.db'));
const pool = createPool({
  workerFile: BUILT_WORKER,
  threads: 1,
  graphs: { dir: tmp.file('graphs'), maxBytes: 512 * 2 ** 20 },
});
afterAll(async () => {
  await pool.close();
  closeDatabase(db);
  tmp.remove();
});

const rules = parseRules(OPPONENT_RULES);
const games = learnGames(rules, 24, { partialEvery: 3, seed: 5 });

/** The pool, keeping the result of each learn job (the job's own count of its solves). */
function recording(results: LearnJobResult[]): JobPool {
  return {
    ...pool,
    threads: pool.threads,
    run: (kind, payload, options) => {
      const job = pool.run(kind, payload, options);
      if (kind !== 'learn') return job;
      return job.then((v) => (results.push(v as LearnJobResult), v));
    },
  };
}

describe('the learn job and the state graphs', () => {
  it('solves through the graph sent with it, and learns the grid the DP learns', async () => {
    // Nothing asked for the graph yet: it is not ready, so nothing is attached.
    expect(withLearnGraph({ games }, (r) => pool.graphFor(r)).graph).toBeUndefined();
    await pool.graphs!.ready(rules);
    const payload = withLearnGraph({ games, options: { method: 'fit' } }, (r) => pool.graphFor(r));
    expect(payload.graph).toBeDefined();
    const viaGraph = await pool.run('learn', payload);
    expect(viaGraph.solvedBy['graph']).toBeGreaterThan(0);
    expect(viaGraph.solvedBy['dp']).toBeUndefined();

    const byDp = await pool.run('learn', { games, options: { method: 'fit' } });
    expect(byDp.solvedBy['graph']).toBeUndefined();
    expect(byDp.solvedBy['dp']).toBeGreaterThan(0);
    // Floats summed in another order: the last bits differ, not more (see test/cli/learn-graphs).
    expect(Math.abs(viaGraph.logLikelihood - byDp.logLikelihood)).toBeLessThanOrEqual(
      1e-9 * Math.abs(byDp.logLikelihood),
    );
    viaGraph.grid.forEach((row, r) =>
      row.forEach((w, c) => {
        expect(Math.abs(w - byDp.grid[r]![c]!)).toBeLessThanOrEqual(1e-9 * w);
      }),
    );
  });

  it('learning asked for through the API goes through the graph', async () => {
    const ctx = { pool, jobs: createKeyedJobs() } as unknown as ApiContext;
    const learned = (await runLongJob(ctx, 'learn', { games }, { key: 'learn:test' })) as
      LearnJobResult | undefined;
    expect(learned?.solvedBy['graph']).toBeGreaterThan(0);
    expect(learned?.solvedBy['dp']).toBeUndefined();
  });

  it('a relearn when a game is saved goes through the graph', async () => {
    const results: LearnJobResult[] = [];
    const updates = createPriorUpdates(db, recording(results), createKeyedJobs(), {
      quietMs: 0,
      resumeMs: 3_600_000,
    });
    let id = 0;
    for (let g = 0; g < 4; g++) {
      id = createGame(db, { log: gameLogToJson(parseGameLog(finishedGame('Ro', g))) }).opponentId!;
    }
    updates.schedule(id, { now: true });
    await updates.idle();
    expect(getPrior(db, id)).toMatchObject({ games: 4 });
    expect(results).toHaveLength(1);
    expect(results[0]!.solvedBy['graph']).toBeGreaterThan(0);
    expect(results[0]!.solvedBy['dp']).toBeUndefined();
    await updates.close();
  });
});
