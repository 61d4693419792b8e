// `enumerate`: complete backtracking over every consistent layout, on bitboards.
//
// Each layout is generated exactly once: first, while some hit is uncovered, the lowest such hit
// picks the branch (every remaining ship length and placement covering it); then the ships that
// cover no hit are placed longest first, equal lengths in increasing placement order. Its cost
// grows with the number of layouts, so it shines when few remain (late game, many hits) and is
// the independent second answer the DP is tested against. The last ship of each branch is
// counted in bulk rather than recursed into.

import { BudgetError, CancelledError, NoLayoutError } from '../errors';
import type { Position } from '../position';
import {
  HORIZONTAL,
  VERTICAL,
  buildBoard,
  checkHitsCoverable,
  placementLegal,
  placementWeight,
  touchNeighbours,
  type Board,
} from './board';
import { resultFromTally, type SolveResult, type Tally } from './result';
import type { SolveOptions } from './options';

interface Placement {
  length: number;
  cells: Int32Array;
  /** Sparse bitboard of the ship's cells: word index, bits, word index, bits, ... */
  body: Int32Array;
  /** Sparse bitboard of the ship's cells plus the cells the touch rule keeps clear. */
  reach: Int32Array;
  weight: number;
}

function sparseMask(cells: Iterable<number>): Int32Array {
  const words = new Map<number, number>();
  for (const c of cells) words.set(c >>> 5, (words.get(c >>> 5) ?? 0) | (1 << (c & 31)));
  const out = new Int32Array(words.size * 2);
  let k = 0;
  for (const [w, bits] of [...words].sort((a, b) => a[0] - b[0])) {
    out[k++] = w;
    out[k++] = bits;
  }
  return out;
}

function buildPlacements(board: Board): Placement[][] {
  const byLength: Placement[][] = [];
  for (const len of board.lengths) {
    const list: Placement[] = [];
    for (let cell = 0; cell < board.cells; cell++) {
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        if (!placementLegal(board, cell, len, o)) continue;
        const step = o === HORIZONTAL ? 1 : board.width;
        const cells = Int32Array.from({ length: len }, (_, k) => cell + k * step);
        const reach = new Set<number>(cells);
        for (const c of cells) {
          for (const nb of touchNeighbours(board.touch, board.width, board.height, c))
            reach.add(nb);
        }
        list.push({
          length: len,
          cells,
          body: sparseMask(cells),
          reach: sparseMask(reach),
          weight: placementWeight(board, cell, len, o),
        });
      }
    }
    byLength[len] = list;
  }
  return byLength;
}

export interface EnumerateLimits {
  /** Stop with a BudgetError after this many search nodes. */
  maxNodes?: number;
}

/** Raw tally of the enumeration (float accumulators; exact integers below 2^53). */
export function enumerateTally(
  board: Board,
  options: SolveOptions & EnumerateLimits = {},
): { total: number; byLength: Map<number, Float64Array>; nodes: number } {
  const placements = buildPlacements(board);
  const words = (board.cells + 31) >>> 5;
  let depthMax = 0;
  for (const len of board.lengths) depthMax += board.remaining[len]!;
  const blocked = new Int32Array((depthMax + 1) * words); // one bitboard per depth
  const covered = new Int32Array((depthMax + 1) * words);
  const left = board.remaining.slice();
  const hits: number[] = [];
  for (let i = 0; i < board.cells; i++) if (board.mustCover[i]) hits.push(i);

  const acc = new Map<number, Float64Array>();
  for (const len of board.lengths) acc.set(len, new Float64Array(board.cells));
  const chosen: Placement[] = [];
  let total = 0;
  let nodes = 0;
  const maxNodes = options.maxNodes ?? Infinity;
  const signal = options.signal;

  const fits = (p: Placement, depth: number): boolean => {
    const base = depth * words;
    const b = p.body;
    for (let k = 0; k < b.length; k += 2) if (blocked[base + b[k]!]! & b[k + 1]!) return false;
    return true;
  };
  const push = (p: Placement, depth: number): void => {
    const from = depth * words;
    const to = from + words;
    blocked.copyWithin(to, from, to);
    covered.copyWithin(to, from, to);
    const r = p.reach;
    for (let k = 0; k < r.length; k += 2) blocked[to + r[k]!]! |= r[k + 1]!;
    const b = p.body;
    for (let k = 0; k < b.length; k += 2) covered[to + b[k]!]! |= b[k + 1]!;
    chosen[depth] = p;
    left[p.length]! -= 1;
  };
  const pop = (p: Placement): void => {
    left[p.length]! += 1;
  };
  /** Adds a finished branch: `weight` layouts share the ships chosen[0..depth). */
  const creditPrefix = (depth: number, weight: number): void => {
    for (let d = 0; d < depth; d++) {
      const p = chosen[d]!;
      const a = acc.get(p.length)!;
      for (let k = 0; k < p.cells.length; k++) a[p.cells[k]!]! += weight;
    }
    total += weight;
  };
  const tick = (): void => {
    if (++nodes > maxNodes) {
      throw new BudgetError(
        `enumeration passed its budget of ${maxNodes} search nodes`,
        "use solver 'dp' for this position",
      );
    }
    if ((nodes & 0xffff) === 0 && signal?.aborted) throw new CancelledError();
  };

  const firstUncoveredHit = (depth: number): number => {
    const base = depth * words;
    for (const h of hits) if (!(covered[base + (h >>> 5)]! & (1 << (h & 31)))) return h;
    return -1;
  };

  // Phase 1: cover hits, lowest uncovered hit first.
  const coverHits = (depth: number, weight: number): void => {
    tick();
    const h = firstUncoveredHit(depth);
    if (h < 0) {
      placeFree(depth, 0, -1, weight);
      return;
    }
    for (const len of board.lengths) {
      if (left[len] === 0) continue;
      for (const p of placements[len]!) {
        if (p.cells[0]! > h || p.cells[p.cells.length - 1]! < h) continue;
        if (!p.cells.includes(h) || !fits(p, depth)) continue;
        push(p, depth);
        coverHits(depth + 1, weight * p.weight);
        pop(p);
      }
    }
  };

  // Phase 2: ships covering no hit, longest first, equal lengths in increasing placement order,
  // so each set of ships is counted once.
  const placeFree = (
    depth: number,
    lengthIndex: number,
    minPlacement: number,
    weight: number,
  ): void => {
    let li = lengthIndex;
    let from = minPlacement + 1;
    while (li < board.lengths.length && left[board.lengths[li]!] === 0) {
      li++;
      from = 0;
    }
    if (li === board.lengths.length) {
      creditPrefix(depth, weight);
      return;
    }
    tick();
    const len = board.lengths[li]!;
    const list = placements[len]!;
    if (depth === depthMax - 1) {
      // Bulk-count the last ship: no recursion per placement.
      const a = acc.get(len)!;
      let sum = 0;
      for (let k = from; k < list.length; k++) {
        const p = list[k]!;
        if (!fits(p, depth)) continue;
        const w = weight * p.weight;
        for (let m = 0; m < p.cells.length; m++) a[p.cells[m]!]! += w;
        sum += p.weight;
      }
      if (sum > 0) creditPrefix(depth, weight * sum);
      return;
    }
    for (let k = from; k < list.length; k++) {
      const p = list[k]!;
      if (!fits(p, depth)) continue;
      push(p, depth);
      placeFree(depth + 1, li, k, weight * p.weight);
      pop(p);
    }
  };

  coverHits(0, 1);
  return { total, byLength: acc, nodes };
}

export function solveEnumerate(
  position: Position,
  options: SolveOptions & EnumerateLimits = {},
): SolveResult {
  const t0 = performance.now();
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const raw = enumerateTally(board, options);
  if (raw.total === 0) throw new NoLayoutError();
  const tally: Tally = board.weight
    ? { kind: 'weight', total: raw.total, byLength: raw.byLength }
    : {
        kind: 'count',
        total: BigInt(raw.total),
        byLength: new Map(
          [...raw.byLength].map(([len, a]) => [len, Array.from(a, (x) => BigInt(x))]),
        ),
      };
  return resultFromTally(position, board, tally, 'enumerate', performance.now() - t0);
}
