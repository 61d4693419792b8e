// Thread slots in a graph memory (src/core/solve/graph/shared-memory.ts) and the held values a
// thread keeps in its slot (thread-graphs.ts), on small graphs in this thread: a freed slot is
// claimed again before a never-used one and hands its pages over, and held values stay right
// whatever the order of rule sets, a larger graph after a smaller one included.

import { describe, expect, it } from 'vitest';
import { emptyPosition, MISS, type Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { prepareGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import { claimSlot, copyIntoMemory, slotsInUse } from '../../src/core/solve/graph/shared-memory';
import { createGraphMemory, releaseThreadSlots } from '../../src/main/graphs/graph-memory';
import { flattenPrepared } from '../../src/core/solve/graph/transfer';
import { ThreadGraphs } from '../../src/main/graphs/thread-graphs';

const MB = 2 ** 20;

describe('thread slots', () => {
  it('are claimed lowest first; a freed one is reused with its pages', () => {
    const { memory } = createGraphMemory(64 * MB);
    const a = claimSlot(memory, 9001)!;
    const b = claimSlot(memory, 9002)!;
    expect([a.index, b.index]).toEqual([0, 1]);
    const scratch = a.region('scratch', 100_000);
    const held = a.region('held', 300_000);
    // A region as large or smaller is the one the slot has; a larger one is new pages.
    expect(a.region('held', 200_000)).toEqual(held);
    expect(slotsInUse(memory)).toBe(2);
    const grown = memory.buffer.byteLength;

    expect(releaseThreadSlots(9001)).toBe(1);
    expect(slotsInUse(memory)).toBe(1);
    const c = claimSlot(memory, 9003)!;
    expect(c.index).toBe(0);
    expect(c.region('scratch', 100_000)).toEqual(scratch);
    expect(c.region('held', 300_000)).toEqual(held);
    expect(memory.buffer.byteLength).toBe(grown);
    expect(c.region('held', 400_000).at).not.toBe(held.at);
    releaseThreadSlots(9002);
    releaseThreadSlots(9003);
    expect(slotsInUse(memory)).toBe(0);
  });
});

describe('held values across rule sets', () => {
  it('are right in any order, a larger graph after a smaller one included', () => {
    const rules = (width: number, lengths: number[]): Rules => ({
      width,
      height: width,
      fleet: lengths.map((length) => ({ length })),
      touch: 'allowed',
    });
    const small = rules(6, [3, 2]);
    const large = rules(7, [4, 3, 2]);
    const { memory, id } = createGraphMemory(256 * MB);
    const graphs = new ThreadGraphs(9100);
    for (const r of [small, large]) {
      const flat = copyIntoMemory(flattenPrepared(prepareGraph(r, 64 * MB)), { memory, id });
      graphs.offer(flat);
    }
    const withMisses = (r: Rules, cells: number[]): Position => {
      const p = emptyPosition(r);
      for (const c of cells) p.cells[c] = MISS;
      return p;
    };
    for (const [i, r] of [large, small, large, small, small, large].entries()) {
      for (const cells of [[i], [i, i + 7]]) {
        const position = withMisses(r, cells);
        const result = solveGraph(position, graphs.graphFor(r)!)!;
        expect(result.note).toMatch(/passes in the WebAssembly kernel/);
        expect(result.total).toBe(solveDp(position).total);
      }
    }
    expect(slotsInUse(memory)).toBe(1);
    releaseThreadSlots(9100);
  });
});
