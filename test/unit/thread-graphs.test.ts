// A worker thread's graphs (src/main/jobs/graphs.ts): built in slices between tasks, the DP
// answering meanwhile; refused for good, before allocating, when over the thread's budget.

import { describe, expect, it } from 'vitest';
import { parsePosition } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { ThreadGraphs } from '../../src/main/jobs/graphs';

const position = parsePosition({
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
});

describe('a worker thread keeps one graph per rule set', () => {
  it('the DP answers while the graph builds; once built, auto solves through it', () => {
    const slices: (() => void)[] = [];
    const graphs = new ThreadGraphs(2 ** 30, (slice) => slices.push(slice));
    expect(graphs.graphFor(position.rules)).toBeUndefined();
    expect(graphs.stateOf(position.rules).state).toBe('building');
    const meanwhile = solve(position, 'auto', { graphs });
    expect(meanwhile.note).toMatch(/auto chose dp/);
    // The answer came while the build still had slices to run.
    expect(graphs.stateOf(position.rules).state).toBe('building');
    expect(slices.length).toBe(1);
    let ran = 0;
    while (slices.length > 0) {
      slices.shift()!();
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(graphs.stateOf(position.rules).state).toBe('ready');
    const after = solve(position, 'auto', { graphs });
    expect(after.note).toMatch(/auto chose graph/);
    expect(after.total).toBe(meanwhile.total);
    expect(after.cellCounts).toEqual(meanwhile.cellCounts);
  });

  it("builds on the thread's own event loop between tasks", async () => {
    const graphs = new ThreadGraphs();
    expect(graphs.graphFor(position.rules)).toBeUndefined();
    while (graphs.stateOf(position.rules).state === 'building') {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(graphs.stateOf(position.rules).state).toBe('ready');
    expect(graphs.graphFor(position.rules)).toBeDefined();
  });

  it('a rule set over the budget is refused once and left to the DP', () => {
    const slices: (() => void)[] = [];
    const graphs = new ThreadGraphs(8 * 2 ** 20, (slice) => slices.push(slice));
    const classic = presetRules('classic');
    expect(graphs.graphFor(classic)).toBeUndefined();
    while (slices.length > 0) slices.shift()!();
    const state = graphs.stateOf(classic);
    expect(state).toEqual({
      state: 'refused',
      why: expect.stringMatching(/needs more than 8 MB/),
    });
    // Asked again, it does not start over.
    expect(graphs.graphFor(classic)).toBeUndefined();
    expect(slices.length).toBe(0);
  });
});
