import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../src/core/errors';
import { emptyPosition, parsePosition } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { buildBoard } from '../../src/core/solve/board';
import { dpTally } from '../../src/core/solve/dp/dp';
import { MemoryBudget } from '../../src/core/solve/memory';

const MiB = 2 ** 20;

describe('the DP memory budget', () => {
  it('refuses an allocation that would pass the limit before making it', () => {
    const budget = new MemoryBudget(1000);
    const a = budget.alloc(Float64Array, 50); // 400 bytes
    a[49] = 7;
    expect(() => budget.alloc(Float64Array, 76)).toThrow(BudgetError);
    expect(budget.used).toBe(400); // nothing counted for the refused buffer
    const b = budget.grow(a, 75); // old and new held at once while copying: 400 + 600
    expect([b.length, b[49]]).toEqual([75, 7]);
    expect([budget.peak, budget.used]).toEqual([1000, 600]);
    expect(() => budget.grow(b, 76)).toThrow(/needs more than 0 MB of memory \(its limit\)/);
    expect(budget.used).toBe(600);
  });

  it('counts every buffer of a solve: the peak it reports is the limit that lets it through', () => {
    const board = buildBoard(emptyPosition(presetRules('margin')));
    const { tally, stats } = dpTally(board);
    expect(tally.total).toBe(1925751392n);
    const peak = stats.peakBytes;
    expect(peak).toBeGreaterThan(50 * MiB);
    // Exactly its peak is enough, with the same counts; a byte less is refused with the reason.
    expect(dpTally(board, { maxBytes: peak }).tally).toEqual(tally);
    expect(() => dpTally(board, { maxBytes: peak - 1 })).toThrow(
      /^the exact DP for this position needs more than \d+ MB of memory \(its limit\); use solver 'sample'/,
    );
  });

  it('bounds a wide board by bytes, not by a guess per state', () => {
    // 26x26 with a long fleet: the per-key buffers of a wide frontier are what used to be missed.
    const wide = parsePosition({
      rules: { width: 26, height: 26, fleet: [6, 5, 5, 4, 4, 3, 3, 3, 2, 2], touch: 'allowed' },
      board: Array.from({ length: 26 }, () => '.'.repeat(26)),
    });
    const limit = 64 * MiB;
    expect(() => dpTally(buildBoard(wide), { maxBytes: limit })).toThrow(BudgetError);
  });

  it('counts the states hitCount volleys add, and refuses them by bytes before allocating', () => {
    const rules = { width: 8, height: 8, fleet: [5, 4, 3, 3, 2], touch: 'allowed' };
    const board = Array.from({ length: 8 }, () => '........');
    const plain = buildBoard(parsePosition({ rules, board }));
    const volleyed = buildBoard(
      parsePosition({
        rules,
        board,
        volleys: [
          {
            cells: [
              [1, 1],
              [2, 5],
              [4, 3],
              [6, 6],
              [7, 2],
            ],
            hitCount: 2,
          },
          {
            cells: [
              [0, 6],
              [3, 0],
              [3, 7],
              [5, 4],
              [6, 1],
            ],
            hitCount: 1,
          },
        ],
      }),
    );
    const without = dpTally(plain).stats;
    const { tally, stats } = dpTally(volleyed);
    // The volleys' digits multiply the states while they are open.
    expect(stats.peakStates).toBeGreaterThan(without.peakStates);
    expect(stats.peakBytes).toBeGreaterThan(without.peakBytes);
    expect(dpTally(volleyed, { maxBytes: stats.peakBytes }).tally).toEqual(tally);
    expect(() => dpTally(volleyed, { maxBytes: stats.peakBytes - 1 })).toThrow(
      /needs more than \d+ MB of memory \(its limit\)/,
    );
  });
});
