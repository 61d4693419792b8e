// Builds the state graph of a rule set (graph.ts), layer by layer from the start state.
//
// The frontier key before cell (r, c) holds one digit per column (about the column's next
// unprocessed cell: (r, c') for c' >= c, (r + 1, c') for c' < c) and one for the cell itself as
// seen from its left neighbour. Digits, with cont = 1 under a touch rule and 0 without:
//   FREE (0)          nothing committed constrains the cell
//   BLOCKED (1)       (touch rules) the cell must stay empty; as a left digit: the left cell holds
//                     a ship that does not go on (it forbids a start here)
//   cont + k          a ship committed earlier goes on through the cell and k - 1 cells further
// A ship is committed whole at its first (top/left) cell, which is what keeps equal-length ships
// interchangeable and lets "ships may touch" count exactly. The transitions are those of the
// per-position DP's frontier (frontier.ts) on an empty board: a blocking digit is only written
// for a cell on the board, so the final layer has one key.
//
// Per layer: every key of the layer is expanded once (keys are numbers in radix cont + maxLength,
// found in a KeyIndex, key-index.ts); the sub-fleets each successor key receives are set as bits
// in words per key; the set sub-fleets become the next layer's states, in key order then
// sub-fleet order; then each key transition's edges are cut into runs and grouped by label.

import { BudgetError, CancelledError } from '../../errors';
import type { Rules } from '../../rules';
import { MemoryBudget } from '../memory';
import type { CancelSignal } from '../cancel';
import { COVERED, EMPTY, SHIP, graphKey, graphShape, type RuleGraph } from './graph';
import { KeyIndex } from './key-index';

const FREE = 0;
const BLOCKED = 1;

/** A growable typed array whose growth is counted against a byte budget. */
class Grow<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array> {
  data: T;
  length = 0;
  constructor(
    private readonly make: (n: number) => T,
    private readonly budget: MemoryBudget,
    initial = 1024,
  ) {
    budget.take(initial * make(0).BYTES_PER_ELEMENT);
    this.data = make(initial);
  }
  ensure(n: number): void {
    if (n <= this.data.length) return;
    const size = Math.max(n, this.data.length * 2);
    this.budget.take(size * this.data.BYTES_PER_ELEMENT);
    const next = this.make(size);
    next.set(this.data);
    this.budget.give(this.data.byteLength);
    this.data = next;
  }
  push(v: number): void {
    if (this.length === this.data.length) this.ensure(this.length + 1);
    this.data[this.length++] = v;
  }
  /** An exact-size copy of what was pushed (counted); this buffer is given up. */
  finish(): T {
    const out = this.make(this.length);
    this.budget.take(out.byteLength);
    out.set(this.data.subarray(0, this.length) as T);
    this.budget.give(this.data.byteLength);
    return out;
  }
}

/** Largest number of sub-fleets a graph takes (its final layer's sub-fleets are Uint16). */
const MAX_FLEETS = 65_535;
/** Runs longer than this are cut (runLen is a Uint16). */
const MAX_RUN = 65_535;

/** How far a build has come, told after each layer (see buildSteps' onLayer). */
export interface BuildLayer {
  /** Layers built, of `layers`. */
  done: number;
  layers: number;
  /** States so far (a graph only grows: its final size is at least this). */
  states: number;
  /** Most states in one layer so far. */
  widestLayer: number;
  /** Bytes of the graph's arrays so far. */
  bytes: number;
}

/**
 * The graph of `rules`, refusing (BudgetError) before its buffers would pass `maxBytes`. Pure: the
 * same rules give the same graph. `onLayer` hears of each layer built; whatever it throws ends
 * the build (an owner's own refusal, from the size so far).
 */
export function buildGraph(
  rules: Rules,
  maxBytes: number,
  signal?: CancelSignal,
  onLayer?: (layer: BuildLayer) => void,
): RuleGraph {
  return finish(buildSteps(rules, maxBytes, signal, onLayer));
}

/** Runs a stepwise computation to its end. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * buildGraph in steps: yields after each layer, so an owner can build it in slices between other
 * work on the same thread (nothing is shared: the steps hold their own state).
 */
export function* buildSteps(
  rules: Rules,
  maxBytes: number,
  signal?: CancelSignal,
  onLayer?: (layer: BuildLayer) => void,
): Generator<void, RuleGraph> {
  const t0 = performance.now();
  const budget = new MemoryBudget(
    maxBytes,
    'the state graph of these rules',
    'the per-position DP answers instead',
  );
  // In the graph's frame: the shorter side across (a wide board's graph is its transpose's).
  const { width: W, height: H } = graphShape(rules);
  const N = W * H;
  const touch = rules.touch !== 'allowed';
  const noTouch = rules.touch === 'no-touch';
  const edgeTouch = rules.touch === 'no-edge-touch';
  const cont = touch ? 1 : 0;

  const byLength = new Map<number, number>();
  for (const s of rules.fleet) byLength.set(s.length, (byLength.get(s.length) ?? 0) + 1);
  const lengths = [...byLength.keys()].sort((a, b) => b - a);
  const counts = lengths.map((len) => byLength.get(len)!);
  const strides: number[] = [];
  let F = 1;
  for (const count of counts) {
    strides.push(F);
    F *= count + 1;
  }
  if (F > MAX_FLEETS) {
    throw new BudgetError(
      `the fleet has ${F} sub-fleets, more than the state graph takes (${MAX_FLEETS})`,
      'the per-position DP answers instead',
    );
  }
  const nLen = lengths.length;
  const maxLength = lengths[0]!;
  const labels = SHIP + 2 * nLen;
  // Per sub-fleet: bit li set when one more ship of length index li still fits the fleet.
  const roomOf = new Int32Array(F);
  for (let f = 0; f < F; f++) {
    for (let li = 0; li < nLen; li++) {
      if (Math.floor(f / strides[li]!) % (counts[li]! + 1) < counts[li]!) roomOf[f]! |= 1 << li;
    }
  }
  const words = Math.ceil(F / 32);
  const R = cont + maxLength;
  const pow = new Float64Array(W + 1);
  pow[0] = 1;
  for (let k = 1; k <= W; k++) pow[k] = pow[k - 1]! * R;
  const D = W + 1;

  // The current layer: keys (as numbers and digits) and their states' sub-fleets.
  let curCount = 1;
  let curKeys = new Float64Array(1);
  let curDigits = new Uint8Array(D);
  let curRowStart = Int32Array.of(0, 1);
  let curFleet = new Uint16Array(1);
  budget.take(64);

  const layerStart = new Int32Array(N + 2);
  layerStart[1] = 1;
  const groupStart = new Int32Array(N * labels + 1);
  const runSrc = new Grow((n) => new Int32Array(n), budget, 1 << 16);
  const runDst = new Grow((n) => new Int32Array(n), budget, 1 << 16);
  const runLen = new Grow((n) => new Uint16Array(n), budget, 1 << 16);
  const singleStart = new Int32Array(N * labels + 1);
  const singleSrc = new Grow((n) => new Int32Array(n), budget, 1 << 16);
  const singleDst = new Grow((n) => new Int32Array(n), budget, 1 << 16);
  // One label's runs of the layer being cut, before they are split into singles and runs.
  const layerSrc = new Grow((n) => new Int32Array(n), budget, 1 << 12);
  const layerDst = new Grow((n) => new Int32Array(n), budget, 1 << 12);
  const layerLen = new Grow((n) => new Uint16Array(n), budget, 1 << 12);
  let edges = 0;
  let widest = 1;
  const layerEdges = new Float64Array(N);

  for (let i = 0; i < N; i++) {
    if (signal?.aborted) throw new CancelledError();
    const r = Math.floor(i / W);
    const c = i % W;
    const lastRow = r === H - 1;
    const rowEnd = c === W - 1;
    const index = new KeyIndex(curCount); // the next layer has about as many keys
    const nextKeys = new Grow((n) => new Float64Array(n), budget);
    const nextDigits = new Grow((n) => new Uint8Array(n), budget, 1024 * D);
    // Per next key, its sub-fleets as bits (`words` 32-bit words).
    const flags = new Grow((n) => new Uint32Array(n), budget, 1024 * words);
    // Key transitions of this layer: source key, target key, label, length index (-1: none).
    const tSrc = new Grow((n) => new Int32Array(n), budget);
    const tDst = new Grow((n) => new Int32Array(n), budget);
    const tLabel = new Grow((n) => new Int32Array(n), budget);

    // Successor of key j: column c's digit set to `col`, the left digit to `left`, column c - 1
    // blocked when `orCol`, a ship of length index li placed (or none, li < 0).
    const emit = (
      j: number,
      col: number,
      left: number,
      orCol: boolean,
      label: number,
      li: number,
    ): void => {
      const at = j * D;
      const x = curDigits[at + c]!;
      const l0 = curDigits[at + W]!;
      const key =
        curKeys[j]! + (col - x) * pow[c]! + (left - l0) * pow[W]! + (orCol ? pow[c - 1]! : 0);
      let target = index.get(key);
      if (target < 0) {
        target = nextKeys.length;
        index.add(key, target);
        nextKeys.push(key);
        const base = target * D;
        nextDigits.ensure(base + D);
        flags.ensure((target + 1) * words);
        const nd = nextDigits.data;
        for (let d = 0; d < D; d++) nd[base + d] = curDigits[at + d]!;
        nd[base + c] = col;
        nd[base + W] = left;
        if (orCol) nd[base + c - 1] = BLOCKED;
        nextDigits.length = base + D;
      }
      const fl = flags.data;
      const tw = target * words;
      if (li < 0) {
        for (let s = curRowStart[j]!; s < curRowStart[j + 1]!; s++) {
          const g = curFleet[s]!;
          fl[tw + (g >>> 5)]! |= 1 << (g & 31);
        }
      } else {
        const bit = 1 << li;
        const step = strides[li]!;
        for (let s = curRowStart[j]!; s < curRowStart[j + 1]!; s++) {
          const f = curFleet[s]!;
          if ((roomOf[f]! & bit) === 0) continue;
          const g = f + step;
          fl[tw + (g >>> 5)]! |= 1 << (g & 31);
        }
      }
      tSrc.push(j);
      tDst.push(target);
      tLabel.push(label);
    };

    // What an occupied cell leaves below it and to its right (touch rules, on the board only).
    const blockBelow = touch && !lastRow ? BLOCKED : FREE;
    const occRight = touch && !rowEnd ? BLOCKED : FREE;
    for (let j = 0; j < curCount; j++) {
      const at = j * D;
      const x = curDigits[at + c]!;
      const left = curDigits[at + W]!;
      // Under no-touch an occupied cell blocks the cell below its left neighbour.
      const orCol = noTouch && c > 0 && !lastRow && curDigits[at + c - 1] === FREE;
      if (left > cont) {
        // A horizontal ship goes on through this cell.
        const h = left - cont - 1;
        emit(j, blockBelow, h > 0 ? cont + h : occRight, orCol, COVERED, -1);
        continue;
      }
      if (x > cont) {
        // A vertical ship goes on through this cell.
        const v = x - cont - 1;
        emit(j, v > 0 ? cont + v : blockBelow, occRight, orCol, COVERED, -1);
        continue;
      }
      // Empty: under no-touch a ship on the left blocks the cell below this one.
      emit(j, noTouch && left === BLOCKED && !lastRow ? BLOCKED : FREE, FREE, false, EMPTY, -1);
      if (x !== FREE || left !== FREE) continue;
      let avail = 0;
      for (let s = curRowStart[j]!; s < curRowStart[j + 1]!; s++) avail |= roomOf[curFleet[s]!]!;
      if (avail === 0) continue;
      let freeRun = 1;
      const maxRun = Math.min(W - c, maxLength);
      while (freeRun < maxRun && curDigits[at + c + freeRun] === FREE) freeRun++;
      // Under no-edge-touch nothing may go on downwards just right of a new ship.
      for (let li = 0; li < nLen; li++) {
        if ((avail & (1 << li)) === 0) continue;
        const len = lengths[li]!;
        const label = SHIP + 2 * li;
        if (freeRun >= len && !(edgeTouch && c + len < W && curDigits[at + c + len]! > cont)) {
          emit(j, blockBelow, len > 1 ? cont + len - 1 : occRight, orCol, label, li);
        }
        if (len > 1 && r + len <= H && !(edgeTouch && c + 1 < W && curDigits[at + c + 1]! > cont)) {
          emit(j, cont + len - 1, occRight, orCol, label + 1, li);
        }
      }
    }

    // The next layer's states: flagged sub-fleets, in key order then sub-fleet order.
    const nextCount = nextKeys.length;
    // A state's index: the states before its word of its key, plus the bits below it there.
    const fl = flags.data;
    const rank = new Int32Array(nextCount * words);
    budget.take(rank.byteLength + 4 * (nextCount + 1));
    const nextRowStart = new Int32Array(nextCount + 1);
    let states = 0;
    for (let j = 0; j < nextCount; j++) {
      nextRowStart[j] = states;
      for (let w = j * words; w < (j + 1) * words; w++) {
        rank[w] = states;
        states += bitCount(fl[w]!);
      }
    }
    nextRowStart[nextCount] = states;
    const nextFleet = new Uint16Array(states);
    budget.take(nextFleet.byteLength);
    for (let w = 0, s = 0; w < nextCount * words; w++) {
      const at = (w % words) * 32;
      for (let bits = fl[w]!; bits !== 0; bits &= bits - 1) {
        nextFleet[s++] = at + 31 - Math.clz32(bits & -bits);
      }
    }
    if (states > widest) widest = states;
    layerStart[i + 2] = layerStart[i + 1]! + states;

    // Runs, grouped by label: one sweep over the transitions per label, into this layer's
    // scratch; then each label's runs of one edge go to the single edges, the others stay runs.
    const T = tSrc.length;
    const edgesBefore = edges;
    const ts = tSrc.data;
    const td = tDst.data;
    const tl = tLabel.data;
    for (let label = 0; label < labels; label++) {
      layerSrc.length = 0;
      layerDst.length = 0;
      layerLen.length = 0;
      const li = label >= SHIP ? (label - SHIP) >> 1 : -1;
      const bit = li >= 0 ? 1 << li : 0;
      const step = li >= 0 ? strides[li]! : 0;
      for (let t = 0; t < T; t++) {
        if (tl[t] !== label) continue;
        const j = ts[t]!;
        const tw = td[t]! * words;
        let lastS = -2;
        let lastD = -2;
        for (let s = curRowStart[j]!; s < curRowStart[j + 1]!; s++) {
          const f = curFleet[s]!;
          if (bit && (roomOf[f]! & bit) === 0) continue;
          const g = f + step;
          const w = tw + (g >>> 5);
          const d = rank[w]! + bitCount(fl[w]! & ~(-1 << (g & 31)));
          edges++;
          const open = layerLen.length - 1;
          if (s === lastS + 1 && d === lastD + 1 && layerLen.data[open]! < MAX_RUN) {
            layerLen.data[open]!++;
          } else {
            layerSrc.push(s);
            layerDst.push(d);
            layerLen.push(1);
          }
          lastS = s;
          lastD = d;
        }
      }
      groupStart[i * labels + label] = runLen.length;
      singleStart[i * labels + label] = singleSrc.length;
      for (let k = 0; k < layerLen.length; k++) {
        if (layerLen.data[k] === 1) {
          singleSrc.push(layerSrc.data[k]!);
          singleDst.push(layerDst.data[k]!);
        } else {
          runSrc.push(layerSrc.data[k]!);
          runDst.push(layerDst.data[k]!);
          runLen.push(layerLen.data[k]!);
        }
      }
    }

    budget.give(
      curKeys.byteLength +
        curDigits.byteLength +
        curRowStart.byteLength +
        curFleet.byteLength +
        rank.byteLength,
    );
    curKeys = nextKeys.finish();
    curDigits = nextDigits.finish();
    budget.give(flags.data.byteLength + tSrc.data.byteLength * 3);
    curRowStart = nextRowStart;
    curFleet = nextFleet;
    curCount = nextCount;
    layerEdges[i] = edges - edgesBefore;
    onLayer?.({
      done: i + 1,
      layers: N,
      states: layerStart[i + 2]!,
      widestLayer: widest,
      bytes:
        4 * (runSrc.length + runDst.length + singleSrc.length + singleDst.length) +
        2 * runLen.length +
        layerStart.byteLength +
        groupStart.byteLength +
        singleStart.byteLength +
        layerEdges.byteLength,
    });
    yield;
  }
  groupStart[N * labels] = runLen.length;
  singleStart[N * labels] = singleSrc.length;
  const src = runSrc.finish();
  const dst = runDst.finish();
  const len = runLen.finish();
  const sSrc = singleSrc.finish();
  const sDst = singleDst.finish();
  const bytes =
    src.byteLength +
    dst.byteLength +
    len.byteLength +
    sSrc.byteLength +
    sDst.byteLength +
    layerStart.byteLength +
    groupStart.byteLength +
    singleStart.byteLength +
    layerEdges.byteLength +
    curFleet.byteLength;
  return {
    key: graphKey(rules),
    width: W,
    height: H,
    touch: rules.touch,
    lengths,
    counts,
    strides,
    fleets: F,
    labels,
    layerStart,
    groupStart,
    runSrc: src,
    runDst: dst,
    runLen: len,
    singleStart,
    singleSrc: sSrc,
    singleDst: sDst,
    finalFleet: curFleet,
    layerEdges,
    states: layerStart[N + 1]!,
    edges,
    runs: len.length + sSrc.length,
    widestLayer: widest,
    bytes,
    buildMs: performance.now() - t0,
  };
}

/** Set bits of a 32-bit word. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
