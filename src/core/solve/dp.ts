// `dp`: exact counting by a frontier (broken-profile) dynamic programme, cell by cell in row-major
// order. General form of the row-by-row equivalence-class DP of the Habr article.
//
// A ship is committed, with its length and orientation, at its first (top/left) cell. So a state
// needs only what the unprocessed cells must know about the processed ones:
//   - the remaining fleet, as a mixed-radix index over the distinct lengths still afloat;
//   - per column, how many cells of a vertical ship are still to come in that column;
//   - how many cells of the current horizontal ship are still to come in this row;
//   - under the touch rules, whether each of the last W (edge rule) or W+1 (corner rule)
//     processed cells is occupied, so a new ship can see its upper and left neighbours.
// Committing whole ships is what makes "ships may touch" exact: a run of hits never has to be
// split into ships after the fact, and equal-length ships are never told apart.
//
// Forward values f are partial layout counts (or prior weights) per state, layer by layer; one
// backward pass gives completions b and, at every ship-start transition, f * t * b: the mass of
// layouts whose ship of length L starts there. Spreading that over the ship's cells gives every
// cell's count split by ship length, from one forward and one backward pass.
//
// Exactness: counts are summed in doubles, exact while the total stays below 2^53 (every partial
// count of a state that can still complete is at most the total). Past that the passes are rerun
// with residues modulo primes below 2^26 and combined by the Chinese remainder theorem.

import { BudgetError, CancelledError, NoLayoutError } from '../errors';
import type { Position } from '../position';
import {
  HORIZONTAL,
  VERTICAL,
  buildBoard,
  checkHitsCoverable,
  placementLegal,
  placementWeight,
  type Board,
} from './board';
import { crtCombine, choosePrimes } from './crt';
import type { SolveOptions } from './options';
import { resultFromTally, type SolveResult, type Tally } from './result';
import { StateTable } from './state-table';

const DEFAULT_MAX_STATES = 25_000_000;

/** Everything the passes need about the board, precomputed per cell and per start kind. */
interface Plan {
  board: Board; // possibly transposed so the frontier runs along the shorter side
  transposed: boolean;
  W: number;
  N: number;
  lengths: number[]; // distinct remaining lengths
  counts: number[]; // ships afloat per length index
  strides: number[]; // mixed-radix strides of the fleet index
  fullFleet: number;
  keyWords: number;
  hBits: number;
  hMask: number;
  occMask: number;
  vBits: number;
  vMask: number;
  vWord: Int32Array; // per column: which key word holds its vertical counter
  vShift: Int32Array; // per column: bit offset inside that word
  vWords: number;
  /** Start kinds: index = lengthIndex * 2 + orientation. */
  kinds: number;
  startOk: Uint8Array; // [cell * kinds + kind]
  startWeight: Float64Array;
  occNeed: Uint32Array; // occupancy bits that must be clear to start here
  vNeed: Uint32Array; // [(cell * kinds + kind) * vWords + w]: vertical fields that must be zero
  freeFrom: Int32Array; // non-forbidden cells at index >= i
  /** Cells of the ships not yet placed, for a fleet index. */
  cellsPerFleet: (fleet: number) => number;
  /** Bit li set when a ship of lengths[li] is still to place, for a fleet index. */
  available: (fleet: number) => number;
}

/** Fleet indices up to this many get lookup tables instead of digit arithmetic. */
const FLEET_TABLE_LIMIT = 1 << 22;

function bitsFor(maxValue: number): number {
  let bits = 0;
  while (1 << bits <= maxValue) bits++;
  return bits;
}

function transposeBoard(b: Board): Board {
  const W = b.width;
  const H = b.height;
  const t = <T extends Uint8Array | Float64Array>(a: T): T => {
    const out = a.slice() as T;
    for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) out[c * H + r] = a[r * W + c]!;
    return out;
  };
  return {
    ...b,
    width: H,
    height: W,
    mustCover: t(b.mustCover),
    sunkCell: t(b.sunkCell),
    forbidden: t(b.forbidden),
    weight: b.weight ? t(b.weight) : undefined,
  };
}

function makePlan(original: Board): Plan {
  const transposed = original.width > original.height;
  const board = transposed ? transposeBoard(original) : original;
  const W = board.width;
  const N = board.cells;
  const lengths = board.lengths.slice();
  const counts = lengths.map((len) => board.remaining[len]!);
  const strides: number[] = [];
  let radix = 1;
  for (const c of counts) {
    strides.push(radix);
    radix *= c + 1;
  }
  if (radix > 2 ** 32) {
    throw new BudgetError(
      `the remaining fleet has ${radix} sub-fleets, more than the DP can index`,
      "use solver 'sample' for an estimate",
    );
  }
  const fullFleet = counts.reduce((s, c, k) => s + c * strides[k]!, 0);
  const maxLen = Math.max(1, ...lengths);
  const hBits = bitsFor(maxLen - 1);
  const occBits = board.touch === 'allowed' ? 0 : board.touch === 'no-touch' ? W + 1 : W;
  const vBits = maxLen > 1 ? hBits : 0;
  const perWord = vBits ? Math.floor(32 / vBits) : 0;
  const vWords = vBits ? Math.ceil(W / perWord) : 0;
  const vWord = new Int32Array(W);
  const vShift = new Int32Array(W);
  for (let c = 0; c < W; c++) {
    vWord[c] = vBits ? 2 + Math.floor(c / perWord) : 0;
    vShift[c] = vBits ? (c % perWord) * vBits : 0;
  }
  const kinds = lengths.length * 2;
  const startOk = new Uint8Array(N * kinds);
  const startWeight = new Float64Array(N * kinds);
  const occNeed = new Uint32Array(N * kinds);
  const vNeed = new Uint32Array(N * kinds * Math.max(1, vWords));
  const vMaskField = (1 << vBits) - 1;
  for (let i = 0; i < N; i++) {
    const r = Math.floor(i / W);
    const c = i % W;
    const above = (col: number): number =>
      r > 0 && col >= 0 && col < W ? 1 << (W - 1 - (col - c)) : 0;
    lengths.forEach((len, li) => {
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        const k = i * kinds + li * 2 + o;
        if (!placementLegal(board, i, len, o)) continue;
        startOk[k] = 1;
        startWeight[k] = placementWeight(board, i, len, o);
        let occ = 0;
        const zero: number[] = []; // columns whose vertical counter must be zero
        if (o === HORIZONTAL) for (let col = c + 1; col < c + len; col++) zero.push(col);
        if (board.touch === 'no-edge-touch') {
          if (c > 0) occ |= 1; // left neighbour
          if (o === HORIZONTAL) {
            for (let col = c; col < c + len; col++) occ |= above(col);
            if (c + len < W) zero.push(c + len);
          } else {
            occ |= above(c);
            if (c + 1 < W) zero.push(c + 1);
            if (len > 1 && c > 0) zero.push(c - 1);
          }
        } else if (board.touch === 'no-touch') {
          if (c > 0) {
            occ |= 1;
            zero.push(c - 1);
          }
          const last = o === HORIZONTAL ? c + len : c + 1;
          for (let col = c - 1; col <= last; col++) occ |= above(col);
          if (last < W) zero.push(last);
        }
        occNeed[k] = occ >>> 0;
        for (const col of zero) {
          vNeed[k * Math.max(1, vWords) + (vWord[col]! - 2)]! |= vMaskField << vShift[col]!;
        }
      }
    });
  }
  const freeFrom = new Int32Array(N + 1);
  for (let i = N - 1; i >= 0; i--) freeFrom[i] = freeFrom[i + 1]! + (board.forbidden[i] ? 0 : 1);
  const digit = (fleet: number, k: number): number =>
    Math.floor(fleet / strides[k]!) % (counts[k]! + 1);
  let cellsPerFleet = (fleet: number): number => {
    let cells = 0;
    for (let k = 0; k < lengths.length; k++) cells += digit(fleet, k) * lengths[k]!;
    return cells;
  };
  let available = (fleet: number): number => {
    let bits = 0;
    for (let k = 0; k < lengths.length; k++) if (digit(fleet, k) > 0) bits |= 1 << k;
    return bits;
  };
  if (radix <= FLEET_TABLE_LIMIT) {
    const cellsTable = new Int32Array(radix);
    const availTable = new Int32Array(radix);
    for (let f = 0; f < radix; f++) {
      cellsTable[f] = cellsPerFleet(f);
      availTable[f] = available(f);
    }
    cellsPerFleet = (fleet) => cellsTable[fleet]!;
    available = (fleet) => availTable[fleet]!;
  }
  return {
    board,
    transposed,
    W,
    N,
    lengths,
    counts,
    strides,
    fullFleet,
    keyWords: 2 + vWords,
    hBits,
    hMask: (1 << hBits) - 1,
    occMask: occBits === 0 ? 0 : occBits >= 32 ? 0xffffffff : (1 << occBits) - 1,
    vBits,
    vMask: vMaskField,
    vWord,
    vShift,
    vWords,
    kinds,
    startOk,
    startWeight,
    occNeed,
    vNeed,
    freeFrom,
    cellsPerFleet,
    available,
  };
}

/** Successors of one state at one cell, written into reusable scratch arrays. */
class Expander {
  readonly keys: Uint32Array;
  readonly weight: Float64Array;
  /** Start kind of the transition, or -1 when no ship starts here. */
  readonly kind: Int32Array;
  count = 0;
  private readonly K: number;

  constructor(private readonly plan: Plan) {
    const max = 1 + plan.kinds;
    this.K = plan.keyWords;
    this.keys = new Uint32Array(max * plan.keyWords);
    this.weight = new Float64Array(max);
    this.kind = new Int32Array(max);
  }

  /** Writes successor n: the source key with fleet, h and occupancy replaced. Returns its base. */
  private emit(
    n: number,
    src: Uint32Array,
    at: number,
    fleet: number,
    hw: number,
    kind: number,
    w: number,
  ): number {
    const K = this.K;
    const out = this.keys;
    const base = n * K;
    out[base] = fleet;
    out[base + 1] = hw;
    for (let k = 2; k < K; k++) out[base + k] = src[at + k]!;
    this.weight[n] = w;
    this.kind[n] = kind;
    return base;
  }

  expand(src: Uint32Array, at: number, cell: number): void {
    const p = this.plan;
    const c = cell % p.W;
    const fleet = src[at]!;
    const hw = src[at + 1]!;
    const hBits = p.hBits;
    const h = hw & p.hMask;
    const occ = hw >>> hBits;
    const occIfFull = ((((occ << 1) | 1) & p.occMask) << hBits) >>> 0;
    if (h > 0) {
      this.emit(0, src, at, fleet, (occIfFull | (h - 1)) >>> 0, -1, 1);
      this.count = 1;
      return;
    }
    const vw = p.vWord[c]!;
    const vs = p.vShift[c]!;
    const v = p.vBits ? (src[at + vw]! >>> vs) & p.vMask : 0;
    if (v > 0) {
      const base = this.emit(0, src, at, fleet, occIfFull, -1, 1);
      this.keys[base + vw] = (src[at + vw]! - (1 << vs)) >>> 0;
      this.count = 1;
      return;
    }
    const board = p.board;
    if (board.sunkCell[cell]) {
      this.emit(0, src, at, fleet, occIfFull, -1, 1);
      this.count = 1;
      return;
    }
    let n = 0;
    if (!board.mustCover[cell]) {
      this.emit(n++, src, at, fleet, (((occ << 1) & p.occMask) << hBits) >>> 0, -1, 1);
    }
    const avail = p.available(fleet);
    if (avail === 0) {
      this.count = n;
      return;
    }
    const kinds = p.kinds;
    const vWords = p.vWords;
    const needAt = cell * kinds;
    for (let li = 0; li < p.lengths.length; li++) {
      if ((avail & (1 << li)) === 0) continue;
      const len = p.lengths[li]!;
      const nextFleet = fleet - p.strides[li]!;
      for (let o = 0; o < 2; o++) {
        const k = needAt + li * 2 + o;
        if (!p.startOk[k] || (occ & p.occNeed[k]!) !== 0) continue;
        let clear = true;
        for (let w = 0; w < vWords; w++) {
          if ((src[at + 2 + w]! & p.vNeed[k * vWords + w]!) !== 0) {
            clear = false;
            break;
          }
        }
        if (!clear) continue;
        if (o === HORIZONTAL || len === 1) {
          this.emit(n, src, at, nextFleet, (occIfFull | (len - 1)) >>> 0, li * 2 + o, p.startWeight[k]!);
        } else {
          const base = this.emit(n, src, at, nextFleet, occIfFull, li * 2 + o, p.startWeight[k]!);
          this.keys[base + vw] = (src[at + vw]! | ((len - 1) << vs)) >>> 0;
        }
        n++;
      }
    }
    this.count = n;
  }
}

/**
 * One layer of the solved DP. Keys are dropped once the next layer is built; what stays is each
 * state's forward value and its transitions (next-layer index and ship-start kind), so the
 * backward pass, the modular reruns and sampling are plain array walks with no hashing.
 */
interface Layer {
  count: number;
  f: Float64Array;
  /** Transitions of state j are edges[first[j]] .. edges[first[j + 1] - 1]. */
  first: Int32Array;
  next: Int32Array;
  kind: Int8Array;
}

/** The stored layers of a solved DP: enough to read marginals and to sample layouts. */
export interface DpModel {
  plan: Plan;
  layers: Layer[];
  /** Final layer: 1 where the whole fleet is placed. */
  done: Float64Array;
  /** Backward values (float), per layer (layer N = done). */
  back: Float64Array[];
  total: number;
  states: number;
  peakLayer: number;
}

function checkBudget(states: number, limit: number, t0: number, options: SolveOptions): void {
  if (states > limit) {
    throw new BudgetError(
      `the exact DP for this position needs more than ${limit.toLocaleString('en-US')} states (about ${Math.round((limit * 40) / 2 ** 20)} MB)`,
      "use solver 'sample' for an estimate with error bars, or 'enumerate' if few layouts remain",
    );
  }
  if (options.maxMs !== undefined && performance.now() - t0 > options.maxMs) {
    throw new BudgetError(
      `the exact DP passed its time budget of ${options.maxMs} ms`,
      "use solver 'sample' for an estimate with error bars",
    );
  }
  if (options.signal?.aborted) throw new CancelledError();
}

class GrowableEdges {
  next = new Int32Array(1024);
  kind = new Int8Array(1024);
  count = 0;
  push(idx: number, kind: number): void {
    if (this.count === this.next.length) {
      const n = new Int32Array(this.count * 2);
      n.set(this.next);
      this.next = n;
      const k = new Int8Array(this.count * 2);
      k.set(this.kind);
      this.kind = k;
    }
    this.next[this.count] = idx;
    this.kind[this.count++] = kind;
  }
}

/** Forward exploration: every layer's states, forward values (floats) and transitions. */
function explore(
  plan: Plan,
  options: SolveOptions,
  t0: number,
): { layers: Layer[]; done: Float64Array } {
  const { N, keyWords: K } = plan;
  const limit = options.maxStates ?? DEFAULT_MAX_STATES;
  const ex = new Expander(plan);
  let cur = new StateTable(K, 16);
  const init = new Uint32Array(K);
  init[0] = plan.fullFleet;
  cur.f[cur.insert(init, 0)] = 1;
  const layers: Layer[] = [];
  let states = 1;
  for (let i = 0; i < N; i++) {
    const next = new StateTable(K, Math.max(16, cur.count));
    const first = new Int32Array(cur.count + 1);
    const edges = new GrowableEdges();
    const free = plan.freeFrom[i + 1]!;
    const weighted = plan.board.weight !== undefined;
    for (let j = 0; j < cur.count; j++) {
      first[j] = edges.count;
      const fj = cur.f[j]!;
      ex.expand(cur.keys, j * K, i);
      for (let s = 0; s < ex.count; s++) {
        const at = s * K;
        // Prune states whose unplaced ships cannot fit in the cells left.
        if (plan.cellsPerFleet(ex.keys[at]!) > free - (ex.keys[at + 1]! & plan.hMask)) continue;
        const idx = next.insert(ex.keys, at);
        next.f[idx]! += weighted ? fj * ex.weight[s]! : fj;
        edges.push(idx, ex.kind[s]!);
      }
      if ((j & 0x3fff) === 0x3fff) checkBudget(states + next.count, limit, t0, options);
    }
    first[cur.count] = edges.count;
    next.seal();
    layers.push({
      count: cur.count,
      f: cur.f.subarray(0, cur.count),
      first,
      next: edges.next.slice(0, edges.count),
      kind: edges.kind.slice(0, edges.count),
    });
    states += next.count;
    checkBudget(states, limit, t0, options);
    options.onProgress?.((i + 1) / (2 * N));
    cur = next;
  }
  const done = new Float64Array(cur.count);
  for (let j = 0; j < cur.count; j++) done[j] = cur.keys[j * K] === 0 ? 1 : 0;
  return { layers, done };
}

/** Weight of transition e out of a state at cell i (1 unless a ship starts under a prior). */
function edgeWeight(plan: Plan, i: number, kind: number): number {
  return kind < 0 ? 1 : plan.startWeight[i * plan.kinds + kind]!;
}

/**
 * Backward pass. With `mod` = 0 works in doubles on the stored forward values; otherwise in
 * residues modulo `mod` on `fMod` (forward residues, uniform counts). Returns the backward values
 * and the start masses per cell and kind.
 */
function backward(
  plan: Plan,
  layers: Layer[],
  done: Float64Array,
  mod: number,
  fMod: Float64Array[] | null,
  options: SolveOptions,
): { back: Float64Array[]; startMass: Float64Array } {
  const { N, kinds } = plan;
  const back: Float64Array[] = new Array(N + 1);
  back[N] = done;
  const weighted = mod === 0 && plan.board.weight !== undefined;
  const startMass = new Float64Array(N * kinds);
  for (let i = N - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const bNext = back[i + 1]!;
    const f = fMod ? fMod[i]! : layer.f;
    const { first, next, kind } = layer;
    const b = new Float64Array(layer.count);
    const massAt = i * kinds;
    for (let j = 0; j < layer.count; j++) {
      let sum = 0;
      const fj = f[j]!;
      for (let e = first[j]!; e < first[j + 1]!; e++) {
        const bs = bNext[next[e]!]!;
        if (bs === 0) continue;
        const k = kind[e]!;
        if (mod === 0) {
          const t = weighted ? edgeWeight(plan, i, k) * bs : bs;
          sum += t;
          if (k >= 0) startMass[massAt + k]! += fj * t;
        } else {
          sum += bs;
          if (sum >= mod) sum -= mod;
          if (k >= 0) {
            const m = startMass[massAt + k]! + ((fj * bs) % mod);
            startMass[massAt + k] = m >= mod ? m - mod : m;
          }
        }
      }
      b[j] = sum;
    }
    back[i] = b;
    if (options.signal?.aborted) throw new CancelledError();
    options.onProgress?.(0.5 + (N - i) / (2 * N));
  }
  return { back, startMass };
}

/** Forward values modulo `mod` over the explored layers (uniform counts only). */
function forwardMod(plan: Plan, layers: Layer[], finalCount: number, mod: number): Float64Array[] {
  const out: Float64Array[] = [Float64Array.of(1)];
  for (let i = 0; i < plan.N; i++) {
    const layer = layers[i]!;
    const f = out[i]!;
    const size = i + 1 < plan.N ? layers[i + 1]!.count : finalCount;
    const g = new Float64Array(size);
    for (let j = 0; j < layer.count; j++) {
      const fj = f[j]!;
      if (fj === 0) continue;
      for (let e = layer.first[j]!; e < layer.first[j + 1]!; e++) {
        const x = g[layer.next[e]!]! + fj;
        g[layer.next[e]!] = x >= mod ? x - mod : x;
      }
    }
    out.push(g);
  }
  return out;
}


/** Spreads start masses over ship cells: per length, per cell (in the plan's frame). */
function spread(plan: Plan, startMass: Float64Array, mod: number): Float64Array[] {
  const { N, W, kinds, lengths } = plan;
  const perLength = lengths.map(() => new Float64Array(N));
  for (let i = 0; i < N; i++) {
    for (let li = 0; li < lengths.length; li++) {
      for (let o = 0; o < 2; o++) {
        const m = startMass[i * kinds + li * 2 + o]!;
        if (m === 0) continue;
        const step = o === HORIZONTAL ? 1 : W;
        const acc = perLength[li]!;
        for (let k = 0, cell = i; k < lengths[li]!; k++, cell += step) {
          if (mod === 0) acc[cell]! += m;
          else {
            const x = acc[cell]! + m;
            acc[cell] = x >= mod ? x - mod : x;
          }
        }
      }
    }
  }
  return perLength;
}

function untranspose(plan: Plan, a: Float64Array): Float64Array {
  if (!plan.transposed) return a;
  const W = plan.W; // width of the transposed frame = original height
  const H = plan.board.height;
  const out = new Float64Array(a.length);
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) out[c * H + r] = a[r * W + c]!;
  return out;
}

/** Runs the DP and keeps its layers (for marginals and sampling). */
export function buildDpModel(
  board: Board,
  options: SolveOptions = {},
): DpModel & { startMass: Float64Array } {
  const t0 = performance.now();
  const plan = makePlan(board);
  const { layers, done } = explore(plan, options, t0);
  const { back, startMass } = backward(plan, layers, done, 0, null, options);
  const total = back[0]![0] ?? 0;
  let states = 0;
  let peakLayer = 0;
  for (const l of layers) {
    states += l.count;
    peakLayer = Math.max(peakLayer, l.count);
  }
  states += done.length;
  return { plan, layers, done, back, total, states, peakLayer, startMass };
}

/** Exact tally from the DP: bigint counts (uniform) or float weights (with a prior). */
export function dpTally(
  board: Board,
  options: SolveOptions = {},
): { tally: Tally; model: DpModel } {
  const model = buildDpModel(board, options);
  const { plan } = model;
  const lengths = plan.lengths;
  if (model.total === 0) throw new NoLayoutError();
  if (board.weight) {
    const perLength = spread(plan, model.startMass, 0);
    return {
      tally: {
        kind: 'weight',
        total: model.total,
        byLength: new Map(lengths.map((len, li) => [len, untranspose(plan, perLength[li]!)])),
      },
      model,
    };
  }
  if (model.total < 2 ** 53) {
    const perLength = spread(plan, model.startMass, 0);
    return {
      tally: {
        kind: 'count',
        total: BigInt(model.total),
        byLength: new Map(
          lengths.map((len, li) => [
            len,
            Array.from(untranspose(plan, perLength[li]!), (x) => BigInt(x)),
          ]),
        ),
      },
      model,
    };
  }
  // Past 2^53: rerun the value passes in residues and rebuild exact integers.
  const primes = choosePrimes(model.total);
  const residuesTotal: number[] = [];
  const residuesCells: Float64Array[][] = lengths.map(() => []);
  for (const p of primes) {
    const fMod = forwardMod(plan, model.layers, model.done.length, p);
    const { back, startMass } = backward(plan, model.layers, model.done, p, fMod, options);
    residuesTotal.push(back[0]![0]!);
    const perLength = spread(plan, startMass, p);
    lengths.forEach((_, li) => residuesCells[li]!.push(untranspose(plan, perLength[li]!)));
  }
  const total = crtCombine(residuesTotal, primes);
  const byLength = new Map<number, bigint[]>();
  lengths.forEach((len, li) => {
    const cells = new Array<bigint>(board.cells);
    for (let i = 0; i < board.cells; i++) {
      cells[i] = crtCombine(
        residuesCells[li]!.map((a) => a[i]!),
        primes,
      );
    }
    byLength.set(len, cells);
  });
  return { tally: { kind: 'count', total, byLength }, model };
}

export function solveDp(position: Position, options: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const { tally } = dpTally(board, options);
  return resultFromTally(position, board, tally, 'dp', performance.now() - t0);
}

/**
 * Draws a layout of the remaining ships with probability proportional to its weight (uniform
 * without a prior): from the first state, each transition is taken with odds t * b(next) / b(here).
 * `random` returns floats in [0, 1). Returns each ship's cells (remaining ships only).
 */
export function sampleFromModel(model: DpModel, random: () => number): number[][] {
  const { plan, layers, back } = model;
  const { N, W, lengths } = plan;
  const ships: number[][] = [];
  let j = 0;
  for (let i = 0; i < N; i++) {
    const layer = layers[i]!;
    const bNext = back[i + 1]!;
    let target = random() * back[i]![j]!;
    let chosen = -1;
    for (let e = layer.first[j]!; e < layer.first[j + 1]!; e++) {
      const t = edgeWeight(plan, i, layer.kind[e]!) * bNext[layer.next[e]!]!;
      if (t === 0) continue;
      chosen = e;
      target -= t;
      if (target < 0) break;
    }
    if (chosen < 0) throw new Error('sampling walked into a dead state (model inconsistent)');
    const kind = layer.kind[chosen]!;
    if (kind >= 0) {
      const len = lengths[kind >> 1]!;
      const step = (kind & 1) === HORIZONTAL ? 1 : W;
      ships.push(Array.from({ length: len }, (_, k) => i + k * step));
    }
    j = layer.next[chosen]!;
  }
  if (!plan.transposed) return ships;
  const H = plan.board.height;
  return ships.map((s) => s.map((cell) => (cell % W) * H + Math.floor(cell / W)));
}
