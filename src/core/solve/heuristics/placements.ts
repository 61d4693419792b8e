// What the placement-counting heuristics share: every placement of every remaining ship length
// that the marks allow (one ship at a time, ignoring the other ships), how many unsunk hits each
// covers, and the step from a per-cell score to the common result shape.
//
// These heuristics count placements of single ships, not whole layouts, so their numbers are not
// probabilities. `pdf` and `margin-count` show their count scaled so that the unknown cells add up
// to the ship cells still hidden (the one total every consistent layout agrees on), capped at 1;
// `independent` and `bob` show their combined chance. The shot is chosen on the raw score, never
// on a capped value.

import { NoLayoutError } from '../../errors';
import { HIT, MISS, UNKNOWN, type Position } from '../../position';
import { HORIZONTAL, type Board } from '../board';
import { bestShot, type ShipLengthView, type SolveResult } from '../result';

/** For one ship length: the summed weight of its placements over each cell, and in all. */
export interface Coverage {
  length: number;
  /** Ships of this length still afloat. */
  afloat: number;
  /** Placements that fit (whatever their weight). */
  count: number;
  cover: Float64Array;
  total: number;
}

/**
 * Every placement of each remaining length that the marks allow (misses, sunk ships and the
 * cells the touch rule clears around them block it; so do `blocked` cells, a heuristic's own
 * "impossible" ones; a ship lying wholly on hits would already have been reported sunk), each
 * weighted by `weight(unsunk hits it covers)`, summed per cell. The fit test is board.ts's
 * placementLegal, inlined: one pass, no allocation per placement, since this runs for every shot
 * of every simulated game.
 */
export function lengthCoverage(
  board: Board,
  weight: (hits: number) => number,
  blocked?: Uint8Array,
): Coverage[] {
  const { width: W, height: H, cells: n, forbidden, mustCover, sunkReported } = board;
  return board.lengths.map((length) => {
    const cover = new Float64Array(n);
    let total = 0;
    let count = 0;
    for (let start = 0; start < n; start++) {
      const r = Math.floor(start / W);
      const c = start % W;
      for (let o = 0; o < (length === 1 ? 1 : 2); o++) {
        if (o === HORIZONTAL ? c + length > W : r + length > H) continue;
        const step = o === HORIZONTAL ? 1 : W;
        let hits = 0;
        let ok = true;
        for (let k = 0, x = start; k < length; k++, x += step) {
          if (forbidden[x] || blocked?.[x]) {
            ok = false;
            break;
          }
          hits += mustCover[x]!;
        }
        if (!ok || (sunkReported && hits === length)) continue;
        count++;
        const w = weight(hits);
        if (w === 0) continue;
        total += w;
        for (let k = 0, x = start; k < length; k++, x += step) cover[x]! += w;
      }
    }
    return { length, afloat: board.remaining[length]!, count, cover, total };
  });
}

/**
 * The placement-density score (each length's coverage times the ships of that length afloat,
 * summed) and, per length, the chance a ship of it covers each cell (its share of the
 * placements, combined over the ships afloat). What `pdf` and `margin-count` report.
 */
export function densityScore(
  lengths: readonly Coverage[],
  cells: number,
): { score: Float64Array; byLength: ShipLengthView[] } {
  const score = new Float64Array(cells);
  const byLength: ShipLengthView[] = [];
  for (const { length, afloat, cover, total } of lengths) {
    for (let i = 0; i < cells; i++) score[i]! += afloat * cover[i]!;
    byLength.push({
      length,
      afloat,
      probabilities: anyOf(
        cover.map((c) => (total > 0 ? c / total : 0)),
        afloat,
      ),
    });
  }
  return { score, byLength };
}

/** Ship cells not yet seen: cells of ships afloat minus the hits they already show. */
export function hiddenShipCells(board: Board): number {
  let cells = 0;
  for (const len of board.lengths) cells += len * board.remaining[len]!;
  for (let i = 0; i < board.cells; i++) cells -= board.mustCover[i]!;
  return Math.max(0, cells);
}

/**
 * Throws NoLayoutError when some ship still afloat has no placement at all: no layout can exist,
 * and the heuristic would otherwise quietly ignore that ship.
 */
export function requirePlacements(lengths: Coverage[]): void {
  for (const c of lengths) {
    if (c.count === 0) throw new NoLayoutError(`no ship of length ${c.length} fits anywhere`);
  }
}

/** A heatmap with the marks made certain: misses 0, hits 1, other cells capped to [0, 1]. */
export function withMarks(position: Position, values: Float64Array): Float64Array {
  return values.map((v, i) => {
    const m = position.cells[i];
    return m === MISS ? 0 : m === HIT ? 1 : Math.max(0, Math.min(1, v));
  });
}

/** Scales a score so the unknown cells sum to `hidden`, then applies the marks (withMarks). */
export function calibrate(position: Position, score: Float64Array, hidden: number): Float64Array {
  let sum = 0;
  for (let i = 0; i < score.length; i++) if (position.cells[i] === UNKNOWN) sum += score[i]!;
  const scale = sum > 0 ? hidden / sum : 0;
  return withMarks(
    position,
    score.map((x) => x * scale),
  );
}

/** Chance that at least one of `afloat` ships covers each cell, each with chance p there. */
export function anyOf(p: Float64Array, afloat: number): Float64Array {
  return p.map((x) => 1 - Math.pow(1 - Math.min(1, x), afloat));
}

export interface HeuristicParts {
  solver: string;
  /** What the shot is chosen on (higher is better); only unknown cells are read. */
  score: Float64Array;
  /** The heatmap shown: in [0, 1], misses 0, hits 1. */
  probabilities: Float64Array;
  byLength: ShipLengthView[];
  ms: number;
  note: string;
}

/** The common result shape for a heuristic: `exact: false`, best shot and ties from the score. */
export function heuristicResult(
  position: Position,
  board: Board,
  parts: HeuristicParts,
): SolveResult {
  const { best, ties } = bestShot(position, parts.score);
  return {
    solver: parts.solver,
    exact: false,
    weighted: false,
    total: 'unknown',
    width: board.width,
    height: board.height,
    probabilities: parts.probabilities,
    byLength: parts.byLength,
    best,
    ties,
    ms: parts.ms,
    note: parts.note,
  };
}

/**
 * A density heuristic's result from its placement counts: every ship afloat must fit somewhere,
 * the shot is the densest cell, and the heatmap is the density scaled to the hidden ship cells.
 */
export function densityResult(
  position: Position,
  board: Board,
  lengths: Coverage[],
  parts: { solver: string; note: string; startedAt: number },
): SolveResult {
  requirePlacements(lengths);
  const { score, byLength } = densityScore(lengths, board.cells);
  return heuristicResult(position, board, {
    solver: parts.solver,
    score,
    probabilities: calibrate(position, score, hiddenShipCells(board)),
    byLength,
    ms: performance.now() - parts.startedAt,
    note: parts.note,
  });
}
