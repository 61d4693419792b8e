// A thread's held values (core/solve/graph/held.ts) across rule sets: one thread solves the three
// presets in any order, each graph larger or smaller than the one before, and every answer is the
// DP's and comes from the WebAssembly kernel. The held arrays of each rule set are cut from the
// thread's full-capacity ones: cut from the last rule set's, a larger graph after a smaller one
// read past the end ("offset is out of bounds") for every solve after.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Position } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool, type JobPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions, PRESET_NAMES } from '../support/preset-graphs';

let pool: JobPool;

beforeAll(async () => {
  pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs: presetGraphOptions() });
  for (const name of PRESET_NAMES) {
    expect(await pool.graphs!.ready(presetRules(name))).toBeDefined();
  }
}, 900_000);
afterAll(() => pool.close());

/** Solves `position` with auto on the pool; checks it is the graph's, in WebAssembly, and the DP's. */
async function solvedLikeDp(position: Position): Promise<number> {
  const { wire, thread } = await runSolveJob(pool, position, 'auto');
  expect(wire.note).toMatch(/auto chose graph/);
  expect(wire.note).toMatch(/passes in the WebAssembly kernel/);
  const reference = resultToWire(solveDp(position));
  expect(wire.total).toBe(reference.total);
  expect(wire.cellCounts).toEqual(reference.cellCounts);
  return thread;
}

describe('held values across rule sets on one thread', () => {
  it('classic, margin, classic, Russian, margin, Russian: every answer the DP’s', async () => {
    const order = ['classic', 'margin', 'classic', 'russian', 'margin', 'russian'];
    const threads = new Set<number>();
    for (const [i, name] of order.entries()) {
      // Two positions one shot apart: the second starts from the first's held values.
      for (const position of huntingPositions(name, 10 + i, 2, 2 + i)) {
        threads.add(await solvedLikeDp(position));
      }
    }
    expect(threads.size).toBe(1);
  }, 900_000);

  it('a batch over a mixed list of the three presets’ positions', async () => {
    const lists = PRESET_NAMES.map((name, k) => huntingPositions(name, 40 + k, 2, 3));
    const mixed = [0, 1].flatMap((i) => lists.map((list) => list[i]!));
    for (const position of mixed) await solvedLikeDp(position);
  }, 900_000);
});
