// `enumerate`: complete backtracking over every consistent layout, on bitboards.
//
// Each layout is generated exactly once: first, while some hit is uncovered, the lowest such hit
// picks the branch (every remaining ship length and placement covering it); then the ships that
// cover no hit are placed longest first, equal lengths in increasing placement order. Its cost
// grows with the number of layouts, so it shines when few remain (late game, many hits) and is
// the independent second answer the DP is tested against.
//
// The last two ships covering no hit are counted in bulk rather than recursed into: for each
// fitting placement of the first, the fitting placements of the second are all the fitting ones
// minus those listed as clashing with it (precomputed per pair of lengths), which costs about
// (placements x clashes) instead of placements^2. Hits look up the placements covering them
// instead of scanning every placement.

import { BudgetError, CancelledError, NoLayoutError } from '../errors';
import type { Position } from '../position';
import {
  HORIZONTAL,
  buildBoard,
  checkHitsCoverable,
  placementLegal,
  placementWeight,
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

/** Sparse bitboard of the flagged words of `dense`: word index, bits, ... (and clears them). */
function sparseMask(dense: Int32Array): Int32Array {
  let n = 0;
  for (let w = 0; w < dense.length; w++) if (dense[w] !== 0) n++;
  const out = new Int32Array(2 * n);
  let k = 0;
  for (let w = 0; w < dense.length; w++) {
    if (dense[w] === 0) continue;
    out[k++] = w;
    out[k++] = dense[w]!;
    dense[w] = 0;
  }
  return out;
}

/** Offsets (row, column) of the cells a touch rule keeps clear around a ship cell. */
function touchOffsets(board: Board): [number, number][] {
  if (board.touch === 'allowed') return [];
  const out: [number, number][] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      if (board.touch === 'no-edge-touch' && dr !== 0 && dc !== 0) continue;
      out.push([dr, dc]);
    }
  }
  return out;
}

function buildPlacements(board: Board): Placement[][] {
  const { width: W, height: H } = board;
  const dense = new Int32Array((board.cells + 31) >>> 5);
  const offsets = touchOffsets(board);
  const flag = (cell: number): void => {
    dense[cell >>> 5]! |= 1 << (cell & 31);
  };
  const byLength: Placement[][] = [];
  for (const len of board.lengths) {
    const list: Placement[] = [];
    for (let cell = 0; cell < board.cells; cell++) {
      for (let o = 0; o < (len === 1 ? 1 : 2); o++) {
        if (!placementLegal(board, cell, len, o)) continue;
        const step = o === HORIZONTAL ? 1 : W;
        const cells = new Int32Array(len);
        for (let k = 0; k < len; k++) cells[k] = cell + k * step;
        for (const c of cells) flag(c);
        const body = sparseMask(dense);
        for (const c of cells) {
          flag(c);
          const r = Math.floor(c / W);
          const x = c % W;
          for (const [dr, dc] of offsets) {
            const y = r + dr;
            const z = x + dc;
            if (y >= 0 && y < H && z >= 0 && z < W) flag(y * W + z);
          }
        }
        list.push({
          length: len,
          cells,
          body,
          reach: sparseMask(dense),
          weight: placementWeight(board, cell, len, o),
        });
      }
    }
    byLength[len] = list;
  }
  return byLength;
}

export interface EnumerateLimits {
  /**
   * Stop with a BudgetError after this many search nodes (a bulk count of the last two ships
   * counts one node per 32 placements it scans).
   */
  maxNodes?: number;
  /**
   * Give up as soon as the search is clearly going to pass maxNodes (judged from the share of
   * first-level branches finished), instead of at maxNodes: `auto`'s probe, which should cost
   * little more than the DP it hands over to.
   */
  giveUpEarly?: boolean;
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
  // Per hit and length: the placements covering the hit.
  const covering = new Map<number, Placement[][]>();
  for (const h of hits) {
    covering.set(
      h,
      board.lengths.map((len) => placements[len]!.filter((p) => p.cells.includes(h))),
    );
  }

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
  // First-level branches (placements of the first ship chosen) and how many are finished: with
  // giveUpEarly, nodes * branches / finished estimates the whole search.
  let topBranches = 0;
  let topDone = 0;
  const giveUpAt = options.giveUpEarly ? maxNodes / 16 : Infinity;
  const overBudget = (): boolean => {
    if (nodes > maxNodes) return true;
    if (nodes < giveUpAt || topBranches === 0) return false;
    if (topDone === 0) return nodes > maxNodes / 4 && topBranches >= 8;
    return (nodes * topBranches) / topDone > 2 * maxNodes;
  };
  let nextSignalCheck = 1 << 12;
  const tick = (work = 1): void => {
    nodes += work;
    if (overBudget()) {
      throw new BudgetError(
        `enumeration passed its budget of ${maxNodes} search nodes`,
        "use solver 'dp' for this position",
      );
    }
    if (nodes >= nextSignalCheck) {
      nextSignalCheck = nodes + (1 << 12);
      if (signal?.aborted) throw new CancelledError();
    }
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
    const lists = covering.get(h)!;
    if (depth === 0) {
      board.lengths.forEach((len, li) => {
        if (left[len] !== 0) topBranches += lists[li]!.filter((p) => fits(p, 0)).length;
      });
    }
    board.lengths.forEach((len, li) => {
      if (left[len] === 0) return;
      for (const p of lists[li]!) {
        if (!fits(p, depth)) continue;
        push(p, depth);
        coverHits(depth + 1, weight * p.weight);
        pop(p);
        if (depth === 0) topDone++;
      }
    });
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
    if (depth === depthMax - 2) {
      countLastTwo(depth, li, from, weight);
      return;
    }
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
    if (depth === 0) topBranches = list.length - from;
    for (let k = from; k < list.length; k++) {
      const p = list[k]!;
      if (!fits(p, depth)) continue;
      push(p, depth);
      placeFree(depth + 1, li, k, weight * p.weight);
      pop(p);
      if (depth === 0) topDone = k - from + 1;
    }
  };

  /**
   * Counts the last two ships (both covering no hit) in bulk: for each fitting placement p of
   * the first, the fitting placements q of the second number all the fitting ones minus those
   * that clash with p (listed once per pair of lengths, see clashes). Equal lengths count each
   * unordered pair once (p and q both from `from` on).
   */
  const countLastTwo = (depth: number, li: number, from: number, weight: number): void => {
    const lenA = board.lengths[li]!;
    let lj = li;
    if (left[lenA]! < 2) {
      lj = li + 1;
      while (left[board.lengths[lj]!] === 0) lj++;
    }
    const lenB = board.lengths[lj]!;
    const same = lj === li;
    const A = placements[lenA]!;
    const B = placements[lenB]!;
    const fromB = same ? from : 0;
    const fitA = scratchA(A.length);
    const fitB = same ? fitA : scratchB(B.length);
    // Weights of the fitting placements (0 for the others) and how many fit: with a prior the
    // weights are floats, and a count of 0 must give exactly 0 however the sums round.
    let sumA = 0;
    let countA = 0;
    for (let k = from; k < A.length; k++) {
      fitA[k] = fits(A[k]!, depth) ? A[k]!.weight : 0;
      sumA += fitA[k]!;
      if (fitA[k] !== 0) countA++;
    }
    let sumB = sumA;
    let countB = countA;
    if (!same) {
      sumB = 0;
      countB = 0;
      for (let m = 0; m < B.length; m++) {
        fitB[m] = fits(B[m]!, depth) ? B[m]!.weight : 0;
        sumB += fitB[m]!;
        if (fitB[m] !== 0) countB++;
      }
    }
    tick(1 + ((A.length + B.length) >> 5));
    if (countA === 0 || countB === 0) return;
    const accA = acc.get(lenA)!;
    const accB = acc.get(lenB)!;
    const clashAB = clashes(lenA, lenB);
    let pairs = 0;
    for (let k = from; k < A.length; k++) {
      const wp = fitA[k]!;
      if (wp === 0) continue;
      let compatible = sumB;
      let n = countB;
      const list = clashAB[k]!;
      for (let t = 0; t < list.length; t++) {
        const m = list[t]!;
        if (m < fromB || fitB[m] === 0) continue;
        compatible -= fitB[m]!;
        n--;
      }
      if (n === 0) continue;
      pairs += wp * compatible;
      const x = weight * wp * compatible;
      const cells = A[k]!.cells;
      for (let m = 0; m < cells.length; m++) accA[cells[m]!]! += x;
    }
    if (!same) {
      const clashBA = clashes(lenB, lenA);
      for (let m = 0; m < B.length; m++) {
        const wq = fitB[m]!;
        if (wq === 0) continue;
        let compatible = sumA;
        let n = countA;
        const list = clashBA[m]!;
        for (let t = 0; t < list.length; t++) {
          const k = list[t]!;
          if (k < from || fitA[k] === 0) continue;
          compatible -= fitA[k]!;
          n--;
        }
        if (n === 0) continue;
        const x = weight * wq * compatible;
        const cells = B[m]!.cells;
        for (let c = 0; c < cells.length; c++) accB[cells[c]!]! += x;
      }
    } else {
      pairs /= 2; // each unordered pair was counted from both ends (its cells once from each)
    }
    if (pairs > 0) creditPrefix(depth, weight * pairs);
  };
  let bufA = new Float64Array(0);
  let bufB = new Float64Array(0);
  const scratchA = (n: number): Float64Array => {
    if (bufA.length < n) bufA = new Float64Array(n);
    return bufA;
  };
  const scratchB = (n: number): Float64Array => {
    if (bufB.length < n) bufB = new Float64Array(n);
    return bufB;
  };
  /** clashes(a, b)[k]: the placements of length b that overlap or touch placement k of length a. */
  const clashCache = new Map<number, Int32Array[]>();
  const clashes = (lenA: number, lenB: number): Int32Array[] => {
    const cacheKey = lenA * 64 + lenB;
    const cached = clashCache.get(cacheKey);
    if (cached) return cached;
    const A = placements[lenA]!;
    const B = placements[lenB]!;
    // Placements of length b by cell they cover.
    const byCell: number[][] = Array.from({ length: board.cells }, () => []);
    B.forEach((q, m) => q.cells.forEach((c) => byCell[c]!.push(m)));
    const stamp = new Int32Array(B.length).fill(-1);
    const out = A.map((p, k) => {
      const found: number[] = [];
      for (let t = 0; t < p.reach.length; t += 2) {
        const w = p.reach[t]!;
        let bits = p.reach[t + 1]!;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const cell = w * 32 + 31 - Math.clz32(low);
          for (const m of byCell[cell]!) {
            if (stamp[m] === k) continue;
            stamp[m] = k;
            found.push(m);
          }
        }
      }
      return Int32Array.from(found);
    });
    clashCache.set(cacheKey, out);
    return out;
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
