// A pool that keeps state graphs: the first solve of a rule set is the DP's while the graph is
// built on a thread of its own, written to the graphs folder and read into shared memory; later
// solves go through the graph with the same exact counts. A second pool (the next start of the
// app) reads the file instead of building again.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MISS, parsePosition, positionToJson } from '../../src/core/position';
import { solveDp } from '../../src/core/solve/dp/dp';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { simulationPlan } from '../../src/main/api/simulate';
import type { PoolGraphOptions } from '../../src/main/graphs/graph-lane';
import { createPool, type JobPool } from '../../src/main/pool';
import { runSimulation } from '../../src/main/simulate-runner';
import { apiMethods } from '../../src/shared/api';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

const position = positionToJson(parsePosition(OPEN_8X8_NO_TOUCH));
const rules = parsePosition(position).rules;
const graphs: PoolGraphOptions = { dir: join(tmp.path, 'graphs'), maxBytes: 512 * 2 ** 20 };

describe('a pool with state graphs', () => {
  it('answers with the DP first, then through the shared graph, the same counts', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs });
    try {
      const first = await runSolveJob(pool, parsePosition(position), 'auto');
      expect(first.wire.note).toMatch(/auto chose dp/);

      const graph = await pool.graphs!.ready(rules);
      expect(graph).toBeDefined();
      expect((graph!['layerStart'] as Int32Array).buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(pool.graphFor!(rules)).toBe(graph);

      const second = await runSolveJob(pool, parsePosition(position), 'auto');
      expect(second.wire.note).toMatch(/auto chose graph/);
      // The worker ran the passes in WebAssembly, over the store's one shared memory.
      expect(second.wire.note).toMatch(/passes in the WebAssembly kernel/);
      expect(graph!['memory']).toBeInstanceOf(WebAssembly.Memory);
      expect(second.wire.solver).toBe('graph');
      expect(second.wire.total).toBe(first.wire.total);
      expect(second.wire.cellCounts).toEqual(first.wire.cellCounts);
      expect(second.wire.probabilities).toEqual(first.wire.probabilities);

      // One shot later, still through the graph in WebAssembly: the graph alone, as its file
      // holds it (no kept values), answers exactly.
      const next = parsePosition(position);
      next.cells[next.cells.indexOf(0)] = MISS;
      const third = await runSolveJob(pool, next, 'auto');
      expect(third.wire.note).toMatch(/auto chose graph.*passes in the WebAssembly kernel/);
      const reference = resultToWire(solveDp(next));
      expect(third.wire.total).toBe(reference.total);
      expect(third.wire.cellCounts).toEqual(reference.cellCounts);
    } finally {
      await pool.close();
    }
  });

  it('a simulation on a pool with the graph plays the very games of one without', async () => {
    const request = { rules: position.rules, strategies: ['greedy'], games: 3, seed: 5 };
    const play = async (pool: JobPool) => {
      const report = await runSimulation(
        pool,
        simulationPlan(apiMethods.simulate.params.parse(request, 'simulate'), {}),
        { perGameShots: true },
      );
      return report.perGameShots!['greedy'];
    };
    const withGraph = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs });
    const without = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    try {
      expect(await withGraph.graphs!.ready(rules)).toBeDefined();
      const shots = await play(withGraph);
      expect(shots).toHaveLength(3);
      expect(shots).toEqual(await play(without));
    } finally {
      await Promise.all([withGraph.close(), without.close()]);
    }
  });

  it('reads the kept file on the next start instead of building again', async () => {
    const files = readdirSync(graphs.dir!).filter((f) => f.endsWith('.graph'));
    expect(files).toHaveLength(1);
    const path = join(graphs.dir!, files[0]!);
    const written = statSync(path).mtimeMs;

    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs });
    try {
      expect(await pool.graphs!.ready(rules)).toBeDefined();
      expect(statSync(path).mtimeMs).toBe(written);
      const solved = await runSolveJob(pool, parsePosition(position), 'auto');
      expect(solved.wire.note).toMatch(/auto chose graph/);
    } finally {
      await pool.close();
    }
  });

  it('a board wider than tall and its transpose share one graph and one file', async () => {
    const dir = join(tmp.path, 'wide-graphs');
    const wide = parsePosition({
      rules: { width: 9, height: 6, fleet: [4, 3, 3, 2, 2], touch: 'no-touch' },
      board: ['o........', '.........', '.........', '..o......', '.........', '........o'],
      sunk: [],
    });
    const tallRules = { ...wide.rules, width: 6, height: 9 };
    const pool = createPool({
      workerFile: BUILT_WORKER,
      threads: 1,
      graphs: { dir, maxBytes: 512 * 2 ** 20 },
    });
    try {
      const first = await runSolveJob(pool, wide, 'auto');
      expect(first.wire.note).toMatch(/auto chose dp/);
      const graph = await pool.graphs!.ready(wide.rules);
      expect([graph!['key'], graph!['width'], graph!['height']]).toEqual([
        '6x9/no-touch/4,3,3,2,2',
        6,
        9,
      ]);
      expect(pool.graphFor!(tallRules)).toBe(graph);
      expect(readdirSync(dir)).toEqual(['6x9_no-touch_4,3,3,2,2.graph']);

      const second = await runSolveJob(pool, wide, 'auto');
      expect(second.wire.note).toMatch(/auto chose graph: .*the graph ran on the board transposed/);
      expect([second.wire.width, second.wire.height]).toEqual([9, 6]);
      expect(second.wire.total).toBe(first.wire.total);
      expect(second.wire.cellCounts).toEqual(first.wire.cellCounts);
      expect(second.wire.probabilities).toEqual(first.wire.probabilities);
      expect(second.wire.byLength).toEqual(first.wire.byLength);
      expect(second.wire.best).toEqual(first.wire.best);
    } finally {
      await pool.close();
    }
  });

  it('keeps no graphs unless asked: the DP answers', async () => {
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    try {
      expect(pool.graphs).toBeUndefined();
      const solved = await runSolveJob(pool, parsePosition(position), 'auto');
      expect(solved.wire.note).toMatch(/auto chose dp/);
    } finally {
      await pool.close();
    }
  });
});
