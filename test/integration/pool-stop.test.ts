// Stopping a job without killing its thread: the pool sets the job's stop word in shared memory,
// the graph passes (and the DP, the enumerator) read it and end the job with CancelledError, and
// the same thread answers the next job from its own memory and held values, in the WebAssembly
// kernel. Only a job that ignores the stop past the deadline has its thread terminated; then its
// thread slot in the graph memory (its scratch and held values) goes to the replacement, and the
// memory does not grow. Real pools on the built worker, the classic preset's real graph.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionToJson, type Position } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { slotsInUse } from '../../src/core/solve/graph/shared-memory';
import { createPool, JobTimeoutError, type JobPool } from '../../src/main/pool';
import { STUBBORN_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions } from '../support/preset-graphs';

const classic = presetRules('classic');
const [first, second, third] = huntingPositions('classic', 7, 3, 4);

let pool: JobPool;
let memory: WebAssembly.Memory;

beforeAll(async () => {
  pool = createPool({ workerFile: STUBBORN_WORKER, threads: 1, graphs: presetGraphOptions() });
  const graph = await pool.graphs!.ready(classic);
  expect(graph).toBeDefined();
  memory = graph!['memory'] as WebAssembly.Memory;
}, 900_000);
afterAll(() => pool.close());

async function solved(position: Position) {
  const { wire, thread } = await runSolveJob(pool, position, 'auto');
  expect(wire.note).toMatch(/auto chose graph: .*passes in the WebAssembly kernel/);
  expect(wire.total).toBe(resultToWire(solveDp(position)).total);
  return { wire, thread };
}

/** A solve stopped by its time limit a moment after it starts on its thread: mid-pass. */
function stoppedSolve(position: Position): Promise<unknown> {
  return runSolveJob(pool, position, 'auto', { timeoutMs: 1 }).then(
    () => 'answered',
    (e: unknown) => e,
  );
}

describe('a stopped solve', () => {
  it('leaves its thread alive, and the next solve runs in WebAssembly with the right count', async () => {
    const before = await solved(first!);
    // Stopped half-way through its passes, it leaves the held values marked as no position's.
    expect(await stoppedSolve(second!)).toBeInstanceOf(JobTimeoutError);
    const after = await solved(third!);
    expect(after.thread).toBe(before.thread);
    // And a cancel by the caller (a newer click) stops a running job the same way: here the
    // DP, cancelled once it is seen working.
    const cancel = new AbortController();
    const cancelled = runSolveJob(pool, second!, 'dp', {
      signal: cancel.signal,
      onProgress: () => cancel.abort(),
    }).catch((e: unknown) => e);
    expect(await cancelled).toMatchObject({ name: 'CancelledError' });
    expect((await solved(second!)).thread).toBe(before.thread);
    expect(slotsInUse(memory)).toBe(1);
  }, 300_000);
});

describe('a job that ignores its stop', () => {
  it('has its thread terminated after the deadline, and the replacement reuses its memory', async () => {
    const before = await solved(first!);
    const grown = memory.buffer.byteLength;
    const cancel = new AbortController();
    const stubborn = pool
      .run(
        'solve',
        { position: positionToJson(first!), solver: 'ignore-stop' },
        {
          signal: cancel.signal,
        },
      )
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    cancel.abort();
    expect(await stubborn).toMatchObject({ name: 'CancelledError' });
    // A new thread, which took the terminated one's slot: its scratch and held values are the
    // same pages, so the memory has not grown.
    const after = await solved(second!);
    expect(after.thread).not.toBe(before.thread);
    expect(memory.buffer.byteLength).toBe(grown);
    expect(slotsInUse(memory)).toBe(1);
    expect((await solved(third!)).wire.note).toMatch(/from the position solved before/);
  }, 300_000);
});
