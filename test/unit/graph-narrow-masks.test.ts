// Narrow masks (masks.ts), which passes from held values use: a miss changes only its own cell's
// weights, so the next position recomputes fewer layers. They must change nothing else: the
// same totals and probabilities bit for bit as full masks and as passes from nothing, and the
// same greedy games, shot for shot, with and without them.

import { describe, expect, it } from 'vitest';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { seededRandom } from '../../src/core/random';
import { SimulationContexts, simulateChunk } from '../../src/core/simulate/run';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveResult } from '../../src/core/solve/result';
import { layerPasses } from '../support/layer-passes';
import { copyIntoMemory, kernelCache } from '../../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../../src/core/solve/graph/transfer';
import { randomLayout } from '../support/arbitraries';

const MB = 2 ** 20;

const RULE_SETS: Rules[] = [
  { width: 8, height: 8, fleet: [4, 3, 3, 2, 2].map((length) => ({ length })), touch: 'allowed' },
  { width: 7, height: 7, fleet: [4, 3, 2, 2].map((length) => ({ length })), touch: 'no-touch' },
];

/** The graph of `rules` copied into a shared memory: the WebAssembly kernel, as threads run it. */
function wasmGraph(rules: Rules): PreparedGraph {
  const fresh = prepareGraph(rules, 1024 * MB);
  return preparedFromFlat(
    copyIntoMemory(flattenPrepared(fresh), createGraphMemory()),
    kernelCache(),
  );
}

/** What a solve answers, for comparing bit for bit. */
function answer(r: SolveResult | null) {
  expect(r).not.toBeNull();
  return { total: r!.total, p: Array.from(r!.probabilities), ties: r!.ties, counts: r!.cellCounts };
}

/** A game's positions against a random layout, shot at a seeded random unknown cell each time,
 * with sinkings announced. */
function gamePositions(rules: Rules, seed: number, shots: number): Position[] {
  const random = seededRandom(seed);
  const ships = randomLayout(rules, random)!;
  const owner = new Map<number, number>();
  ships.forEach((cells, s) => cells.forEach((c) => owner.set(c, s)));
  let position = emptyPosition(rules);
  const out: Position[] = [];
  for (let k = 0; k < shots; k++) {
    const open = Array.from(position.cells).flatMap((m, i) => (m === 0 ? [i] : []));
    if (open.length === 0) break;
    const cell = open[Math.floor(random() * open.length)]!;
    const cells = position.cells.slice();
    const s = owner.get(cell);
    cells[cell] = s === undefined ? MISS : HIT;
    const sunk =
      s !== undefined && ships[s]!.every((c) => cells[c] === HIT)
        ? [...position.sunk, ships[s]!]
        : position.sunk;
    position = { ...position, cells, sunk };
    out.push(position);
  }
  return out;
}

describe('narrow masks', () => {
  for (const rules of RULE_SETS) {
    const name = `${rules.width}x${rules.height} ${rules.touch}`;
    it(`answer every position of a game as full masks and fresh passes do (${name}), in fewer layer passes`, () => {
      const g = wasmGraph(rules);
      const narrow = { ...g, held: holdValues(g.graph, g.kernel!, undefined, true) };
      const full = { ...g, held: holdValues(g.graph, g.kernel!, undefined, false) };
      const tsNarrow = { ...g, kernel: typescriptKernel };
      tsNarrow.held = holdValues(g.graph, typescriptKernel, undefined, true);
      let narrowLayers = 0;
      let fullLayers = 0;
      for (const seed of [1, 2, 3]) {
        for (const position of gamePositions(rules, seed, 30)) {
          const n = solveGraph(position, narrow);
          const f = solveGraph(position, full);
          expect(answer(n)).toEqual(answer(f));
          expect(answer(n)).toEqual(answer(solveGraph(position, g)));
          narrowLayers += layerPasses(n);
          fullLayers += layerPasses(f);
        }
      }
      expect(narrowLayers).toBeGreaterThan(0);
      expect(narrowLayers).toBeLessThan(fullLayers);
    });
  }

  it('greedy plays the same games with narrow masks, full masks and no graph', () => {
    const rules = RULE_SETS[0]!;
    const g = wasmGraph(rules);
    const play = (prepared?: PreparedGraph) => {
      const options = prepared ? { graphs: { graphFor: () => prepared } } : {};
      const [greedy] = simulateChunk({ rules, strategies: ['greedy'], seed: 40 }, 0, 4, {
        contexts: new SimulationContexts(true, options),
        recordCells: true,
      });
      return greedy!.cells;
    };
    const narrow = play({ ...g, held: holdValues(g.graph, g.kernel!, undefined, true) });
    expect(narrow).toEqual(play({ ...g, held: holdValues(g.graph, g.kernel!, undefined, false) }));
    expect(narrow).toEqual(play());
  });
});
