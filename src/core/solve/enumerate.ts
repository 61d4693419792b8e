// `enumerate`: complete backtracking over every consistent layout, on bitboards.
//
// Ships are placed by type (board.types: one per remaining length, or per named ship when the
// position names ships). Each layout is generated exactly once: first, while some hit is
// uncovered, the lowest such hit picks the branch (every remaining ship type and placement
// covering it); then the ships that cover no hit are placed type by type, longest first, ships of
// one type in increasing placement order. Its cost
// grows with the number of layouts, so it shines when few remain (late game, many hits) and is
// the independent second answer the DP is tested against.
//
// The last two ships covering no hit are counted in bulk rather than recursed into: for each
// fitting placement of the first, the fitting placements of the second are all the fitting ones
// minus those listed as clashing with it (precomputed per pair of lengths), which costs about
// (placements x clashes) instead of placements^2. Hits look up the placements covering them
// instead of scanning every placement.
//
// Named hits and per-ship volley answers only narrow each type's placements (board.typeLegal).
// hitCount volleys link ships: a running sum of covered volley cells per such volley prunes a
// branch once it passes its count or can no longer reach it, and every leaf checks equality
// (the bulk count of the last two ships is then off: it cannot see the sums).
//
// `total` counts layouts with ships of one type not told apart: with names, the named ships are
// labelled and equal-length unnamed ships are not.

import { BudgetError, CancelledError, NoLayoutError } from '../errors';
import type { Position } from '../position';
import {
  HORIZONTAL,
  boardVariants,
  placementWeight,
  typePlacementLegal,
  type Board,
} from './board';
import { resultFromVariants, type BoardTally, type SolveResult, type Tally } from './result';
import type { SolveOptions } from './options';

interface Placement {
  /** Index in board.types. */
  type: number;
  length: number;
  cells: Int32Array;
  /** Sparse bitboard of the ship's cells: word index, bits, word index, bits, ... */
  body: Int32Array;
  /** Sparse bitboard of the ship's cells plus the cells the touch rule keeps clear. */
  reach: Int32Array;
  weight: number;
  /** Per hitCount volley (board.countVolleys): how many of its cells the ship covers. */
  volleyCells: Int32Array;
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
  // Without hitCount volleys every placement shares one empty count list.
  const noVolleys = new Int32Array(0);
  const byType: Placement[][] = [];
  board.types.forEach(({ length: len }, t) => {
    const list: Placement[] = [];
    for (let cell = 0; cell < board.cells; cell++) {
      for (let o = 0; o < (len === 1 ? 1 : 2); o++) {
        if (!typePlacementLegal(board, t, cell, o)) continue;
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
          type: t,
          length: len,
          cells,
          body,
          reach: sparseMask(dense),
          weight: placementWeight(board, cell, len, o),
          volleyCells:
            board.countVolleys.length === 0
              ? noVolleys
              : Int32Array.from(board.countVolleys, (v) => {
                  let k = 0;
                  for (const c of cells) k += v.cells[c]!;
                  return k;
                }),
        });
      }
    }
    byType[t] = list;
  });
  return byType;
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
): {
  total: number;
  byLength: Map<number, Float64Array>;
  byType: Float64Array[];
  nodes: number;
} {
  const placements = buildPlacements(board);
  const types = board.types;
  const nTypes = types.length;
  const words = (board.cells + 31) >>> 5;
  let depthMax = 0;
  let cellsLeft = 0;
  for (const t of types) {
    depthMax += t.count;
    cellsLeft += t.count * t.length;
  }
  const blocked = new Int32Array((depthMax + 1) * words); // one bitboard per depth
  const covered = new Int32Array((depthMax + 1) * words);
  const left = types.map((t) => t.count);
  const hits: number[] = [];
  for (let i = 0; i < board.cells; i++) if (board.mustCover[i]) hits.push(i);
  // Per hit and type: the placements covering the hit.
  const covering = new Map<number, Placement[][]>();
  for (const h of hits) {
    covering.set(
      h,
      placements.map((list) => list.filter((p) => p.cells.includes(h))),
    );
  }
  // hitCount volleys: volley cells covered so far by the chosen ships, and the counts to reach.
  const countVolleys = board.countVolleys.length;
  const volleySum = new Int32Array(countVolleys);
  const volleyCount = Int32Array.from(board.countVolleys, (v) => v.count);

  const acc = types.map(() => new Float64Array(board.cells));
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
  /**
   * Could the hitCount volleys still come out right with `p` added (and `p` the last ship when
   * `last`)? Only called when there are such volleys.
   */
  const sumsAllow = (p: Placement, last: boolean): boolean => {
    const after = cellsLeft - p.length;
    for (let v = 0; v < countVolleys; v++) {
      const sum = volleySum[v]! + p.volleyCells[v]!;
      if (sum > volleyCount[v]! || sum + after < volleyCount[v]!) return false;
      if (last && sum !== volleyCount[v]) return false;
    }
    return true;
  };
  /** Leaf check of the hitCount volleys for the ships chosen so far (all of them). */
  const sumsExact = (): boolean => {
    for (let v = 0; v < countVolleys; v++) if (volleySum[v] !== volleyCount[v]) return false;
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
    left[p.type]! -= 1;
    cellsLeft -= p.length;
    for (let v = 0; v < countVolleys; v++) volleySum[v]! += p.volleyCells[v]!;
  };
  const pop = (p: Placement): void => {
    left[p.type]! += 1;
    cellsLeft += p.length;
    for (let v = 0; v < countVolleys; v++) volleySum[v]! -= p.volleyCells[v]!;
  };
  /** Adds a finished branch: `weight` layouts share the ships chosen[0..depth). */
  const creditPrefix = (depth: number, weight: number): void => {
    for (let d = 0; d < depth; d++) {
      const p = chosen[d]!;
      const a = acc[p.type]!;
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
      for (let t = 0; t < nTypes; t++) {
        if (left[t] !== 0) topBranches += lists[t]!.filter((p) => fits(p, 0)).length;
      }
    }
    for (let t = 0; t < nTypes; t++) {
      if (left[t] === 0) continue;
      for (const p of lists[t]!) {
        if (!fits(p, depth)) continue;
        if (countVolleys > 0 && !sumsAllow(p, depth === depthMax - 1)) continue;
        push(p, depth);
        coverHits(depth + 1, weight * p.weight);
        pop(p);
        if (depth === 0) topDone++;
      }
    }
  };

  // Phase 2: ships covering no hit, type by type, ships of one type in increasing placement
  // order, so each set of ships is counted once.
  const placeFree = (
    depth: number,
    typeIndex: number,
    minPlacement: number,
    weight: number,
  ): void => {
    let ti = typeIndex;
    let from = minPlacement + 1;
    while (ti < nTypes && left[ti] === 0) {
      ti++;
      from = 0;
    }
    if (ti === nTypes) {
      if (countVolleys === 0 || sumsExact()) creditPrefix(depth, weight);
      return;
    }
    tick();
    const list = placements[ti]!;
    if (depth === depthMax - 2 && countVolleys === 0) {
      countLastTwo(depth, ti, from, weight);
      return;
    }
    if (depth === depthMax - 1) {
      // Bulk-count the last ship: no recursion per placement.
      const a = acc[ti]!;
      let sum = 0;
      for (let k = from; k < list.length; k++) {
        const p = list[k]!;
        if (!fits(p, depth)) continue;
        if (countVolleys > 0 && !sumsAllow(p, true)) continue;
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
      if (countVolleys > 0 && !sumsAllow(p, false)) continue;
      push(p, depth);
      placeFree(depth + 1, ti, k, weight * p.weight);
      pop(p);
      if (depth === 0) topDone = k - from + 1;
    }
  };

  /**
   * Counts the last two ships (both covering no hit) in bulk: for each fitting placement p of
   * the first, the fitting placements q of the second number all the fitting ones minus those
   * that clash with p (listed once per pair of types, see clashes). Two ships of one type count
   * each unordered pair once (p and q both from `from` on).
   */
  const countLastTwo = (depth: number, ti: number, from: number, weight: number): void => {
    let tj = ti;
    if (left[ti]! < 2) {
      tj = ti + 1;
      while (left[tj] === 0) tj++;
    }
    const same = tj === ti;
    const A = placements[ti]!;
    const B = placements[tj]!;
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
    const accA = acc[ti]!;
    const accB = acc[tj]!;
    const clashAB = clashes(ti, tj);
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
      const clashBA = clashes(tj, ti);
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
  /** clashes(a, b)[k]: the placements of type b that overlap or touch placement k of type a. */
  const clashCache = new Map<number, Int32Array[]>();
  const clashes = (ta: number, tb: number): Int32Array[] => {
    const cacheKey = ta * nTypes + tb;
    const cached = clashCache.get(cacheKey);
    if (cached) return cached;
    const A = placements[ta]!;
    const B = placements[tb]!;
    // Placements of type b by cell they cover.
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
  const byLength = new Map<number, Float64Array>();
  for (const len of board.lengths) byLength.set(len, new Float64Array(board.cells));
  types.forEach((t, i) => {
    const sum = byLength.get(t.length)!;
    const a = acc[i]!;
    for (let c = 0; c < board.cells; c++) sum[c]! += a[c]!;
  });
  return { total, byLength, byType: acc, nodes };
}

/**
 * Enumerates every layout, summed over the boards of boardVariants. With names, `total` counts
 * layouts with the named ships labelled (equal-length unnamed ships not), as the result's note
 * says.
 */
export function solveEnumerate(
  position: Position,
  options: SolveOptions & EnumerateLimits = {},
): SolveResult {
  const t0 = performance.now();
  const parts: BoardTally[] = [];
  let nodes = 0;
  for (const board of boardVariants(position)) {
    const maxNodes = options.maxNodes === undefined ? undefined : options.maxNodes - nodes;
    const raw = enumerateTally(board, { ...options, maxNodes });
    nodes += raw.nodes;
    if (raw.total === 0) continue;
    const big = (a: Float64Array): bigint[] => Array.from(a, (x) => BigInt(x));
    const tally: Tally = board.weight
      ? { kind: 'weight', total: raw.total, byLength: raw.byLength, byType: raw.byType }
      : {
          kind: 'count',
          total: BigInt(raw.total),
          byLength: new Map([...raw.byLength].map(([len, a]) => [len, big(a)])),
          byType: board.named ? raw.byType.map(big) : undefined,
        };
    parts.push({ board, tally });
  }
  if (parts.length === 0) throw new NoLayoutError();
  return resultFromVariants(position, parts, 'enumerate', performance.now() - t0);
}
