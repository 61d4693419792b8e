// The graph engine (src/core/solve/graph) against the naive brute force on small boards: same
// totals, same per-cell counts, every touch rule, both readings of unsunk ships, sunk ships,
// priors; with and without the kept empty-board values. And how `auto` and `graph` choose it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIT, emptyPosition, parsePosition, type Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { solveDp } from '../../src/core/solve/dp/dp';
import { graphKey } from '../../src/core/solve/graph/graph';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import type { GraphProvider } from '../../src/core/solve/options';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { solveGraph } from '../../src/core/solve/graph/solve';
import { randomInt, seededRandom } from '../../src/core/random';
import type { SolveResult } from '../../src/core/solve/result';
import { copyIntoMemory, kernelCache } from '../../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../../src/core/solve/graph/transfer';
import { observe, remarkedPositionArb, scenarioArb, type Scenario } from '../support/arbitraries';
import { expectBruteCounts, expectBruteWeights, orNoLayout } from '../support/brute-compare';
import { bruteForce } from '../support/brute-force';
import { binomial, OPEN_8X8_NO_TOUCH, TEN_SINGLES_20X20 } from '../support/fixtures';

const MB = 2 ** 20;

/** Graphs built once per rule set, as a caller would keep them; `inWasm` has the same graph
 * copied into a shared WebAssembly memory, its passes in the WebAssembly kernel, as the app's
 * graph store and worker threads run them. */
function graphCache(): GraphProvider & { built: number; inWasm(rules: Rules): PreparedGraph } {
  const graphs = new Map<string, PreparedGraph>();
  const copies = new Map<string, PreparedGraph>();
  const memory = createGraphMemory();
  const kernelOf = kernelCache();
  return {
    built: 0,
    graphFor(rules: Rules) {
      let g = graphs.get(graphKey(rules));
      if (!g) {
        graphs.set(graphKey(rules), (g = prepareGraph(rules, 512 * MB)));
        this.built++;
      }
      return g;
    },
    inWasm(rules: Rules) {
      let g = copies.get(graphKey(rules));
      if (!g) {
        const flat = flattenPrepared(this.graphFor(rules)!);
        copies.set(graphKey(rules), (g = preparedFromFlat(copyIntoMemory(flat, memory), kernelOf)));
      }
      return g;
    },
  };
}

/**
 * The forms of the engine on one position: with kept values and without, in the TypeScript
 * kernel, and with kept values in the WebAssembly kernel, which gives the very same bits.
 */
function bothWays(
  p: Position,
  graphs: ReturnType<typeof graphCache>,
): (SolveResult | 'no layout')[] {
  const prepared = graphs.graphFor(p.rules)!;
  expect(prepared.empty).toBeDefined();
  const inWasm = graphs.inWasm(p.rules);
  expect(inWasm.kernel?.name).toBe('WebAssembly');
  const results = [prepared, { ...prepared, empty: undefined }, inWasm].map((g) =>
    orNoLayout(() => {
      const r = solveGraph(p, g);
      if (r === null) throw new Error('the graph engine declined a position it should take');
      return r;
    }),
  );
  const [ts, , wasm] = results;
  if (ts !== 'no layout' && wasm !== 'no layout') {
    expect(wasm!.note).toMatch(/passes in the WebAssembly kernel/);
    expect(ts!.note).toMatch(/passes in the TypeScript kernel/);
    expect({ ...wasm, ms: 0, note: '' }).toEqual({ ...ts, ms: 0, note: '' });
  } else {
    expect(wasm).toBe(ts);
  }
  return results;
}

describe('graph engine equals brute force on small boards', () => {
  it('uniform counts: every touch rule, both readings of sinkings, sunk ships', () => {
    const graphs = graphCache();
    const seen = { hidden: 0, withSunk: 0, hits: 0 };
    fc.assert(
      fc.property(scenarioArb(), ({ position }) => {
        const reference = bruteForce(position);
        if (!position.sunkReported) seen.hidden++;
        if (position.sunk.length > 0) seen.withSunk++;
        if (position.cells.some((m, i) => m === HIT && !position.sunk.flat().includes(i)))
          seen.hits++;
        for (const r of bothWays(position, graphs)) {
          if (r === 'no layout') throw new Error('a consistent position got no layout');
          expectBruteCounts(r, reference);
        }
      }),
      { numRuns: 200, seed: 33 },
    );
    // The property really met both readings, sunk ships and open hits.
    expect(seen).toEqual({
      hidden: expect.toSatisfy((n: number) => n > 40),
      withSunk: expect.toSatisfy((n: number) => n > 5),
      hits: expect.toSatisfy((n: number) => n > 10),
    });
  });

  it('with a layout prior: weighted totals and per-cell weights', () => {
    const graphs = graphCache();
    fc.assert(
      fc.property(scenarioArb({ prior: true }), ({ position }) => {
        const reference = bruteForce(position);
        for (const r of bothWays(position, graphs)) {
          if (r === 'no layout') throw new Error('a consistent position got no layout');
          expectBruteWeights(r, position, reference);
        }
      }),
      { numRuns: 120, seed: 34 },
    );
  });

  it('marks that leave no layout: "no layout", as the DP says', () => {
    const graphs = graphCache();
    let inconsistent = 0;
    fc.assert(
      fc.property(remarkedPositionArb(), (p) => {
        const reference = bruteForce(p);
        const solved = orNoLayout(() => solveDp(p));
        const dp = solved === 'no layout' ? solved : solved.total;
        if (reference.total === 0) inconsistent++;
        expect(dp).toBe(reference.total === 0 ? 'no layout' : String(reference.total));
        for (const r of bothWays(p, graphs)) {
          expect(r === 'no layout' ? r : r.total).toBe(dp);
        }
      }),
      { numRuns: 150, seed: 35 },
    );
    expect(inconsistent).toBeGreaterThan(10);
  });
});

describe('passes from the position solved before (held values)', () => {
  /** A game's positions in firing order (the scenario's shots shuffled), then two jumps back. */
  function replay({ position, layout }: Scenario, seed: number): Position[] {
    const random = seededRandom(seed);
    const shots = [...position.cells.keys()].filter((i) => position.cells[i] !== 0);
    for (let i = shots.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [shots[i], shots[j]] = [shots[j]!, shots[i]!];
    }
    const steps = shots.map((_, k) => ({
      ...observe(position.rules, layout, shots.slice(0, k + 1), position.sunkReported),
      ...(position.prior ? { prior: position.prior } : {}),
    }));
    const first = { ...emptyPosition(position.rules), sunkReported: position.sunkReported };
    if (position.prior) first.prior = position.prior;
    const all = [first, ...steps];
    // A position again (no pass), then jumps to positions far from the last one.
    return [...all, all.at(-1)!, all[all.length >> 1]!, first, all.at(-1)!];
  }

  it('equal the fresh passes along whole games, every touch rule, both readings, priors, both kernels', () => {
    const graphs = graphCache();
    let solved = 0;
    fc.assert(
      fc.property(
        scenarioArb({ prior: false }),
        scenarioArb({ prior: true }),
        fc.integer(),
        (plain, weighted, seed) => {
          for (const scenario of [plain, weighted]) {
            const rules = scenario.position.rules;
            const fresh = graphs.graphFor(rules)!;
            const inWasm = graphs.inWasm(rules);
            const held = [
              { ...fresh, held: holdValues(fresh.graph, typescriptKernel) },
              // In the WebAssembly kernel of the memory the graph lives in.
              { ...inWasm, held: holdValues(inWasm.graph, inWasm.kernel!) },
              // Without kept values the first position starts from nothing.
              { ...fresh, empty: undefined, held: holdValues(fresh.graph, typescriptKernel) },
            ];
            for (const p of replay(scenario, seed)) {
              const reference = solveGraph(p, fresh)!;
              for (const g of held) {
                const r = solveGraph(p, g)!;
                solved++;
                if (p.prior) {
                  expect(Number(r.total) / Number(reference.total)).toBeCloseTo(1, 9);
                  r.probabilities.forEach((q, i) =>
                    expect(q).toBeCloseTo(reference.probabilities[i]!, 9),
                  );
                } else {
                  expect(r.total).toBe(reference.total);
                  expect(r.cellCounts).toEqual(reference.cellCounts);
                  expect(r.probabilities).toEqual(reference.probabilities);
                }
              }
            }
          }
        },
      ),
      { numRuns: 60, seed: 36 },
    );
    expect(solved).toBeGreaterThan(1000);
  });
});

describe('how auto chooses the engine', () => {
  const open = parsePosition(OPEN_8X8_NO_TOUCH);

  it("auto solves through a provided graph, and says so; the counts are the DP's", () => {
    const graphs = graphCache();
    const viaGraph = solve(open, 'auto', { graphs });
    // The open 8x8 board has far more layouts than the enumeration probe takes.
    expect(viaGraph.note).toMatch(/auto chose graph/);
    expect(viaGraph.solver).toBe('graph');
    const dp = solve(open, 'auto');
    expect(dp.note).toMatch(/auto chose dp/);
    expect(viaGraph.total).toBe(dp.total);
    expect(viaGraph.cellCounts).toEqual(dp.cellCounts);
  });

  it('a position naming its ships goes to the DP even with a graph at hand', () => {
    const graphs = graphCache();
    const named = parsePosition({
      rules: {
        width: 6,
        height: 6,
        fleet: [
          { length: 3, name: 'A' },
          { length: 2, name: 'B' },
          { length: 2, name: 'C' },
        ],
        touch: 'no-touch',
      },
      board: ['o.....', '......', '..x...', '......', '......', '.....o'],
      named: [[2, 2, 'A']],
    });
    const r = solve(named, 'auto', { graphs });
    expect(r.note).not.toMatch(/auto chose graph/);
    expect(r.solver).not.toBe('graph');
    expect(solveGraph(named, graphs.graphFor(named.rules)!)).toBeNull();
  });

  it('past 2^53 the count goes to the DP, exact', () => {
    const p = emptyPosition(TEN_SINGLES_20X20);
    const graphs = graphCache();
    const viaAuto = solve(p, 'auto', { graphs });
    expect(graphs.built).toBe(1);
    expect(viaAuto.note).toMatch(/auto chose dp: .*passes 2\^53/);
    expect(BigInt(viaAuto.total)).toBe(binomial(400n, 10n));
    expect(viaAuto.cellCounts![137]).toBe(binomial(399n, 9n));
    expect(solveGraph(p, graphs.graphFor(p.rules)!)).toBeNull();
  });

  it('a graph too large for its budget is refused before it is built', () => {
    const classic: Rules = {
      width: 10,
      height: 10,
      fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
      touch: 'allowed',
    };
    expect(() => prepareGraph(classic, 16 * MB)).toThrow(
      /state graph of these rules needs more than 16 MB/,
    );
  });
});
