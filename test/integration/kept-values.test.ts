// Kept empty-board values where the memory plan asks for them: a pool whose budget lets fewer
// threads hold values than it has (two threads, a budget that leaves room for classic's kept
// values and both threads' scratch but for no thread's held values). The empty board's values of
// classic are computed once, on the graph lane, into the shared memory, and attached to the
// store's graph; every solve then starts from them (the layers between the first and the last
// marked row, not two full passes from nothing), in the WebAssembly kernel, with the DP's answer.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetRules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { graphKey } from '../../src/core/solve/graph/graph';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool, type JobPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions } from '../support/preset-graphs';

const MIB = 2 ** 20;
const classic = presetRules('classic');
/**
 * With classic's graph (docs/engine.md: 17.38 M states, 122 MB): the process, the graph, its kept
 * values (278 MB) and two threads' scratch (146 MB each) fit; a holding thread (422 MB) does not.
 */
const BUDGET = 1000 * MIB;
const THREADS = 2;

let pool: JobPool;

beforeAll(async () => {
  pool = createPool({
    workerFile: BUILT_WORKER,
    threads: THREADS,
    graphs: presetGraphOptions(),
    memoryBudgetBytes: BUDGET,
  });
  expect(await pool.graphs!.ready(classic)).toBeDefined();
}, 900_000);
afterAll(() => pool.close());

describe('kept values on a pool whose threads do not all hold', () => {
  it('are made once on the graph lane and every solve starts from them', async () => {
    expect(pool.graphFor!(classic)).toBeDefined();
    const plan = pool.memoryPlan!()!;
    expect(plan.keptValues).toBe(true);
    expect(plan.holdingThreads).toBeLessThan(THREADS);

    expect(await pool.graphs!.keepValues(graphKey(classic))).toBe(true);
    const graph = pool.graphFor!(classic)!;
    const forward = graph['keptForward'] as Float64Array;
    expect(forward).toBeInstanceOf(Float64Array);
    expect(forward.length).toBe(graph['states']);
    // In the store's shared memory (the kernel's), not a copy on the main thread.
    expect(forward.buffer).toBeInstanceOf(SharedArrayBuffer);
    const memory = graph['memory'] as WebAssembly.Memory;
    for (const name of ['keptForward', 'keptBackward']) {
      const kept = graph[name] as Float64Array;
      const there = new Float64Array(memory.buffer, kept.byteOffset, kept.length);
      const last = kept.length - 64;
      expect(Array.from(there.subarray(last))).toEqual(Array.from(kept.subarray(last)));
    }
    // The plan counts them with the graph now, and still plans them kept.
    expect(pool.memoryPlan!()!.keptValues).toBe(true);
    expect(pool.memoryPlan!()!.plannedBytes).toBe(plan.plannedBytes);
    // Asked again: nothing more to do, the same arrays.
    expect(await pool.graphs!.keepValues(graphKey(classic))).toBe(true);
    expect(pool.graphFor!(classic)!['keptForward']).toBe(forward);

    const cells = classic.width * classic.height;
    const threads = new Set<number>();
    // Pairs at once, so that both threads solve.
    const positions = huntingPositions('classic', 7, 6, 1);
    for (let i = 0; i < positions.length; i += 2) {
      const pair = positions.slice(i, i + 2);
      const solved = await Promise.all(pair.map((p) => runSolveJob(pool, p, 'auto')));
      for (const [k, { wire, thread }] of solved.entries()) {
        threads.add(thread);
        expect(wire.note).toMatch(/auto chose graph/);
        const m =
          /passes in the WebAssembly kernel, from the empty board's kept values \((\d+) layer passes\)/.exec(
            wire.note ?? '',
          );
        expect(m, wire.note).not.toBeNull();
        // From nothing, the first passes alone span the board: 2 x cells with the second ones.
        expect(Number(m![1])).toBeLessThan(2 * cells);
        const reference = resultToWire(solveDp(pair[k]!));
        expect(wire.total).toBe(reference.total);
        expect(wire.cellCounts).toEqual(reference.cellCounts);
      }
    }
    expect(threads.size).toBe(THREADS);
  }, 900_000);
});
