// The one result shape every solver returns, and how raw tallies become it.
// Exact uniform solves keep integer counts as bigint (totals pass 2^53 on large boards); solves
// with a prior keep float weights. Probabilities are derived last, so exactness is visible.

import { BudgetError } from '../errors';
import { firedCells } from '../observations';
import { HIT, MISS, UNKNOWN, type Position } from '../position';
import { gridRows } from '../position';
import type { Board } from './board';

/**
 * What a solver counted on one board. `byType` (per board.types index, per cell: layouts or
 * weight with a ship of that type there) is required when the board tells ships apart by name,
 * so the per-ship view can be built; `byLength` sums the types of each length.
 */
export type Tally =
  | { kind: 'count'; total: bigint; byLength: Map<number, bigint[]>; byType?: bigint[][] }
  | {
      kind: 'weight';
      total: number;
      byLength: Map<number, Float64Array>;
      byType?: Float64Array[];
    };

/** One board of boardVariants and what a solver counted on it. */
export interface BoardTally {
  board: Board;
  tally: Tally;
}

export interface ShipLengthView {
  length: number;
  /** Ships of this length still afloat. */
  afloat: number;
  /** Chance that a ship of this length covers each cell. */
  probabilities: Float64Array;
}

/** One named ship's chance of covering each cell (sunk or not). */
export interface ShipNameView {
  name: string;
  length: number;
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
  /**
   * Per named fleet ship, when the position names ships (layouts then tell named ships apart):
   * the chance that ship covers each cell.
   */
  byShip?: ShipNameView[];
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
  return resultFromVariants(position, [{ board, tally }], solver, ms);
}

/**
 * The result of a solve summed over the boards of boardVariants (one board for most positions).
 * Every variant has the same sunk cells and the same remaining lengths; only which named ship
 * sank where differs, which the per-ship view keeps apart.
 */
export function resultFromVariants(
  position: Position,
  parts: BoardTally[],
  solver: string,
  ms: number,
): SolveResult {
  const board = parts[0]!.board;
  const n = board.cells;
  const probabilities = new Float64Array(n);
  const byLength: ShipLengthView[] = [];
  let cellCounts: bigint[] | undefined;
  const counted = parts.every((x) => x.tally.kind === 'count');
  const shipSums = board.named ? namedShipSums(position, parts) : undefined;
  let byShip: ShipNameView[] | undefined;
  let totalText: string;
  if (counted) {
    const tallies = parts.map((x) => x.tally as Extract<Tally, { kind: 'count' }>);
    let total = 0n;
    for (const t of tallies) total += t.total;
    cellCounts = new Array<bigint>(n).fill(0n);
    for (const len of board.lengths) {
      let counts = tallies[0]!.byLength.get(len)!;
      if (tallies.length > 1) {
        counts = counts.slice();
        for (const t of tallies.slice(1)) {
          const c = t.byLength.get(len)!;
          for (let i = 0; i < n; i++) counts[i]! += c[i]!;
        }
      }
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
    byShip = shipSums?.map((s) => ({
      name: s.name,
      length: s.length,
      probabilities: Float64Array.from(s.counts as bigint[], (c) => ratio(c, total)),
    }));
    totalText = total.toString();
  } else {
    const tallies = parts.map((x) => x.tally as Extract<Tally, { kind: 'weight' }>);
    let total = 0;
    for (const t of tallies) total += t.total;
    for (const len of board.lengths) {
      const probs = new Float64Array(n);
      for (const t of tallies) {
        const w = t.byLength.get(len)!;
        for (let i = 0; i < n; i++) probs[i]! += w[i]!;
      }
      for (let i = 0; i < n; i++) {
        probabilities[i]! += probs[i]!;
        probs[i] = probs[i]! / total;
      }
      byLength.push({ length: len, afloat: board.remaining[len]!, probabilities: probs });
    }
    for (let i = 0; i < n; i++) {
      probabilities[i] = board.sunkCell[i] ? 1 : Math.min(1, probabilities[i]! / total);
    }
    byShip = shipSums?.map((s) => ({
      name: s.name,
      length: s.length,
      probabilities: Float64Array.from(s.counts as Float64Array, (w) => Math.min(1, w / total)),
    }));
    // Every variant has the same sunk cells, so the same constant factor.
    totalText = String(total * board.sunkWeight);
  }
  // Marks are certain: keep float noise out of them.
  for (let i = 0; i < n; i++) {
    if (position.cells[i] === MISS) probabilities[i] = 0;
    else if (position.cells[i] === HIT) probabilities[i] = 1;
  }
  const { best, ties } = bestShot(position, probabilities, cellCounts);
  const result: SolveResult = {
    solver,
    exact: true,
    weighted: !counted,
    total: totalText,
    width: board.width,
    height: board.height,
    probabilities,
    byLength,
    cellCounts,
    best,
    ties,
    ms,
  };
  if (byShip) {
    result.byShip = byShip;
    result.note =
      'ships told apart by name: total counts layouts with each named ship labelled and equal-length unnamed ships not';
  }
  return result;
}

/**
 * Per named fleet ship: layouts (or weight) with that ship on each cell, summed over the variants
 * (from the placed types' tallies, or the variant's whole total on the sunk list read as it).
 */
function namedShipSums(
  position: Position,
  parts: BoardTally[],
): { name: string; length: number; counts: bigint[] | Float64Array }[] {
  const n = parts[0]!.board.cells;
  const seen = new Set<string>();
  const ships: { name: string; length: number }[] = [];
  for (const s of position.rules.fleet) {
    if (s.name === undefined || seen.has(s.name)) continue;
    seen.add(s.name);
    ships.push({ name: s.name, length: s.length });
  }
  return ships.map(({ name, length }) => {
    const counted = parts[0]!.tally.kind === 'count';
    const counts: bigint[] | Float64Array = counted
      ? new Array<bigint>(n).fill(0n)
      : new Float64Array(n);
    for (const { board, tally } of parts) {
      const t = board.types.findIndex((type) => type.name === name && type.length === length);
      if (t >= 0) {
        if (!tally.byType) throw new Error(`the tally of a named board lacks byType`);
        const per = tally.byType[t]!;
        for (let i = 0; i < n; i++) {
          if (counted) (counts as bigint[])[i]! += (per as bigint[])[i]!;
          else (counts as Float64Array)[i]! += (per as Float64Array)[i]!;
        }
      }
      board.sunkNames.forEach((sunkName, k) => {
        if (sunkName !== name) return;
        for (const cell of position.sunk[k]!) {
          if (counted) (counts as bigint[])[cell]! += tally.total as bigint;
          else (counts as Float64Array)[cell]! += tally.total as number;
        }
      });
    }
    return { name, length, counts };
  });
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

/** Highest-probability cells not fired at; exact counts decide ties when we have them. */
export function bestShot(
  position: Position,
  probabilities: Float64Array,
  cellCounts?: bigint[],
): { best: number | null; ties: number[] } {
  // Volley cells are '.' on the board but were fired at: never a next shot.
  const open = position.volleys?.length
    ? firedCells(position.cells, position.volleys).map((f) => 1 - f)
    : position.cells.map((m) => (m === UNKNOWN ? 1 : 0));
  let best: number | null = null;
  for (let i = 0; i < probabilities.length; i++) {
    if (!open[i]) continue;
    if (best === null || probabilities[i]! > probabilities[best]!) best = i;
  }
  if (best === null) return { best: null, ties: [] };
  const ties: number[] = [];
  for (let i = 0; i < probabilities.length; i++) {
    if (!open[i]) continue;
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
  /** Per named fleet ship (positions that name ships): H rows of W probabilities. */
  byShip?: { name: string; length: number; probabilities: number[][] }[];
  /** H rows of W exact layout counts (decimal strings), exact uniform solves only. */
  cellCounts?: string[][];
  standardError?: number[][];
  best: [number, number] | null;
  ties: [number, number][];
  ms: number;
  note?: string;
  /**
   * An `auto` answer given without its rules' state graph while that graph is being prepared
   * (read or built in the background): how far along, 0..1. Absent otherwise.
   */
  graph?: { state: 'preparing'; fraction: number; key: string };
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
  if (r.byShip) {
    wire.byShip = r.byShip.map((v) => ({
      name: v.name,
      length: v.length,
      probabilities: gridRows(v.probabilities, W),
    }));
  }
  if (r.standardError) wire.standardError = gridRows(r.standardError, W);
  if (r.note) wire.note = r.note;
  return wire;
}
