// The `learn` job through the real pool and the built worker: game logs in, a grid out.

import { afterAll, describe, expect, it } from 'vitest';
import { gameLogToJson, type GameLogJson } from '../../src/core/game-log';
import { parseRules } from '../../src/core/rules-json';
import { seededRandom } from '../../src/core/random';
import { createPool } from '../../src/main/pool';
import { edgeHuggerLayout, revealedGame } from '../../experiments/opponents';
import { BUILT_WORKER } from '../support/paths';

describe('job learn', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
  afterAll(() => pool.close());

  it('learns a grid in a worker thread and reports progress', async () => {
    const rules = parseRules({ width: 5, height: 5, fleet: [3, 2], touch: 'allowed' });
    const random = seededRandom(1);
    const games = Array.from({ length: 10 }, () =>
      gameLogToJson(revealedGame(rules, edgeHuggerLayout(rules, random))),
    );
    const seen: number[] = [];
    const r = await pool.run(
      'learn',
      { opponent: 'Bo', games, options: { method: 'counts' } },
      { onProgress: (f) => seen.push(f) },
    );
    expect(r).toMatchObject({ opponent: 'Bo', method: 'counts', games: 10, fullGames: 10 });
    expect(r.grid).toHaveLength(5);
    expect(seen.at(-1)).toBe(1);
    // A malformed log that got past the API is still refused by the job, naming the field.
    const malformed = JSON.parse('[{"rules": "classic"}]') as GameLogJson[];
    await expect(pool.run('learn', { games: malformed })).rejects.toThrow(/game 1\.shots/);
  });
});
