// Memory after many stopped solves: a click replaced by the next one stops its solve without
// terminating the thread, so nothing is left behind in the graph memory or the process. The
// process's RSS and the graph memory's size after 100 stopped solves are within 10% of what they
// were after 5, the thread is the same, and the next solve still runs in WebAssembly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePosition, positionToJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool, JobTimeoutError, type JobPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions } from '../support/preset-graphs';

const positions = huntingPositions('classic', 3, 6, 3).map((p) => positionToJson(p));
let pool: JobPool;
let memory: WebAssembly.Memory;

beforeAll(async () => {
  pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs: presetGraphOptions() });
  const graph = await pool.graphs!.ready(presetRules('classic'));
  expect(graph).toBeDefined();
  memory = graph!['memory'] as WebAssembly.Memory;
}, 900_000);
afterAll(() => pool.close());

/** `count` solves, each stopped a moment after it starts (its time limit: 1 ms). */
async function stopSolves(count: number, from: number): Promise<number> {
  let stopped = 0;
  for (let i = from; i < from + count; i++) {
    const position = positions[i % positions.length]!;
    const outcome = await runSolveJob(pool, parsePosition(position), 'auto', {
      timeoutMs: 1,
    }).catch((e: unknown) => e);
    if (outcome instanceof JobTimeoutError) stopped++;
  }
  return stopped;
}

describe('100 stopped solves', () => {
  it('leave the RSS and the graph memory within 10% of after 5, and the same thread', async () => {
    const { thread } = await runSolveJob(pool, parsePosition(positions[0]!), 'auto');
    expect(await stopSolves(5, 0)).toBe(5);
    const rss5 = process.memoryUsage().rss;
    const memory5 = memory.buffer.byteLength;
    expect(await stopSolves(95, 5)).toBe(95);
    const rss100 = process.memoryUsage().rss;
    const memory100 = memory.buffer.byteLength;
    expect(memory100).toBeLessThanOrEqual(memory5 * 1.1);
    expect(rss100).toBeLessThanOrEqual(rss5 * 1.1);
    const next = await runSolveJob(pool, parsePosition(positions[1]!), 'auto');
    expect(next.thread).toBe(thread);
    expect(next.wire.note).toMatch(/auto chose graph: .*passes in the WebAssembly kernel/);
  }, 900_000);
});
