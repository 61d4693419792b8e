// A Markov chain over the layouts consistent with a position, for boards where the exact DP does
// not fit (26x26 boards with large fleets). Its stationary distribution is exactly the posterior
// (uniform over consistent layouts, or proportional to the prior weight); its draws are
// correlated, so estimates carry batch-means standard errors rather than binomial ones.
//
// Moves, both Gibbs steps (drawn from the exact conditional, so never rejected):
//   - one ship: lift it and put it back at a placement drawn from every placement that fits
//     beside the other ships and covers the hits they leave uncovered;
//   - a pair: pick an unsunk hit h, the ship covering it and a ship of another length, lift both
//     and redraw them jointly. In every layout the pair can end in, one of the two covers h, so
//     the joint conditional splits into "the first covers h" (few placements, each followed by
//     the second's fitting placements) and "the second covers h" (few placements of the second,
//     checked against each placement of the first): linear in the placements, not quadratic.
//     This is the move that lets a hit change hands between ships of different lengths, which
//     single-ship moves cannot do.
// The start is a randomised depth-first search for any consistent layout (hits first, then the
// remaining ships longest first, a branch cut as soon as a count volley is passed, a leaf kept
// only when every count volley is met). Irreducibility is not proven for every crowded board;
// several chains from independent starts guard against a chain stuck in one region (their
// disagreement shows up in the batch-means error).
//
// Observations: ships are placed by type (board.types: named ships told apart), each type on its
// own legal placements (typePlacementLegal, which folds in named hits and per-ship volley
// answers); count volleys (hitCount answers) are kept by every move: a redrawn ship or pair must
// bring each volley's covered cells back to its count, so the chain never leaves the layouts that
// fit. With count volleys the single-ship moves are more constrained (a ship can only move to
// placements covering as many volley cells); the pair move lets coverage change hands.
//
// Placements live in flat typed arrays (cells and touch halo per placement by offset), so the hot
// loops are index arithmetic with no per-placement objects.

import { BudgetError, NoLayoutError } from '../../errors';
import { touchNeighbours } from '../../neighbours';
import { randomInt, type Random } from '../../random';
import { HORIZONTAL, VERTICAL, placementWeight, typePlacementLegal, type Board } from '../board';

/** Everything about the board the chains share: placements and indices over them. */
export interface ChainModel {
  board: Board;
  /** Per placement: ship type (board.types index), length, weight, and offsets of its cells and
   * halo in the flat arrays. */
  type: Uint8Array;
  length: Uint8Array;
  weight: Float64Array;
  cellStart: Int32Array;
  cells: Int32Array;
  reachStart: Int32Array;
  /** The cells plus those the touch rule keeps clear around them. */
  reach: Int32Array;
  /** Placement ids per ship type. */
  byType: Int32Array[];
  /** For each unsunk hit: the ids of placements covering it. */
  covering: Map<number, Int32Array>;
  hits: Int32Array;
  /** One entry per ship afloat: its type, longest first. */
  ships: number[];
  /** Count volleys: per placement, cells of each volley it covers ([id * volleys + v]). */
  volleys: number;
  volleyCover: Uint8Array;
  volleyTarget: Int32Array;
  /** The position has named hits or volleys (per-type legality or count volleys). */
  observed: boolean;
}

export function chainModel(board: Board): ChainModel {
  const type: number[] = [];
  const length: number[] = [];
  const weight: number[] = [];
  const volleyCover: number[] = [];
  const V = board.countVolleys.length;
  const cellStart = [0];
  const cells: number[] = [];
  const reachStart = [0];
  const reach: number[] = [];
  const byType: Int32Array[] = [];
  const hits: number[] = [];
  for (let i = 0; i < board.cells; i++) if (board.mustCover[i]) hits.push(i);
  const covering = new Map<number, number[]>(hits.map((h) => [h, []]));
  board.types.forEach(({ length: len }, t) => {
    const ids: number[] = [];
    for (let cell = 0; cell < board.cells; cell++) {
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        if (!inside(board, cell, len, o) || !typePlacementLegal(board, t, cell, o)) continue;
        const step = o === HORIZONTAL ? 1 : board.width;
        const body = Array.from({ length: len }, (_, k) => cell + k * step);
        const around = new Set<number>(body);
        for (const c of body) {
          for (const nb of touchNeighbours(board.touch, board.width, board.height, c)) {
            around.add(nb);
          }
        }
        const id = length.length;
        type.push(t);
        length.push(len);
        for (const v of board.countVolleys) {
          volleyCover.push(body.reduce((k, c) => k + v.cells[c]!, 0));
        }
        weight.push(placementWeight(board, cell, len, o));
        cells.push(...body);
        cellStart.push(cells.length);
        reach.push(...around);
        reachStart.push(reach.length);
        ids.push(id);
        for (const c of body) covering.get(c)?.push(id);
      }
    }
    byType.push(Int32Array.from(ids));
  });
  const ships: number[] = [];
  board.types.forEach((t, ti) => {
    for (let k = 0; k < t.count; k++) ships.push(ti);
  });
  return {
    board,
    type: Uint8Array.from(type),
    length: Uint8Array.from(length),
    weight: Float64Array.from(weight),
    cellStart: Int32Array.from(cellStart),
    cells: Int32Array.from(cells),
    reachStart: Int32Array.from(reachStart),
    reach: Int32Array.from(reach),
    byType,
    covering: new Map([...covering].map(([h, ids]) => [h, Int32Array.from(ids)])),
    hits: Int32Array.from(hits),
    ships,
    volleys: V,
    volleyCover: Uint8Array.from(volleyCover),
    volleyTarget: Int32Array.from(board.countVolleys, (v) => v.count),
    observed: board.typeLegal !== undefined || V > 0,
  };
}

/** Does a ship of `len` at `cell` in orientation `o` stay on the board? */
function inside(board: Board, cell: number, len: number, o: number): boolean {
  const r = Math.floor(cell / board.width);
  const c = cell % board.width;
  return o === HORIZONTAL ? c + len <= board.width : r + len <= board.height;
}

/** Search nodes one attempt at a starting layout may use. */
const START_NODES = 200_000;
const START_ATTEMPTS = 12;

/**
 * One of the first `count` ids with odds weights[k] / total, from one random number (the last
 * one when rounding leaves the target unspent).
 */
function pickWeighted(
  ids: ArrayLike<number>,
  weights: ArrayLike<number>,
  count: number,
  total: number,
  random: Random,
): number {
  let target = random() * total;
  for (let k = 0; k < count; k++) {
    target -= weights[k]!;
    if (target < 0) return ids[k]!;
  }
  return ids[count - 1]!;
}

export class LayoutChain {
  /** Placement id per ship (index into model.ships). */
  readonly at: Int32Array;
  /** Per cell: how many placed ships reach it (cells or touch halo). */
  private readonly block: Int32Array;
  /** Per cell: how many placed ships cover it. */
  private readonly covered: Int32Array;
  /** Per cell: equal to `stamp` when inside the halo of the placement being tried. */
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly ids: Int32Array;
  private readonly w: Float64Array;
  private needed: number[] = [];
  /** Per count volley: its cells the placed ships cover. */
  private readonly volleyHeld: Int32Array;

  constructor(
    private readonly model: ChainModel,
    private readonly random: Random,
  ) {
    const n = model.board.cells;
    const P = model.length.length;
    this.at = new Int32Array(model.ships.length).fill(-1);
    this.block = new Int32Array(n);
    this.covered = new Int32Array(n);
    this.mark = new Int32Array(n);
    this.ids = new Int32Array(P);
    this.w = new Float64Array(P);
    this.volleyHeld = new Int32Array(model.volleys);
    this.start();
  }

  private put(id: number, delta: number): void {
    const { reach, reachStart, cells, cellStart } = this.model;
    for (let k = reachStart[id]!; k < reachStart[id + 1]!; k++) this.block[reach[k]!]! += delta;
    for (let k = cellStart[id]!; k < cellStart[id + 1]!; k++) this.covered[cells[k]!]! += delta;
    const V = this.model.volleys;
    for (let v = 0; v < V; v++) this.volleyHeld[v]! += delta * this.model.volleyCover[id * V + v]!;
  }

  /**
   * Do the placed ships plus placements a and b (b = -1: none) cover each count volley exactly
   * (`exact`), or at most (not exact), its count?
   */
  private volleysFit(a: number, b: number, exact: boolean): boolean {
    const { volleys: V, volleyCover, volleyTarget } = this.model;
    for (let v = 0; v < V; v++) {
      let held = this.volleyHeld[v]! + volleyCover[a * V + v]!;
      if (b >= 0) held += volleyCover[b * V + v]!;
      if (exact ? held !== volleyTarget[v] : held > volleyTarget[v]!) return false;
    }
    return true;
  }

  /** Does the layout meet every count volley (all ships placed)? */
  private volleysMet(): boolean {
    const { volleys: V, volleyTarget } = this.model;
    for (let v = 0; v < V; v++) if (this.volleyHeld[v] !== volleyTarget[v]) return false;
    return true;
  }

  private fits(id: number): boolean {
    const { cells, cellStart } = this.model;
    for (let k = cellStart[id]!; k < cellStart[id + 1]!; k++) {
      if (this.block[cells[k]!]! > 0) return false;
    }
    return true;
  }

  private covers(id: number, cell: number): boolean {
    const { cells, cellStart } = this.model;
    for (let k = cellStart[id]!; k < cellStart[id + 1]!; k++) if (cells[k] === cell) return true;
    return false;
  }

  /** The unsunk hits no placed ship covers (a shared array, valid until the next call). */
  private uncovered(): number[] {
    const out = this.needed;
    out.length = 0;
    for (const h of this.model.hits) if (this.covered[h] === 0) out.push(h);
    return out;
  }

  /**
   * Gathers into ids/w the fitting placements of type `t` covering all of `needed` and bringing
   * every count volley to its count (the last ship placed).
   */
  private gather(t: number, needed: number[]): { count: number; sum: number } {
    const { covering, byType, type, weight, volleys } = this.model;
    const from = needed.length > 0 ? covering.get(needed[0]!)! : byType[t]!;
    let count = 0;
    let sum = 0;
    for (let k = 0; k < from.length; k++) {
      const id = from[k]!;
      if (type[id] !== t || !this.fits(id)) continue;
      if (volleys > 0 && !this.volleysFit(id, -1, true)) continue;
      let all = true;
      for (let m = 1; m < needed.length && all; m++) all = this.covers(id, needed[m]!);
      if (!all) continue;
      this.ids[count] = id;
      this.w[count++] = weight[id]!;
      sum += weight[id]!;
    }
    return { count, sum };
  }

  private pick(count: number, sum: number): number {
    return pickWeighted(this.ids, this.w, count, sum, this.random);
  }

  /** Redraws ship s from its exact conditional given the others. */
  moveOne(s: number): void {
    this.put(this.at[s]!, -1);
    const { count, sum } = this.gather(this.model.ships[s]!, this.uncovered());
    // The ship's own placement always qualifies, so count > 0.
    this.at[s] = this.pick(count, sum);
    this.put(this.at[s]!, 1);
  }

  /**
   * Redraws the ship covering hit h and a random ship of another type jointly from their exact
   * conditional. Returns false when there is no such pair.
   */
  movePair(h: number): boolean {
    const { ships, cells, cellStart, byType, covering, type, weight, volleys } = this.model;
    let a = -1;
    for (let s = 0; s < ships.length && a < 0; s++) if (this.covers(this.at[s]!, h)) a = s;
    if (a < 0) return false;
    const others: number[] = [];
    for (let s = 0; s < ships.length; s++) if (ships[s] !== ships[a]) others.push(s);
    if (others.length === 0) return false;
    const b = others[randomInt(this.random, others.length)]!;
    const la = ships[a]!;
    const lb = ships[b]!;
    this.put(this.at[a]!, -1);
    this.put(this.at[b]!, -1);
    const needed = this.uncovered().slice(); // includes h
    // Placements of b over h that fit beside the others (used when a does not cover h).
    const bOverH: number[] = [];
    for (const id of covering.get(h)!) if (type[id] === lb && this.fits(id)) bOverH.push(id);
    // Each fitting placement of a, weighted by the total weight of b's completions.
    const aIds: number[] = [];
    const aW: number[] = [];
    let total = 0;
    for (const id of byType[la]!) {
      if (!this.fits(id)) continue;
      if (volleys > 0 && !this.volleysFit(id, -1, false)) continue;
      let sum = 0;
      if (this.covers(id, h)) {
        this.put(id, 1);
        sum = this.gather(lb, this.uncovered()).sum;
        this.put(id, -1);
      } else {
        // b must cover h and every needed hit a leaves, and stay clear of a's halo.
        const stamp = ++this.stamp;
        const { reach, reachStart } = this.model;
        for (let k = reachStart[id]!; k < reachStart[id + 1]!; k++) this.mark[reach[k]!] = stamp;
        for (const pb of bOverH) {
          let ok = true;
          for (let k = cellStart[pb]!; k < cellStart[pb + 1]! && ok; k++) {
            if (this.mark[cells[k]!] === stamp) ok = false;
          }
          for (let m = 0; m < needed.length && ok; m++) {
            ok = this.covers(id, needed[m]!) || this.covers(pb, needed[m]!);
          }
          if (ok && volleys > 0) ok = this.volleysFit(id, pb, true);
          if (ok) sum += weight[pb]!;
        }
      }
      if (sum === 0) continue;
      aIds.push(id);
      aW.push(weight[id]! * sum);
      total += weight[id]! * sum;
    }
    this.placePair(a, b, aIds, aW, total);
    return true;
  }

  /**
   * Redraws two ships a and b jointly from their exact conditional given the others: each
   * fitting placement of a weighted by the total weight of b's placements completing it, then b
   * given a. Quadratic in the placements, so only positions with observations use it: there,
   * named hits, volley answers and count volleys pin single ships down so far that one-ship
   * moves (and the hit-handover pair move) can leave whole regions of layouts unreached.
   */
  moveTwo(a: number, b: number): void {
    const { ships, byType, weight } = this.model;
    this.put(this.at[a]!, -1);
    this.put(this.at[b]!, -1);
    const aIds: number[] = [];
    const aW: number[] = [];
    let total = 0;
    for (const id of byType[ships[a]!]!) {
      if (!this.fits(id)) continue;
      if (this.model.volleys > 0 && !this.volleysFit(id, -1, false)) continue;
      this.put(id, 1);
      const { sum } = this.gather(ships[b]!, this.uncovered());
      this.put(id, -1);
      if (sum === 0) continue;
      aIds.push(id);
      aW.push(weight[id]! * sum);
      total += weight[id]! * sum;
    }
    // The pair's own placements always qualify, so total > 0.
    this.placePair(a, b, aIds, aW, total);
  }

  /**
   * Puts ship a at one of its weighted candidate placements, then draws ship b from its
   * placements that complete it (the second half of a joint two-ship move).
   */
  private placePair(a: number, b: number, aIds: number[], aW: number[], total: number): void {
    const chosen = pickWeighted(aIds, aW, aIds.length, total, this.random);
    this.at[a] = chosen;
    this.put(chosen, 1);
    const { count, sum } = this.gather(this.model.ships[b]!, this.uncovered());
    this.at[b] = this.pick(count, sum);
    this.put(this.at[b]!, 1);
  }

  /**
   * One sweep: as many single-ship moves as ships (each on a random ship), plus one pair move
   * when there are unsunk hits, plus (positions with observations) one move of two random ships
   * (quadratic in the placements: more per sweep made the app's quick estimate slow).
   */
  sweep(): void {
    const n = this.at.length;
    for (let k = 0; k < n; k++) this.moveOne(randomInt(this.random, n));
    const hits = this.model.hits;
    if (hits.length > 0) this.movePair(hits[randomInt(this.random, hits.length)]!);
    if (!this.model.observed || n < 2) return;
    const a = randomInt(this.random, n);
    this.moveTwo(a, (a + 1 + randomInt(this.random, n - 1)) % n);
  }

  /**
   * Adds the current layout's occupied cells to `all`, to its ship length's accumulator and to
   * its ship type's (byType[t], when given).
   */
  record(all: Float64Array, byLength: Map<number, Float64Array>, byType?: Float64Array[]): void {
    const { cells, cellStart, length, type } = this.model;
    for (let s = 0; s < this.at.length; s++) {
      const id = this.at[s]!;
      const acc = byLength.get(length[id]!)!;
      const accType = byType?.[type[id]!];
      for (let k = cellStart[id]!; k < cellStart[id + 1]!; k++) {
        all[cells[k]!]! += 1;
        acc[cells[k]!]! += 1;
        if (accType) accType[cells[k]!]! += 1;
      }
    }
  }

  /** A random consistent layout by randomised depth-first search. */
  private start(): void {
    const { ships, byType, covering, hits, type, volleys } = this.model;
    const order = [...ships.keys()]; // ships are longest first
    let exhausted = false;
    for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      let nodes = 0;
      const placed = new Uint8Array(ships.length);
      const search = (): boolean => {
        if (++nodes > START_NODES) throw new BudgetError('', '');
        const h = hits.find((x) => this.covered[x] === 0);
        if (h !== undefined) {
          // Some unplaced ship must cover h: try one ship per length, each placement over h.
          const tried = new Set<number>();
          for (const s of this.shuffled(order)) {
            if (placed[s] || tried.has(ships[s]!)) continue;
            tried.add(ships[s]!);
            for (const id of this.shuffled([...covering.get(h)!])) {
              if (type[id] !== ships[s] || !this.fits(id)) continue;
              if (volleys > 0 && !this.volleysFit(id, -1, false)) continue;
              if (this.tryPlace(s, id, placed, search)) return true;
            }
          }
          return false;
        }
        const s = order.find((x) => !placed[x]);
        if (s === undefined) return this.volleysMet();
        for (const id of this.shuffled([...byType[ships[s]!]!])) {
          if (volleys > 0 && !this.volleysFit(id, -1, false)) continue;
          if (this.fits(id) && this.tryPlace(s, id, placed, search)) return true;
        }
        return false;
      };
      try {
        if (search()) return;
        exhausted = true;
        break;
      } catch (e) {
        if (!(e instanceof BudgetError)) throw e;
        this.reset();
      }
    }
    if (exhausted) throw new NoLayoutError();
    throw new BudgetError(
      `no starting layout found in ${START_ATTEMPTS} randomised searches of ${START_NODES.toLocaleString('en-US')} nodes`,
      'the position may have very few layouts: try the exact solvers',
    );
  }

  private tryPlace(s: number, id: number, placed: Uint8Array, search: () => boolean): boolean {
    placed[s] = 1;
    this.at[s] = id;
    this.put(id, 1);
    if (search()) return true;
    this.put(id, -1);
    this.at[s] = -1;
    placed[s] = 0;
    return false;
  }

  private reset(): void {
    this.block.fill(0);
    this.covered.fill(0);
    this.volleyHeld.fill(0);
    this.at.fill(-1);
  }

  private shuffled<T>(items: T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = randomInt(this.random, i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
