// The one result shape every solver returns, and how raw tallies become it.
// Exact uniform solves keep integer counts as bigint (totals pass 2^53 on large boards); solves
// with a prior keep float weights. Probabilities are derived last, so exactness is visible.

import { BudgetError } from '../errors';
import { HIT, MISS, UNKNOWN, type Position } from '../position';
import { gridRows } from '../position';
import type { Board } from './board';

export type Tally =
  | { kind: 'count'; total: bigint; byLength: Map<number, bigint[]> }
  | { kind: 'weight'; total: number; byLength: Map<number, Float64Array> };

export interface ShipLengthView {
  length: number;
  /** Ships of this length still afloat. */
  afloat: number;
  /** Chance that a ship of this length covers each cell. */
  probabilities: Float64Array;
}

export interface SolveResult {
  solver: string;
  exact: boolean;
  /** A prior was applied: `total` is a weighted sum (a float), not a count. */
  weighted: boolean;
  /** Exact number of consistent layouts (decimal), or the weighted sum when `weighted`. */
  total: string;
  width: number;
  height: number;
  probabilities: Float64Array;
  byLength: ShipLengthView[];
  /** Layouts with a ship on each cell (exact uniform solves only). */
  cellCounts?: bigint[];
  /** Standard error per cell (estimating solvers only). */
  standardError?: Float64Array;
  /** The unknown cell with the highest probability, or null when none is left. */
  best: number | null;
  /** Every unknown cell tied with `best` (including it). */
  ties: number[];
  ms: number;
  /** Why this solver ran (set by `auto`) or how the estimate was made. */
  note?: string;
}

/** Relative tolerance under which two float probabilities count as tied. */
const FLOAT_TIE = 1e-12;

export function resultFromTally(
  position: Position,
  board: Board,
  tally: Tally,
  solver: string,
  ms: number,
): SolveResult {
  const n = board.cells;
  const probabilities = new Float64Array(n);
  const byLength: ShipLengthView[] = [];
  let cellCounts: bigint[] | undefined;
  if (tally.kind === 'count') {
    const total = tally.total;
    cellCounts = new Array<bigint>(n).fill(0n);
    for (const len of board.lengths) {
      const counts = tally.byLength.get(len)!;
      const probs = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        probs[i] = ratio(counts[i]!, total);
        cellCounts[i]! += counts[i]!;
      }
      byLength.push({ length: len, afloat: board.remaining[len]!, probabilities: probs });
    }
    for (let i = 0; i < n; i++) {
      if (board.sunkCell[i]) cellCounts[i] = total;
      probabilities[i] = ratio(cellCounts[i]!, total);
    }
  } else {
    for (const len of board.lengths) {
      const w = tally.byLength.get(len)!;
      const probs = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        probs[i] = w[i]! / tally.total;
        probabilities[i]! += w[i]!;
      }
      byLength.push({ length: len, afloat: board.remaining[len]!, probabilities: probs });
    }
    for (let i = 0; i < n; i++) {
      probabilities[i] = board.sunkCell[i] ? 1 : Math.min(1, probabilities[i]! / tally.total);
    }
  }
  // Marks are certain: keep float noise out of them.
  for (let i = 0; i < n; i++) {
    if (position.cells[i] === MISS) probabilities[i] = 0;
    else if (position.cells[i] === HIT) probabilities[i] = 1;
  }
  const { best, ties } = bestShot(position, probabilities, cellCounts);
  return {
    solver,
    exact: true,
    weighted: tally.kind === 'weight',
    total: tally.kind === 'count' ? tally.total.toString() : String(tally.total * board.sunkWeight),
    width: board.width,
    height: board.height,
    probabilities,
    byLength,
    cellCounts,
    best,
    ties,
    ms,
  };
}

/** Smallest double with full precision: a weighted total below it has lost digits. */
const MIN_NORMAL = 2.2250738585072014e-308;

/**
 * The last check on every result: no NaN or infinity may pass as an answer (weights far from 1
 * once gave a total and every probability of NaN with exit 0). A weighted total must be a
 * positive normal float. Throws a BudgetError saying what to change; returns the result.
 */
export function checkFinite(r: SolveResult): SolveResult {
  const bad = (xs: ArrayLike<number>): boolean => {
    for (let i = 0; i < xs.length; i++) if (!Number.isFinite(xs[i]!)) return true;
    return false;
  };
  const total = Number(r.total);
  const badTotal =
    r.weighted && r.total !== 'unknown' && !(total >= MIN_NORMAL && total < Infinity);
  if (
    badTotal ||
    bad(r.probabilities) ||
    r.byLength.some((v) => bad(v.probabilities)) ||
    (r.standardError !== undefined && bad(r.standardError))
  ) {
    throw new BudgetError(
      `the ${r.solver} solve gave numbers beyond the range of a float (total ${r.total})`,
      "bring the prior's weights closer to each other, or solve without the prior",
    );
  }
  return r;
}

/** count / total as a double, correct to the last bit even past 2^53. */
function ratio(count: bigint, total: bigint): number {
  if (total === 0n) return 0;
  if (total <= 9007199254740991n) return Number(count) / Number(total);
  const scale = 1n << 60n;
  return Number((count * scale) / total) / 2 ** 60;
}

/** Highest-probability unknown cells; exact counts decide ties when we have them. */
export function bestShot(
  position: Position,
  probabilities: Float64Array,
  cellCounts?: bigint[],
): { best: number | null; ties: number[] } {
  let best: number | null = null;
  for (let i = 0; i < probabilities.length; i++) {
    if (position.cells[i] !== UNKNOWN) continue;
    if (best === null || probabilities[i]! > probabilities[best]!) best = i;
  }
  if (best === null) return { best: null, ties: [] };
  const ties: number[] = [];
  for (let i = 0; i < probabilities.length; i++) {
    if (position.cells[i] !== UNKNOWN) continue;
    const tied = cellCounts
      ? cellCounts[i] === cellCounts[best]
      : probabilities[i]! >= probabilities[best]! * (1 - FLOAT_TIE);
    if (tied) ties.push(i);
  }
  if (cellCounts) best = ties[0]!;
  return { best, ties };
}

/**
 * A result in plain JSON (no typed arrays, no bigints): the one form every caller sees, over IPC,
 * HTTP, in the store and from `broadside solve --json` (README, "Command line").
 */
export interface SolveResultWire {
  solver: string;
  exact: boolean;
  weighted: boolean;
  /** Exact layout count as a decimal string, or the weighted sum (as a decimal string). */
  total: string;
  width: number;
  height: number;
  /** H rows of W probabilities; misses 0, hits 1. */
  probabilities: number[][];
  byLength: { length: number; afloat: number; probabilities: number[][] }[];
  /** H rows of W exact layout counts (decimal strings), exact uniform solves only. */
  cellCounts?: string[][];
  standardError?: number[][];
  best: [number, number] | null;
  ties: [number, number][];
  ms: number;
  note?: string;
}

/** The result in its plain JSON form (the only writer of that form). */
export function resultToWire(r: SolveResult): SolveResultWire {
  const W = r.width;
  const rc = (i: number): [number, number] => [Math.floor(i / W), i % W];
  const wire: SolveResultWire = {
    solver: r.solver,
    exact: r.exact,
    weighted: r.weighted,
    total: r.total,
    width: r.width,
    height: r.height,
    probabilities: gridRows(r.probabilities, W),
    byLength: r.byLength.map((v) => ({
      length: v.length,
      afloat: v.afloat,
      probabilities: gridRows(v.probabilities, W),
    })),
    best: r.best === null ? null : rc(r.best),
    ties: r.ties.map(rc),
    ms: r.ms,
  };
  if (r.cellCounts) {
    const counts = r.cellCounts.map(String);
    wire.cellCounts = [];
    for (let i = 0; i < counts.length; i += W) wire.cellCounts.push(counts.slice(i, i + W));
  }
  if (r.standardError) wire.standardError = gridRows(r.standardError, W);
  if (r.note) wire.note = r.note;
  return wire;
}
