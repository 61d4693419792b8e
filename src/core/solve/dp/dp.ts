// `dp`: exact counting by a frontier (broken-profile) dynamic programme, cell by cell in row-major
// order. General form of the row-by-row equivalence-class DP of the Habr article.
//
// A ship is committed, with its length and orientation, at its first (top/left) cell. A state is
// what the unprocessed cells must know about the processed ones:
//   - its key (frontier.ts): per column, whether the column's next cell is free, must stay empty
//     (touch rules) or carries on a vertical ship (and for how many cells), the same for the cell
//     left of the current one (horizontal ships), and for unusual fleets part of the fleet;
//   - the remaining fleet (or the rest of it), as a mixed-radix row index over the ship types
//     still afloat (board.types: the distinct lengths, or, when a position names ships, each
//     named ship on its own beside one type per length of unnamed ships);
//   - per hitCount volley open at the cell (see below), how many of its cells the committed ships
//     cover so far.
// Committing whole ships is what makes "ships may touch" exact: a run of hits never has to be
// split into ships after the fact, and ships of one type are never told apart.
//
// Observations: a ship start is allowed only where its type may lie (board.typeLegal, which
// holds every observation about one ship: named hits, per-ship volley answers, volley sinkings,
// the never-fired-cell rule). A hitCount volley links ships, so it is carried in the key: a ship's
// coverage of every volley is known when it is committed, a state passing a volley's count is
// dropped at once, and after the volley's last cell (in the processing frame) the count must be
// met and the field goes back to 0. The field is 0 before any ship can reach the volley, so it
// costs states only while the volley is open. Named positions whose sunk lists can be read as
// several named ships are solved once per reading (boardVariants) and their tallies summed.
//
// Layers: layer i holds the states before cell i. States sharing a key form the key's row; only
// live states are stored, as (row index, value) entries in one arena (fleet-rows.ts). A layer's
// keys are kept sorted, and the next layer is built without hashing (state-table.ts): the
// successors of all keys are generated, merged into key order, and each group of equal keys sums
// its sources' rows (shifted by the placed ship's stride when one starts) in a scratch row, which
// is then pruned and appended to the arena. What is kept per layer is each key's row offsets and
// its transitions (next key's index and start kind) and whether a continuation covers the layer's
// cell; keys themselves are dropped, so the backward pass, the modular reruns, sampling and the
// walks of later positions (dp-walk.ts) are array walks. Every pass over the stored layers (the
// backward pass in doubles, the residue reruns, a walk's passes) steps through them with one
// layer kernel (layer-pass.ts) over one row merge (fleet-rows.ts).
//
// Forward values f are partial layout counts (or prior weights) per state; one backward pass gives
// completions b and, at every ship-start transition, f * t * b: the mass of layouts whose ship of
// length L starts there. Spreading that over the ship's cells gives every cell's count split by
// ship length, from one forward and one backward pass.
//
// Pruning (flushRow): a state is dropped when its unplaced ships, plus the cells its key already
// reserves, cannot fit in what is left of the board, cannot cover the hits left, or lack every
// length that could still cover one of them; a key left with no state is dropped with the
// transitions into it. The board is processed in the frame (flip or transpose) that frontier-plan.ts
// estimates cheapest, which on mid-game positions saves many of the states.
//
// Exactness: counts are summed in doubles, exact while the total stays below 2^53 (every partial
// count of a state that can still complete is at most the total). Past that the passes are rerun
// with residues modulo primes below 2^26 and combined by the Chinese remainder theorem.
//
// Memory: every buffer comes from one MemoryBudget (memory.ts), which refuses before allocating;
// layers keep exact-size arrays (small ones carved from shared chunks). Peak memory grows about
// linearly with the board's height and doubles with each column of frontier width.
//
// Where the time goes: on open boards, building each next layer (summing source rows, the new
// keys' digits, flushing) and expanding, merging and sorting successors cost several times the
// value passes themselves; the backward pass is a plain array walk. So the cost is what each
// state costs, not how many there are: reusing a solved position's layers (dp-reuse.ts) skips the
// key work for the positions that follow it, and the graph engine (graph/) skips it for good. On
// small positions (late in a game) the fixed cost dominates: the plan (costing frames, the ship
// capacity per cell, built in one backward sweep), counting-sorting successors and copying short
// layers by hand. `npm run bench` prints what each part costs today (docs/research/speed.md).

import { BudgetError, CancelledError, NoLayoutError } from '../../errors';
import type { Position } from '../../position';
import { HORIZONTAL, boardVariants, checkHitsCoverable, type Board } from '../board';
import { crtCombine, choosePrimes } from './crt';
import { GATHER, GATHER_MOD, RowStore, SCATTER_MOD, scatterRow } from './fleet-rows';
import { Expander, hitNeeds, keyFleetOf, reservedCells } from './frontier';
import { emptyKey, makePlan, type Plan } from './frontier-plan';
import { edgeWeight, kindTables, layerPass, passLayer, rowBit } from './layer-pass';
import { Arena, MemoryBudget, bytesOf } from '../memory';
import type { SolveOptions } from '../options';
import { resultFromVariants, type BoardTally, type SolveResult, type Tally } from '../result';
import { LayerKeys, SuccessorSorter } from './state-table';

/**
 * Default bound on the bytes a DP solve may hold at once (every stored layer and every scratch
 * buffer; see memory.ts): room for an empty 12x12 classic board. Callers that know the machine
 * pass their own (options.maxBytes).
 */
export const DEFAULT_MAX_BYTES = 2 * 2 ** 30;
/**
 * First size of the scratch buffers that grow with the widest layer: small, since zero-filling
 * large ones is a fixed cost every solve pays (late positions solve in about a millisecond).
 */
const INITIAL_ENTRIES = 256;

/**
 * One layer of the solved DP, in exact-size arrays of its own: its keys' compressed rows (states:
 * sub-fleet index and value) and their transitions (next-layer key index and ship-start kind, -1
 * for none).
 */
export interface Layer {
  count: number;
  /** Rows of key j are entries rowStart[j] .. rowStart[j + 1] - 1 of idx and val. */
  rowStart: Int32Array;
  idx: Uint16Array;
  /** Forward values, or backward values once built for sampling. */
  val: Float64Array;
  /** Transitions of key j are first[j] .. first[j + 1] - 1 of next and kind (none: final layer). */
  first: Int32Array | null;
  next: Int32Array | null;
  kind: Int8Array | null;
  /**
   * Per key: 1 when a continuation of a ship committed earlier covers cell i (so cell i holds a
   * ship whatever the transition), else 0; null on the final layer. With the start kinds this
   * tells, for a walk over the stored layers (dp-walk.ts), which transitions leave cell i
   * empty and which fill it.
   */
  covered: Int8Array | null;
  /** Backward values beside the forward ones, for a model kept to be walked (dp-walk.ts). */
  back?: Float64Array;
  /** The forward values of the model's last walk (dp-walk.ts), allocated by its first. */
  work?: Float64Array;
}

/** What a DP solve counted and held, without its layers. */
export interface DpStats {
  total: number;
  /** Stored states (live key and sub-fleet pairs) over all layers. */
  states: number;
  /** Most keys in one layer. */
  peakLayer: number;
  /** Most states in one layer. */
  peakStates: number;
  /** Most bytes held at once by the solve's buffers (what its memory budget counted). */
  peakBytes: number;
}

/** The stored layers of a solved DP: enough to read marginals or to sample layouts. */
export interface DpModel extends DpStats {
  plan: Plan;
  /** Layers 0..N (N = the final one: every surviving key is complete). */
  layers: Layer[];
}

function checkBudget(states: number, t0: number, options: SolveOptions): void {
  const limit = options.maxStates;
  if (limit !== undefined && states > limit) {
    throw new BudgetError(
      `the exact DP for this position needs more than ${limit.toLocaleString('en-US')} states`,
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

/**
 * Moves the states accumulated in a dense scratch row (entries flagged in `mark`) into the store,
 * clearing the row. A state is dropped when the cells of its unplaced ships plus the `reserved`
 * cells of its key cannot fit in what is left of the board from cell i (capacityFrom) or cannot
 * cover the hits left there (hitsFrom). Returns the row lengths the kept states still hold (bit
 * li), with LIVE set when any state was kept, 0 when none was.
 */
function flushRow(
  plan: Plan,
  row: Float64Array,
  mark: Int32Array,
  store: RowStore,
  i: number,
  reserved: number,
  needs: Int32Array,
  needCount: number,
  keyAvail: number,
): number {
  const { cellsOf, availOf } = plan;
  const most = plan.capacityFrom[i]! - reserved;
  const least = plan.hitsFrom[i]! - reserved;
  let bits = 0;
  if (needCount < 0) {
    for (let w = 0; w < mark.length; w++) {
      let m = mark[w]!;
      mark[w] = 0;
      while (m !== 0) {
        const low = m & -m;
        m ^= low;
        row[w * 32 + 31 - Math.clz32(low)] = 0;
      }
    }
    return 0;
  }
  for (let w = 0; w < mark.length; w++) {
    let m = mark[w]!;
    if (m === 0) continue;
    mark[w] = 0;
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const f = w * 32 + 31 - Math.clz32(low);
      const v = row[f]!;
      row[f] = 0;
      if (cellsOf[f]! > most || cellsOf[f]! < least) continue;
      if (needCount > 0) {
        const has = availOf[f]! | keyAvail;
        let ok = true;
        for (let k = 0; k < needCount; k++) if ((has & needs[k]!) === 0) ok = false;
        if (!ok) continue;
      }
      store.push(f, v);
      bits |= availOf[f]! | LIVE;
    }
  }
  return bits;
}
const LIVE = 1 << 30;

/**
 * Forward pass: every layer's keys' live states (compressed rows of forward values) and
 * transitions. Per layer (step): the successors of every key (Expander), sorted by key
 * (SuccessorSorter); then, walking equal keys together, each new key's row is summed in a
 * scratch row from its sources' rows and flushed to the layer being built (flushRow). Keys left
 * with no live state are dropped, with the transitions into them. A finished layer is copied into
 * exact-size arrays; the scratch buffers grow to the widest layer and are reused.
 */
class ForwardPass {
  readonly layers: Layer[] = [];
  peakLayer = 1;
  peakStates = 1;
  private states = 0;
  private readonly D: number;
  private readonly ex: Expander;
  private readonly sorter: SuccessorSorter;
  private readonly kindBit: Int32Array;
  private readonly kindStride: Int32Array;
  // Scratch: the rows of the layer being built, one row being summed and its flags, a key's
  // digits and its hit needs, the transitions of the current layer.
  private readonly rows: RowStore;
  private readonly scratch: Float64Array;
  private readonly mark: Int32Array;
  private readonly digits: Uint8Array;
  private readonly needs: Int32Array;
  private edgeNext: Int32Array;
  private edgeKind: Int8Array;
  // The current layer's keys, rows and row lengths held; the next layer's, being built.
  private cur: LayerKeys;
  private next: LayerKeys;
  private rowStart: Int32Array = new Int32Array(0);
  private curIdx: Uint16Array = new Uint16Array(0);
  private curVal: Float64Array = new Float64Array(0);
  private avail: Int32Array = new Int32Array(1);
  // Where the stored layers' arrays are carved from.
  private readonly idxArena: Arena<Uint16Array>;
  private readonly valArena: Arena<Float64Array>;
  private readonly intArena: Arena<Int32Array>;
  private readonly kindArena: Arena<Int8Array>;
  private nextStart: Int32Array = new Int32Array(0);
  private nextAvail: Int32Array = new Int32Array(0);
  private checks = 0;

  constructor(
    private readonly plan: Plan,
    private readonly options: SolveOptions,
    private readonly t0: number,
    private readonly budget: MemoryBudget,
  ) {
    const { K, R, W } = plan;
    this.D = W + 1;
    this.ex = new Expander(plan, budget);
    this.sorter = new SuccessorSorter(budget);
    ({ kindBit: this.kindBit, kindStride: this.kindStride } = kindTables(plan));
    this.rows = new RowStore(budget);
    this.idxArena = new Arena(Uint16Array, budget);
    this.valArena = new Arena(Float64Array, budget);
    this.intArena = new Arena(Int32Array, budget);
    this.kindArena = new Arena(Int8Array, budget);
    this.scratch = new Float64Array(R);
    this.mark = new Int32Array((R + 31) >> 5);
    this.digits = new Uint8Array(this.D);
    this.needs = new Int32Array(plan.hitCells.length);
    this.edgeNext = budget.alloc(Int32Array, INITIAL_ENTRIES);
    this.edgeKind = budget.alloc(Int8Array, INITIAL_ENTRIES);
    budget.take(bytesOf(this.avail));
    this.cur = new LayerKeys(K, this.D, budget);
    this.next = new LayerKeys(K, this.D, budget);
  }

  run(): DpModel {
    const { plan } = this;
    this.start();
    for (let i = 0; i < plan.N; i++) {
      this.step(i);
      this.peakLayer = Math.max(this.peakLayer, this.cur.count);
      this.peakStates = Math.max(this.peakStates, this.curIdx.length);
      this.checkBudget();
      this.options.onProgress?.((i + 1) / (2 * plan.N));
    }
    const { count } = this.cur;
    const { rowStart, curIdx: idx, curVal: val } = this;
    this.layers.push({
      count,
      rowStart,
      idx,
      val,
      first: null,
      next: null,
      kind: null,
      covered: null,
    });
    this.releaseScratch();
    const { layers, peakLayer, peakStates, states } = this;
    return { plan, layers, total: 0, states, peakLayer, peakStates, peakBytes: 0 };
  }

  private checkBudget(): void {
    checkBudget(this.states + this.rows.count, this.t0, this.options);
  }

  /** Gives the scratch buffers back to the budget (the pass is done with them). */
  private releaseScratch(): void {
    const { budget, ex, sorter, rows, cur, next } = this;
    const succ = ex.out;
    let bytes = bytesOf(rows.idx) + bytesOf(rows.val);
    bytes += bytesOf(this.edgeNext) + bytesOf(this.edgeKind);
    bytes += bytesOf(succ.keys) + bytesOf(succ.src) + bytesOf(succ.cls);
    bytes += sorter.bytes();
    for (const k of [cur, next]) bytes += bytesOf(k.keys) + bytesOf(k.digits) + bytesOf(k.reserved);
    bytes += bytesOf(this.nextStart) + bytesOf(this.nextAvail) + bytesOf(this.avail);
    budget.give(bytes);
  }

  /** Copies the layer just built out of the scratch rows into exact-size arrays. */
  private takeRows(): void {
    const { rows } = this;
    this.curIdx = this.idxArena.copy(rows.idx, rows.count);
    this.curVal = this.valArena.copy(rows.val, rows.count);
    this.states += rows.count;
    rows.count = 0;
  }

  /** The first layer: the empty frontier with the whole fleet. */
  private start(): void {
    const { plan, cur, digits } = this;
    const key = emptyKey(plan);
    cur.reset(1);
    cur.push(key, 0, digits, reservedCells(plan, key, 0, 0));
    this.scratch[plan.fullFleet] = 1;
    this.mark[plan.fullFleet >> 5]! |= 1 << (plan.fullFleet & 31);
    const needCount = hitNeeds(plan, digits, 0, 0, this.needs);
    const keyAvail = plan.keyAvailOf[plan.fullKeyFleet]!;
    this.avail[0] = this.flush(0, cur.reserved[0]!, needCount, keyAvail);
    this.rowStart = this.intArena.take(2);
    this.rowStart[1] = this.rows.count;
    this.takeRows();
    if (this.avail[0] === 0) cur.count = 0;
  }

  private flush(i: number, reserved: number, needCount: number, keyAvail: number): number {
    const { plan, scratch, mark, rows, needs } = this;
    return flushRow(plan, scratch, mark, rows, i, reserved, needs, needCount, keyAvail);
  }

  /** Layer i to layer i + 1 (cell i). */
  private step(i: number): void {
    const { cur, ex, D, budget } = this;
    const K = this.plan.K;
    const count = cur.count;
    const first = this.intArena.take(count + 1);
    const succ = ex.out;
    succ.count = 0;
    for (let j = 0; j < count; j++) {
      first[j] = succ.count;
      ex.expand(j, cur.keys, j * K, cur.digits, j * D, i, this.avail[j]!);
    }
    first[count] = succ.count;
    if (this.edgeNext.length < succ.count) {
      const cap = Math.max(2 * this.edgeNext.length, succ.count);
      this.edgeNext = budget.grow(this.edgeNext, cap);
      this.edgeKind = budget.grow(this.edgeKind, cap);
    }
    const covered = this.coveredAt(i);
    this.buildNext(i);
    const { next, kind } = this.link(first);
    const { rowStart, curIdx: idx, curVal: val } = this;
    this.layers.push({ count, rowStart, idx, val, first, next, kind, covered });
    [this.cur, this.next] = [this.next, this.cur];
    [this.avail, this.nextAvail] = [this.nextAvail, this.avail];
    this.rowStart = this.intArena.copy(this.nextStart, this.cur.count + 1);
    this.takeRows();
  }

  /** Layer.covered of the current layer (cell i): a column or left continuation reaches it. */
  private coveredAt(i: number): Int8Array {
    const { cur, D, plan } = this;
    const { W, cont } = plan;
    const c = i % W;
    const digits = cur.digits;
    const covered = this.kindArena.take(cur.count);
    for (let j = 0, at = 0; j < cur.count; j++, at += D) {
      covered[j] = digits[at + c]! > cont || digits[at + W]! > cont ? 1 : 0;
    }
    return covered;
  }

  /**
   * Builds layer i + 1 from the successors: walks them in key order, one group of equal keys at
   * a time, summing the group's source rows into the scratch row and flushing it. Writes each
   * successor's next-layer index (or -1 when its key was dropped) to edgeNext[s].
   */
  private buildNext(i: number): void {
    const { plan, ex, cur, next, rows, D, kindBit, kindStride, scratch, mark } = this;
    const { K, W, kinds, availOf, startWeight } = plan;
    const weighted = plan.board.weight !== undefined;
    const keyed = plan.fleetRadix > 1;
    const succ = ex.out;
    const { kindOf, reservedDelta } = succ;
    const total = succ.count;
    const sorted = this.sorter;
    sorted.sort(succ, ex.classes);
    const { id, src, cls, keys } = sorted;
    const target = this.edgeNext;
    const { rowStart, curIdx, curVal } = this;
    next.reset(total);
    // (avail and nextAvail take turns, so each is sized on its own.)
    if (this.nextStart.length < total + 1) {
      this.nextStart = this.budget.renew(this.nextStart, 2 * total + 1);
    }
    if (this.nextAvail.length < total)
      this.nextAvail = this.budget.renew(this.nextAvail, 2 * total);
    const { nextStart, nextAvail } = this;
    for (let g = 0; g < total;) {
      let end = g;
      do {
        const j = src[end]!;
        const k = kindOf[cls[end]!]!;
        const w = weighted && k >= 0 ? startWeight[i * kinds + k]! : 1;
        const bit = kindBit[k + 1]!;
        const s0 = rowStart[j]!;
        const s1 = rowStart[j + 1]!;
        scatterRow(scratch, mark, curIdx, curVal, s0, s1, w, bit, kindStride[k + 1]!, availOf);
        end++;
      } while (end < total && sorted.same(g, end, K));
      const n = next.count;
      nextStart[n] = rows.count;
      const head = src[g]!;
      const reserved = cur.reserved[head]! + reservedDelta[cls[g]!]!;
      // The new key's digits go straight to its slot in the next layer (kept only if it lives).
      const slot = next.slot();
      succ.digitsOf(cls[g]!, i, W, cur.digits, head * D, next.digits, slot);
      const keyAvail = keyed ? plan.keyAvailOf[keyFleetOf(plan, keys, g * K)]! : 0;
      const needCount = hitNeeds(plan, next.digits, slot, i + 1, this.needs);
      const bits = this.flush(i + 1, reserved, needCount, keyAvail);
      if (bits !== 0) {
        next.pushInPlace(keys, g * K, reserved);
        nextAvail[n] = bits;
      }
      for (let h = g; h < end; h++) target[id[h]!] = bits !== 0 ? n : -1;
      g = end;
      if ((++this.checks & 0xfff) === 0) this.checkBudget();
    }
    nextStart[next.count] = rows.count;
  }

  /**
   * Keeps the transitions (in source order) that lead to kept keys, in exact-size arrays; fixes
   * `first` to index them.
   */
  private link(first: Int32Array): { next: Int32Array; kind: Int8Array } {
    const { edgeNext, edgeKind } = this;
    const { cls, kindOf } = this.ex.out;
    const count = first.length - 1;
    let e = 0;
    for (let j = 0; j < count; j++) {
      const from = first[j]!;
      first[j] = e;
      for (let s = from; s < first[j + 1]!; s++) {
        const n = edgeNext[s]!;
        if (n < 0) continue;
        edgeNext[e] = n;
        edgeKind[e++] = kindOf[cls[s]!]!;
      }
    }
    first[count] = e;
    return { next: this.intArena.copy(edgeNext, e), kind: this.kindArena.copy(edgeKind, e) };
  }
}

/**
 * Forward residues modulo `mod` over the stored transitions (uniform counts past 2^53),
 * overwriting the stored values. Target states the build pruned are not stored and get nothing,
 * which changes no count that can complete.
 */
function forwardValuesMod(model: DpModel, mod: number): void {
  const { plan, layers } = model;
  const pass = layerPass(plan, SCATTER_MOD, { mod });
  for (const layer of layers) layer.val.fill(0);
  if (layers[0]!.val.length > 0) layers[0]!.val[0] = 1;
  for (let i = 0; i < plan.N; i++)
    passLayer(pass, layers, i, layers[i]!.val, layers[i + 1]!.val, null);
}

/**
 * What a backward pass keeps of its values: nothing, each state's in place of its forward value
 * (for sampling), or beside it in Layer.back (a model that dp-walk.ts walks).
 */
type KeepBack = 'none' | 'replace' | 'beside';

/**
 * Backward pass over the stored transitions and forward values: in doubles with the prior's
 * weights (mod 0) or modulo mod. Backward values live in two buffers taking turns. Returns the
 * total and the start masses per cell and kind.
 */
function backward(
  model: DpModel,
  mod: number,
  keep: KeepBack,
  options: SolveOptions,
  budget: MemoryBudget,
): { total: number; startMass: Float64Array } {
  const { plan, layers } = model;
  const { N, kinds } = plan;
  const widest = Math.max(...layers.map((l) => l.idx.length));
  const turns = [budget.alloc(Float64Array, widest), budget.alloc(Float64Array, widest)];
  const keepLayer = (layer: Layer, b: Float64Array): void => {
    if (keep === 'replace') layer.val.set(b.subarray(0, layer.idx.length));
    else if (keep === 'beside') layer.back = copyOf(b, layer.idx.length, budget);
  };
  // The final layer's states are complete: one way each to finish.
  let bNext = turns[N & 1]!;
  bNext.fill(1, 0, layers[N]!.idx.length);
  keepLayer(layers[N]!, bNext);
  const startMass = new Float64Array(N * kinds);
  const pass = layerPass(plan, mod === 0 ? GATHER : GATHER_MOD, { mod, startMass });
  for (let i = N - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const b = turns[i & 1]!;
    b.fill(0, 0, layer.idx.length);
    passLayer(pass, layers, i, b, bNext, layer.val);
    keepLayer(layer, b);
    bNext = b;
    if (options.signal?.aborted) throw new CancelledError();
    if (mod === 0) options.onProgress?.(0.5 + (N - i) / (2 * N));
  }
  budget.give(2 * widest * Float64Array.BYTES_PER_ELEMENT);
  return { total: layers[0]!.idx.length > 0 ? bNext[0]! : 0, startMass };
}

/** An exact-size, budgeted copy of a[0..n). */
function copyOf(a: Float64Array, n: number, budget: MemoryBudget): Float64Array {
  const out = budget.alloc(Float64Array, n);
  out.set(a.subarray(0, n));
  return out;
}

/** Spreads start masses over ship cells: per type, per cell (in the plan's frame). */
function spread(plan: Plan, startMass: Float64Array, mod: number): Float64Array[] {
  const { N, W, kinds, typeLengths } = plan;
  const perType = typeLengths.map(() => new Float64Array(N));
  for (let i = 0; i < N; i++) {
    for (let li = 0; li < typeLengths.length; li++) {
      for (let o = 0; o < 2; o++) {
        const m = startMass[i * kinds + li * 2 + o]!;
        if (m === 0) continue;
        const step = o === HORIZONTAL ? 1 : W;
        const acc = perType[li]!;
        for (let k = 0, cell = i; k < typeLengths[li]!; k++, cell += step) {
          if (mod === 0) acc[cell]! += m;
          else {
            const x = acc[cell]! + m;
            acc[cell] = x >= mod ? x - mod : x;
          }
        }
      }
    }
  }
  return perType;
}

/** Per-cell values from the processing frame back to the board's own cells. */
function unframe(plan: Plan, a: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[plan.frameCell[i]!]!;
  return out;
}

/** The memory budget of one solve: options.maxBytes, or the default. */
export function budgetOf(options: SolveOptions): MemoryBudget {
  return new MemoryBudget(options.maxBytes ?? DEFAULT_MAX_BYTES);
}

function forward(board: Board, options: SolveOptions, budget: MemoryBudget): DpModel {
  return new ForwardPass(makePlan(board), options, performance.now(), budget).run();
}

/** Runs the DP and keeps its transitions and backward values: a model to sample layouts from. */
export function buildDpModel(board: Board, options: SolveOptions = {}): DpModel {
  const budget = budgetOf(options);
  const model = forward(board, options, budget);
  model.total = backward(model, 0, 'replace', options, budget).total;
  model.peakBytes = budget.peak;
  return model;
}

/**
 * Exact tally from the DP: bigint counts (uniform) or float weights (with a prior), and what the
 * solve counted and held (its layers are dropped with the model).
 */
export function dpTally(
  board: Board,
  options: SolveOptions = {},
): { tally: Tally; stats: DpStats } {
  const budget = budgetOf(options);
  const model = forward(board, options, budget);
  const { total, startMass } = backward(model, 0, 'none', options, budget);
  model.total = total;
  if (total === 0) throw new NoLayoutError();
  const tally = tallyOf(model, total, startMass, options, budget);
  const { states, peakLayer, peakStates } = model;
  return { tally, stats: { total, states, peakLayer, peakStates, peakBytes: budget.peak } };
}

/**
 * dpTally that also keeps the model for walks (dp-walk.ts): its layers with forward values and,
 * beside them, backward values; and the bytes they hold. No model when the counts pass 2^53
 * (the residue passes overwrite the stored values): walks count in doubles only.
 */
export function dpTallyKeeping(
  board: Board,
  options: SolveOptions = {},
): { tally: Tally; model: DpModel | null; heldBytes: number } {
  const budget = budgetOf(options);
  const model = forward(board, options, budget);
  const { total, startMass } = backward(model, 0, 'beside', options, budget);
  model.total = total;
  if (total === 0) throw new NoLayoutError();
  const tally = tallyOf(model, total, startMass, options, budget);
  model.peakBytes = budget.peak;
  const walkable = board.weight !== undefined || total < 2 ** 53;
  return { tally, model: walkable ? model : null, heldBytes: budget.used };
}

/** The tally of a solved model: start masses spread over the ships' cells, per type. */
export function tallyOf(
  model: DpModel,
  total: number,
  startMass: Float64Array,
  options: SolveOptions,
  budget: MemoryBudget,
): Tally {
  const { plan } = model;
  const { board } = plan;
  // Per board type (the plan orders types its own way), in the board's own cells.
  const byBoardType = <T>(perType: T[]): T[] => {
    const out = new Array<T>(perType.length);
    plan.boardType.forEach((t, li) => (out[t] = perType[li]!));
    return out;
  };
  const named = board.named;
  if (board.weight) {
    const byType = byBoardType(spread(plan, startMass, 0).map((a) => unframe(plan, a)));
    const byLength = sumByLength(board, byType, () => new Float64Array(board.cells));
    return { kind: 'weight', total, byLength, byType: named ? byType : undefined };
  }
  let byType: bigint[][];
  let exactTotal: bigint;
  if (total < 2 ** 53) {
    byType = byBoardType(
      spread(plan, startMass, 0).map((a) => Array.from(unframe(plan, a), BigInt)),
    );
    exactTotal = BigInt(total);
  } else {
    // Past 2^53: rerun the value passes in residues and rebuild exact integers.
    const primes = choosePrimes(total);
    const residuesTotal: number[] = [];
    const residues: Float64Array[][] = plan.typeLengths.map(() => []);
    for (const p of primes) {
      forwardValuesMod(model, p);
      const res = backward(model, p, 'none', options, budget);
      residuesTotal.push(res.total);
      spread(plan, res.startMass, p).forEach((a, li) => residues[li]!.push(unframe(plan, a)));
      if (options.signal?.aborted) throw new CancelledError();
    }
    byType = byBoardType(
      residues.map((perPrime) =>
        Array.from({ length: board.cells }, (_, i) =>
          crtCombine(
            perPrime.map((a) => a[i]!),
            primes,
          ),
        ),
      ),
    );
    exactTotal = crtCombine(residuesTotal, primes);
  }
  const byLength = sumByLength(board, byType, () => new Array<bigint>(board.cells).fill(0n));
  return { kind: 'count', total: exactTotal, byLength, byType: named ? byType : undefined };
}

/**
 * Per-type cell values summed per ship length (board.lengths order). A length with one type
 * (every length, without observations) shares that type's array: no copy, no sum.
 */
function sumByLength<T extends bigint[] | Float64Array>(
  board: Board,
  byType: T[],
  zero: () => T,
): Map<number, T> {
  const typesOf = new Map<number, number[]>(board.lengths.map((len) => [len, []]));
  board.types.forEach((type, t) => typesOf.get(type.length)!.push(t));
  const out = new Map<number, T>();
  for (const [len, types] of typesOf)
    out.set(len, types.length === 1 ? byType[types[0]!]! : zero());
  board.types.forEach((type, t) => {
    if (typesOf.get(type.length)!.length === 1) return;
    const acc = out.get(type.length)!;
    const add = byType[t]!;
    if (acc instanceof Float64Array) {
      for (let i = 0; i < board.cells; i++) acc[i]! += (add as Float64Array)[i]!;
    } else {
      for (let i = 0; i < board.cells; i++) acc[i]! += (add as bigint[])[i]!;
    }
  });
  return out;
}

export function solveDp(position: Position, options: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const parts: BoardTally[] = [];
  for (const board of boardVariants(position)) {
    checkHitsCoverable(board);
    try {
      parts.push({ board, tally: dpTally(board, options).tally });
    } catch (e) {
      if (!(e instanceof NoLayoutError)) throw e;
    }
  }
  if (parts.length === 0) throw new NoLayoutError();
  return resultFromVariants(position, parts, 'dp', performance.now() - t0);
}

/**
 * Draws a layout of the remaining ships with probability proportional to its weight (uniform
 * without a prior): from the first state, each transition is taken with odds t * b(next) / b(here).
 * `random` returns floats in [0, 1). Returns each ship's cells (remaining ships only); with
 * `types`, fills it with each ship's type (its index in board.types).
 */
/**
 * What a draw from a kept model walks instead of the model's own position (dp-walk.ts): backward
 * values per layer, and the transitions it may take.
 */
export interface DrawFilter {
  back: Float64Array[];
  taken(i: number, kind: number, key: number): boolean;
}

export function sampleFromModel(
  model: DpModel,
  random: () => number,
  types?: number[],
  filter?: DrawFilter,
): number[][] {
  const { plan, layers } = model;
  const { N, W, typeLengths, strides, availOf } = plan;
  /** Backward value of state (key j, row fleet f) of layer i, 0 when it is not stored. A kept
   * model (dp-reuse.ts) holds them beside its forward values. */
  const back = (i: number, j: number, f: number): number => {
    const { rowStart, idx } = layers[i]!;
    const val = filter?.back[i] ?? layers[i]!.back ?? layers[i]!.val;
    for (let s = rowStart[j]!; s < rowStart[j + 1]!; s++) if (idx[s] === f) return val[s]!;
    return 0;
  };
  const ships: number[][] = [];
  let j = 0;
  let fleet = plan.fullFleet;
  for (let i = 0; i < N; i++) {
    const first = layers[i]!.first!;
    const next = layers[i]!.next!;
    const kind = layers[i]!.kind!;
    let target = random() * back(i, j, fleet);
    let chosen = -1;
    let chosenFleet = fleet;
    for (let e = first![j]!; e < first![j + 1]!; e++) {
      const k = kind[e]!;
      if (filter && !filter.taken(i, k, j)) continue;
      const bit = rowBit(plan, k);
      if (bit && (availOf[fleet]! & bit) === 0) continue;
      const to = bit ? fleet - strides[k >> 1]! : fleet;
      const t = edgeWeight(plan, i, k) * back(i + 1, next[e]!, to);
      if (t === 0) continue;
      chosen = e;
      chosenFleet = to;
      target -= t;
      if (target < 0) break;
    }
    if (chosen < 0) throw new Error('sampling walked into a dead state (model inconsistent)');
    const k = kind[chosen]!;
    if (k >= 0) {
      types?.push(plan.boardType[k >> 1]!);
      const len = typeLengths[k >> 1]!;
      const step = (k & 1) === HORIZONTAL ? 1 : W;
      ships.push(Array.from({ length: len }, (_, m) => i + m * step));
    }
    j = next[chosen]!;
    fleet = chosenFleet;
  }
  const original = new Int32Array(plan.frameCell.length);
  plan.frameCell.forEach((frame, i) => (original[frame] = i));
  return ships.map((s) => s.map((cell) => original[cell]!).sort((a, b) => a - b));
}
