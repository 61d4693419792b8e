// auto's choice of engine from a bound on the layouts (auto-choice.ts) when the rules' graph is
// ready: the bound never undercounts, positions go to the engine the rule names (with the note
// saying why), and greedy plays the same games, every answer exact against the DP, as with the
// enumeration probed first on every position.

import { describe, expect, it } from 'vitest';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { seededRandom } from '../../src/core/random';
import { createReferee } from '../../src/core/simulate/referee';
import { SimulationContexts, simulateChunk } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { autoStart, layoutBound } from '../../src/core/solve/auto-choice';
import { buildBoard } from '../../src/core/solve/board';
import { solveDp } from '../../src/core/solve/dp/dp';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import type { SolveOptions } from '../../src/core/solve/options';

const MB = 2 ** 20;

const fleet = (...lengths: number[]) => lengths.map((length) => ({ length }));
const ALLOWED: Rules = { width: 8, height: 8, fleet: fleet(4, 3, 3, 2, 2), touch: 'allowed' };
const NO_TOUCH: Rules = { width: 7, height: 7, fleet: fleet(4, 3, 2, 2), touch: 'no-touch' };

const graphs = new Map<Rules, PreparedGraph>();
/** The rules' graph with held values, as a thread keeps it (built once per file). */
function graphOf(rules: Rules): PreparedGraph {
  let g = graphs.get(rules);
  if (!g) {
    const fresh = prepareGraph(rules, 1024 * MB);
    const kernel = fresh.kernel ?? typescriptKernel;
    g = { ...fresh, kernel, held: holdValues(fresh.graph, kernel, undefined, true) };
    graphs.set(rules, g);
  }
  return g;
}

const withGraph = (rules: Rules, probeFirst = false): SolveOptions => ({
  graphs: { graphFor: () => graphOf(rules) },
  probeFirst,
});

/** A position of `rules` from marks: `sunk` ships (their cells hit), then hits and misses. */
function position(
  rules: Rules,
  marks: { sunk?: number[][]; hits?: number[]; misses?: number[]; sunkReported?: boolean },
): Position {
  const p = emptyPosition(rules);
  for (const ship of marks.sunk ?? []) for (const c of ship) p.cells[c] = HIT;
  for (const c of marks.hits ?? []) p.cells[c] = HIT;
  for (const c of marks.misses ?? []) p.cells[c] = MISS;
  p.sunk = marks.sunk ?? [];
  p.sunkReported = marks.sunkReported ?? true;
  return p;
}

/** Cells of a ship of `length` from `cell`, across (step 1) or down (step 8). */
const ship = (cell: number, length: number, step = 1): number[] =>
  Array.from({ length }, (_, k) => cell + k * step);

describe('the layout bound', () => {
  it('is never below the exact count, and is the count with one ship left', () => {
    const random = seededRandom(7);
    for (let k = 0; k < 20; k++) {
      const misses = Array.from({ length: 12 }, () => Math.floor(random() * 64));
      const sunk = [ship(0, 4), ship(16, 3)].filter(() => random() < 0.7);
      const p = position(ALLOWED, {
        sunk,
        misses: misses.filter((c) => !sunk.flat().includes(c)),
      });
      const exact = Number(solveDp(p).total);
      expect(layoutBound(buildBoard(p))).toBeGreaterThanOrEqual(exact);
    }
    const oneLeft = position(ALLOWED, {
      sunk: [ship(0, 4), ship(8, 3), ship(16, 3), ship(24, 2)],
      misses: [40, 41, 50],
    });
    expect(layoutBound(buildBoard(oneLeft))).toBe(Number(solveDp(oneLeft).total));
  });
});

describe("auto's engine when the graph is ready", () => {
  const late = position(ALLOWED, {
    sunk: [ship(0, 4), ship(8, 3)],
    misses: [20, 27, 34, 41, 48, 55, 62, 5],
  });

  it('enumerates, without a probe, a position with no open hit and fewer layouts than edges', () => {
    const g = graphOf(ALLOWED).graph;
    const start = autoStart(late, g);
    expect(start.kind).toBe('enumerate');
    const r = solve(late, 'auto', withGraph(ALLOWED));
    expect(r.solver).toBe('enumerate');
    expect(r.note).toMatch(/^auto chose enumerate: no hit is open and at most [\d,]+ layouts fit/);
    expect(r.total).toBe(solveDp(late).total);
    // Sinkings not announced: the same marks, every hit open, so the probe decides.
    const hitsOnly = { ...late, sunk: [], sunkReported: false };
    expect(autoStart(hitsOnly, g).kind).toBe('probe');
    expect(solve(hitsOnly, 'auto', withGraph(ALLOWED)).note).toMatch(
      /within its [\d,]+-node probe/,
    );
  });

  it('runs the graph without a probe on an open board, in both readings', () => {
    for (const sunkReported of [true, false]) {
      const p = position(ALLOWED, { misses: [9, 18, 27], sunkReported });
      expect(autoStart(p, graphOf(ALLOWED).graph).kind).toBe('graph');
      const r = solve(p, 'auto', withGraph(ALLOWED));
      expect(r.solver).toBe('graph');
      expect(r.note).toMatch(/^auto chose graph: no hit is open and up to [\d,]+ layouts fit/);
      expect(r.total).toBe(solveDp(p).total);
    }
  });

  it('leaves the choice to the probe with a hit open, in both readings', () => {
    for (const sunkReported of [true, false]) {
      const p = position(ALLOWED, { hits: [27], misses: [9, 18], sunkReported });
      expect(autoStart(p, graphOf(ALLOWED).graph).kind).toBe('probe');
      expect(solve(p, 'auto', withGraph(ALLOWED)).note).toMatch(
        /^auto chose graph: enumeration would need more than/,
      );
    }
  });

  it('leaves the choice to the probe past the bound under a touch rule', () => {
    const p = position(NO_TOUCH, { misses: [0] });
    expect(autoStart(p, graphOf(NO_TOUCH).graph).kind).toBe('probe');
    expect(solve(p, 'auto', withGraph(NO_TOUCH)).note).toMatch(/within its [\d,]+-node probe/);
  });

  it('probes first on every position when asked to (probeFirst)', () => {
    const r = solve(late, 'auto', withGraph(ALLOWED, true));
    expect(r.note).toMatch(/^auto chose enumerate: the search finished within its/);
  });
});

describe('greedy with the engine chosen from the bound', () => {
  for (const answers of ['sunk', 'hit-miss'] as const) {
    it(`plays the same games as with the probe first, every answer exact against the DP (${answers})`, () => {
      const games = 4;
      const play = (probeFirst: boolean) => {
        const contexts = new SimulationContexts(true, withGraph(ALLOWED, probeFirst), false);
        const layouts: number[][][] = [];
        const spec = { rules: ALLOWED, strategies: ['greedy'], seed: 11, answers };
        const [greedy] = simulateChunk(spec, 0, games, {
          contexts,
          recordCells: true,
          onFleet: (g, layout) => (layouts[g] = layout),
        });
        return { cells: greedy!.cells!, layouts };
      };
      const before = play(true);
      const after = play(false);
      expect(after.cells).toEqual(before.cells);
      // Every position of those games, as auto now answers it, against the DP.
      const kinds = new Set<string>();
      for (let g = 0; g < games; g++) {
        const referee = createReferee(ALLOWED, after.layouts[g]!, answers);
        for (const cell of after.cells[g]!) {
          const p = { ...referee.position, cells: referee.position.cells.slice() };
          p.sunk = referee.position.sunk.map((s) => s.slice());
          const r = solve(p, 'auto', withGraph(ALLOWED));
          const dp = solveDp(p);
          expect(r.total).toBe(dp.total);
          expect(r.cellCounts).toEqual(dp.cellCounts);
          kinds.add(
            /^auto chose (\w+): (no hit is open|\w+)/
              .exec(r.note ?? '')!
              .slice(1)
              .join(' '),
          );
          referee.fire(cell);
        }
      }
      // The games met the new choices, not only the probe's.
      expect(kinds).toContain('graph no hit is open');
      if (answers === 'sunk') expect(kinds).toContain('enumerate no hit is open');
    });
  }
});
