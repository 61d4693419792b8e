// Sunk ships as placed ships (masks.ts): the graph counts a sunk ship where it lies and keeps the
// whole fleet as its target, so a sinking changes only the layers of the ship and its touch zone.
// The counts must be the DP's (sunk cells empty, the fleet reduced) in both readings, and the
// passes after a sinking must start from the values held for the position before it, as after a
// shot, instead of recomputing every backward value from the bottom.

import { describe, expect, it } from 'vitest';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { solveDp } from '../../src/core/solve/dp/dp';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveResult } from '../../src/core/solve/result';
import { layerPasses } from '../support/layer-passes';

const MB = 2 ** 20;

const RULES: Rules = {
  width: 7,
  height: 7,
  fleet: [4, 3, 2, 2].map((length) => ({ length })),
  touch: 'no-touch',
};

function withHeld(rules: Rules): PreparedGraph {
  const prepared = prepareGraph(rules, 512 * MB);
  return { ...prepared, held: holdValues(prepared.graph, typescriptKernel, undefined, true) };
}

/** Marks cells of a position: misses, then hits, then the sunk ships (their cells hits). */
function position(misses: number[], hits: number[], sunk: number[][] = []): Position {
  const p = emptyPosition(RULES);
  for (const c of misses) p.cells[c] = MISS;
  for (const c of [...hits, ...sunk.flat()]) p.cells[c] = HIT;
  return { ...p, sunk };
}

function expectDpCounts(r: SolveResult | null, p: Position): void {
  const dp = solveDp(p);
  expect(r).not.toBeNull();
  expect(r!.total).toBe(dp.total);
  expect(r!.cellCounts).toEqual(dp.cellCounts);
  expect(Array.from(r!.probabilities)).toEqual(Array.from(dp.probabilities));
}

describe('sunk ships placed where they lie', () => {
  it('a sinking in the last rows reruns the layers from its touch zone up, not every layer twice', () => {
    const graph = withHeld(RULES);
    const N = RULES.width * RULES.height;
    // A vertical 3 at column 2, rows 4-6: hit twice, then sunk by the third hit.
    const ship = [4 * 7 + 2, 5 * 7 + 2, 6 * 7 + 2];
    const before = position([0, 8, 16], ship.slice(0, 2));
    const sunk = position([0, 8, 16], [], [ship]);
    expectDpCounts(solveGraph(before, graph), before);
    const after = solveGraph(sunk, graph);
    expectDpCounts(after, sunk);
    // Only the layers of the ship and its touch zone (three rows, in either frame) are run
    // twice; recomputing every backward value (a new target) would run 2N - 22 or more.
    expect(layerPasses(after)).toBeGreaterThan(0);
    expect(layerPasses(after)).toBeLessThanOrEqual(N + 3 * RULES.width);
    // A sinking near the top: only the rows down to its touch zone are run twice.
    const top = [1, 2];
    const hitTop = position([48], [1]);
    const sunkTop = position([48], [], [top]);
    expectDpCounts(solveGraph(hitTop, graph), hitTop);
    const afterTop = solveGraph(sunkTop, graph);
    expectDpCounts(afterTop, sunkTop);
    // The ship and its touch zone lie in rows 0-1 (columns 0-3, or rows 0-3 transposed).
    expect(layerPasses(afterTop)).toBeGreaterThan(0);
    expect(layerPasses(afterTop)).toBeLessThanOrEqual(N + 3 * RULES.width);
  });

  it('counts as the DP does in both readings, with sunk ships of every orientation', () => {
    const graph = withHeld(RULES);
    const cases: Position[] = [
      position([10, 30], [], [[0, 1, 2, 3]]),
      position(
        [3],
        [24],
        [
          [6, 13],
          [38, 39, 40],
        ],
      ),
      position([8, 9], [], []),
      position([20, 21], [45], [[28, 35]]),
    ];
    for (const p of cases) {
      expectDpCounts(solveGraph(p, graph), p);
      const hidden = { ...p, sunk: [], sunkReported: false };
      expectDpCounts(solveGraph(hidden, graph), hidden);
    }
  });
});
