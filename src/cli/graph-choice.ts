// Whether a command's exact solves go through the state graph of their rules (the data folder's
// graphs/, as the app and `broadside web` keep them) or the DP. A graph file already there is
// always used: reading it costs a fraction of one hunting solve by the DP. A missing one is built
// only for a run long enough to repay the build (docs/engine.md, "The command line and the
// graphs"); `--no-graphs` refuses graphs, and the DP answers. The services then open their pool
// with the graphs and the memory plan (main/services.ts), and the command waits for the graph
// before its first job, so that every exact solve of the run goes the same way and its output
// can say which.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Rules } from '../core/rules';
import { graphKey } from '../core/solve/graph/graph';
import { defaultGraphOptions, graphFileName, graphsDataDir } from '../main/graphs/graph-store';
import { availableMemory } from '../main/memory-budget';
import { memoryPlan } from '../main/memory-plan';
import type { JobPool } from '../main/pool';
import { defaultDataDir } from '../main/store/open';
import type { OptionSpec } from './command';

export const noGraphsOption: OptionSpec = { 'no-graphs': { type: 'boolean' } };

/**
 * Exact solves a run must make before building a missing graph repays it. A classic graph takes
 * about 6-7 s to build; a greedy game of classic costs about 0.6 CPU-s more by the DP than by the
 * graph (about 34 exact solves a game), so the build is repaid after a dozen games: this is
 * twenty games' solves, so a short run never waits for a build it would not win back.
 */
export const SOLVES_TO_BUILD = 20 * 34;

/** Exact solves a greedy-like strategy makes in one game (classic: 42 shots, 8 from its cache). */
export const EXACT_SOLVES_PER_GAME = 34;

/** What a command decided about graphs, before it opens its services. */
export interface GraphChoice {
  /** Open the pool with graphs (use the file, or build it). */
  use: boolean;
  /** The run makes exact solves (else no engine answers any, and there is nothing to say). */
  exact: boolean;
  /** Why, for the command's note when the DP answers. */
  why: string;
}

/** The graph file of `rules` in the data folder of the library `dbPath` (the app's when none). */
export function graphFilePath(rules: Rules, dbPath?: string): string {
  const dataDir = graphsDataDir(dbPath, defaultDataDir());
  // Only the folder is read from the options: the plan's sizes play no part in where files are.
  const plan = memoryPlan({ availableBytes: availableMemory(), threads: 1, graphs: [] });
  return join(defaultGraphOptions(dataDir, plan).dir, graphFileName(graphKey(rules)));
}

/**
 * Decides for a run of `solves` exact solves of `rules` (0: the run makes none): the file when it
 * is there, a build when the run repays it, else the DP. `worth`: what the graph saves on one of
 * the run's solves, in hunting solves (a learning fit's solves weigh whole boards: more).
 */
export function chooseGraph(
  values: Record<string, string | boolean | undefined>,
  rules: Rules,
  solves: number,
  dbPath?: string,
  worth = 1,
): GraphChoice {
  const exact = solves > 0;
  if (values['no-graphs'] === true) return { use: false, exact, why: 'refused by --no-graphs' };
  if (!exact) return { use: false, exact, why: 'no exact solve in this run' };
  const file = graphFilePath(rules, dbPath);
  if (existsSync(file)) return { use: true, exact, why: `the graph file ${file} is there` };
  const enough = Math.ceil(SOLVES_TO_BUILD / worth);
  if (solves >= enough) {
    return { use: true, exact, why: 'built for this run (long enough)' };
  }
  return {
    use: false,
    exact,
    why: `no graph file ${file}, and ${solves} exact solves are too few to repay building one (${enough} are enough)`,
  };
}

/** How a run's exact solves were answered: by the graph or the DP, and why. */
export interface GraphOutcome {
  solverUsed: 'graph' | 'dp';
  note: string;
}

/**
 * Waits for the graph of `rules` on the pool (read or built on the pool's graph thread) and says
 * whether the pool hands it to jobs (the memory plan may refuse it): the outcome of the run.
 */
export async function awaitGraph(
  pool: JobPool,
  rules: Rules,
  choice: GraphChoice,
): Promise<GraphOutcome> {
  if (!choice.use || !pool.graphs) return { solverUsed: 'dp', note: `DP: ${choice.why}` };
  await pool.graphs.ready(rules);
  if (pool.graphFor(rules)) {
    return { solverUsed: 'graph', note: `state graph ${graphKey(rules)}: ${choice.why}` };
  }
  const reason = pool.graphs.reason(rules) ?? 'the memory plan leaves it no room (--memory)';
  return { solverUsed: 'dp', note: `DP: the state graph of these rules is not used: ${reason}` };
}
