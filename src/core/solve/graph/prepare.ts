// A rule set's graph made ready for solving: the graph (build.ts) and, when the memory budget
// allows, the empty board's kept values (passes.ts), which shorten every position's first passes.
// Built by pure functions; whoever keeps the result (a worker, a test, a bench) owns it and hands
// it to the solver through SolveOptions.graphs.

import { BudgetError } from '../../errors';
import { emptyPosition } from '../../position';
import type { Rules } from '../../rules';
import { buildBoard } from '../board';
import type { CancelSignal } from '../cancel';
import { buildSteps, finish } from './build';
import type { RuleGraph } from './graph';
import type { HeldValues } from './held';
import type { PassKernel } from './kernel';
import { graphMasks } from './masks';
import { emptyValueSteps, passBytes, type EmptyValues } from './passes';

export interface PreparedGraph {
  graph: RuleGraph;
  /** The empty board's values, when they fitted the budget. */
  empty?: EmptyValues;
  /** Bytes held: the graph and its kept values. */
  bytes: number;
  /** Milliseconds to compute the kept values (0 without them). */
  emptyMs: number;
  /** The kernel that runs its passes; the TypeScript one when none is given. A WebAssembly
   * kernel only for a graph whose arrays lie in that kernel's memory. */
  kernel?: PassKernel;
  /** The values of the position its caller solved last (one thread's: see held.ts); with them a
   * position one shot away costs one pass. */
  held?: HeldValues;
}

/** Bytes of the kept empty-board values of a graph. */
export function emptyValuesBytes(graph: RuleGraph): number {
  return 2 * 8 * graph.states;
}

/**
 * Builds the graph of `rules` and, if they fit beside it and one position's passes, its kept
 * values, all within `maxBytes`; refuses (BudgetError) before allocating what would not fit.
 */
export function prepareGraph(rules: Rules, maxBytes: number, signal?: CancelSignal): PreparedGraph {
  return finish(prepareSteps(rules, maxBytes, signal));
}

/** prepareGraph in steps of about a layer's work (see buildSteps). */
export function* prepareSteps(
  rules: Rules,
  maxBytes: number,
  signal?: CancelSignal,
): Generator<void, PreparedGraph> {
  const graph = yield* buildSteps(rules, maxBytes, signal);
  if (graph.bytes + passBytes(graph) > maxBytes) {
    throw new BudgetError(
      `the state graph of these rules and one position's values need more than ${Math.round(maxBytes / 2 ** 20)} MB`,
      'the per-position DP answers instead',
    );
  }
  if (graph.bytes + passBytes(graph) + emptyValuesBytes(graph) > maxBytes) {
    return { graph, bytes: graph.bytes, emptyMs: 0 };
  }
  const t0 = performance.now();
  const masks = graphMasks(graph, buildBoard(emptyPosition(rules)));
  const empty = yield* emptyValueSteps(graph, masks, signal);
  return {
    graph,
    empty,
    bytes: graph.bytes + emptyValuesBytes(graph),
    emptyMs: performance.now() - t0,
  };
}
