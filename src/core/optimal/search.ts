// The exact optimal expected number of shots: an expectimax over what the shooter knows, the set
// of layouts still consistent with every answer (plus the hits so far, which decide whether a
// hit sinks). Every game needs one hit per ship cell, so minimising shots is minimising misses,
// and over a set S of equally likely layouts the misses of a fixed policy summed over S are a
// whole number: the search works on those integer totals, so its answer is exact (the expected
// shots are shipCells + misses / layouts, one division at the end).
//
//   M(S) = 0 when one layout is left (its remaining cells are all hits);
//   M(S) = min over cells c of [ layouts of S missing c + sum over answers a of M(S_a) ].
//
// Three things keep it small:
// - A cell every layout of S covers (a sure hit) is shot at once, and only that one: a policy
//   that shoots it later gets no fewer misses, since from what it has seen the shooter can tell
//   what it would have been told without that shot.
// - Knowledge states are memoised under a canonical key that folds the mirrors and rotations of
//   the board (every touch rule is symmetric).
// - Branch and bound: cells are tried likeliest hit first (the greedy shot gives an upper bound
//   at once), each answer's state gets a lower bound (its memoised value when known, else the
//   misses before its next hit, see lowerBound), and a child is searched only with the budget
//   left under the best value found; a search cut off by its budget returns, and memoises, a
//   lower bound instead.
//
// Progress, and a projection of the whole search's work. The work is counted as layouts read
// (counting cells, splitting by answers, keying), which follows the time spent but not the
// machine's load. The root holds a share of 1; a state gives half of what it has not given yet
// to each shot it searches, in turn, split among that shot's answers by their layouts, and its
// whole share counts as settled when it returns. Most of a state's cost is in its first shots,
// so this settles more slowly than the work is done: work / settled overstates the total, which
// is the safe side for refusing a search it cannot finish. Once a pilot of states is memoised,
// a projection past the work budget stops the search with one line saying so, instead of
// running for many minutes.

import { BudgetError } from '../errors';
import type { LayoutTable } from './layouts';

export interface OptimalResult {
  layouts: number;
  /** Misses summed over every layout under optimal play (a whole number). */
  totalMisses: number;
  /** Expected shots to sink the whole fleet: (shipCells * layouts + totalMisses) / layouts. */
  expectedShots: number;
  /** Knowledge states memoised. */
  states: number;
  ms: number;
}

export interface OptimalProgress {
  /** Knowledge states memoised so far. */
  states: number;
  /** Layouts read so far: the work done. */
  work: number;
  /** Share of the search settled (0 to 1, see the header). */
  settled: number;
  /** Work the whole search projects to (an overstatement, see the header). */
  projectedWork: number;
  ms: number;
}

export interface OptimalSearchOptions {
  /** Called each `progressEvery` new states; the work budget is checked then too. */
  onProgress?: (progress: OptimalProgress) => void;
  progressEvery?: number;
  /** Layouts the search may read; a projection past it stops the search (see pilotStates). */
  maxWork?: number;
  /** States memoised before the projection is trusted (at least one report's worth). */
  pilotStates?: number;
}

/** Characters of memo keys allowed (two bytes each): the memory bound of the search. */
const MAX_KEY_CHARS = 200 * 2 ** 20;

/** One answer to a shot: the layouts giving it, and whether it was a hit. */
interface Answer {
  layouts: Int32Array;
  hit: boolean;
  /** Its canonical key, once computed. */
  key?: string;
}

/** Two 32-bit mixes of a layout index, summed / xored over a state (order does not matter). */
function mixA(x: number): number {
  let h = Math.imul(x ^ 0x5bd1e995, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function mixB(x: number): number {
  let h = Math.imul(x + 0x7f4a7c15, 0x27d4eb2d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x165667b1);
  return (h ^ (h >>> 13)) >>> 0;
}

export function optimalSearch(
  table: LayoutTable,
  maxStates: number,
  options: OptimalSearchOptions = {},
): OptimalResult {
  const t0 = performance.now();
  const { onProgress, progressEvery = 10_000, maxWork = Infinity, pilotStates = 0 } = options;
  let settled = 0;
  /** Layouts read so far (counting, splitting, keying): the search's work, load-independent. */
  let work = 0;
  let nextReport = progressEvery;
  const { cells: n, shipCells: T, owner, shipCellsOf, placements, cellMaps, layoutMaps } = table;
  const wide = table.size > 0xffff;
  const memo = new Map<string, number>();
  let keyChars = 0;
  const counts = new Int32Array(n);
  // Each layout's two hashes under each symmetry, so a state's hashes are plain sums.
  const hashA = layoutMaps.map((map) => map.map(mixA));
  const hashB = layoutMaps.map((map) => map.map(mixB));

  /** Per cell, how many layouts of S cover it (in the shared `counts`). */
  const countCells = (S: Int32Array): void => {
    work += S.length;
    counts.fill(0);
    for (let i = 0; i < S.length; i++) {
      const base = S[i]! * T;
      for (let k = 0; k < T; k++) counts[shipCellsOf[base + k]!]! += 1;
    }
  };

  const isHit = (lo: number, hi: number, cell: number): boolean =>
    cell < 32 ? ((lo >>> cell) & 1) === 1 : ((hi >>> (cell - 32)) & 1) === 1;

  /** The canonical key of (S, hits): the image under the symmetry with the smallest set hash. */
  const keyOf = (S: Int32Array, lo: number, hi: number): string => {
    work += S.length * layoutMaps.length;
    let bestG = 0;
    let bestA = -1;
    let bestB = -1;
    for (let g = 0; g < layoutMaps.length; g++) {
      const ha = hashA[g]!;
      const hb = hashB[g]!;
      let a = 0;
      let b = 0;
      for (let i = 0; i < S.length; i++) {
        a = (a + ha[S[i]!]!) >>> 0;
        b = (b ^ hb[S[i]!]!) >>> 0;
      }
      if (bestA < 0 || a < bestA || (a === bestA && b < bestB)) {
        bestG = g;
        bestA = a;
        bestB = b;
      }
    }
    const map = layoutMaps[bestG]!;
    const cellMap = cellMaps[bestG]!;
    const image = new Int32Array(S.length);
    for (let i = 0; i < S.length; i++) image[i] = map[S[i]!]!;
    image.sort();
    let mlo = 0;
    let mhi = 0;
    for (let c = 0; c < n; c++) {
      if (!isHit(lo, hi, c)) continue;
      const m = cellMap[c]!;
      if (m < 32) mlo |= 1 << m;
      else mhi |= 1 << (m - 32);
    }
    const parts: string[] = [
      String.fromCharCode(mlo & 0xffff, mlo >>> 16, mhi & 0xffff, mhi >>> 16),
    ];
    let chunk = '';
    for (let i = 0; i < image.length; i++) {
      const x = image[i]!;
      chunk += wide ? String.fromCharCode(x & 0xffff, x >>> 16) : String.fromCharCode(x);
      if (chunk.length >= 4096) {
        parts.push(chunk);
        chunk = '';
      }
    }
    parts.push(chunk);
    return parts.join('');
  };

  /** The answers to a shot at `cell`: miss, hit, or the sinking of one particular ship. */
  const answers = (S: Int32Array, lo: number, hi: number, cell: number): Answer[] => {
    work += S.length;
    const withLo = cell < 32 ? (lo | (1 << cell)) >>> 0 : lo;
    const withHi = cell < 32 ? hi : (hi | (1 << (cell - 32))) >>> 0;
    const miss: number[] = [];
    const hit: number[] = [];
    const sunk = new Map<number, number[]>();
    for (let i = 0; i < S.length; i++) {
      const l = S[i]!;
      const p = owner[l * n + cell]!;
      if (p < 0) {
        miss.push(l);
        continue;
      }
      const ship = placements[p]!;
      if ((ship.lo & ~withLo) === 0 && (ship.hi & ~withHi) === 0) {
        const list = sunk.get(p);
        if (list) list.push(l);
        else sunk.set(p, [l]);
      } else hit.push(l);
    }
    const out: Answer[] = [];
    if (miss.length) out.push({ layouts: Int32Array.from(miss), hit: false });
    if (hit.length) out.push({ layouts: Int32Array.from(hit), hit: true });
    for (const list of sunk.values()) out.push({ layouts: Int32Array.from(list), hit: true });
    return out;
  };

  /**
   * A lower bound on M(S). Until its next hit a policy fires a fixed sequence of cells (every
   * answer on the way is a miss), and every layout of S still needs a hit, so a layout misses
   * once for each shot of that sequence before the first one on its ships. After k shots at
   * most the k largest cell counts' sum of layouts have been hit: the rest missed k times.
   */
  const lowerBound = (S: Int32Array, lo: number, hi: number): number => {
    if (S.length <= 1) return 0;
    countCells(S);
    const open: number[] = [];
    for (let c = 0; c < n; c++) {
      const k = counts[c]!;
      if (k === 0 || isHit(lo, hi, c)) continue;
      if (k === S.length) return 0;
      open.push(k);
    }
    open.sort((a, b) => b - a);
    let bound = 0;
    let covered = 0;
    for (const k of open) {
      covered += k;
      if (covered >= S.length) break;
      bound += S.length - covered;
    }
    return bound;
  };

  /** The best lower bound known for an answer's state: memoised, else the quick one. */
  const answerBound = (a: Answer, lo: number, hi: number): number => {
    if (a.layouts.length <= 1) return 0;
    a.key = keyOf(a.layouts, lo, hi);
    const known = memo.get(a.key);
    const quick = lowerBound(a.layouts, lo, hi);
    if (known === undefined) return quick;
    return (known & 1) === 0 ? known / 2 : Math.max(quick, (known - 1) / 2);
  };

  /**
   * Sum of M over the answers, searched in turn with what is left of `budget`; the sum when it
   * stays below the budget, else a lower bound of at least the budget.
   */
  const sumAnswers = (
    list: Answer[],
    lo: number,
    hi: number,
    cell: number,
    bounds: number[],
    budget: number,
    share: number,
  ): number => {
    const total = list.reduce((sum, a) => sum + a.layouts.length, 0);
    const hitLo = cell < 32 ? (lo | (1 << cell)) >>> 0 : lo;
    const hitHi = cell < 32 ? hi : (hi | (1 << (cell - 32))) >>> 0;
    let rest = bounds.reduce((a, b) => a + b, 0);
    let acc = 0;
    for (let i = 0; i < list.length; i++) {
      rest -= bounds[i]!;
      const a = list[i]!;
      const part = (share * a.layouts.length) / total;
      const v = a.hit
        ? search(a.layouts, hitLo, hitHi, budget - acc - rest, part, a.key)
        : search(a.layouts, lo, hi, budget - acc - rest, part, a.key);
      acc += v;
      if (acc + rest >= budget) return acc + rest;
    }
    return acc;
  };

  /** M(S) when below `beta`, else a lower bound of at least `beta`. */
  const search = (
    S: Int32Array,
    lo: number,
    hi: number,
    beta: number,
    share: number,
    knownKey?: string,
  ): number => {
    const from = settled;
    const value = searchState(S, lo, hi, beta, share, knownKey);
    settled = from + share;
    return value;
  };

  /** Reports progress, and stops a search projected past its work budget once piloted. */
  const tick = (): void => {
    const states = memo.size;
    if (states < nextReport) return;
    nextReport += progressEvery;
    const projectedWork = settled > 0 ? work / settled : Infinity;
    if (states >= pilotStates && settled > 0 && projectedWork > maxWork) {
      throw new BudgetError(
        `exact optimal play on this board would not finish: after ${formatCount(states)} knowledge states it had settled ${formatShare(settled)} of the search, which projects to about ${formatCount(projectedWork)} layout reads (its measure of work), more than the ${formatCount(maxWork)} it may take`,
        'use a smaller board or fewer ships',
      );
    }
    onProgress?.({ states, work, settled, projectedWork, ms: performance.now() - t0 });
  };

  const searchState = (
    S: Int32Array,
    lo: number,
    hi: number,
    beta: number,
    share: number,
    knownKey?: string,
  ): number => {
    if (S.length <= 1 || beta <= 0) return 0;
    const key = knownKey ?? keyOf(S, lo, hi);
    const known = memo.get(key);
    if (known !== undefined) {
      if ((known & 1) === 0 || Math.floor(known / 2) >= beta) return Math.floor(known / 2);
    }
    countCells(S);
    let sure = -1;
    const candidates: number[] = [];
    for (let c = 0; c < n; c++) {
      const k = counts[c]!;
      if (k === S.length) {
        if (!isHit(lo, hi, c) && sure < 0) sure = c;
      } else if (k > 0) candidates.push(c);
    }
    let value: number;
    if (sure >= 0) {
      const list = answers(S, lo, hi, sure);
      const withLo = sure < 32 ? (lo | (1 << sure)) >>> 0 : lo;
      const withHi = sure < 32 ? hi : (hi | (1 << (sure - 32))) >>> 0;
      const bounds = list.map((a) => answerBound(a, withLo, withHi));
      value = sumAnswers(list, lo, hi, sure, bounds, beta, share);
    } else {
      const order = candidates.map((c) => [c, counts[c]!] as const);
      order.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      let best = Infinity;
      let floor = Infinity; // the smallest lower bound among cells cut off
      let unshared = share; // each shot searched takes half of what is left; see the header
      for (const [cell, k] of order) {
        const cutoff = Math.min(best, beta);
        const misses = S.length - k;
        if (misses >= cutoff) {
          floor = Math.min(floor, misses); // the rest miss at least as often
          break;
        }
        const list = answers(S, lo, hi, cell);
        const withLo = cell < 32 ? (lo | (1 << cell)) >>> 0 : lo;
        const withHi = cell < 32 ? hi : (hi | (1 << (cell - 32))) >>> 0;
        const bounds = list.map((a) =>
          a.hit ? answerBound(a, withLo, withHi) : answerBound(a, lo, hi),
        );
        const bound = misses + bounds.reduce((a, b) => a + b, 0);
        if (bound >= cutoff) {
          floor = Math.min(floor, bound);
          continue;
        }
        const v = misses + sumAnswers(list, lo, hi, cell, bounds, cutoff - misses, unshared / 2);
        unshared /= 2;
        if (v < best) best = v;
        else floor = Math.min(floor, v);
      }
      value = best < beta ? best : Math.min(best, floor);
    }
    if (known === undefined) keyChars += key.length;
    if (value < beta) memo.set(key, value * 2);
    else if (known === undefined || Math.floor(known / 2) < value) memo.set(key, value * 2 + 1);
    tick();
    if (memo.size > maxStates || keyChars > MAX_KEY_CHARS) {
      throw new BudgetError(
        `exact optimal play needs more than ${memo.size.toLocaleString('en-US')} knowledge states (${Math.round((2 * keyChars) / 2 ** 20)} MB of keys) on this board`,
        'use a smaller board or fewer ships',
      );
    }
    return value;
  };

  const all = new Int32Array(table.size);
  for (let i = 0; i < all.length; i++) all[i] = i;
  const totalMisses = search(all, 0, 0, Infinity, 1);
  return {
    layouts: table.size,
    totalMisses,
    expectedShots: (T * table.size + totalMisses) / table.size,
    states: memo.size,
    ms: performance.now() - t0,
  };
}

function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} billion`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} million`;
  return Math.round(n).toLocaleString('en-US');
}

function formatShare(share: number): string {
  return `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;
}
