// A solve result as the heatmap draws it: the wire form (rows of numbers, cells as [row, col])
// flattened into typed arrays indexed like the board, plus what the legend and status line show.

import type { SolveResultWire } from '../../../shared/api';

export interface HeatLayer {
  /** "all" for the whole fleet, else a ship length. */
  length: number | 'all';
  /** The named ship this layer is for (the per-ship view of a position that names ships). */
  ship?: string;
  afloat: number;
  probabilities: Float64Array;
  /** Highest probability on an unknown cell (the legend's top). */
  max: number;
}

/**
 * The result's own fields are the wire form's (so a field added there is one edit); the grids
 * are flattened into typed arrays indexed like the board, and cells are board indices.
 */
export interface Heat extends Pick<
  SolveResultWire,
  'width' | 'height' | 'solver' | 'exact' | 'weighted' | 'total' | 'ms'
> {
  /** The snapshot key the result belongs to. */
  key: string;
  all: HeatLayer;
  byLength: HeatLayer[];
  /** Per named ship, when the position names ships and the solver tells them apart. */
  byShip: HeatLayer[];
  /** Layouts with a ship on each cell (exact uniform solves only), decimal strings. */
  counts: string[] | null;
  standardError: Float64Array | null;
  best: number | null;
  ties: number[];
  note: string | null;
  /** The exact engine for these rules (its graph `key`) is being prepared: how far along (0..1). */
  preparing?: { key: string; fraction: number };
}

function flatten(rows: readonly (readonly number[])[], n: number): Float64Array {
  const out = new Float64Array(n);
  let i = 0;
  for (const row of rows) for (const v of row) out[i++] = v;
  return out;
}

/** Highest value over the cells where `open` is true (0 when none). */
export function maxOver(values: Float64Array, open: (cell: number) => boolean): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (open(i) && values[i]! > max) max = values[i]!;
  return max;
}

/**
 * Converts a wire result. `open(cell)` says which cells are still unknown: the legend's range
 * covers those only (hits are certain and would squash the scale).
 */
export function heatFromWire(
  wire: SolveResultWire,
  key: string,
  open: (cell: number) => boolean,
): Heat {
  const { width: W, height: H } = wire;
  const n = W * H;
  const idx = ([r, c]: [number, number]): number => r * W + c;
  const all = flatten(wire.probabilities, n);
  return {
    key,
    width: W,
    height: H,
    solver: wire.solver,
    exact: wire.exact,
    weighted: wire.weighted,
    total: wire.total,
    all: { length: 'all', afloat: 0, probabilities: all, max: maxOver(all, open) },
    byLength: wire.byLength.map((v) => {
      const p = flatten(v.probabilities, n);
      return { length: v.length, afloat: v.afloat, probabilities: p, max: maxOver(p, open) };
    }),
    byShip: (wire.byShip ?? []).map((v) => {
      const p = flatten(v.probabilities, n);
      return { length: v.length, ship: v.name, afloat: 1, probabilities: p, max: maxOver(p, open) };
    }),
    counts: wire.cellCounts ? wire.cellCounts.flat() : null,
    standardError: wire.standardError ? flatten(wire.standardError, n) : null,
    best: wire.best ? idx(wire.best) : null,
    ties: wire.ties.map(idx),
    ms: wire.ms,
    note: wire.note ?? null,
    ...(wire.graph?.state === 'preparing'
      ? { preparing: { key: wire.graph.key, fraction: wire.graph.fraction } }
      : {}),
  };
}

/** "12.34%" with sensible precision for tiny and certain values. */
export function formatPercent(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  const pct = p * 100;
  if (pct < 0.01) return '<0.01%';
  if (pct > 99.99) return '>99.99%';
  return `${pct.toFixed(2)}%`;
}

/** A legend tick: as few decimals as the value needs ("10%", "2.5%", "0.25%"). */
export function formatTick(p: number): string {
  const pct = p * 100;
  if (pct === 0) return '0%';
  const digits = pct >= 10 ? 0 : pct >= 1 ? 1 : 2;
  return `${Number(pct.toFixed(digits))}%`;
}

/** The short number drawn inside a cell: whole percent, "<1" for small non-zero values. */
export function cellPercent(p: number): string {
  if (p <= 0) return '0';
  const pct = p * 100;
  if (pct < 1) return '<1';
  if (pct > 99 && pct < 100) return '>99';
  return String(Math.round(pct));
}

/** Groups digits of a decimal integer string: "15046987768" -> "15,046,987,768". */
export function groupDigits(decimal: string): string {
  if (!/^\d+$/.test(decimal)) return decimal;
  return decimal.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A layout count for the status line: exact digits up to 15, else "1.86 × 10^15". */
export function formatCount(decimal: string, weighted = false): string {
  if (weighted) {
    const v = Number(decimal);
    return Number.isFinite(v) ? v.toPrecision(4) : decimal;
  }
  if (!/^\d+$/.test(decimal)) return decimal;
  if (decimal.length <= 15) return groupDigits(decimal);
  return `${decimal[0]}.${decimal.slice(1, 3)} × 10^${decimal.length - 1}`;
}

export function formatMs(ms: number): string {
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
