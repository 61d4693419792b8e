// The graph engine as a solver: a position's masks (masks.ts), a backward and a forward pass
// (passes.ts) over its rule set's graph, and the start masses spread over the ships' cells into
// the same tally and result as the DP's.
//
// What the graph cannot express goes elsewhere: positions with named hits or volleys (a volley's
// answer links ships; named ships are told apart) are refused by graphFits, and a uniform count
// of 2^53 or more (doubles no longer exact) is reported by graphTally as null, for the DP, which
// reruns its passes in residues.

import { BudgetError, NoLayoutError } from '../../errors';
import { hasObservations, type Position } from '../../position';
import { HORIZONTAL, buildBoard, checkHitsCoverable, type Board } from '../board';
import type { SolveOptions } from '../options';
import { resultFromTally, type SolveResult, type Tally } from '../result';
import { SHIP, graphKey, type RuleGraph } from './graph';
import { frameBoard, unframeTally } from './frame';
import { chooseFrame, type FrameChoice } from './frame-cost';
import { graphMasks, type GraphMasks } from './masks';
import type { PreparedGraph } from './prepare';
import { runPassesAside, runPassesFrom, type HeldValues } from './held';
import type { PassKernel } from './kernel';
import { passBytes, runPasses, type EmptyValues, type PassResult } from './passes';

/** Why a position cannot go through this graph, or null when it can. */
export function graphMisfit(position: Position, graph: RuleGraph): string | null {
  if (hasObservations(position)) return 'the position names ships or holds volleys';
  if (graphKey(position.rules) !== graph.key) return 'the graph is for other rules';
  return null;
}

/** Default bound on the value arrays of one solve (the graph and its kept values are counted
 * where they are kept). */
export const DEFAULT_PASS_BYTES = 1 * 2 ** 30;

/**
 * The exact tally of a board over its rules' graph, or null when the uniform count reaches 2^53
 * (doubles no longer exact). Throws NoLayoutError when nothing fits.
 */
export function graphTally(
  board: Board,
  graph: RuleGraph,
  kept: EmptyValues | undefined,
  options: SolveOptions = {},
  kernel?: PassKernel,
  held?: HeldValues,
  masks: GraphMasks = graphMasks(graph, board),
): {
  tally: Tally;
  kernel: PassKernel['name'];
  fromPrevious: boolean;
  fromKept: boolean;
  layers?: number;
} | null {
  const limit = options.maxBytes ?? DEFAULT_PASS_BYTES;
  // The solve's budget bounds arrays of its own. A WebAssembly kernel's scratch lies in that
  // kernel's memory, sized by the caller's memory plan beside the DP's budget, not within it.
  const ownArrays = !kernel || kernel.name === 'TypeScript';
  if (ownArrays && passBytes(graph) > limit) {
    throw new BudgetError(
      `the graph engine's passes need ${Math.round(passBytes(graph) / 2 ** 20)} MB, more than the ${Math.round(limit / 2 ** 20)} MB allowed`,
      'raise the memory limit or use the DP',
    );
  }
  const exact = (total: number): boolean => total > 0 && (!!board.weight || total < 2 ** 53);
  const aside =
    held && options.aside ? runPassesAside(graph, masks, held, exact, options.signal) : null;
  const passes =
    aside ??
    (held
      ? runPassesFrom(graph, masks, held, kept, exact, options.signal)
      : runPasses(graph, masks, kept, exact, options.signal, kernel));
  const { total, startMass } = passes;
  if (total === 0) throw new NoLayoutError();
  if (!exact(total)) return null;
  options.onProgress?.(1);
  const perLength = spread(graph, board, startMass);
  // The sunk ships lie in every layout counted (masks.ts); as the DP does, their cells count none.
  for (const acc of perLength)
    for (let i = 0; i < board.cells; i++) if (board.sunkCell[i]) acc[i] = 0;
  if (board.weight) {
    const byLength = new Map<number, Float64Array>();
    for (const len of board.lengths) byLength.set(len, perLength[graph.lengths.indexOf(len)]!);
    return { tally: { kind: 'weight', total, byLength }, ...ran(passes) };
  }
  const byLength = new Map<number, bigint[]>();
  for (const len of board.lengths) {
    byLength.set(len, Array.from(perLength[graph.lengths.indexOf(len)]!, BigInt));
  }
  return { tally: { kind: 'count', total: BigInt(total), byLength }, ...ran(passes) };
}

const ran = (p: PassResult) => ({
  kernel: p.kernel,
  fromPrevious: p.fromPrevious ?? false,
  fromKept: p.fromKept ?? false,
  ...(p.layers === undefined ? {} : { layers: p.layers }),
});

/** Start masses spread over each ship's cells: per length index of the graph, per cell. */
function spread(graph: RuleGraph, board: Board, startMass: Float64Array): Float64Array[] {
  const { width: W, lengths } = graph;
  const kinds = graph.labels - SHIP;
  const out = lengths.map(() => new Float64Array(board.cells));
  for (let i = 0; i < board.cells; i++) {
    for (let k = 0; k < kinds; k++) {
      const m = startMass[i * kinds + k]!;
      if (m === 0) continue;
      const li = k >> 1;
      const step = (k & 1) === HORIZONTAL ? 1 : W;
      const acc = out[li]!;
      for (let t = 0, cell = i; t < lengths[li]!; t++, cell += step) acc[cell]! += m;
    }
  }
  return out;
}

/**
 * Solves a position over its rules' graph; null when the graph cannot take it (graphMisfit) or
 * its count needs more than doubles (the caller runs the DP). The frame is chosen by chooseFrame
 * unless `frame` sets it (a square board only: tests and the bench compare both).
 */
export function solveGraph(
  position: Position,
  prepared: PreparedGraph,
  options: SolveOptions = {},
  frame?: 'as given' | 'transposed',
): SolveResult | null {
  const t0 = performance.now();
  const { graph, empty: kept, kernel, held } = prepared;
  if (graphMisfit(position, graph) !== null) return null;
  const board = buildBoard(position);
  checkHitsCoverable(board);
  if (held && options.aside?.holdOn) holdOn(options.aside.holdOn, prepared, held, options);
  // The values the passes start from (the position solved before, else the empty board's)
  // decide which frame costs less.
  const reference = held?.masks ?? kept?.masks;
  const { framed, masks, visits } =
    frame === undefined
      ? chooseFrame(board, graph, reference, held?.narrow)
      : forcedFrame(board, graph, frame === 'transposed', held?.narrow);
  const tallied = graphTally(framed.board, graph, kept, options, kernel, held, masks);
  if (tallied === null) return null;
  const result = resultFromTally(
    position,
    board,
    unframeTally(tallied.tally, framed),
    'graph',
    performance.now() - t0,
  );
  const notes = [`passes in the ${tallied.kernel} kernel${fromNote(tallied)}`];
  if (framed.transposed) notes.push(transposedNote(board, frame !== undefined, visits));
  if (result.note) notes.push(result.note);
  return { ...result, note: notes.join('; ') };
}

/** Where the passes started (held values, kept ones), and how many layer passes they ran. */
function fromNote(t: { fromPrevious: boolean; fromKept: boolean; layers?: number }): string {
  const layers = t.layers === undefined ? '' : ` (${t.layers} layer passes)`;
  if (t.fromPrevious) return `, from the position solved before${layers}`;
  if (t.fromKept) return `, from the empty board's kept values${layers}`;
  return '';
}

/**
 * Moves held values onto the position `on` (the one on screen) when they are elsewhere, so that
 * a solve aside leaves them there. A position the graph cannot take leaves them as they are.
 */
function holdOn(on: Position, prepared: PreparedGraph, held: HeldValues, options: SolveOptions) {
  const { graph, empty: kept } = prepared;
  if (graphMisfit(on, graph) !== null) return;
  const board = buildBoard(on);
  const { masks } = chooseFrame(board, graph, held.masks ?? kept?.masks, held.narrow);
  runPassesFrom(graph, masks, held, kept, () => false, options.signal);
}

/** A frame set by the caller; a wide board has only the transposed one. */
function forcedFrame(
  board: Board,
  graph: RuleGraph,
  transposed: boolean,
  narrow = false,
): FrameChoice {
  if (board.width !== board.height && transposed !== (board.width !== graph.width)) {
    throw new Error('only a square board can be solved in either frame');
  }
  const framed = frameBoard(board, transposed);
  return { framed, masks: graphMasks(graph, framed.board, narrow) };
}

function transposedNote(
  board: Board,
  asked: boolean,
  visits: [number, number] | undefined,
): string {
  const ran = 'the graph ran on the board transposed';
  if (board.width > board.height)
    return `${ran} (a board wider than tall has its transpose's graph)`;
  if (asked) return `${ran} (as the caller asked)`;
  const saved = visits
    ? `: ${(visits[0] - visits[1]).toLocaleString('en-US')} fewer edge visits`
    : '';
  return `${ran} (its marks span fewer layers across${saved})`;
}
