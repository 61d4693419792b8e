// Reusing a solved DP for the positions that follow it. A game moves one shot at a time: every
// layout of the next position (one more miss or unsunk hit) is a layout of this one, so the
// layers this position's DP stored (keys, rows, transitions) hold every partial layout of the
// next one too. Walking them again with the transitions the new marks forbid left out
// (dp-walk.ts) gives the next position's exact counts from value passes alone: no successor
// generated, sorted or merged. A sinking is walked too: the sunk ship's layouts are the model's
// layouts with a ship of its length exactly there (the only start the walk allows on its cells),
// with that ship then taken out of the tally.
//
// The walk pays for every state the model stored, live or not, so it loses to a fresh solve once
// most of the model is dead (a hit kills most layouts of an open board, and each shot after it
// more). What a state costs differs by rules: building one costs about five value passes on
// classic (few sub-fleets per key) but three on Russian (wide rows spread the per-key work). So
// each model remembers its build time, the time of its last walk and the share of its states that
// walk found live, and is walked again only while that share of its build time (about what a
// fresh solve of the smaller position would cost) exceeds the last walk's time. Otherwise the
// position is solved afresh and becomes the model its own successors walk. The choice only moves
// time: walked or fresh, the counts are the same.
//
// Solved afresh: positions with named hits or volleys (their ship types and volley fields are the
// model's own), two ships sunk at once, and models whose counts pass 2^53 (walks count in doubles).

import type { Position } from '../../position';
import { boardVariants, checkHitsCoverable, type Board } from '../board';
import { dpTallyKeeping, sampleFromModel, type DpModel } from './dp';
import { edgeFilter, walkDrawer, walkTally } from './dp-walk';
import { frameOf } from './frontier-plan';
import type { SolveOptions } from '../options';
import { resultFromVariants, type SolveResult, type Tally } from '../result';

/** Models kept at once, most recently used first (a game in progress needs one or two). */
const MAX_KEPT = 4;

/** A solved model, the board it was built for, and what building and walking it cost. */
interface Kept {
  board: Board;
  model: DpModel;
  bytes: number;
  buildMs: number;
  /** The last walk: its time (0 before the first) and the share of states it found live. */
  walkMs: number;
  liveShare: number;
}

function equalArrays(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Is walking `k` again likely cheaper than a fresh solve of a position its last walk left? */
function worthWalking(k: Kept): boolean {
  return k.walkMs === 0 ? k.liveShare > 0 : k.liveShare * k.buildMs > k.walkMs;
}

/** How a DpModels solve went: afresh (and kept), or by walking a kept model. */
export type ReuseKind = 'fresh' | 'walk';

/**
 * The models of recent DP solves, for one thread (one game or simulation at a time; an empty
 * classic board's model is bigger than the default bound, an opening position's fits): solves
 * positions that extend a kept one by walking it, others afresh, keeping what they build within
 * `maxBytes` (a model bigger than that is not kept).
 */
export class DpModels {
  private kept: Kept[] = [];
  /** Solves by how they went (for benchmarks and tests). */
  readonly counts: Record<ReuseKind, number> = { fresh: 0, walk: 0 };
  /** Drawers by where their draws come from (for tests). */
  readonly drawers = { own: 0, walked: 0, built: 0 };

  constructor(private readonly maxBytes = 256 * 2 ** 20) {}

  /** The exact tally of `board`, and how it was reached. */
  tally(board: Board, options: SolveOptions = {}): { tally: Tally; how: ReuseKind } {
    const walked = this.walk(board, options);
    if (walked) return walked;
    const t0 = performance.now();
    const { tally, model, heldBytes } = dpTallyKeeping(board, options);
    this.counts.fresh++;
    const buildMs = performance.now() - t0;
    // Its walks add a buffer of forward values per layer: 8 bytes a state.
    const bytes = heldBytes + 8 * (model?.states ?? 0);
    if (model) this.keep({ board, model, bytes, buildMs, walkMs: 0, liveShare: 1 });
    return { tally, how: 'fresh' };
  }

  /**
   * Draws of the layouts of `board`, as a DP of it would draw them from the same random numbers:
   * from a kept model of exactly this board, else by walking the smallest kept model it extends
   * (uniform boards only: with a prior, sums in another order could round apart), else from a
   * model built afresh and kept, so the positions after it walk a model one shot away. Null when
   * the counts pass 2^53 (such a model is not kept; the caller builds its own).
   */
  drawer(board: Board, options: SolveOptions = {}): ((random: () => number) => number[][]) | null {
    let base: Kept | null = null;
    let sunk: number[] | null = null;
    for (const k of this.kept) {
      const how = extension(board, k.board);
      if (!how) continue;
      if (how.sunk === null && extension(k.board, board)) {
        this.keep(k);
        this.drawers.own++;
        return (random) => sampleFromModel(k.model, random);
      }
      if (board.weight || !worthWalking(k) || (base && k.model.states >= base.model.states)) {
        continue;
      }
      base = k;
      sunk = how.sunk;
    }
    // A walk draws what a DP of the board draws only in the same frame (the DP picks its frame
    // by the marks, so a later position may be processed in another order).
    const sameFrame = base && equalArrays(frameOf(board), base.model.plan.frameCell);
    const filter = sameFrame && edgeFilter(base!.model, board, sunk);
    if (base && filter) {
      this.keep(base);
      this.drawers.walked++;
      return walkDrawer(base.model, filter, sunk);
    }
    const t0 = performance.now();
    const { model, heldBytes } = dpTallyKeeping(board, options);
    this.counts.fresh++;
    this.drawers.built++;
    if (!model) return null;
    const bytes = heldBytes + 8 * model.states;
    this.keep({ board, model, bytes, buildMs: performance.now() - t0, walkMs: 0, liveShare: 1 });
    return (random) => sampleFromModel(model, random);
  }

  /** Walks the smallest kept model that `board` extends and that is still worth walking. */
  private walk(board: Board, options: SolveOptions): { tally: Tally; how: ReuseKind } | null {
    let best: Kept | null = null;
    let sunk: number[] | null = null;
    for (const k of this.kept) {
      if (!worthWalking(k)) continue;
      const how = extension(board, k.board);
      if (!how || (best && k.model.states >= best.model.states)) continue;
      best = k;
      sunk = how.sunk;
    }
    if (!best) return null;
    const filter = edgeFilter(best.model, board, sunk);
    if (!filter) return null;
    this.counts.walk++;
    this.keep(best);
    const t0 = performance.now();
    const { tally, live } = walkTally(best.model, filter, options);
    best.walkMs = performance.now() - t0;
    best.liveShare = live / Math.max(1, best.model.states);
    return { tally, how: 'walk' };
  }

  /** Puts a model first, dropping the least recently used past the count or byte limit. */
  private keep(entry: Kept): void {
    this.kept = [entry, ...this.kept.filter((k) => k !== entry)];
    if (entry.bytes > this.maxBytes) this.kept.shift();
    let bytes = 0;
    this.kept = this.kept.filter((k, n) => n < MAX_KEPT && (bytes += k.bytes) <= this.maxBytes);
  }
}

/**
 * The exact solve of `position` through `models` (as solveDp, whose result it equals): positions
 * with named hits or volleys, several readings, go to a fresh solve per reading.
 */
export function solveDpReusing(
  position: Position,
  models: DpModels,
  options: SolveOptions = {},
): SolveResult & { how: ReuseKind } {
  const t0 = performance.now();
  const [board, ...more] = boardVariants(position);
  if (!board || more.length > 0) throw new Error('solveDpReusing: one board reading expected');
  checkHitsCoverable(board);
  const { tally, how } = models.tally(board, options);
  return { ...resultFromVariants(position, [{ board, tally }], 'dp', performance.now() - t0), how };
}

/**
 * How `next` extends `kept`, or null when it does not: same board, rules and prior, no named
 * ships or count volleys, every mark of `kept` still there, more misses and unsunk hits, and at
 * most one ship sunk since (`sunk`: its cells, which a walk forces to hold that ship).
 */
export function extension(next: Board, kept: Board): { sunk: number[] | null } | null {
  if (
    next.width !== kept.width ||
    next.height !== kept.height ||
    next.touch !== kept.touch ||
    next.sunkReported !== kept.sunkReported ||
    next.named ||
    kept.named ||
    next.typeLegal ||
    kept.typeLegal ||
    next.countVolleys.length > 0 ||
    kept.countVolleys.length > 0 ||
    (next.weight === undefined) !== (kept.weight === undefined)
  ) {
    return null;
  }
  const sunk: number[] = [];
  for (let i = 0; i < next.cells; i++) {
    if (kept.sunkCell[i] && !next.sunkCell[i]) return null;
    if (next.sunkCell[i] && !kept.sunkCell[i]) {
      sunk.push(i);
      continue;
    }
    if (kept.forbidden[i] && !next.forbidden[i]) return null;
    if (kept.mustCover[i] && !next.mustCover[i]) return null;
    if (next.weight && next.weight[i] !== kept.weight![i]) return null;
  }
  // The ships to place: the same, or one fewer of the new sunk ship's length.
  const afloat = (b: Board): Map<number, number> =>
    new Map(b.types.map((t) => [t.length, t.count]));
  const before = afloat(kept);
  const after = afloat(next);
  if (sunk.length > 0) after.set(sunk.length, (after.get(sunk.length) ?? 0) + 1);
  if (before.size !== after.size || [...before].some(([len, n]) => after.get(len) !== n)) {
    return null;
  }
  if (sunk.length === 0) return { sunk: null };
  // One straight ship: a row run or a column run (two sunk ships would count as two fewer).
  const step = sunk.length > 1 && sunk[1]! - sunk[0]! === 1 ? 1 : next.width;
  const row = Math.floor(sunk[0]! / next.width);
  for (let k = 1; k < sunk.length; k++) {
    if (sunk[k]! - sunk[k - 1]! !== step) return null;
    if (step === 1 && Math.floor(sunk[k]! / next.width) !== row) return null;
  }
  return { sunk };
}
