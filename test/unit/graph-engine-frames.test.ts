// The frame a position runs in over its rule set's graph (src/core/solve/graph/frame.ts and
// frame-cost.ts). A board wider than tall is solved on the graph of its transpose (one graph for
// 15x10 and 10x15), its position transposed in and its result transposed back; a square board
// runs in whichever frame (as given or transposed) costs fewer edge visits. Both frames are
// checked exact against the naive brute force: every touch rule, both readings of sinkings, sunk
// ships, priors, with and without the kept empty-board values.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import type { Rules, TouchRule } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { buildBoard } from '../../src/core/solve/board';
import { solveDp } from '../../src/core/solve/dp/dp';
import { buildGraph } from '../../src/core/solve/graph/build';
import {
  chooseFrame,
  firstPassSpan,
  layerEdgeCounts,
  spanVisits,
} from '../../src/core/solve/graph/frame-cost';
import { frameBoard } from '../../src/core/solve/graph/frame';
import { graphKey, type RuleGraph } from '../../src/core/solve/graph/graph';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { graphMasks } from '../../src/core/solve/graph/masks';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveResult } from '../../src/core/solve/result';
import { observe, scenarioArb, type Scenario } from '../support/arbitraries';
import { expectBruteCounts, expectBruteWeights } from '../support/brute-compare';
import { bruteForce } from '../support/brute-force';

const MB = 2 ** 20;

/** Prepared graphs kept per graph key, as a caller keeps them. */
function graphCache(): (rules: Rules) => PreparedGraph {
  const graphs = new Map<string, PreparedGraph>();
  return (rules) => {
    let g = graphs.get(graphKey(rules));
    if (!g) graphs.set(graphKey(rules), (g = prepareGraph(rules, 512 * MB)));
    return g;
  };
}

type Frame = 'as given' | 'transposed' | undefined;

/** The engine on one position, with the kept values and without, in the frame asked for. */
function solvedWays(p: Position, prepared: PreparedGraph, frame: Frame): SolveResult[] {
  expect(prepared.empty).toBeDefined();
  return [prepared, { ...prepared, empty: undefined }].map((g) => {
    const r = solveGraph(p, g, {}, frame);
    if (r === null) throw new Error('the graph engine declined a position it should take');
    return r;
  });
}

/** What a property met, so a test shows it really covered each case. */
function coverage(): { seen: Record<string, number>; note: (p: Position) => void } {
  const seen: Record<string, number> = { hidden: 0, announced: 0, sunk: 0, hits: 0 };
  for (const t of ['allowed', 'no-touch', 'no-edge-touch']) seen[t] = 0;
  return {
    seen,
    note(p) {
      seen[p.rules.touch]!++;
      seen[p.sunkReported ? 'announced' : 'hidden']!++;
      if (p.sunk.length > 0) seen['sunk']!++;
      const sunkCells = new Set(p.sunk.flat());
      if (p.cells.some((m, i) => m === HIT && !sunkCells.has(i))) seen['hits']!++;
    },
  };
}

/**
 * Small positions of the given shape; in about half of them every cell of one ship is shot as
 * well (sunk when sinkings are announced, an unsunk run of hits when not), since random shots
 * alone rarely sink a ship.
 */
function scenarios(shape: (s: Scenario) => boolean, prior = false) {
  return fc
    .tuple(scenarioArb({ maxSide: 6, prior }).filter(shape), fc.boolean())
    .map(([{ position, layout }, sinkOne]) => {
      if (!sinkOne) return position;
      const shots: number[] = [];
      position.cells.forEach((m, i) => m !== 0 && shots.push(i));
      const sunk = observe(
        position.rules,
        layout,
        [...shots, ...layout[0]!],
        position.sunkReported,
      );
      return { ...sunk, prior: position.prior };
    });
}

const wide = (s: { position: Position }): boolean =>
  s.position.rules.width > s.position.rules.height;
const square = (s: { position: Position }): boolean =>
  s.position.rules.width === s.position.rules.height;

describe('a board wider than tall runs on the graph of its transpose', () => {
  it('15x10 and 10x15 share one graph key; a wide graph is built in the tall frame', () => {
    const rules = (width: number, height: number, touch: TouchRule): Rules => ({
      width,
      height,
      touch,
      fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
    });
    expect(graphKey(rules(15, 10, 'allowed'))).toBe('10x15/allowed/5,4,3,3,2');
    expect(graphKey(rules(10, 15, 'allowed'))).toBe('10x15/allowed/5,4,3,3,2');
    expect(graphKey(rules(10, 10, 'no-touch'))).toBe('10x10/no-touch/5,4,3,3,2');
    const small = (width: number, height: number): Rules => ({
      width,
      height,
      touch: 'no-touch',
      fleet: [3, 2, 2].map((length) => ({ length })),
    });
    const wideGraph = buildGraph(small(7, 4), 64 * MB);
    const tallGraph = buildGraph(small(4, 7), 64 * MB);
    const shape = (g: RuleGraph) => [g.key, g.width, g.height, g.states, g.edges, g.runs];
    expect(shape(wideGraph)).toEqual(['4x7/no-touch/3,2,2', 4, 7, ...shape(tallGraph).slice(3)]);
  });

  it("a wide board's graph takes the budget of its transpose's, far below its own frame's", () => {
    // 16x5 as given would carry a frontier of 17 digits; as 5x16 it carries 6.
    const rules: Rules = {
      width: 16,
      height: 5,
      touch: 'allowed',
      fleet: [4, 3, 3, 2].map((length) => ({ length })),
    };
    const tall = buildGraph({ ...rules, width: 5, height: 16 }, 64 * MB);
    const prepared = prepareGraph(rules, 4 * (tall.bytes + 16 * tall.states + 2 * MB));
    expect(prepared.graph.states).toBe(tall.states);
    const p = emptyPosition(rules);
    p.cells[3] = MISS; // A4
    p.cells[5 * 16 - 1] = MISS; // E16
    const r = solveGraph(p, prepared)!;
    const dp = solveDp(p);
    expect(r.total).toBe(dp.total);
    expect(r.cellCounts).toEqual(dp.cellCounts);
    expect(r.width).toBe(16);
    expect(r.best).toBe(dp.best);
    expect(r.note).toMatch(/transposed/);
  });

  it('uniform counts equal brute force: every touch rule, both readings, sunk ships', () => {
    const graphFor = graphCache();
    const { seen, note } = coverage();
    fc.assert(
      fc.property(scenarios(wide), (position) => {
        note(position);
        const reference = bruteForce(position);
        for (const r of solvedWays(position, graphFor(position.rules), undefined)) {
          expect([r.width, r.height]).toEqual([position.rules.width, position.rules.height]);
          expectBruteCounts(r, reference);
          expect(r.note).toMatch(/transposed/);
        }
      }),
      { numRuns: 150, seed: 3301 },
    );
    expect(seen).toEqual({
      hidden: expect.toSatisfy((n: number) => n > 30),
      announced: expect.toSatisfy((n: number) => n > 30),
      sunk: expect.toSatisfy((n: number) => n > 20),
      hits: expect.toSatisfy((n: number) => n > 30),
      allowed: expect.toSatisfy((n: number) => n > 20),
      'no-touch': expect.toSatisfy((n: number) => n > 20),
      'no-edge-touch': expect.toSatisfy((n: number) => n > 20),
    });
  });

  it('with a prior: weighted totals and per-cell, per-length weights equal brute force', () => {
    const graphFor = graphCache();
    const { seen, note } = coverage();
    fc.assert(
      fc.property(scenarios(wide, true), (position) => {
        note(position);
        const reference = bruteForce(position);
        for (const r of solvedWays(position, graphFor(position.rules), undefined)) {
          expectBruteWeights(r, position, reference);
        }
      }),
      { numRuns: 100, seed: 3302 },
    );
    expect(seen['sunk']).toBeGreaterThan(12);
    expect(seen['hidden']).toBeGreaterThan(20);
  });

  it('5x3 and 6x4 boards: each touch rule, sinkings announced and not, equal to the DP', () => {
    const graphFor = graphCache();
    const boards: [number, number, number[]][] = [
      [5, 3, [3, 2, 1]],
      [6, 4, [3, 2, 2]],
    ];
    for (const [width, height, lengths] of boards) {
      for (const touch of ['allowed', 'no-touch', 'no-edge-touch'] as const) {
        for (const sunkReported of [true, false]) {
          const rules: Rules = {
            width,
            height,
            touch,
            fleet: lengths.map((length) => ({ length })),
          };
          // A hit on row 1 and one at the far right, misses left: no frame is symmetric.
          const p: Position = { ...emptyPosition(rules), sunkReported };
          p.cells[width + 1] = HIT;
          p.cells[width - 1] = HIT;
          p.cells[2 * width] = MISS;
          const dp = solveDp(p);
          const [kept, bare] = solvedWays(p, graphFor(rules), undefined);
          for (const r of [kept!, bare!]) {
            expect(r.total).toBe(dp.total);
            expect(r.cellCounts).toEqual(dp.cellCounts);
            expect(r.byLength.map((v) => [v.length, Array.from(v.probabilities)])).toEqual(
              dp.byLength.map((v) => [v.length, Array.from(v.probabilities)]),
            );
            expect([r.best, r.ties]).toEqual([dp.best, dp.ties]);
          }
          expectBruteCounts(kept!, bruteForce(p));
        }
      }
    }
  });
});

describe('a square board runs in either frame, exact in both', () => {
  it('uniform counts: both frames equal brute force, with and without kept values', () => {
    const graphFor = graphCache();
    const { seen, note } = coverage();
    fc.assert(
      fc.property(scenarios(square), (position) => {
        note(position);
        const reference = bruteForce(position);
        for (const frame of ['as given', 'transposed', undefined] as const) {
          for (const r of solvedWays(position, graphFor(position.rules), frame)) {
            expectBruteCounts(r, reference);
          }
        }
      }),
      { numRuns: 80, seed: 3303 },
    );
    expect(seen['hidden']).toBeGreaterThan(15);
    expect(seen['sunk']).toBeGreaterThan(10);
    expect(seen['hits']).toBeGreaterThan(15);
  });

  it('with a prior: both frames equal brute force', () => {
    const graphFor = graphCache();
    fc.assert(
      fc.property(scenarios(square, true), (position) => {
        const reference = bruteForce(position);
        for (const frame of ['as given', 'transposed'] as const) {
          for (const r of solvedWays(position, graphFor(position.rules), frame)) {
            expectBruteWeights(r, position, reference);
          }
        }
      }),
      { numRuns: 50, seed: 3304 },
    );
  });

  it('only a square board can be solved in the frame the caller asks', () => {
    const rules: Rules = { width: 5, height: 3, touch: 'allowed', fleet: [{ length: 2 }] };
    const prepared = prepareGraph(rules, 64 * MB);
    expect(() => solveGraph(emptyPosition(rules), prepared, {}, 'as given')).toThrow(
      /only a square board/,
    );
  });
});

describe('the frame cost model', () => {
  // A graph of 4 layers and 2 labels (masks hold a weight per cell and label).
  const labels = 2;

  it("counts the edges of the first passes' layers", () => {
    const counts = Float64Array.of(3, 30, 300, 11);
    expect(spanVisits(counts, { from: 0, to: 0 })).toBe(0);
    expect(spanVisits(counts, { from: 4, to: 4 })).toBe(0);
    expect(spanVisits(counts, { from: 1, to: 3 })).toBe(330);
    expect(spanVisits(counts, { from: 0, to: 4 })).toBe(344);
  });

  it('the span runs from the first marked cell to the last, or to the bottom past a sinking', () => {
    const empty = { weights: Float64Array.of(1, 1, 1, 1, 1, 1, 1, 1), target: 7 };
    const marked = { weights: Float64Array.of(1, 1, 1, 0, 1, 1, 0.5, 1), target: 7 };
    expect(firstPassSpan(marked, empty, labels)).toEqual({ from: 1, to: 4 });
    expect(firstPassSpan({ ...marked, target: 3 }, empty, labels)).toEqual({ from: 1, to: 4 });
    const one = { weights: Float64Array.of(1, 1, 0, 1, 1, 1, 1, 1), target: 7 };
    expect(firstPassSpan(one, empty, labels)).toEqual({ from: 1, to: 2 });
    expect(firstPassSpan({ ...one, target: 3 }, empty, labels)).toEqual({ from: 1, to: 4 });
    expect(firstPassSpan(empty, empty, labels)).toEqual({ from: 4, to: 4 });
    expect(firstPassSpan(one, undefined, labels)).toEqual({ from: 0, to: 4 });
  });

  it("the graph's edge counts per layer add up to its edges", () => {
    const rules: Rules = {
      width: 5,
      height: 5,
      touch: 'no-touch',
      fleet: [3, 2, 2].map((length) => ({ length })),
    };
    const graph = buildGraph(rules, 64 * MB);
    const edges = layerEdgeCounts(graph);
    expect(edges.length).toBe(25);
    expect(edges.reduce((a, b) => a + b, 0)).toBe(graph.edges);
    expect(Math.min(...edges)).toBeGreaterThan(0);
    expect(Array.from(graph.layerEdges!)).toEqual(Array.from(edges));
    const some = layerEdgeCounts(graph, (layer) => layer === 12);
    some.forEach((n, layer) => expect(n).toBe(layer === 12 ? edges[layer] : 0));
  });

  describe('on an 8x8 board', () => {
    const rules: Rules = {
      width: 8,
      height: 8,
      touch: 'no-touch',
      fleet: [4, 3, 3, 2, 2].map((length) => ({ length })),
    };
    const prepared = prepareGraph(rules, 256 * MB);
    const at = (row: number, col: number): number => row * 8 + col;
    const withMisses = (cells: number[]): Position => {
      const p = emptyPosition(rules);
      for (const c of cells) p.cells[c] = MISS;
      return p;
    };

    it('marks in two columns run transposed, marks in two rows as given; both exact', () => {
      const columns = withMisses([at(0, 2), at(3, 2), at(7, 2), at(1, 5), at(6, 5)]);
      const rows = withMisses([at(2, 0), at(2, 3), at(2, 7), at(5, 1), at(5, 6)]);
      const choose = (p: Position) =>
        chooseFrame(buildBoard(p), prepared.graph, prepared.empty?.masks);
      const byColumns = choose(columns);
      expect(byColumns.framed.transposed).toBe(true);
      expect(byColumns.visits![1]).toBeLessThan(byColumns.visits![0]);
      const byRows = choose(rows);
      expect(byRows.framed.transposed).toBe(false);
      expect(byRows.visits![0]).toBeLessThan(byRows.visits![1]);
      // The two positions are each other's transpose: the costs swap.
      expect(byRows.visits).toEqual([byColumns.visits![1], byColumns.visits![0]]);
      for (const p of [columns, rows]) {
        const r = solveGraph(p, prepared)!;
        const dp = solveDp(p);
        expect(r.total).toBe(dp.total);
        expect(r.cellCounts).toEqual(dp.cellCounts);
        expect([r.best, r.ties]).toEqual([dp.best, dp.ties]);
      }
      expect(solveGraph(columns, prepared)!.note).toMatch(/transposed .*fewer edge visits/);
      expect(solveGraph(rows, prepared)!.note).not.toMatch(/transposed/);
      // Through auto, the note says so after why auto chose the graph.
      const viaAuto = solve(columns, 'auto', { graphs: { graphFor: () => prepared } });
      expect(viaAuto.note).toMatch(/auto chose graph: .*; the graph ran on the board transposed/);
    });

    it("the graph's per-layer counts and those counted where the spans differ agree", () => {
      const all = layerEdgeCounts(prepared.graph);
      const { labels } = prepared.graph;
      let chosen = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(63), fc.constantFrom(HIT, MISS)), {
            minLength: 1,
            maxLength: 8,
          }),
          (marks) => {
            const p = emptyPosition(rules);
            for (const [cell, mark] of marks) p.cells[cell] = mark;
            let board;
            try {
              board = buildBoard(p);
            } catch {
              return; // more hits than the fleet has cells
            }
            const choice = chooseFrame(board, prepared.graph, prepared.empty?.masks);
            // A graph kept before it carried its per-layer counts counts them from its runs.
            const older = { ...prepared.graph, layerEdges: undefined };
            const counted = chooseFrame(board, older, prepared.empty?.masks);
            expect(counted.framed.transposed).toBe(choice.framed.transposed);
            if (!choice.visits) return;
            chosen++;
            expect(counted.visits![0] - counted.visits![1]).toBe(
              choice.visits[0] - choice.visits[1],
            );
            const full = [false, true].map((transposed) => {
              const masks = graphMasks(prepared.graph, frameBoard(board, transposed).board);
              return spanVisits(all, firstPassSpan(masks, prepared.empty!.masks, labels));
            });
            expect(choice.visits[0] - choice.visits[1]).toBe(full[0]! - full[1]!);
            expect(choice.framed.transposed).toBe(full[1]! < full[0]!);
          },
        ),
        { numRuns: 60, seed: 3305 },
      );
      expect(chosen).toBeGreaterThan(30);
    });

    it('a game solved from held values keeps to the cheaper frame, exact at every shot', () => {
      const game = { ...prepared, held: holdValues(prepared.graph, typescriptKernel) };
      const shots = [at(6, 2), at(1, 5), at(3, 2), at(7, 5), at(0, 2), at(4, 5)];
      const p = emptyPosition(rules);
      const notes: string[] = [];
      for (const shot of shots) {
        p.cells[shot] = MISS;
        const position = { ...p, cells: p.cells.slice() };
        const r = solveGraph(position, game)!;
        const dp = solveDp(position);
        expect(r.total).toBe(dp.total);
        expect(r.cellCounts).toEqual(dp.cellCounts);
        notes.push(r.note!);
      }
      // Marks in columns 2 and 5: transposed, and after the first shot one shot from the last.
      for (const note of notes) expect(note).toMatch(/transposed/);
      for (const note of notes.slice(1)) expect(note).toMatch(/from the position solved before/);
    });

    it('an empty board and a board without kept values run as given', () => {
      const empty = chooseFrame(
        buildBoard(emptyPosition(rules)),
        prepared.graph,
        prepared.empty?.masks,
      );
      expect(empty.framed.transposed).toBe(false);
      const columns = withMisses([at(0, 2), at(7, 2)]);
      expect(chooseFrame(buildBoard(columns), prepared.graph, undefined).framed.transposed).toBe(
        false,
      );
    });

    it('a sunk ship in two columns: the transposed frame, counts equal to the DP', () => {
      // With a ship sunk the kept backward values no longer hold: the first passes run from
      // the first marked cell to the bottom, so marks low in the frame cost least.
      const p = withMisses([at(0, 6), at(7, 6)]);
      p.cells[at(2, 6)] = HIT;
      p.cells[at(3, 6)] = HIT;
      p.sunk = [[at(2, 6), at(3, 6)]];
      const choice = chooseFrame(buildBoard(p), prepared.graph, prepared.empty?.masks);
      expect(choice.framed.transposed).toBe(true);
      const r = solveGraph(p, prepared)!;
      const dp = solveDp(p);
      expect(r.total).toBe(dp.total);
      expect(r.cellCounts).toEqual(dp.cellCounts);
    });
  });
});
