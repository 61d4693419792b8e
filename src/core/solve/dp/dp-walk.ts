// Walking a solved DP's stored layers for a position that adds misses, unsunk hits or a sunk ship
// to the one it was built for (see dp-reuse.ts for when). Every partial layout of the new position is one of
// the model's, so its counts come from the model's transitions with those the new marks forbid
// left out (EdgeFilter): no successor generated, sorted or merged.
//
// Only part of the layers is walked. The transitions of cells before the first changed cell lo
// are unchanged, so are the forward values of layers 0..lo (the model's own); those of cells
// after the last changed cell hi are unchanged, so are the backward values of layers hi+1..N
// (kept beside the forward ones, Layer.back). The walk computes forward values from layer lo on,
// and the start masses of cells after hi with them (forward value times weight times the model's
// backward value); then backward values from layer hi down, and the start masses of cells up to
// hi. That is N + 1 + (hi - lo) layers instead of the 2N of a full forward and backward pass:
// about half when the new marks lie close together, as a targeting run's shots do.
//
// A changed cell is one whose marks or legal ship starts differ from the model's: a new miss
// also forbids the vertical starts up to a ship length above it, which moves lo up by rows.

import { CancelledError, NoLayoutError } from '../../errors';
import { HORIZONTAL, VERTICAL, placementLegal, type Board } from '../board';
import { budgetOf, sampleFromModel, tallyOf, type DpModel } from './dp';
import { GATHER, SCATTER } from './fleet-rows';
import { layerPass, passLayer } from './layer-pass';
import type { SolveOptions } from '../options';
import type { Tally } from '../result';

/** EdgeFilter.need of a cell: any transition, only those leaving it empty, only those filling it. */
const NEED_ANY = 0;
const NEED_EMPTY = 1;
const NEED_SHIP = 2;

/**
 * The stored transitions a walk takes: per cell of the model's frame, the ship starts still legal
 * (as Plan.startOk) and what the cell must hold (need). A transition without a start fills cell i
 * exactly when a continuation covers it (Layer.covered). States the model kept that cannot
 * complete under the new marks get backward value 0, so the walk's counts are exact.
 */
export interface EdgeFilter {
  startOk: Uint8Array;
  need: Int8Array;
  /** First and last cell whose transitions differ from the model's own. */
  lo: number;
  hi: number;
  /**
   * A ship sunk since the model's position: its start (cell * kinds + kind in the frame). The
   * walk counts the model's layouts with that ship there, the only start allowed on its cells,
   * then takes the ship out of the tally (its start mass, and its weight under a prior).
   */
  forced: number;
}

/**
 * The filter of `board` (which extends the model's board), in the model's frame; `sunk`: the
 * cells of a ship sunk since (see extension in dp-reuse.ts). Null when the model has no start for
 * that ship.
 */
export function edgeFilter(
  model: DpModel,
  board: Board,
  sunk: number[] | null = null,
): EdgeFilter | null {
  const { plan } = model;
  const { N, kinds, typeLengths, frameCell } = plan;
  const own = plan.board;
  const need = new Int8Array(N);
  const framed = { ...own, forbidden: new Uint8Array(N), mustCover: new Uint8Array(N) };
  for (let x = 0; x < N; x++) {
    const i = frameCell[x]!;
    framed.forbidden[i] = board.forbidden[x]!;
    framed.mustCover[i] = board.mustCover[x]!;
    need[i] = board.forbidden[x] ? NEED_EMPTY : board.mustCover[x] ? NEED_SHIP : NEED_ANY;
  }
  let forced = -1;
  if (sunk) {
    // In the frame the ship starts at its lowest cell, along a row or down a column.
    const cells = sunk.map((x) => frameCell[x]!).sort((a, b) => a - b);
    for (const i of cells) need[i] = NEED_SHIP;
    const across = cells.length === 1 || cells[1]! - cells[0]! === 1;
    const li = typeLengths.indexOf(sunk.length);
    forced = cells[0]! * kinds + li * 2 + (across ? HORIZONTAL : VERTICAL);
    if (li < 0 || !plan.startOk[forced]) return null;
  }
  const startOk = new Uint8Array(N * kinds);
  let lo = N;
  let hi = -1;
  for (let i = 0; i < N; i++) {
    let changed =
      framed.forbidden[i] !== own.forbidden[i] || framed.mustCover[i] !== own.mustCover[i];
    for (let li = 0; li < typeLengths.length; li++) {
      for (let o = 0; o < 2; o++) {
        const kind = li * 2 + o;
        if (!plan.startOk[i * kinds + kind]) continue;
        const ok = i * kinds + kind === forced || placementLegal(framed, i, typeLengths[li]!, o);
        startOk[i * kinds + kind] = ok ? 1 : 0;
        if (!ok) changed = true;
      }
    }
    if (changed) {
      lo = Math.min(lo, i);
      hi = i;
    }
  }
  // Nothing changed: one backward pass from the last cell gives the model's own counts.
  if (hi < 0) lo = hi = N - 1;
  return { startOk, need, lo, hi, forced };
}

/** Is a transition (kind k) out of key j of layer i taken under `filter`? */
function taken(filter: EdgeFilter, kinds: number, i: number, k: number, covered: number): boolean {
  if (k >= 0) return filter.startOk[i * kinds + k] === 1;
  const need = filter.need[i]!;
  return need === NEED_ANY || (need === NEED_SHIP) === (covered === 1);
}

/** taken() over a model's layers, as a pass's edge test (transition k out of key j of layer i). */
function takenBy(model: DpModel, filter: EdgeFilter): (i: number, k: number, j: number) => boolean {
  const { layers, plan } = model;
  return (i, k, j) => taken(filter, plan.kinds, i, k, layers[i]!.covered![j]!);
}

/** States of a layer with a nonzero forward value f and backward value b. */
function countLive(f: Float64Array, b: Float64Array, n: number): number {
  let live = 0;
  for (let s = 0; s < n; s++) if (f[s] !== 0 && b[s] !== 0) live++;
  return live;
}

/**
 * The exact tally of the position `filter` describes, from the model (kept by dpTallyKeeping:
 * counts below 2^53, backward values beside the forward ones); the model is left as it was.
 * Returns the states still live under the new marks, which says how much of the walk was wasted.
 */
export function walkTally(
  model: DpModel,
  filter: EdgeFilter,
  options: SolveOptions = {},
): { tally: Tally; live: number } {
  const { plan, layers } = model;
  const { N, kinds } = plan;
  const { lo, hi } = filter;
  const budget = budgetOf(options);
  // Forward values: the model's own up to layer lo, then the walk's, in buffers the model keeps
  // for its next walks (allocating and collecting them per walk cost as much as the walk).
  const f = layers.map((l, i) => {
    if (i <= lo) return l.val;
    if (!l.work) l.work = budget.alloc(Float64Array, l.idx.length);
    else l.work.fill(0);
    return l.work;
  });
  const startMass = new Float64Array(N * kinds);
  const takes = takenBy(model, filter);
  // Past hi the layers' backward values are the model's own: the forward step sums the masses.
  const before = layerPass(plan, SCATTER, { takes });
  const after = layerPass(plan, SCATTER, { takes, startMass });
  let live = 0;
  for (let i = lo; i < N; i++) {
    if (i > hi) passLayer(after, layers, i, f[i]!, f[i + 1]!, layers[i + 1]!.back!);
    else passLayer(before, layers, i, f[i]!, f[i + 1]!, null);
    if (options.signal?.aborted) throw new CancelledError();
  }
  for (let i = hi + 1; i <= N; i++)
    live += countLive(f[i]!, layers[i]!.back!, layers[i]!.idx.length);
  const widest = Math.max(...layers.map((l) => l.idx.length));
  const turns = [budget.alloc(Float64Array, widest), budget.alloc(Float64Array, widest)];
  const backward = layerPass(plan, GATHER, { takes, startMass });
  let bNext = layers[hi + 1]!.back!;
  for (let i = hi; i >= 0; i--) {
    const n = layers[i]!.idx.length;
    const b = turns[i & 1]!;
    b.fill(0, 0, n);
    passLayer(backward, layers, i, b, bNext, f[i]!);
    live += countLive(f[i]!, b, n);
    bNext = b;
    if (options.signal?.aborted) throw new CancelledError();
  }
  let total = layers[0]!.idx.length > 0 ? bNext[0]! : 0;
  if (total === 0) throw new NoLayoutError();
  if (filter.forced >= 0) {
    // Every layout counted holds the sunk ship at its start: out of the per-cell sums, and its
    // weight (a constant factor) out of every sum.
    startMass[filter.forced] = 0;
    const w = plan.startWeight[filter.forced]!;
    if (w !== 1) {
      total /= w;
      for (let m = 0; m < startMass.length; m++) startMass[m] = startMass[m]! / w;
    }
  }
  const tally = tallyOf(model, total, startMass, options, budget);
  return { tally, live };
}

/**
 * A draw of the layouts of the position `filter` describes, from the model: the backward values
 * of layers up to filter.hi walked afresh (those after it are the model's own), then the model's
 * draw taking only the transitions the filter allows. Counts below 2^53 are exact in doubles, so
 * these are the very draws a DP of the position itself would give from the same random numbers.
 * `sunk`: the cells of the ship sunk since the model's position (placed by every draw; left out
 * of what it returns, as a draw of the position itself leaves its sunk ships out).
 */
export function walkDrawer(
  model: DpModel,
  filter: EdgeFilter,
  sunk: number[] | null,
): (random: () => number) => number[][] {
  const { plan, layers } = model;
  const back = layers.map((l) => l.back!);
  const takes = takenBy(model, filter);
  // The merges' sums (forward values times backward ones) are not needed here: val stands in.
  const pass = layerPass(plan, GATHER, { takes });
  for (let i = filter.hi; i >= 0; i--) {
    const b = new Float64Array(layers[i]!.idx.length);
    passLayer(pass, layers, i, b, back[i + 1]!, layers[i]!.val);
    back[i] = b;
  }
  const drawFilter = {
    back,
    taken: (i: number, k: number, j: number) => i > filter.hi || takes(i, k, j),
  };
  const sunkKey = sunk ? [...sunk].sort((a, b) => a - b).join(',') : null;
  return (random) => {
    const ships = sampleFromModel(model, random, undefined, drawFilter);
    return sunkKey === null ? ships : ships.filter((s) => s.join(',') !== sunkKey);
  };
}
