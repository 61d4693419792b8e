// The frontier of the cell-by-cell DP (see dp.ts): what the unprocessed cells must know about
// the processed ones, packed into a key, and the successors of a key at one cell.
//
// Cells are processed row-major. Before cell (r, c) the frontier is, per column, the next
// unprocessed cell of that column ((r, c') for c' >= c, (r + 1, c') for c' < c), plus the cell
// just left of (r, c). A ship is committed, with its length and orientation, at its first
// (top/left) cell, so each frontier cell needs one digit:
//
//   column digit  FREE       nothing committed constrains the cell
//                 BLOCKED    (touch rules) the cell must stay empty: under no-edge-touch the cell
//                            above it is occupied; under no-touch one of the three cells above it
//                            is (the right one is OR-ed in when that cell is processed)
//                 CONT + k   a vertical ship goes on through the cell and k - 1 cells below it
//   left digit    FREE       the left cell is empty (or the row starts here)
//                 OCCUPIED   (touch rules) the left cell holds a ship that does not go on
//                 CONT + k   a horizontal ship goes on through the cell and k - 1 cells right
//
// A continuation implies every blocking its ship causes, so this is all a new ship needs to
// check: its cells FREE, the left digit FREE and (no-edge-touch only, where blocking does not
// reach sideways) no continuation just right of it. Occupancy itself is never stored: patterns
// of ships that constrain the future identically are one key. Keys are canonical in two more
// ways: a BLOCKED digit of a cell that is forbidden anyway (a miss, around a sunk ship, off the
// board) is stored as FREE, and a successor that blocks a hit it alone could cover is dropped.
//
// The remaining fleet is mostly not part of the key: each key carries a row of values, one per
// sub-fleet (see dp.ts), so far fewer keys than states are sorted and merged. Only when the row
// would be very wide (many ship types) do the longest types move into the key. hitCount volleys
// add one field each after the fleet field (see dp.ts); a transition changes them by a constant
// of its class (the coverage of its ship), so successors stay in key order per class.
//
// This module holds the key's digits and the expansion of keys at one cell; the plan they read
// (frame, key layout, per-cell tables) is built in frontier-plan.ts.

import { HORIZONTAL, VERTICAL } from '../board';
import type { Plan } from './frontier-plan';
import type { MemoryBudget } from '../memory';

export const FREE = 0;
export const BLOCKED = 1;
export const OCCUPIED = 1;

/**
 * For a key about to process cell i (decoded digits at digits[dAt]): the length masks (see
 * Plan.needMask) of the hits on cells >= i that no continuation of the key covers, written to
 * `out`; returns how many, or -1 when some such hit can no longer be covered at all.
 */
export function hitNeeds(
  plan: Plan,
  digits: Uint8Array,
  dAt: number,
  i: number,
  out: Int32Array,
): number {
  const { W, N, cont, hitCells, needMask } = plan;
  const c = i % W;
  let n = 0;
  for (let hi = hitCells.length - 1; hi >= 0; hi--) {
    const h = hitCells[hi]!;
    if (h < i) break;
    const col = h % W;
    // The next unprocessed cell of the hit's column, and how many cells its digit carries on.
    const nextCell = i - c + col + (col < c ? W : 0);
    const carried = digits[dAt + col]! - cont;
    if (carried > 0 && h >= nextCell && (h - nextCell) / W < carried) continue;
    const h0 = digits[dAt + W]! - cont;
    if (h0 > 0 && h >= i && h < i + h0) continue;
    const mask = needMask[hi * (N + 1) + i]!;
    if (mask === 0) return -1;
    out[n++] = mask;
  }
  return n;
}

/** The keyed fleet field of a key. */
export function keyFleetOf(plan: Plan, key: Float64Array, at: number): number {
  const d = plan.W + 1;
  return Math.floor(key[at + plan.word[d]!]! / plan.scale[d]!) % plan.fleetRadix;
}

/** Cells the key alone says are still to be covered: continuations plus keyed ships. */
export function reservedCells(plan: Plan, key: Float64Array, at: number, pending: number): number {
  return pending + plan.keyCellsOf[keyFleetOf(plan, key, at)]!;
}

/** Successor keys of a whole layer, appended in source order (see Expander). */
export class Successors {
  keys: Float64Array;
  /** Index of the source key in its layer. */
  src: Int32Array;
  /**
   * Transition class: start kind and the source's digits that the transition reads (column c,
   * left, and in bit 0 whether column c - 1 gets blocked). Within a layer (one cell) the class
   * fixes everything else about a transition: the successor key is its source key plus a
   * constant, so a class lists its successors in key order whenever the sources are; and the
   * tables below, filled as transitions are emitted, give its kind and changed digits.
   */
  cls: Int32Array;
  count = 0;
  /** Per class: start kind (-1 when no ship starts). */
  readonly kindOf: Int8Array;
  /** Per class: the successor's digits of column c and of the left cell. */
  readonly colOf: Uint8Array;
  readonly leftOf: Uint8Array;
  /** Per class: change in reserved cells (see reservedCells). */
  readonly reservedDelta: Int32Array;

  constructor(
    readonly K: number,
    classes: number,
    private readonly budget: MemoryBudget,
  ) {
    this.keys = budget.alloc(Float64Array, 256 * K);
    this.src = budget.alloc(Int32Array, 256);
    this.cls = budget.alloc(Int32Array, 256);
    this.kindOf = new Int8Array(classes);
    this.colOf = new Uint8Array(classes);
    this.leftOf = new Uint8Array(classes);
    this.reservedDelta = new Int32Array(classes);
  }

  /** Makes room for `more` successors. */
  ensure(more: number): void {
    if (this.count + more <= this.src.length) return;
    const cap = Math.max(2 * this.src.length, this.count + more);
    this.keys = this.budget.grow(this.keys, cap * this.K);
    this.src = this.budget.grow(this.src, cap);
    this.cls = this.budget.grow(this.cls, cap);
  }

  /**
   * Writes the decoded digits of a successor of class `cls` at cell `cell` into out[outAt..+W]:
   * its source's digits (srcDigits at srcAt) with the digits the transition changed.
   */
  digitsOf(
    cls: number,
    cell: number,
    W: number,
    srcDigits: Uint8Array,
    srcAt: number,
    out: Uint8Array,
    outAt: number,
  ): void {
    for (let d = 0; d <= W; d++) out[outAt + d] = srcDigits[srcAt + d]!;
    const c = cell % W;
    out[outAt + c] = this.colOf[cls]!;
    out[outAt + W] = this.leftOf[cls]!;
    if (cls & 1) out[outAt + c - 1] = BLOCKED;
  }
}

/**
 * Successors of one key at one cell, appended to a Successors buffer: the successor key, its
 * source and its transition class. `avail` has bit li set when some live state of the source
 * still holds a ship of type li (row types only).
 */
export class Expander {
  readonly out: Successors;
  private readonly plan: Plan;
  private readonly K: number;
  /** Per length index: what placing one such ship adds to the key's fleet word (0: row length). */
  private readonly fleetStep: Float64Array;
  private readonly radix: number;
  /** Number of transition classes (see Successors.cls). */
  readonly classes: number;
  private source = 0;
  private cell = 0;

  constructor(plan: Plan, budget: MemoryBudget) {
    this.plan = plan;
    this.K = plan.K;
    this.radix = plan.cont + Math.max(1, ...plan.typeLengths);
    this.classes = (plan.kinds + 1) * this.radix * this.radix * 2;
    this.out = new Successors(this.K, this.classes, budget);
    this.fleetStep = Float64Array.from(plan.typeLengths, (_, li) =>
      plan.keyed[li] ? -plan.strides[li]! * plan.scale[plan.W + 1]! : 0,
    );
  }

  /**
   * Emits the source key with column c's digit set to `col` (was `oldCol`), the left digit to
   * `left` (was `oldLeft`), column c - 1 set to BLOCKED when `orCol` (no-touch; it was FREE) and
   * `dFleet` added to the fleet field.
   */
  private emit(
    src: Float64Array,
    at: number,
    c: number,
    oldCol: number,
    col: number,
    oldLeft: number,
    left: number,
    orCol: boolean,
    dFleet: number,
    kind: number,
    dReserved: number,
  ): void {
    const p = this.plan;
    if (p.volleys > 0 && !this.volleysAllow(src, at, kind)) return;
    const K = this.K;
    const W = p.W;
    const o = this.out;
    const n = o.count++;
    const base = n * K;
    const out = o.keys;
    for (let k = 0; k < K; k++) out[base + k] = src[at + k]!;
    if (p.volleys > 0) this.addVolleys(out, base, kind);
    out[base + p.word[c]!]! += (col - oldCol) * p.scale[c]!;
    out[base + p.word[W]!]! += (left - oldLeft) * p.scale[W]!;
    out[base + p.word[W + 1]!]! += dFleet;
    if (orCol) out[base + p.word[c - 1]!]! += BLOCKED * p.scale[c - 1]!;
    const cls = (((kind + 1) * this.radix + oldCol) * this.radix + oldLeft) * 2 + (orCol ? 1 : 0);
    o.src[n] = this.source;
    o.cls[n] = cls;
    o.kindOf[cls] = kind;
    o.colOf[cls] = col;
    o.leftOf[cls] = left;
    o.reservedDelta[cls] = dReserved;
  }

  /**
   * Count volleys: may a transition of `kind` at this cell follow the key? Each volley's field
   * plus what the ship covers may not pass the volley's count, and must equal it once the
   * volley's last cell is processed.
   */
  private volleysAllow(src: Float64Array, at: number, kind: number): boolean {
    const p = this.plan;
    const V = p.volleys;
    const base = (this.cell * p.kinds + kind) * V;
    for (let v = 0; v < V; v++) {
      const d = p.W + 2 + v;
      const held = Math.floor(src[at + p.word[d]!]! / p.scale[d]!) % (p.volleyTarget[v]! + 1);
      const now = held + (kind >= 0 ? p.volleyCover[base + v]! : 0);
      if (now > p.volleyTarget[v]!) return false;
      if (this.cell === p.volleyLast[v] && now !== p.volleyTarget[v]) return false;
    }
    return true;
  }

  /**
   * Adds a transition's volley coverage to the successor key's fields; a volley's field is
   * cleared after its last cell (its value there is the count, so the change is still the same
   * for every source: the class fixes the successor's key offset, as state-table.ts needs).
   */
  private addVolleys(out: Float64Array, base: number, kind: number): void {
    const p = this.plan;
    const V = p.volleys;
    const at = (this.cell * p.kinds + kind) * V;
    for (let v = 0; v < V; v++) {
      const d = p.W + 2 + v;
      let delta = kind >= 0 ? p.volleyCover[at + v]! : 0;
      if (this.cell === p.volleyLast[v]) delta -= p.volleyTarget[v]!;
      if (delta !== 0) out[base + p.word[d]!]! += delta * p.scale[d]!;
    }
  }

  /** Appends the successors of key j (K words at src[at], digits at sd[sdAt]) at `cell`. */
  expand(
    j: number,
    src: Float64Array,
    at: number,
    sd: Uint8Array,
    sdAt: number,
    cell: number,
    avail: number,
  ): void {
    this.source = j;
    this.cell = cell;
    const p = this.plan;
    const W = p.W;
    const cont = p.cont;
    const touch = cont === 1;
    const c = cell % W;
    const rowEnd = c === W - 1;
    const below = cell + W;
    const x = sd[sdAt + c]!;
    const left = sd[sdAt + W]!;
    this.out.ensure(1 + p.kinds);

    // Under no-touch an occupied cell blocks the cell below its left neighbour (column c - 1).
    const orCol = p.noTouch && c > 0 && sd[sdAt + c - 1] === FREE && !p.dead[below - 1];
    const orKills = orCol && p.mustCover[below - 1] === 1;
    // The column digit after an occupied cell whose ship does not go on downwards.
    const blockBelow = touch && !p.dead[below] ? BLOCKED : FREE;
    const blockKills = blockBelow === BLOCKED && p.mustCover[below] === 1;
    // The left digit after an occupied cell whose ship does not go on rightwards. Under
    // no-edge-touch it only matters to a ship starting right of here; under no-touch also to the
    // cell below that one.
    const occRight =
      touch && !rowEnd && !(p.dead[cell + 1] && (p.edgeTouch || p.dead[below + 1]))
        ? OCCUPIED
        : FREE;
    const occKills = occRight === OCCUPIED && p.mustCover[cell + 1] === 1;

    if (left > cont) {
      // A horizontal ship goes on through this cell.
      if (orKills || blockKills) return;
      const h = left - cont - 1;
      if (h === 0 && occKills) return;
      const nl = h > 0 ? cont + h : occRight;
      this.emit(src, at, c, x, blockBelow, left, nl, orCol, 0, -1, -1);
      return;
    }
    if (x > cont) {
      // A vertical ship goes on through this cell.
      if (orKills || occKills) return;
      const v = x - cont - 1;
      if (v === 0 && blockKills) return;
      const nc = v > 0 ? cont + v : blockBelow;
      this.emit(src, at, c, x, nc, left, occRight, orCol, 0, -1, -1);
      return;
    }
    // Empty, unless a hit must be covered.
    if (!p.mustCover[cell]) {
      const nc = p.noTouch && left === OCCUPIED && !p.dead[below] ? BLOCKED : FREE;
      if (!(nc === BLOCKED && p.mustCover[below])) {
        this.emit(src, at, c, x, nc, left, FREE, false, 0, -1, 0);
      }
    }
    if (x !== FREE || left !== FREE || orKills) return;
    let startable = avail;
    if (p.fleetRadix > 1) {
      const keyFleet = Math.floor(src[at + p.word[W + 1]!]! / p.scale[W + 1]!) % p.fleetRadix;
      startable |= p.keyAvailOf[keyFleet]!;
    }
    if (startable === 0) return;
    // Ship starts. Horizontal ones need a run of FREE digits; under no-edge-touch nothing may
    // go on downwards just past either end.
    let freeRun = 1;
    const maxRun = Math.min(W - c, p.board.maxLength);
    while (freeRun < maxRun && sd[sdAt + c + freeRun] === FREE) freeRun++;
    const kinds = p.kinds;
    for (let li = 0; li < p.typeLengths.length; li++) {
      if ((startable & (1 << li)) === 0) continue;
      const len = p.typeLengths[li]!;
      const dFleet = this.fleetStep[li]!;
      // Reserved cells: + (len - 1) still to come, - len when the ship leaves the keyed fleet.
      const res = len - 1 - (dFleet !== 0 ? len : 0);
      const kH = li * 2 + HORIZONTAL;
      if (
        p.startOk[cell * kinds + kH] &&
        freeRun >= len &&
        !(p.edgeTouch && c + len < W && sd[sdAt + c + len]! > cont)
      ) {
        if (len > 1) {
          if (!blockKills) {
            this.emit(src, at, c, x, blockBelow, left, cont + len - 1, orCol, dFleet, kH, res);
          }
        } else if (!blockKills && !occKills) {
          this.emit(src, at, c, x, blockBelow, left, occRight, orCol, dFleet, kH, res);
        }
      }
      const kV = li * 2 + VERTICAL;
      if (
        len > 1 &&
        p.startOk[cell * kinds + kV] &&
        !(p.edgeTouch && c + 1 < W && sd[sdAt + c + 1]! > cont)
      ) {
        if (!occKills) {
          this.emit(src, at, c, x, cont + len - 1, left, occRight, orCol, dFleet, kV, res);
        }
      }
    }
  }
}
