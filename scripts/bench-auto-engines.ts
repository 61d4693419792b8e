// `npm run bench -- greedy --engines [--games N] [--hits-only]`: what each exact engine costs on
// the positions `auto` answers in classic greedy games.
//
// The games are played as the simulator plays them (auto over the graph, held values with
// narrow masks), then replayed: every position the run had not met before (the run's cache
// answers the others) is solved by the enumeration probe, by the rule's choice (auto-choice.ts),
// and, past the probe, by the graph from the held values of the position solved before it that
// also went past, by the enumeration with larger budgets, and by the DP through models reused
// along the game (positions with four ships afloat or fewer). CPU milliseconds per position,
// grouped by what predicts them: ships afloat, open hits, and the layout bound.

import { BudgetError } from '../src/core/errors';
import type { Position } from '../src/core/position';
import { presetRules } from '../src/core/rules';
import { createReferee } from '../src/core/simulate/referee';
import { SimulationContexts, simulateChunk } from '../src/core/simulate/run';
import type { Answers } from '../src/core/simulate/game';
import { positionKey } from '../src/core/strategy/posterior';
import { layoutBound } from '../src/core/solve/auto-choice';
import { buildBoard } from '../src/core/solve/board';
import { DpModels, solveDpReusing } from '../src/core/solve/dp/dp-reuse';
import { solveEnumerate } from '../src/core/solve/enumerate';
import type { PreparedGraph } from '../src/core/solve/graph/prepare';
import { solveGraph } from '../src/core/solve/graph/solve';
import { cpuMs } from './bench-util';

const SEED = 2026;

/** CPU milliseconds of `f`, and its result (null when it passed its budget). */
function timed<T>(f: () => T): { ms: number; value: T | null } {
  const c0 = cpuMs();
  try {
    const value = f();
    return { ms: cpuMs() - c0, value };
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
    return { ms: cpuMs() - c0, value: null };
  }
}

interface Row {
  afloat: string;
  openHits: number;
  /** The layout bound, or -1 with a hit open. */
  bound: number;
  probeMs: number;
  probeOk: boolean;
  graphMs?: number;
  /** Per larger budget: ms, negative when it passed the budget. */
  enumerateMs?: number[];
  dpMs?: number;
}

const BUDGETS = [200_000, 2_000_000];

/** The positions of the games that the run's cache had not met, in the order they came. */
function newPositions(graph: PreparedGraph, games: number, answers: Answers): Position[] {
  const rules = presetRules('classic');
  const layouts: number[][][] = [];
  const contexts = new SimulationContexts(true, { graphs: { graphFor: () => graph } });
  const [greedy] = simulateChunk({ rules, strategies: ['greedy'], seed: SEED, answers }, 0, games, {
    contexts,
    recordCells: true,
    onFleet: (g, layout) => (layouts[g] = layout),
  });
  const seen = new Set<string>();
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const referee = createReferee(rules, layouts[g]!, answers);
    for (const cell of greedy!.cells![g]!) {
      const p = referee.position;
      const copy = { ...p, cells: p.cells.slice(), sunk: p.sunk.map((s) => s.slice()) };
      referee.fire(cell);
      const key = positionKey(copy);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(copy);
    }
  }
  return out;
}

function measure(p: Position, graph: PreparedGraph, models: DpModels): Row {
  const afloat = p.rules.fleet.map((s) => s.length);
  for (const s of p.sunk) afloat.splice(afloat.indexOf(s.length), 1);
  const board = buildBoard(p);
  let openHits = 0;
  for (const c of board.mustCover) openHits += c;
  const probe = timed(() => solveEnumerate(p, { maxNodes: 20_000, giveUpEarly: true }));
  const row: Row = {
    afloat: afloat.join(''),
    openHits,
    bound: openHits > 0 ? -1 : layoutBound(board),
    probeMs: probe.ms,
    probeOk: probe.value !== null,
  };
  if (probe.value) return row;
  row.graphMs = timed(() => solveGraph(p, graph)).ms;
  row.enumerateMs = BUDGETS.map((maxNodes) => {
    const e = timed(() => solveEnumerate(p, { maxNodes, giveUpEarly: true }));
    return e.value ? e.ms : -e.ms;
  });
  if (afloat.length <= 4) row.dpMs = timed(() => solveDpReusing(p, models)).ms;
  return row;
}

const avg = (xs: number[]): string =>
  xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : '-';

function report(rows: Row[], games: number, key: (r: Row) => string, title: string): void {
  console.log(`  by ${title}:`);
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  for (const [k, rs] of [...groups].sort((a, b) =>
    a[0].localeCompare(b[0], 'en', { numeric: true }),
  )) {
    const past = rs.filter((r) => !r.probeOk);
    const finished = (i: number) => past.filter((r) => r.enumerateMs![i]! > 0);
    const dp = past.filter((r) => r.dpMs !== undefined);
    console.log(
      `    ${k}: ${(rs.length / games).toFixed(2)} a game; probe ${avg(rs.map((r) => r.probeMs))} ms, ` +
        `finished ${rs.length - past.length}` +
        (past.length === 0
          ? ''
          : `; past it ${past.length}: graph ${avg(past.map((r) => r.graphMs!))} ms, ` +
            BUDGETS.map(
              (b, i) =>
                `${b / 1000}k-node enumeration finished ${finished(i).length} ` +
                `(${avg(finished(i).map((r) => r.enumerateMs![i]!))} ms)`,
            ).join(', ') +
            (dp.length ? `, DP ${avg(dp.map((r) => r.dpMs!))} ms` : '')),
    );
  }
}

export function benchAutoEngines(graph: PreparedGraph, games: number, answers: Answers): void {
  const positions = newPositions(graph, games, answers);
  const models = new DpModels();
  const rows = positions.map((p) => measure(p, graph, models));
  const sum = (f: (r: Row) => number | undefined) =>
    (rows.reduce((a, r) => a + (f(r) ?? 0), 0) / games).toFixed(0);
  console.log(
    `  ${answers === 'sunk' ? 'sinkings announced' : 'hits only'}, games 0-${games - 1}: ` +
      `${(rows.length / games).toFixed(1)} new positions a game; per game the probes take ` +
      `${sum((r) => r.probeMs)} ms (${sum((r) => (r.probeOk ? 0 : r.probeMs))} ms failing), ` +
      `the graph ${sum((r) => r.graphMs)} ms`,
  );
  report(rows, games, (r) => `${r.afloat} afloat, ${Math.min(r.openHits, 4)} open hits`, 'fleet');
  const decade = (r: Row): string =>
    r.bound < 0 ? 'a hit open' : `bound 1e${(Math.floor(2 * Math.log10(r.bound)) / 2).toFixed(1)}`;
  report(
    rows.filter((r) => r.bound >= 1e6),
    games,
    decade,
    'layout bound (no hit open, bound 1e6 or more)',
  );
}
