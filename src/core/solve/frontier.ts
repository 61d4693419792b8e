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
// would be very wide (many distinct lengths) do the longest lengths move into the key.

import { BudgetError } from '../errors';
import { HORIZONTAL, VERTICAL, placementLegal, placementWeight, type Board } from './board';
import type { MemoryBudget } from './memory';

export const FREE = 0;
export const BLOCKED = 1;
export const OCCUPIED = 1;

/** Row indices are stored as 16-bit numbers. */
const MAX_ROW_INDEX = 1 << 16;
/** The keyed fleet field gets per-value tables of this many entries at most. */
const MAX_KEYED_FLEETS = 1 << 22;
/** Key words stay below 2^52: whole numbers there are exact in a double, with room to spare. */
const WORD_LIMIT = 2 ** 52;

/** Everything the passes need about the board, precomputed per cell and per start kind. */
export interface Plan {
  /** The board in the processing frame (see orient): rows are processed top to bottom. */
  board: Board;
  /** frameCell[i]: where original cell i lies in the frame. */
  frameCell: Int32Array;
  W: number;
  N: number;
  noTouch: boolean;
  edgeTouch: boolean;
  /** Digit of a continuation with k cells to come is cont + k (0 when ships may touch). */
  cont: number;
  // The remaining fleet: the ships of the lengths marked `keyed` are counted in a mixed-radix
  // field of the key, the others index the dense value row of the key.
  lengths: number[]; // distinct remaining lengths, longest first
  counts: number[]; // ships afloat per length index
  keyed: boolean[];
  /** Per length index: stride in the row index (row lengths) or in the key's fleet field. */
  strides: number[];
  R: number; // row width: sub-fleets of the row lengths
  fullFleet: number; // row index of the whole row fleet
  /** Cells of the ships of each row index. */
  cellsOf: Int32Array;
  /** Per row index: bit li set when it holds a ship of lengths[li]. */
  availOf: Int32Array;
  fullKeyFleet: number;
  keyCellsOf: Int32Array;
  keyAvailOf: Int32Array;
  // Key layout: the fields (digits of columns 0..W-1, the left digit at W, the keyed fleet at
  // W + 1) are mixed-radix places of the key words: field d adds value * scale[d] to word[d].
  K: number;
  /** Radix of the keyed fleet field (1 when no length is keyed). */
  fleetRadix: number;
  /** The whole key is one word below 2^32. */
  key32: boolean;
  word: Int32Array;
  scale: Float64Array;
  // Ship starts: kind = lengthIndex * 2 + orientation.
  kinds: number;
  startOk: Uint8Array; // [cell * kinds + kind]: inside the board, off forbidden cells
  startWeight: Float64Array;
  /**
   * Most ship cells that can lie on cells >= i: the free cells, and under the touch rules at most
   * two per 2x2 block (the least over the four block alignments), since no two ships may share a
   * 2x2 block and a straight ship covers at most two of its cells.
   */
  capacityFrom: Int32Array;
  /** Hits on cells >= i: the ships still to come (and continuations) must cover them. */
  hitsFrom: Int32Array;
  /** The hit cells, ascending. */
  hitCells: Int32Array;
  /**
   * needMask[h * (N + 1) + i]: the length indices (bit li) with a legal placement starting at a
   * cell >= i that covers hit h. A state must keep such a ship (or a continuation over h).
   */
  needMask: Int32Array;
  /** Cell i is forbidden or past the last cell (i < N + W + 1). */
  dead: Uint8Array;
  mustCover: Uint8Array;
}

/** The board seen through a symmetry: frame cell frameCell[i] holds original cell i. */
function mapBoard(
  b: Board,
  transpose: boolean,
  flipRows: boolean,
  flipCols: boolean,
): {
  board: Board;
  frameCell: Int32Array;
} {
  const frameCell = new Int32Array(b.cells);
  const W = frameCells(b, transpose, flipRows, flipCols, frameCell);
  const H = b.cells / W;
  const map = <T extends Uint8Array | Float64Array>(a: T): T => {
    const out = a.slice() as T;
    for (let i = 0; i < b.cells; i++) out[frameCell[i]!] = a[i]!;
    return out;
  };
  const board: Board = {
    ...b,
    width: W,
    height: H,
    mustCover: map(b.mustCover),
    sunkCell: map(b.sunkCell),
    forbidden: map(b.forbidden),
    weight: b.weight ? map(b.weight) : undefined,
  };
  return { board, frameCell };
}

/** sin^2 of the progress through a board of n cells, per cell (frameCost's weight). */
function progressWeights(n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sin((Math.PI * i) / n) ** 2;
  return out;
}

/**
 * A rough cost of processing a frame (its forbidden and hit cells in frame order, width W): per
 * cell, 2 to the number of open cells in the frontier (the next W + 1 cells), more while hits lie
 * ahead (states must carry ways to cover them; dead ones are only found at the hit), weighted by
 * sin^2 of the progress through the board since the state count peaks mid-board (few ships are
 * placed early, few remain late). On mid-game 10x10 positions the frame it picks needs about a
 * third fewer states than the board as given, within a few per cent of the best of the eight.
 */
function frameCost(
  W: number,
  forbidden: Uint8Array,
  mustCover: Uint8Array,
  progress: Float64Array,
): number {
  const N = forbidden.length;
  let hitsAhead = 0;
  for (let i = 0; i < N; i++) hitsAhead += mustCover[i]!;
  let open = 0;
  for (let j = 0; j <= W && j < N; j++) open += forbidden[j] ? 0 : 1;
  let cost = 0;
  for (let i = 0; i < N; i++) {
    hitsAhead -= mustCover[i]!;
    cost += progress[i]! * 2 ** open * (1 + hitsAhead);
    open -= forbidden[i] ? 0 : 1;
    if (i + W + 1 < N) open += forbidden[i + W + 1] ? 0 : 1;
  }
  return cost;
}

/** Where each cell goes in a frame (transpose, then flips), and the frame's width. */
function frameCells(
  b: Board,
  transpose: boolean,
  flipRows: boolean,
  flipCols: boolean,
  frameCell: Int32Array,
): number {
  const W = transpose ? b.height : b.width;
  const H = transpose ? b.width : b.height;
  for (let i = 0; i < b.cells; i++) {
    const row = Math.floor(i / b.width);
    const col = i - row * b.width;
    let r = transpose ? col : row;
    let c = transpose ? row : col;
    if (flipRows) r = H - 1 - r;
    if (flipCols) c = W - 1 - c;
    frameCell[i] = r * W + c;
  }
  return W;
}

/**
 * The frame to process the board in: the frontier runs along the shorter side (its width is
 * what the state count grows with), and among the flips (and, on a square board, transposes)
 * the one of least frameCost. On an empty board all are equal and the board is kept as given.
 * Candidates are costed in scratch arrays; only the chosen frame's board is built.
 */
function orient(b: Board): { board: Board; frameCell: Int32Array } {
  const n = b.cells;
  const progress = progressWeights(n);
  const frameCell = new Int32Array(n);
  const forbidden = new Uint8Array(n);
  const mustCover = new Uint8Array(n);
  const costOf = (transpose: boolean, flipRows: boolean, flipCols: boolean): number => {
    const W = frameCells(b, transpose, flipRows, flipCols, frameCell);
    for (let i = 0; i < n; i++) {
      forbidden[frameCell[i]!] = b.forbidden[i]!;
      mustCover[frameCell[i]!] = b.mustCover[i]!;
    }
    return frameCost(W, forbidden, mustCover, progress);
  };
  let best: [boolean, boolean, boolean] = [b.width > b.height, false, false];
  let bestCost = costOf(...best);
  for (const transpose of b.width === b.height ? [false, true] : [b.width > b.height]) {
    for (const flipRows of [false, true]) {
      for (const flipCols of [false, true]) {
        const cost = costOf(transpose, flipRows, flipCols);
        if (cost < bestCost * (1 - 1e-9)) {
          best = [transpose, flipRows, flipCols];
          bestCost = cost;
        }
      }
    }
  }
  return mapBoard(b, ...best);
}

export function makePlan(original: Board): Plan {
  const { board, frameCell } = orient(original);
  const W = board.width;
  const N = board.cells;
  const fleet = fleetLayout(board);
  const cont = board.touch === 'allowed' ? 0 : 1;
  const keys = keyLayout(W, cont + Math.max(1, ...fleet.lengths), fleet.fleetRadix);
  const starts = startTables(board, fleet.lengths);
  const hits = hitTables(board, fleet.lengths, starts.startOk);
  const dead = new Uint8Array(N + W + 1).fill(1);
  for (let i = 0; i < N; i++) dead[i] = board.forbidden[i]!;
  const mustCover = new Uint8Array(N + W + 1);
  mustCover.set(board.mustCover);
  return {
    board,
    frameCell,
    W,
    N,
    noTouch: board.touch === 'no-touch',
    edgeTouch: board.touch === 'no-edge-touch',
    cont,
    ...fleet,
    ...keys,
    ...starts,
    capacityFrom: shipCapacity(board),
    ...hits,
    dead,
    mustCover,
  };
}

type FleetLayout = Pick<
  Plan,
  | 'lengths'
  | 'counts'
  | 'keyed'
  | 'strides'
  | 'R'
  | 'fullFleet'
  | 'cellsOf'
  | 'availOf'
  | 'fleetRadix'
  | 'fullKeyFleet'
  | 'keyCellsOf'
  | 'keyAvailOf'
>;

/** The remaining fleet as row index (and keyed field): strides and per-index tables. */
function fleetLayout(board: Board): FleetLayout {
  const lengths = board.lengths.slice();
  const counts = lengths.map((len) => board.remaining[len]!);
  const keyed = chooseKeyed(lengths, counts);
  const strides: number[] = [];
  let R = 1;
  let KR = 1;
  lengths.forEach((_, li) => {
    if (keyed[li]) {
      strides.push(KR);
      KR *= counts[li]! + 1;
    } else {
      strides.push(R);
      R *= counts[li]! + 1;
    }
  });
  if (R > MAX_ROW_INDEX || KR > MAX_KEYED_FLEETS) {
    throw new BudgetError(
      `the remaining fleet has ${R * KR} sub-fleets, more than the DP can index`,
      "use solver 'sample' for an estimate",
    );
  }
  /** Cells and lengths held (bit li) per index, and the index of the whole fleet. */
  const tables = (part: boolean, size: number): [Int32Array, Int32Array, number] => {
    const cells = new Int32Array(size);
    const avail = new Int32Array(size);
    let full = 0;
    lengths.forEach((len, li) => {
      if (keyed[li] !== part) return;
      full += counts[li]! * strides[li]!;
      for (let f = 0; f < size; f++) {
        const digit = Math.floor(f / strides[li]!) % (counts[li]! + 1);
        cells[f]! += digit * len;
        if (digit > 0) avail[f]! |= 1 << li;
      }
    });
    return [cells, avail, full];
  };
  const [cellsOf, availOf, fullFleet] = tables(false, R);
  const [keyCellsOf, keyAvailOf, fullKeyFleet] = tables(true, KR);
  return {
    lengths,
    counts,
    keyed,
    strides,
    R,
    fullFleet,
    cellsOf,
    availOf,
    fleetRadix: KR,
    fullKeyFleet,
    keyCellsOf,
    keyAvailOf,
  };
}

/**
 * Where each key field lives: W + 1 digits of radix `digitRadix`, then the keyed fleet field,
 * packed as mixed-radix places into as few words below 2^52 as they fit.
 */
function keyLayout(
  W: number,
  digitRadix: number,
  fleetRadix: number,
): Pick<Plan, 'K' | 'key32' | 'word' | 'scale'> {
  const word = new Int32Array(W + 2);
  const scale = new Float64Array(W + 2);
  let K = 1;
  let place = 1;
  for (let d = 0; d <= W + 1; d++) {
    const radix = d <= W ? digitRadix : fleetRadix;
    if (place * radix > WORD_LIMIT) {
      K++;
      place = 1;
    }
    word[d] = K - 1;
    scale[d] = place;
    place *= radix;
  }
  return { K, key32: K === 1 && place <= 2 ** 32, word, scale };
}

/** Which ship starts are legal against the static marks, and their prior weights. */
function startTables(
  board: Board,
  lengths: number[],
): Pick<Plan, 'kinds' | 'startOk' | 'startWeight'> {
  const N = board.cells;
  const kinds = lengths.length * 2;
  const startOk = new Uint8Array(N * kinds);
  const startWeight = new Float64Array(N * kinds);
  for (let i = 0; i < N; i++) {
    lengths.forEach((len, li) => {
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        if (!placementLegal(board, i, len, o)) continue;
        startOk[i * kinds + li * 2 + o] = 1;
        startWeight[i * kinds + li * 2 + o] = placementWeight(board, i, len, o);
      }
    });
  }
  return { kinds, startOk, startWeight };
}

/** The hits, how many lie ahead of each cell, and which lengths can still cover each. */
function hitTables(
  board: Board,
  lengths: number[],
  startOk: Uint8Array,
): Pick<Plan, 'hitsFrom' | 'hitCells' | 'needMask'> {
  const { width: W, cells: N } = board;
  const kinds = lengths.length * 2;
  const hitsFrom = new Int32Array(N + 1);
  for (let i = N - 1; i >= 0; i--) hitsFrom[i] = hitsFrom[i + 1]! + board.mustCover[i]!;
  const hitCells = Int32Array.from({ length: N }, (_, i) => i).filter(
    (i) => board.mustCover[i] === 1,
  );
  const needMask = new Int32Array(hitCells.length * (N + 1));
  hitCells.forEach((h, hi) => {
    const at = hi * (N + 1);
    for (let i = N - 1; i >= 0; i--) {
      let mask = needMask[at + i + 1]!;
      lengths.forEach((len, li) => {
        for (let o = 0; o < 2; o++) {
          if (!startOk[i * kinds + li * 2 + o]) continue;
          const step = o === HORIZONTAL ? 1 : W;
          if (h >= i && h <= i + (len - 1) * step && (h - i) % step === 0) mask |= 1 << li;
        }
      });
      needMask[at + i] = mask;
    }
  });
  return { hitsFrom, hitCells, needMask };
}

/**
 * capacityFrom of the plan (see there), for every i in 0..N: built from the last cell back, one
 * cell at a time. Under touch rules each 2x2 block (four ways to tile the board with them) holds
 * at most two ship cells, so the capacity is at most the sum over blocks of min(2, free cells).
 */
function shipCapacity(board: Board): Int32Array {
  const { width: W, height: H, cells: N } = board;
  const out = new Int32Array(N + 1);
  const tiled = board.touch !== 'allowed';
  const BW = (W >> 1) + 1;
  const blocks = new Int32Array(4 * ((H >> 1) + 1) * BW);
  const cap = [0, 0, 0, 0];
  let free = 0;
  for (let i = N - 1; i >= 0; i--) {
    if (!board.forbidden[i]) {
      free++;
      if (tiled) {
        const r = Math.floor(i / W);
        const c = i % W;
        for (let t = 0; t < 4; t++) {
          const at =
            (t * ((H >> 1) + 1) + ((r - (t >> 1) + 1) >> 1)) * BW + ((c - (t & 1) + 1) >> 1);
          if (++blocks[at]! <= 2) cap[t]!++;
        }
      }
    }
    out[i] = tiled ? Math.min(free, ...cap) : free;
  }
  return out;
}

/** Widest row: a layer under construction holds this many doubles per key. */
const MAX_ROW = 256;

/**
 * Which lengths are counted in the key rather than the row. Rows are stored compressed, so the
 * fewer keys the better; but a layer under construction needs R doubles per key. Lengths go into
 * the row shortest first while it stays within MAX_ROW; the longest ships, whose starts the
 * frontier's continuations mostly reveal anyway, are keyed.
 */
function chooseKeyed(lengths: number[], counts: number[]): boolean[] {
  const keyed = lengths.map(() => true);
  let R = 1;
  for (let li = lengths.length - 1; li >= 0; li--) {
    if (R * (counts[li]! + 1) > MAX_ROW) break;
    R *= counts[li]! + 1;
    keyed[li] = false;
  }
  return keyed;
}

/** The key of the empty frontier (all digits FREE) with the whole keyed fleet. */
export function emptyKey(plan: Plan): Float64Array {
  const key = new Float64Array(plan.K);
  key[plan.word[plan.W + 1]!]! += plan.fullKeyFleet * plan.scale[plan.W + 1]!;
  return key;
}

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
 * still holds a ship of lengths[li] (row lengths only).
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

  constructor(plan: Plan, budget: MemoryBudget) {
    this.plan = plan;
    this.K = plan.K;
    this.radix = plan.cont + Math.max(1, ...plan.lengths);
    this.classes = (plan.kinds + 1) * this.radix * this.radix * 2;
    this.out = new Successors(this.K, this.classes, budget);
    this.fleetStep = Float64Array.from(plan.lengths, (_, li) =>
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
    const K = this.K;
    const W = p.W;
    const o = this.out;
    const n = o.count++;
    const base = n * K;
    const out = o.keys;
    for (let k = 0; k < K; k++) out[base + k] = src[at + k]!;
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
    for (let li = 0; li < p.lengths.length; li++) {
      if ((startable & (1 << li)) === 0) continue;
      const len = p.lengths[li]!;
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
