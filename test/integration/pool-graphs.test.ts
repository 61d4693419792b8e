// The built worker keeps a state graph per rule set: the first solves of a board are the DP's
// while the thread builds the graph between tasks; later ones go through the graph, with the same
// exact counts.

import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition, positionToJson } from '../../src/core/position';
import { createPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';

const open = positionToJson(
  parsePosition({
    rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'no-touch' },
    board: [
      'o.......',
      '........',
      '..o.....',
      '........',
      '.....o..',
      '........',
      '........',
      '.......o',
    ],
  }),
);

/** Most solves to wait through for the graph (the thread builds it between them). */
const MOST_SOLVES = 400;

describe('a pool worker thread with its graphs', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
  afterAll(() => pool.close());

  it(
    'answers with the DP first, then through the graph, the same counts',
    { timeout: 180_000 },
    async () => {
      const first = await pool.run('solve', { position: open, solver: 'auto' });
      expect(first.note).toMatch(/auto chose dp/);
      let viaGraph = first;
      let solves = 1;
      while (!/auto chose graph/.test(viaGraph.note ?? '') && solves < MOST_SOLVES) {
        // Idle time on the worker's event loop, where the build's slices run.
        await new Promise((resolve) => setTimeout(resolve, 20));
        viaGraph = await pool.run('solve', { position: open, solver: 'auto' });
        solves++;
      }
      expect(viaGraph.note).toMatch(/auto chose graph/);
      expect(viaGraph.solver).toBe('graph');
      expect(viaGraph.total).toBe(first.total);
      expect(viaGraph.cellCounts).toEqual(first.cellCounts);
    },
  );
});
