// The plan of the cell-by-cell DP (see dp.ts and frontier.ts): how the board is seen (the
// orientation with the narrowest frontier), where each cell lies in that frame, how the frontier
// key and the remaining fleet are laid out in words, and the per-cell tables the passes read
// (legal ship starts and their weights, how many ship cells can still fit, which hits remain).
// Built once per solve; the passes never change it.

import { BudgetError } from '../../errors';
import {
  HORIZONTAL,
  VERTICAL,
  placementLegal,
  placementWeight,
  type Board,
  type CountVolley,
} from '../board';
import { frameCells, mapBoard } from '../symmetry';

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
  // The remaining fleet as ship types (see shipTypesOf): the types marked `keyed` are counted in
  // a mixed-radix field of the key, the others index the dense value row of the key. A type
  // index is called li below (without observations the types are the distinct lengths).
  /** Length of each type, longest first. */
  typeLengths: number[];
  /** The board's index of each type (board.types order). */
  boardType: number[];
  counts: number[]; // ships afloat per type
  keyed: boolean[];
  /** Per type: stride in the row index (row types) or in the key's fleet field. */
  strides: number[];
  R: number; // row width: sub-fleets of the row types
  fullFleet: number; // row index of the whole row fleet
  /** Cells of the ships of each row index. */
  cellsOf: Int32Array;
  /** Per row index: bit li set when it holds a ship of type li. */
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
  // Ship starts: kind = typeIndex * 2 + orientation.
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
   * needMask[h * (N + 1) + i]: the types (bit li) with a legal placement starting at a
   * cell >= i that covers hit h. A state must keep such a ship (or a continuation over h).
   */
  needMask: Int32Array;
  // Count volleys (hitCount answers): field W + 2 + v of the key holds how many of volley v's
  // cells the ships committed so far cover (see volleyTables).
  volleys: number;
  /** Per volley: the count its answer says. */
  volleyTarget: Int32Array;
  /** Per volley: its last cell in the frame; after it the field must equal the target. */
  volleyLast: Int32Array;
  /** volleyCover[(cell * kinds + kind) * volleys + v]: cells of volley v the start covers. */
  volleyCover: Uint8Array;
  /** Cell i is forbidden or past the last cell (i < N + W + 1). */
  dead: Uint8Array;
  mustCover: Uint8Array;
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

/** The frame a plan of `b` processes its cells in (makePlan's, without the rest of the plan). */
export function frameOf(b: Board): Int32Array {
  return orient(b).frameCell;
}

export function makePlan(original: Board): Plan {
  const { board, frameCell } = orient(original);
  const W = board.width;
  const N = board.cells;
  const types = orderedTypes(original);
  const fleet = fleetLayout(types);
  const cont = board.touch === 'allowed' ? 0 : 1;
  const { countVolleys } = original;
  const keys = keyLayout(
    W,
    cont + Math.max(1, ...fleet.typeLengths),
    fleet.fleetRadix,
    countVolleys.map((v) => v.count + 1),
  );
  const starts = startTables(board, types, frameCell, original.width);
  const volleys = volleyTables(board, fleet.typeLengths, starts.startOk, frameCell, countVolleys);
  const hits = hitTables(board, fleet.typeLengths, starts.startOk);
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
    ...volleys,
    dead,
    mustCover,
  };
}

/**
 * Per count volley: its target, its last cell in the frame and how many of its cells each legal
 * start covers. A ship is committed whole at its first cell, so the field is final for every
 * ship once the volley's last cell is passed: a ship covering that cell starts at or before it.
 */
function volleyTables(
  board: Board,
  typeLengths: number[],
  startOk: Uint8Array,
  frameCell: Int32Array,
  countVolleys: CountVolley[],
): Pick<Plan, 'volleys' | 'volleyTarget' | 'volleyLast' | 'volleyCover'> {
  const { width: W, cells: N } = board;
  const V = countVolleys.length;
  const kinds = typeLengths.length * 2;
  const volleyTarget = Int32Array.from(countVolleys, (v) => v.count);
  const volleyLast = new Int32Array(V).fill(-1);
  const inVolley = countVolleys.map((v) => {
    const framed = new Uint8Array(N);
    v.cells.forEach((m, cell) => (framed[frameCell[cell]!] = m));
    return framed;
  });
  inVolley.forEach((framed, v) => framed.forEach((m, i) => m && (volleyLast[v] = i)));
  const volleyCover = new Uint8Array(V === 0 ? 0 : N * kinds * V);
  for (let i = 0; i < N && V > 0; i++) {
    typeLengths.forEach((len, li) => {
      for (let o = 0; o < 2; o++) {
        const kind = li * 2 + o;
        if (!startOk[i * kinds + kind]) continue;
        const step = o === HORIZONTAL ? 1 : W;
        for (let v = 0; v < V; v++) {
          let covered = 0;
          for (let k = 0; k < len; k++) covered += inVolley[v]![i + k * step]!;
          volleyCover[(i * kinds + kind) * V + v] = covered;
        }
      }
    });
  }
  return { volleys: V, volleyTarget, volleyLast, volleyCover };
}

/** A ship type as the plan orders it: its board index, and where it may start (board frame). */
interface PlanType {
  boardType: number;
  length: number;
  count: number;
  /** Per (cell * 2 + orientation) of the board as given; undefined: wherever placementLegal. */
  legal: Uint8Array | undefined;
}

/** The board's ship types, longest first (stable), as the plan indexes them. */
function orderedTypes(board: Board): PlanType[] {
  const types = board.types.map((t, k) => ({
    boardType: k,
    length: t.length,
    count: t.count,
    legal: board.typeLegal?.[k],
  }));
  return types.sort((a, b) => b.length - a.length || a.boardType - b.boardType);
}

type FleetLayout = Pick<
  Plan,
  | 'typeLengths'
  | 'boardType'
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
function fleetLayout(types: PlanType[]): FleetLayout {
  const lengths = types.map((t) => t.length);
  const counts = types.map((t) => t.count);
  const keyed = chooseKeyed(counts);
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
  /** Cells and types held (bit li) per index, and the index of the whole fleet. */
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
    typeLengths: lengths,
    boardType: types.map((t) => t.boardType),
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
 * then one field per count volley, packed as mixed-radix places into as few words below 2^52 as
 * they fit.
 */
function keyLayout(
  W: number,
  digitRadix: number,
  fleetRadix: number,
  volleyRadix: number[],
): Pick<Plan, 'K' | 'key32' | 'word' | 'scale'> {
  const fields = W + 2 + volleyRadix.length;
  const word = new Int32Array(fields);
  const scale = new Float64Array(fields);
  let K = 1;
  let place = 1;
  for (let d = 0; d < fields; d++) {
    const radix = d <= W ? digitRadix : d === W + 1 ? fleetRadix : volleyRadix[d - W - 2]!;
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

/**
 * Which ship starts are legal, and their prior weights: against the static marks (in the frame)
 * and, for types with their own legal starts, against those (given in the board's own cells, so
 * each frame start is mapped back: its cells' top/left end and orientation there).
 */
function startTables(
  board: Board,
  types: PlanType[],
  frameCell: Int32Array,
  originalWidth: number,
): Pick<Plan, 'kinds' | 'startOk' | 'startWeight'> {
  const N = board.cells;
  const W = board.width;
  const kinds = types.length * 2;
  const startOk = new Uint8Array(N * kinds);
  const startWeight = new Float64Array(N * kinds);
  const original = new Int32Array(N);
  frameCell.forEach((frame, cell) => (original[frame] = cell));
  for (let i = 0; i < N; i++) {
    types.forEach(({ length: len, legal }, li) => {
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        if (!placementLegal(board, i, len, o)) continue;
        if (
          legal &&
          !legal[originalStart(original, originalWidth, i, len, o === HORIZONTAL ? 1 : W)]
        ) {
          continue;
        }
        startOk[i * kinds + li * 2 + o] = 1;
        startWeight[i * kinds + li * 2 + o] = placementWeight(board, i, len, o);
      }
    });
  }
  return { kinds, startOk, startWeight };
}

/**
 * Index into a type's legal starts (cell * 2 + orientation, in the board's own cells) of the
 * ship covering frame cells i, i + step, ... (len of them).
 */
function originalStart(
  original: Int32Array,
  originalWidth: number,
  i: number,
  len: number,
  step: number,
): number {
  let first = original[i]!;
  let last = first;
  for (let k = 1; k < len; k++) {
    const c = original[i + k * step]!;
    if (c < first) first = c;
    if (c > last) last = c;
  }
  const horizontal =
    len === 1 || Math.floor(first / originalWidth) === Math.floor(last / originalWidth);
  return first * 2 + (horizontal ? HORIZONTAL : VERTICAL);
}

/** The hits, how many lie ahead of each cell, and which types can still cover each. */
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
 * Which types (longest first) are counted in the key rather than the row. Rows are stored
 * compressed, so the fewer keys the better; but a layer under construction needs R doubles per
 * key. Types go into the row shortest first while it stays within MAX_ROW; the longest ships,
 * whose starts the frontier's continuations mostly reveal anyway, are keyed.
 */
function chooseKeyed(counts: number[]): boolean[] {
  const keyed = counts.map(() => true);
  let R = 1;
  for (let li = counts.length - 1; li >= 0; li--) {
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
