// `broadside learn GAMES.json [--method counts|fit] [--symmetric] [--memory MB] [--no-graphs]
// [--json]`: an opponent's layout prior from their logged games (an array of game logs, or
// {"games": [...]}). The printed grid (or the `--json` object, saved to a file) is what
// `solve --prior FILE` takes.
//
// The fit runs as the app's `learn` job on a worker thread of the same pool the other commands
// open, so its exact solves go through the rules' state graph the way the app's do: the thread's
// WebAssembly kernel over the graph the pool read (or built) within the memory plan. A graph file
// in the data folder is used; a missing one is built only for a run long enough to repay it
// (graph-choice.ts); `--no-graphs` leaves the solves to the DP. The output says which answered.

import { InputError } from '../core/errors';
import { gameLogToJson } from '../core/game-log';
import {
  LEARN_METHODS,
  expectedSolves,
  gamesToLearn,
  parseGames,
  type LearnMethod,
} from '../core/prior/learn';
import type { EngineCounts } from '../core/prior/occupancy';
import type { Command } from './command';
import { awaitGraph, chooseGraph, noGraphsOption, type GraphOutcome } from './graph-choice';
import { readInput } from './io';
import { memoryArg, memoryOption, withServices } from './services';

export interface LearnArgs {
  file: string;
  method: LearnMethod;
  symmetric: boolean;
  json: boolean;
  /** --no-graphs: the DP answers even when the rules' state graph is there. */
  noGraphs?: boolean;
  /** The process's memory budget in bytes (--memory). */
  memoryBytes?: number;
}

/**
 * What the graph saves on one empty-board solve under a weight grid, in hunting solves
 * (graph-choice.ts): the DP builds the whole board for it. Partial games' solves are counted as
 * saving nothing: most end in auto's enumeration probe either way. Measured, with the margin
 * taken off (docs/engine.md, "Learning").
 */
export const EMPTY_BOARD_WORTH = 150;

/** "35 by the graph, 147 by enumeration; 2 layout samplers by the DP" */
export function solvedByText(counts: EngineCounts): string {
  const names: Record<string, string> = {
    graph: 'the graph',
    dp: 'the DP',
    enumerate: 'enumeration',
  };
  const solves = Object.entries(counts)
    .filter(([engine]) => engine !== 'sampler')
    .map(([engine, n]) => `${n} by ${names[engine] ?? engine}`);
  const samplers = counts['sampler'] ?? 0;
  const sampled = samplers
    ? `; ${samplers} layout sampler${samplers === 1 ? '' : 's'} by the DP`
    : '';
  return `${solves.join(', ') || 'none'}${sampled}`;
}

export async function learnCommand(args: LearnArgs): Promise<number> {
  const text = await readInput(args.file);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError(args.file, `is not valid JSON (${(e as Error).message})`);
  }
  // Read here first: bad input gets its one line before any thread starts.
  const games = parseGames(raw);
  const { rules, partialGames } = gamesToLearn(games);
  const { solves, emptyBoards } = expectedSolves(args.method, partialGames);
  // What one of the run's solves saves, on average: its empty boards' worth over all of them.
  const worth = (emptyBoards * EMPTY_BOARD_WORTH) / solves;
  const choice = chooseGraph({ 'no-graphs': args.noGraphs }, rules, solves, undefined, worth);
  const noArgs = { values: {}, positionals: [] };
  // One job: one thread. Learning keeps nothing: the library is one in memory.
  const options = { inMemory: true, threads: 1, memoryBytes: args.memoryBytes, graphs: choice.use };
  const { prior, graph } = await withServices(noArgs, options, async (s) => {
    // The graph first (read, or built for a long run): every solve of the fit then goes one way.
    const graph: GraphOutcome = await awaitGraph(s.pool(), rules, choice);
    // The rules are known here: the graph goes along without reading them from the games again.
    const ready = s.pool().graphFor(rules);
    const prior = await s.pool().run('learn', {
      games: games.map(gameLogToJson),
      options: { method: args.method, symmetric: args.symmetric },
      ...(ready ? { graph: ready } : {}),
    });
    return { prior, graph };
  });
  const grid = prior.grid.map((row) => row.map((w) => Number(w.toPrecision(6))));
  if (args.json) {
    console.log(
      JSON.stringify({
        method: prior.method,
        games: prior.games,
        grid,
        logLikelihood: prior.logLikelihood,
        uniformLogLikelihood: prior.uniformLogLikelihood,
        fullGames: prior.fullGames,
        partialGames: prior.partialGames,
        symmetric: prior.symmetric,
        rules: prior.rules,
        solves: prior.solves,
        solvedBy: prior.solvedBy,
        solverUsed: graph.solverUsed,
        graphNote: graph.note,
      }),
    );
    return 0;
  }
  const W = grid[0]!.length;
  const lines = [
    `${prior.method}${prior.symmetric ? ' (symmetric)' : ''}: ${prior.games} games (${prior.fullGames} whole fleets, ${prior.partialGames} partial${prior.skipped ? `, ${prior.skipped} skipped` : ''}), ${prior.ms.toFixed(0)} ms`,
    `log-likelihood ${prior.logLikelihood.toFixed(3)} vs uniform ${prior.uniformLogLikelihood.toFixed(3)} (natural log, these games)`,
    `exact solves: ${graph.note} (${solvedByText(prior.solvedBy)})`,
    '',
    '    ' + Array.from({ length: W }, (_, c) => String.fromCharCode(65 + c).padStart(6)).join(''),
    ...grid.map(
      (row, r) =>
        String(r + 1).padStart(3) + ' ' + row.map((w) => w.toFixed(2).padStart(6)).join(''),
    ),
    '',
    'weights per cell (1 = as likely as average); save --json output and use it with solve --prior FILE',
  ];
  console.log(lines.join('\n'));
  return 0;
}

export const learnCliCommand: Command = {
  name: 'learn',
  usage:
    'learn GAMES.json [--method counts|fit] [--symmetric] [--memory MB] [--no-graphs] [--json]',
  summary: "an opponent's layout prior (weight per cell) from their logged games",
  details:
    "The exact solves go through the rules' state graph when the data folder has it (or the run is long enough to repay building it); --no-graphs leaves them to the DP. The output says which answered.",
  options: {
    method: { type: 'string' },
    symmetric: { type: 'boolean' },
    ...memoryOption,
    ...noGraphsOption,
    json: { type: 'boolean' },
  },
  async run({ values, positionals }) {
    const [file, ...extra] = positionals;
    if (file === undefined)
      throw new InputError('learn', 'needs a GAMES.json file (or - for standard input)');
    if (extra.length) throw new InputError('learn', `takes one file, got also ${extra.join(' ')}`);
    const method = (values.method as string | undefined) ?? 'fit';
    if (!(LEARN_METHODS as readonly string[]).includes(method)) {
      throw new InputError(
        '--method',
        `must be one of ${LEARN_METHODS.join(', ')}, got "${method}"`,
      );
    }
    return learnCommand({
      file,
      method: method as LearnMethod,
      symmetric: values.symmetric === true,
      json: values.json === true,
      noGraphs: values['no-graphs'] === true,
      memoryBytes: memoryArg(values.memory),
    });
  },
};
