// The solvers: stable names, one signature, and `auto`, which picks the faster exact
// solver from a cheap probe and says why.
//
// `auto` first lets `enumerate` run with a small node budget: positions with few consistent
// layouts (late game, several hits) finish inside it, faster than the DP could even set up.
// Past the budget the DP runs, whose cost depends on the board's frontier, not on how many
// layouts there are. The probe gives up as soon as the share of its first-level branches done
// shows it will not finish in time, so a position the DP solves in a millisecond or two does not
// first pay for the whole probe (on Russian mid-game positions that doubled the time).
//
// When the caller hands a state graph for the position's rules (options.graphs; graph/), the
// graph engine answers instead of the DP: the same exact counts, without rebuilding the DP's
// states per position (the result's solver is then "graph"). What the graph cannot take (named
// hits, volleys, a uniform count past 2^53) goes to the DP, and the note says which ran. It has
// no name of its own in the registry: building a graph takes seconds, worth it only to a caller
// that keeps it (a worker thread), which reaches it through `auto`.
//
// With the graph ready and no hit open, a bound on the layouts replaces the probe
// (auto-choice.ts): few enough, the enumeration runs to the end; more, with ships allowed to
// touch, the graph at once.

import { BudgetError, InputError, NoLayoutError } from '../errors';
import { hasObservations, type Position } from '../position';
import { solveDp } from './dp/dp';
import { solveDpReusing, type DpModels } from './dp/dp-reuse';
import { autoStart, type AutoStart } from './auto-choice';
import { solveEnumerate } from './enumerate';
import { HEURISTIC_SOLVERS, heuristicSolvers } from './heuristics';
import type { SolveOptions } from './options';
import { mayUnderflow, unevenPriorError } from './prior-range';
import { checkFinite, type SolveResult } from './result';
import type { PreparedGraph } from './graph/prepare';
import { graphMisfit, solveGraph } from './graph/solve';

export const EXACT_SOLVERS = ['auto', 'dp', 'enumerate'] as const;
export type ExactSolverName = (typeof EXACT_SOLVERS)[number];

/** Search nodes the enumeration probe of `auto` may use before handing over to the DP. */
export const AUTO_PROBE_NODES = 20_000;

export type Solver = (position: Position, options?: SolveOptions) => SolveResult;

/**
 * Solvers that read named hits and volleys. Any other solver would silently ignore them and
 * answer a different question, so it refuses such positions.
 */
const TAKES_OBSERVATIONS: ReadonlySet<string> = new Set<string>([
  'enumerate',
  'dp',
  'auto',
  'sample',
]);

/** Every solver by its stable name, exact ones first: a constant table, filled once here. */
const SOLVERS: ReadonlyMap<string, Solver> = new Map<string, Solver>([
  ['dp', guarded('dp', solveDp)],
  ['enumerate', guarded('enumerate', solveEnumerate)],
  ['auto', guarded('auto', solveAuto)],
  ...HEURISTIC_SOLVERS.map((name): [string, Solver] => [
    name,
    guarded(name, heuristicSolvers[name]),
  ]),
]);

/**
 * Every solver as callers reach it: a result with a number out of float range is an error, never
 * an answer; and "no layout" under a prior so uneven that every layout's weight may round to 0
 * is checked without the prior, so a layout that fits is not reported missing.
 */
function guarded(name: string, solver: Solver): Solver {
  return (position, options) => {
    if (hasObservations(position) && !TAKES_OBSERVATIONS.has(name)) {
      const takers = [...TAKES_OBSERVATIONS];
      throw new InputError(
        'solver',
        `${name} cannot read named hits or volleys${takers.length ? ` (use ${takers.join(', ')})` : ''}`,
      );
    }
    try {
      return checkFinite(solver(position, options));
    } catch (e) {
      if (!(e instanceof NoLayoutError) || !position.prior || !mayUnderflow(position)) throw e;
      const { prior: _, ...uniform } = position;
      solver(uniform, options); // throws the same NoLayoutError when nothing fits at all
      throw unevenPriorError();
    }
  };
}

export function solverNames(): string[] {
  return [...SOLVERS.keys()];
}

export function getSolver(name: string): Solver {
  const solver = SOLVERS.get(name);
  if (!solver) {
    throw new InputError('solver', `unknown solver "${name}" (known: ${solverNames().join(', ')})`);
  }
  return solver;
}

export function solve(
  position: Position,
  solver = 'auto',
  options: SolveOptions = {},
): SolveResult {
  return getSolver(solver)(position, options);
}

/**
 * `auto` or `dp` through kept DP models (dp-reuse.ts): the same results, faster along a game,
 * whose positions extend each other. Other solvers, and positions with named hits or volleys,
 * solve as `solve` does.
 */
export function solveReusing(
  position: Position,
  solver: string,
  models: DpModels,
  options: SolveOptions = {},
): SolveResult {
  if (hasObservations(position) || (solver !== 'auto' && solver !== 'dp')) {
    return solve(position, solver, options);
  }
  const run: Solver =
    solver === 'auto' ? (p, o) => solveAuto(p, o, models) : (p, o) => solveDpReusing(p, models, o);
  return guarded(solver, run)(position, options);
}

/** The caller's graph for a position's rules, when the graph engine can take the position. */
function graphFor(position: Position, options: SolveOptions): PreparedGraph | undefined {
  const prepared = options.graphs?.graphFor(position.rules);
  return prepared && graphMisfit(position, prepared.graph) === null ? prepared : undefined;
}

function solveAuto(position: Position, options: SolveOptions = {}, models?: DpModels): SolveResult {
  const t0 = performance.now();
  // The graph is asked for once, when the choice or a failed probe needs it.
  let asked = false;
  let ready: PreparedGraph | undefined;
  const graphOnce = (): PreparedGraph | undefined => {
    if (!asked) ready = graphFor(position, options);
    asked = true;
    return ready;
  };
  // Without a graph provider every choice but the probe needs what is not there: no bound.
  const start: AutoStart =
    options.probeFirst || !options.graphs
      ? { kind: 'probe' }
      : autoStart(position, () => graphOnce()?.graph);
  if (start.kind === 'enumerate') {
    const r = solveEnumerate(position, options);
    return {
      ...r,
      ms: performance.now() - t0,
      note: withNote(
        `auto chose enumerate: no hit is open and at most ${count(start.bound)} layouts fit, ` +
          `no more than the state graph has edges`,
        r.note,
      ),
    };
  }
  if (start.kind === 'probe') {
    try {
      const r = solveEnumerate(position, {
        ...options,
        maxNodes: AUTO_PROBE_NODES,
        giveUpEarly: true,
      });
      return {
        ...r,
        ms: performance.now() - t0,
        note: withNote(
          `auto chose enumerate: the search finished within its ${count(AUTO_PROBE_NODES)}-node probe`,
          r.note,
        ),
      };
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
    }
  }
  const probe =
    start.kind === 'graph'
      ? `no hit is open and up to ${count(start.bound)} layouts fit, more than the state graph has edges`
      : `enumeration would need more than ${count(AUTO_PROBE_NODES)} search nodes`;
  const prepared = graphOnce();
  const viaGraph = prepared && solveGraph(position, prepared, options);
  if (viaGraph) {
    return {
      ...viaGraph,
      ms: performance.now() - t0,
      note: withNote(
        `auto chose graph: ${probe}, and the state graph of these rules is ready`,
        viaGraph.note,
      ),
    };
  }
  const r = models ? solveDpReusing(position, models, options) : solveDp(position, options);
  const why = prepared
    ? "the count passes 2^53, past the graph engine's exact doubles"
    : "the DP's cost does not grow with the number of layouts";
  return {
    ...r,
    ms: performance.now() - t0,
    note: withNote(`auto chose dp: ${probe}, and ${why}`, r.note),
  };
}

/** A count as the notes write it. */
function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Why auto chose a solver, then what that solver noted (what its total counts). */
function withNote(why: string, note: string | undefined): string {
  return note ? `${why}; ${note}` : why;
}
