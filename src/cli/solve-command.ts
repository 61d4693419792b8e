// `broadside solve FILE [--solver NAME] [--prior NAME|FILE] [--json]`: one position in,
// probabilities and the best shot out. FILE may be '-' for standard input; JSON or the compact
// text form are both accepted. `--prior` replaces the position's own prior (if any). The solve is
// the API's `solve` (on the worker pool, with its time limit and memory budget, and its errors);
// `--json` prints the API's result as it is. An `auto` solve goes through the rules' state graph
// when the data folder has its file (never built for one solve); its note says whether the graph
// or the DP answered, and why; `--no-graphs` leaves it to the DP.

import { InputError } from '../core/errors';
import { HIT, MISS, parsePositionSource, positionToJson, type Position } from '../core/position';
import type { Volley } from '../core/observations';
import { cellName } from '../core/rules';
import { SOLVER_NAMES, type SolverName, type SolveResultWire } from '../shared/api';
import type { Command } from './command';
import { readInput } from './io';
import { solverOption } from './options';
import { loadPriorOption } from './prior-option';
import { callApi, memoryArg, memoryOption, withServices } from './services';
import { awaitGraph, chooseGraph, noGraphsOption } from './graph-choice';

export interface SolveArgs {
  file: string;
  solver: SolverName;
  json: boolean;
  /** A prior preset name or a JSON grid file (overrides the position's prior). */
  prior?: string;
  /** The process's memory budget in bytes (--memory). */
  memoryBytes?: number;
  /** --no-graphs: the DP answers even when the rules' state graph is there. */
  noGraphs?: boolean;
}

export async function solveCommand(args: SolveArgs): Promise<number> {
  const text = await readInput(args.file);
  const position = inFile(args.file, () => parsePositionSource(text));
  if (args.prior !== undefined) {
    const prior = await loadPriorOption(args.prior, position.rules);
    if (prior) position.prior = prior;
    else delete position.prior;
  }
  const params = { position: positionToJson(position), solver: args.solver };
  // One solve needs one worker thread; the API sizes the solve's memory budget by the pool.
  const noArgs = { values: {}, positionals: [] };
  // One exact solve never repays building a graph: the data folder's is used when it is there.
  const exactSolves = args.solver === 'auto' ? 1 : 0;
  const choice = chooseGraph({ 'no-graphs': args.noGraphs }, position.rules, exactSolves);
  const options = { inMemory: true, threads: 1, memoryBytes: args.memoryBytes, graphs: choice.use };
  const result = await withServices(noArgs, options, async (s) => {
    const graph = await awaitGraph(s.pool(), position.rules, choice);
    const r = await callApi(s.api(), 'solve', params);
    // An `auto` answered by the DP says why the graph did not.
    const byDp = r.note?.startsWith('auto chose dp') && graph.solverUsed === 'dp';
    return byDp ? { ...r, note: `${r.note}; ${graph.note}` } : r;
  });
  if (args.json) console.log(JSON.stringify(result));
  else console.log(formatResult(position, result));
  return 0;
}

/** `read()`, its mistakes named after the file they are in ("notes.md: line 1: ..."). */
function inFile<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(file === '-' ? 'standard input' : file, e.message);
  }
}

/** A terminal rendering: the board with percentages, marks, and the best shot. */
export function formatResult(position: Position, r: SolveResultWire): string {
  const W = r.width;
  const sunk = new Set(position.sunk.flat());
  const named = new Map((position.named ?? []).map((h) => [h.cell, h.ship]));
  const volleyOf = new Map<number, number>();
  (position.volleys ?? []).forEach((v, k) => v.cells.forEach((c) => volleyOf.set(c, k + 1)));
  const lines: string[] = [];
  const kind = r.exact ? 'exact' : 'estimate';
  const what = r.weighted
    ? `weighted total ${Number(r.total).toPrecision(6)}`
    : `${r.total} layouts`;
  lines.push(`${r.solver} (${kind}): ${what}, ${r.ms.toFixed(1)} ms`);
  if (r.note) lines.push(r.note);
  lines.push('');
  let header = '    ';
  for (let c = 0; c < W; c++) header += String.fromCharCode(65 + c).padStart(5);
  lines.push(header);
  for (let row = 0; row < r.height; row++) {
    let line = String(row + 1).padStart(3) + ' ';
    for (let c = 0; c < W; c++) {
      const i = row * W + c;
      let cell: string;
      if (sunk.has(i)) cell = '#';
      else if (position.cells[i] === MISS) cell = '·';
      else if (position.cells[i] === HIT)
        cell = named.has(i) ? `X${named.get(i)!.slice(0, 2)}` : 'X';
      else cell = `${Math.round(r.probabilities[row]![c]! * 100)}`;
      if (volleyOf.has(i)) cell = `${volleyOf.get(i)}:${cell}`;
      if (r.best && r.best[0] === row && r.best[1] === c) cell = `*${cell}`;
      line += cell.padStart(5);
    }
    lines.push(line);
  }
  lines.push('');
  lines.push('numbers: % chance of a ship; X hit, · miss, # sunk, * best shot');
  if (named.size) lines.push('XCa: a hit named as that ship (the first letters of its name)');
  (position.volleys ?? []).forEach((v, k) => lines.push(volleyLine(v, k + 1, W)));
  const fired = (i: number): boolean => position.cells[i] !== 0 || volleyOf.has(i);
  if (r.byShip?.length) lines.push('Per ship, its likeliest cell not yet fired at:');
  for (const ship of r.byShip ?? []) lines.push(shipLine(ship, (row, c) => fired(row * W + c)));
  if (r.best === null) lines.push('No unknown cell left.');
  else {
    const name = ([row, col]: [number, number]): string => cellName(row, col);
    const [bestRow, bestCol] = r.best;
    const pct = (r.probabilities[bestRow]![bestCol]! * 100).toFixed(2);
    const ties = r.ties.length > 1 ? ` (tied: ${r.ties.map(name).join(' ')})` : '';
    lines.push(`Best shot: ${name(r.best)} at ${pct}%${ties}`);
  }
  return lines.join('\n');
}

/** "volley 2 (A6 C6 E6): 1 hit; sank Destroyer": what the `N:` cells of the board stand for. */
function volleyLine(v: Volley, k: number, width: number): string {
  const cells = v.cells.map((c) => cellName(Math.floor(c / width), c % width)).join(' ');
  const a = v.answer;
  const answer =
    a.kind === 'hitCount'
      ? `${a.count} hit${a.count === 1 ? '' : 's'}`
      : a.kind === 'hits'
        ? a.hits.length
          ? a.hits.map((h) => `${h.ship} ${h.count}`).join(', ')
          : 'no hit'
        : a.ships.length
          ? `hit ${a.ships.join(', ')}`
          : 'no hit';
  const sank = v.sunk.length ? `; sank ${v.sunk.join(', ')}` : '';
  return `${k}: volley ${k} (${cells}): ${answer}${sank}`;
}

/** Where a named ship most likely lies among the cells not fired at, and that cell's chance. */
function shipLine(
  ship: NonNullable<SolveResultWire['byShip']>[number],
  fired: (row: number, col: number) => boolean,
): string {
  let best: [number, number, number] | undefined;
  ship.probabilities.forEach((row, r) =>
    row.forEach((p, c) => {
      if (!fired(r, c) && p > 0 && (!best || p > best[2] + 1e-12)) best = [r, c, p];
    }),
  );
  if (!best) return `  ${ship.name} (${ship.length}): on no cell left to fire at`;
  const [r, c, p] = best;
  return `  ${ship.name} (${ship.length}): ${cellName(r, c)}, ${(p * 100).toFixed(1)}%`;
}

export const solveCliCommand: Command = {
  name: 'solve',
  usage: 'solve FILE [--solver NAME] [--prior NAME|FILE] [--memory MB] [--no-graphs] [--json]',
  summary:
    "per-cell probabilities and the best shot for the position in FILE ('-' reads standard input)",
  details: `Solvers: ${SOLVER_NAMES.join(', ')} (default auto). The exact ones are auto, dp and enumerate; sample estimates; the rest are quick heuristics.`,
  options: {
    solver: { type: 'string' },
    prior: { type: 'string' },
    json: { type: 'boolean' },
    ...memoryOption,
    ...noGraphsOption,
  },
  async run({ values, positionals }) {
    const [file, ...extra] = positionals;
    if (file === undefined) throw new InputError('solve', 'needs a FILE (or - for standard input)');
    if (extra.length) throw new InputError('solve', `takes one FILE, got also ${extra.join(' ')}`);
    const solver = solverOption(values.solver);
    const prior = values.prior as string | undefined;
    const memoryBytes = memoryArg(values.memory);
    const noGraphs = values['no-graphs'] === true;
    return solveCommand({ file, solver, json: values.json === true, prior, memoryBytes, noGraphs });
  },
};
