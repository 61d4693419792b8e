// A proposal is the recorder's next shot, waited for as a solve is: on a one-thread pool it goes
// ahead of background work that waited longer (a relearn, a simulation chunk). A real piscina
// pool with the built worker; order is checked, not time.

import { afterAll, describe, expect, it } from 'vitest';
import { gameLogToJson, parseGameLog } from '../../src/core/game-log';
import { emptyPosition, positionToJson } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import type { ApiContext } from '../../src/main/api/context';
import { createKeyedJobs } from '../../src/main/api/keyed-jobs';
import { runLongJob } from '../../src/main/api/long-job';
import { createPool } from '../../src/main/pool';
import { finishedGame, OPPONENT_RULES } from '../support/opponent-games';
import { BUILT_WORKER } from '../support/paths';
import { EMPTY_CLASSIC } from '../support/fixtures';

const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
afterAll(() => pool.close());

describe('a proposal on a busy pool', () => {
  it('runs before a relearn that was asked for first', async () => {
    const ctx = { pool, jobs: createKeyedJobs() } as unknown as ApiContext;
    const settled: string[] = [];
    // Holds the only thread until its limit stops it.
    const holder = pool
      .run(
        'solve',
        { position: EMPTY_CLASSIC, solver: 'enumerate' },
        { timeoutMs: 1500, priority: 'background' },
      )
      .catch(() => settled.push('holder stopped'));
    const games = [0, 1, 2].map((g) => gameLogToJson(parseGameLog(finishedGame('Ute', g))));
    const learn = runLongJob(ctx, 'learn', { games, options: { method: 'fit' } }, {}).then(() =>
      settled.push('relearn'),
    );
    const position = positionToJson(emptyPosition(parseRules(OPPONENT_RULES)));
    const propose = runLongJob(ctx, 'propose', { position, strategy: 'hunt-target' }, {}).then(
      (p) => {
        expect(p.cell).toBeGreaterThanOrEqual(0);
        settled.push('proposal');
      },
    );
    await Promise.all([holder, learn, propose]);
    expect(settled).toEqual(['holder stopped', 'proposal', 'relearn']);
  });
});
