import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferSunk } from '../../src/core/infer-sunk';
import { parsePosition, type Position } from '../../src/core/position';
import { scenarioArb } from '../support/arbitraries';
import { bruteForce } from '../support/brute-force';

/** A hit/miss-only 6x6 position with ships 3 and 2 (and 1 when asked), under `touch`. */
function hitMiss(board: string[], touch = 'no-touch', fleet = [3, 2]): Position {
  return parsePosition({
    rules: { width: 6, height: 6, fleet, touch },
    board,
    sunkReported: false,
  });
}

const touchRuleScenarios = scenarioArb({ maxSide: 6, maxTuples: 30_000 }).filter(
  ({ position }) => position.rules.touch !== 'allowed',
);

const cellsOf = (p: Position): number[][] => p.sunk.map((s) => [...s].sort((a, b) => a - b));

describe('inferSunk', () => {
  it('lists a run of hits closed at both ends as a sunk ship', () => {
    const p = hitMiss(['oxxxo.', '......', '......', '......', '......', '......']);
    expect(cellsOf(inferSunk(p))).toEqual([[1, 2, 3]]);
  });

  it('leaves a run with an open end, and a run no ship afloat has the length of', () => {
    expect(inferSunk(hitMiss(['.xx.o.', ...Array(5).fill('......')])).sunk).toEqual([]);
    // closed at both ends, but only ships of 3 and 1 are afloat: the solver reports that
    const p = hitMiss(['oxxo..', ...Array(5).fill('......')], 'no-touch', [3, 1]);
    expect(inferSunk(p).sunk).toEqual([]);
  });

  it('a run as long as the longest ship afloat is sunk even with open ends', () => {
    const p = hitMiss(['......', '..x...', '..x...', '..x...', '......', '......']);
    expect(cellsOf(inferSunk(p))).toEqual([[8, 14, 20]]);
  });

  it('a single hit needs all four sides closed, and a ship of length 1 afloat', () => {
    const closed = ['.o....', 'oxo...', '.o....', '......', '......', '......'];
    expect(cellsOf(inferSunk(hitMiss(closed, 'no-touch', [3, 1])))).toEqual([[7]]);
    expect(inferSunk(hitMiss(closed, 'no-touch', [3, 2])).sunk).toEqual([]);
    const open = ['.o....', 'oxo...', '......', '......', '......', '......'];
    expect(inferSunk(hitMiss(open, 'no-touch', [3, 1])).sunk).toEqual([]);
  });

  it('a ship found closes the cells around it, which can prove the next one', () => {
    // The 3 on the top row is proven by length; the water under it closes the top of the 2.
    const p = hitMiss(['xxx...', '.o.o..', '..x...', '..x...', '..o...', '......']);
    expect(cellsOf(inferSunk(p))).toEqual([
      [0, 1, 2],
      [14, 20],
    ]);
  });

  it('under no-touch a cell diagonal to a hit closes an end; under no-edge-touch it does not', () => {
    // The run at B3-C3 is closed on the left by a miss; on the right D3 is diagonal to the hit E2.
    const board = ['......', '....x.', 'oxx...', '......', '......', '......'];
    expect(cellsOf(inferSunk(hitMiss(board, 'no-touch', [3, 2, 2])))).toEqual([[13, 14]]);
    expect(inferSunk(hitMiss(board, 'no-edge-touch', [3, 2, 2])).sunk).toEqual([]);
  });

  it('changes nothing when sinking is reported or ships may touch', () => {
    const board = ['oxxxo.', ...Array(5).fill('......')];
    const reported = parsePosition({
      rules: { width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' },
      board,
    });
    expect(inferSunk(reported)).toBe(reported);
    const touching = hitMiss(board, 'allowed');
    expect(inferSunk(touching)).toBe(touching);
  });

  it('adds only ships every consistent layout has: brute force counts the same', () => {
    let inferred = 0;
    fc.assert(
      fc.property(touchRuleScenarios, ({ position }) => {
        const p = { ...position, sunkReported: false };
        const q = inferSunk(p);
        if (q === p) return;
        inferred += q.sunk.length - p.sunk.length;
        const before = bruteForce(p);
        const after = bruteForce(q);
        expect(after.total).toBe(before.total);
        expect(after.cells).toEqual(before.cells);
      }),
      { numRuns: 1000, seed: 20261123 },
    );
    // The property must have been exercised, not passed vacuously.
    expect(inferred).toBeGreaterThan(20);
  });
});
