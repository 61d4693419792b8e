// A graph the memory plan admits is solved through, even when one position's passes need more
// than the DP's budget for a solve: the plan already gave each thread that scratch in the
// WebAssembly memory, and the DP's budget is what is left after it. Here Russian's graph (35.41 M
// states, about 285 MB of scratch a position) on a small budget whose plan admits it with no
// thread holding values and leaves the DP its floor of 256 MB; the same shape as 12x12 classic
// on an 8 GB machine with two or three threads (563 MB of scratch, 256 to 381 MB for the DP).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetRules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool, type JobPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions } from '../support/preset-graphs';

const MIB = 2 ** 20;
const russian = presetRules('russian');
/** The process (200 MB), Russian's graph and one thread's scratch fit; held values do not. */
const BUDGET = 750 * MIB;

let pool: JobPool;

beforeAll(async () => {
  pool = createPool({
    workerFile: BUILT_WORKER,
    threads: 1,
    graphs: presetGraphOptions(),
    memoryBudgetBytes: BUDGET,
  });
  expect(await pool.graphs!.ready(russian)).toBeDefined();
}, 900_000);
afterAll(() => pool.close());

describe('a graph whose passes need more than the DP is given', () => {
  it('answers auto solves in the WebAssembly kernel, as the memory plan admitted it', async () => {
    expect(pool.graphFor!(russian)).toBeDefined();
    const plan = pool.memoryPlan!()!;
    expect(plan.fits).toBe(true);
    expect(plan.holdingThreads).toBe(0);
    // The case at stake: the plan's scratch for a thread is more than the DP's budget.
    expect(plan.threadBytes.other).toBeGreaterThan(plan.dpBytes);

    for (const position of huntingPositions('russian', 11, 2, 3)) {
      const { wire } = await runSolveJob(pool, position, 'auto');
      expect(wire.note).toMatch(/auto chose graph/);
      expect(wire.note).toMatch(/passes in the WebAssembly kernel/);
      const reference = resultToWire(solveDp(position));
      expect(wire.total).toBe(reference.total);
      expect(wire.cellCounts).toEqual(reference.cellCounts);
    }
  }, 900_000);
});
