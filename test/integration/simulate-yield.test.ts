// A simulation's chunks hand their thread back to a solve: on a one-thread pool (the default on a
// two-core machine) a solve asked while a long greedy simulation runs waits for the game being
// played, not for the rest of that game's chunk; and a run whose chunks ended early reports the
// same games as a run in one piece. A real piscina pool with the built worker.

import { afterAll, describe, expect, it } from 'vitest';
import { presetRules } from '../../src/core/rules';
import { buildReport } from '../../src/core/simulate/report';
import { simulateChunk } from '../../src/core/simulate/run';
import { createPool } from '../../src/main/pool';
import { defaultChunkSize, runSimulation } from '../../src/main/simulate-runner';
import { VALID_POSITIONS } from '../support/hostile';
import { BUILT_WORKER } from '../support/paths';
import { checkedPlan, reportOutcome } from '../support/simulation';

/**
 * A board on which a greedy game (exact solves every shot) takes a good fraction of a second:
 * much longer than the runner takes to see a solve waiting, much shorter than a chunk of games.
 */
const BOARD = { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' };

/** A solve of a few milliseconds. */
const quick = { position: VALID_POSITIONS[1], solver: 'pdf' } as never;

describe('simulation chunks yield to solves', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
  afterAll(() => pool.close());

  it('a solve asked during a 500-game greedy simulation answers after the game under way', async () => {
    // The chunk the solve arrives in would play this many games (before: all of them first).
    expect(defaultChunkSize(500, 1)).toBeGreaterThan(20);
    const events: string[] = [];
    const stop = new AbortController();
    let gamesDone = 0;
    let solve: Promise<void> | undefined;
    let atAsk = -1;
    let atAnswer = -1;
    const run = runSimulation(
      pool,
      checkedPlan({ rules: BOARD, strategies: ['greedy'], games: 500, seed: 3 }),
      {
        signal: stop.signal,
        keepPartial: true,
        // No time slices: only a waiting solve ends a chunk early here.
        chunkSliceMs: 3_600_000,
        onProgress: (p) => {
          if (p.gamesDone === gamesDone) return;
          gamesDone = p.gamesDone;
          events.push(`games ${Math.floor(gamesDone)}`);
          if (solve === undefined && gamesDone >= 1) {
            atAsk = gamesDone;
            events.push('solve asked');
            solve = pool.run('solve', quick).then(() => {
              atAnswer = gamesDone;
              events.push('solve answered');
            });
          }
          // Stop a couple of games after the solve, once the simulation has moved on.
          if (atAnswer >= 0 && gamesDone >= atAnswer + 2) stop.abort();
        },
      },
    );
    const report = await run;
    await solve;
    // The solve went ahead of the chunk's remaining games: at most the game under way and one
    // that started before the chunk saw the solve waiting finished in between.
    expect(atAnswer - atAsk, events.join(', ')).toBeLessThanOrEqual(2);
    expect(events.indexOf('solve answered')).toBeGreaterThan(events.indexOf('solve asked'));
    // The simulation carried on after the solve, and its report has the games played before.
    expect(gamesDone).toBeGreaterThanOrEqual(atAnswer + 2);
    expect(report.games).toBeGreaterThanOrEqual(Math.floor(atAsk));
  }, 180_000);

  it('chunks that end after every game report the same games as one chunk', async () => {
    const request = {
      rules: 'classic',
      strategies: ['random', 'parity', 'pdf'],
      games: 30,
      seed: 4,
    };
    const chunksDone: number[] = [];
    const report = await runSimulation(pool, checkedPlan(request), {
      chunkSize: 10,
      // Every chunk ends after its first game; the rest of its range is played as new chunks.
      chunkSliceMs: 0,
      onProgress: (p) => {
        if (Number.isInteger(p.gamesDone)) chunksDone.push(p.gamesDone);
      },
    });
    const rules = presetRules('classic');
    const local = buildReport(
      { rules, seed: 4 },
      simulateChunk({ rules, strategies: request.strategies, seed: 4 }, 0, 30),
    );
    expect(reportOutcome(report)).toEqual(reportOutcome(local));
    // Thirty chunks of one game each, not three of ten.
    expect(new Set(chunksDone).size).toBeGreaterThanOrEqual(30);
  });
});
