// auto's choice of engine from a bound on the layouts (auto-choice.ts) when the rules' graph is
// ready: the bound never undercounts, positions go to the engine the rule names (with the note
// saying why), and greedy plays the same games, every answer exact against the DP, as with the
// enumeration probed first on every position.

import { describe, expect, it } from 'vitest';
import { HIT, MISS, emptyPosition, type Position } from '../../src/core/position';
import { presetRules, type Rules } from '../../src/core/rules';
import { seededRandom } from '../../src/core/random';
import { createReferee } from '../../src/core/simulate/referee';
import { SimulationContexts, simulateChunk } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { PROBE_FINISHES_BELOW, autoStart, layoutBound } from '../../src/core/solve/auto-choice';
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
const CLASSIC = presetRules('classic');

const graphs = new Map<Rules, PreparedGraph>();
/** The rules' graph with held values, as a thread keeps it (built once per file). */
function graphOf(rules: Rules): PreparedGraph {
  let g = graphs.get(rules);
  if (!g) {
    const fresh = prepareGraph(rules, 3072 * MB);
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

/** Cells of a ship of `length` from `cell`, across. */
const ship = (cell: number, length: number): number[] => Array.from({ length }, (_, k) => cell + k);

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
  // Classic, the 5 sunk on the top row, misses on every sixth diagonal: 23.8 million layouts at
  // most, fewer than classic's graph has edges, and more than the probe finishes.
  const classicLate = (mod: number, sunkReported = true): Position => {
    const p = position(CLASSIC, { sunk: [ship(0, 5)], sunkReported });
    for (let c = 20; c < 100; c++)
      if ((Math.floor(c / 10) + (c % 10)) % mod === 0) p.cells[c] = MISS;
    return p;
  };
  const edges = () => graphOf(CLASSIC).graph.edges;

  it('enumerates, without a probe, a position with no open hit and fewer layouts than edges', () => {
    const p = classicLate(6);
    const start = autoStart(p, () => graphOf(CLASSIC).graph);
    expect(start.kind).toBe('enumerate');
    if (start.kind !== 'enumerate') return;
    expect(start.bound).toBeGreaterThanOrEqual(PROBE_FINISHES_BELOW);
    expect(start.bound).toBeLessThanOrEqual(edges());
    // The probe alone would not finish it: before the rule, the graph answered.
    const before = solve(p, 'auto', withGraph(CLASSIC, true));
    expect(before.solver).toBe('graph');
    const r = solve(p, 'auto', withGraph(CLASSIC));
    expect(r.solver).toBe('enumerate');
    expect(r.note).toMatch(/^auto chose enumerate: no hit is open and at most [\d,]+ layouts fit/);
    expect(r.total).toBe(before.total);
    expect(r.cellCounts).toEqual(before.cellCounts);
  });

  it('runs the graph without a probe past the edge count, in both readings', () => {
    const open = (sunkReported: boolean) =>
      position(CLASSIC, { misses: [0, 11, 22], sunkReported });
    for (const p of [classicLate(7), open(true), open(false)]) {
      const start = autoStart(p, () => graphOf(CLASSIC).graph);
      expect(start.kind).toBe('graph');
      if (start.kind === 'graph') expect(start.bound).toBeGreaterThan(edges());
      const r = solve(p, 'auto', withGraph(CLASSIC));
      expect(r.solver).toBe('graph');
      expect(r.note).toMatch(/^auto chose graph: no hit is open and up to [\d,]+ layouts fit/);
    }
  });

  it('leaves the choice to the probe with a hit open, in both readings', () => {
    // Sinkings not announced: the same marks, every hit open.
    const hitsOnly = { ...classicLate(6), sunk: [], sunkReported: false };
    const hitAnnounced = position(CLASSIC, { hits: [27], misses: [9, 18] });
    for (const p of [hitsOnly, hitAnnounced]) {
      expect(autoStart(p, () => graphOf(CLASSIC).graph).kind).toBe('probe');
    }
    expect(solve(hitAnnounced, 'auto', withGraph(CLASSIC)).note).toMatch(
      /^auto chose graph: enumeration would need more than/,
    );
  });

  it('probes without asking for the graph below the bound the probe always finishes', () => {
    const late = position(ALLOWED, {
      sunk: [ship(0, 4), ship(8, 3)],
      misses: [20, 27, 34, 41, 48, 55, 62, 5],
    });
    let asked = 0;
    const counting: SolveOptions = {
      graphs: { graphFor: () => (asked++, graphOf(ALLOWED)) },
    };
    expect(autoStart(late, () => (asked++, graphOf(ALLOWED).graph)).kind).toBe('probe');
    const r = solve(late, 'auto', counting);
    expect(r.note).toMatch(/within its [\d,]+-node probe/);
    expect(asked).toBe(0);
    expect(r.total).toBe(solveDp(late).total);
  });

  it('leaves the choice to the probe past the bound under a touch rule', () => {
    const p = position(NO_TOUCH, { misses: [0] });
    expect(layoutBound(buildBoard(p))).toBeGreaterThan(graphOf(NO_TOUCH).graph.edges);
    expect(autoStart(p, () => graphOf(NO_TOUCH).graph).kind).toBe('probe');
    expect(solve(p, 'auto', withGraph(NO_TOUCH)).note).toMatch(/within its [\d,]+-node probe/);
  });

  it('probes first on every position when asked to (probeFirst)', () => {
    const r = solve(classicLate(7), 'auto', withGraph(CLASSIC, true));
    expect(r.note).toMatch(/^auto chose graph: enumeration would need more than/);
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
      // The games met the new choice, not only the probe's (this board's graph has fewer edges
      // than the bound the probe always finishes below: no position enumerates by the rule).
      expect(kinds).toContain('graph no hit is open');
    });
  }
});
