// Exact posteriors for the strategies that need them (greedy, info, lookahead), memoised by
// position within a thread. Exact solves are deterministic, so a cached answer is the answer:
// the cache changes how long a simulation takes, never what it reports.
//
// Why it pays: a deterministic strategy opens every game the same way until its first hit, and
// after that the games still share their early positions (the tree of answers branches slowly),
// so across thousands of games most early solves, by far the costliest ones (the board is open),
// are found here. Lookahead also solves the positions one shot ahead; the one the game reaches
// is then already cached. Entries are evicted least recently used past a memory budget.
//
// A SolvedStore (the caller's: a file kept across runs) extends the cache past its run: the
// positions a solve cost a pass over a graph or a DP are offered to it, and a position not in
// memory is looked up there before it is solved. The early positions that games share are the
// costly ones, and they are the same from one run to the next.

import { BudgetError, NoLayoutError } from '../errors';
import { HIT, MISS, hasObservations, type Position } from '../position';
import { solve, solveReusing } from '../solve';
import { boardVariants } from '../solve/board';
import { DpModels } from '../solve/dp/dp-reuse';
import type { SolveOptions } from '../solve/options';
import { exactCounts, siblingOf, type ExactCounts } from './sibling';

export interface Posterior {
  /** Consistent layouts (the total prior weight with a prior), as a float. */
  total: number;
  /** Chance of a ship on each cell; misses 0, hits 1. */
  p: Float64Array;
  /** Unknown cells tied for the highest chance (exact ties for exact counts), in cell order. */
  ties: number[];
  /** Chance that a ship of length 1 lies on each cell (when one is afloat). */
  single?: Float64Array;
  /** Exact (false: the `sample` estimate, for positions the exact solvers could not hold). */
  exact: boolean;
  /** Exact uniform counts below 2^53, which the other answer of a shot is derived from. */
  counts?: ExactCounts;
}

/**
 * Posteriors kept beyond one cache (one rule set and prior: the caller scopes it). `get` answers
 * undefined for a position it does not hold; `put` may keep or drop what it is offered.
 */
export interface SolvedStore {
  get(key: string): Posterior | undefined;
  put(key: string, value: Posterior): void;
}

/**
 * The memory budget of an exact solve of a position with named hits or volleys: past it the
 * solve gives up (BudgetError) and the posterior is estimated by sampling instead. Counting
 * volleys in the DP's state can grow it a lot; a simulation's thread should not take gigabytes.
 */
export const OBSERVATIONS_MAX_BYTES = 512 * 2 ** 20;

/** Cache budget in bytes (probabilities and counts dominate: 8 bytes per cell, up to three
 * arrays). */
const CACHE_BYTES = 96 * 2 ** 20;

/**
 * A string that identifies a position's marks, sunk ships, named hits and volleys (rules and prior
 * are the cache's).
 */
export function positionKey(position: Position): string {
  let key = '';
  const cells = position.cells;
  for (let i = 0; i < cells.length; i++) key += String.fromCharCode(48 + cells[i]!);
  if (position.sunk.length > 0) {
    key += `|${position.sunk
      .map((s) => [...s].sort((a, b) => a - b).join(','))
      .sort()
      .join(';')}`;
  }
  if (position.named?.length) {
    key += `|n${position.named.map((h) => `${h.cell}:${h.ship}`).join(',')}`;
  }
  // Volleys in firing order: the order matters to what their sinkings say.
  for (const v of position.volleys ?? []) key += `|v${JSON.stringify([v.cells, v.answer, v.sunk])}`;
  return position.sunkReported ? key : `${key}|h`;
}

/** The position after one more shot: `cell` a miss or a hit, optionally sinking `sunk`. */
export function afterShot(
  position: Position,
  cell: number,
  hit: boolean,
  sunk?: number[],
): Position {
  const cells = position.cells.slice();
  cells[cell] = hit ? HIT : MISS;
  return {
    rules: position.rules,
    cells,
    sunk: sunk ? [...position.sunk, sunk] : position.sunk,
    prior: position.prior,
    sunkReported: position.sunkReported,
  };
}

/** A copy of a position's answers: a game goes on in the object it hands the shooter. */
function snapshot(position: Position): Position {
  return { ...position, cells: position.cells.slice(), sunk: position.sunk.map((s) => s.slice()) };
}

export class PosteriorCache {
  /** Solves answered from the cache, and solves run. */
  hits = 0;
  solves = 0;
  /** Positions answered by the store, and offered to it. */
  fromStore = 0;
  toStore = 0;
  /** Positions cached as the other answer of a shot solved (sibling.ts), without a solve. */
  derived = 0;
  /** The position looked up last: when the next one is a shot on from it, the shot's other
   * answer is derived. */
  private last: { position: Position; value: Posterior | null } | null = null;
  /** Milliseconds spent in solves. */
  solveMs = 0;
  private readonly entries = new Map<string, Posterior | null>();
  /** Choices of strategies that are functions of the position alone, by strategy and position. */
  private readonly choices = new Map<string, number>();
  private readonly maxEntries: number;
  constructor(
    cells: number,
    readonly solver = 'auto',
    private readonly options: SolveOptions = {},
    /**
     * The DP models a game's next positions walk instead of solving afresh (dp-reuse.ts): the
     * cache's own by default, a thread's shared set, or null for every solve afresh.
     */
    readonly models: DpModels | null = new DpModels(),
    /** Derive the other answer of each shot solved (false: every position solved; tests). */
    private readonly siblings = true,
    /** Posteriors kept across runs, looked up before a solve and offered the costly ones. */
    private readonly store?: SolvedStore,
  ) {
    this.maxEntries = Math.max(100, Math.floor(CACHE_BYTES / (cells * 24 + 200)));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The posterior of a position, or null when no layout fits it. */
  tryGet(position: Position): Posterior | null {
    const key = positionKey(position);
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.hits++;
      this.entries.delete(key); // refresh its place in the eviction order
      this.entries.set(key, cached);
      this.lookedUp(position, cached);
      return cached;
    }
    const stored = this.store?.get(key);
    if (stored) {
      this.fromStore++;
      return this.learned(key, position, stored);
    }
    const t0 = performance.now();
    let value: Posterior | null = null;
    try {
      const r = this.solveOrEstimate(position);
      const single = r.byLength.find((v) => v.length === 1)?.probabilities;
      const counts = r.exact ? exactCounts(position, r.total, r.cellCounts) : undefined;
      value = { total: Number(r.total), p: r.probabilities, ties: r.ties, single, exact: r.exact };
      if (counts) value.counts = counts;
      // Only exact uniform counts that cost a pass (graph or DP): the same bits whichever engine
      // counted them; the enumeration's are cheaper to count again than to keep.
      if (this.store && value.counts && r.solver !== 'enumerate') {
        this.store.put(key, value);
        this.toStore++;
      }
    } catch (e) {
      if (!(e instanceof NoLayoutError)) throw e;
    }
    this.solves++;
    this.solveMs += performance.now() - t0;
    return this.learned(key, position, value);
  }

  /** A posterior new to this cache (solved, or read from the store): kept, and its sibling
   * derived from the position looked up before. */
  private learned(key: string, position: Position, value: Posterior | null): Posterior | null {
    this.remember(key, value);
    if (this.siblings && this.last) this.deriveSibling(this.last, position, value);
    this.lookedUp(position, value);
    return value;
  }

  /** The position looked up last, for the next lookup's sibling (only exact counts derive one). */
  private lookedUp(position: Position, value: Posterior | null): void {
    this.last = this.siblings && value?.counts ? { position: snapshot(position), value } : null;
  }

  private remember(key: string, value: Posterior | null): void {
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Caches the other answer of the shot from `parent` to `child`, when it can be derived. */
  private deriveSibling(
    parent: { position: Position; value: Posterior | null },
    child: Position,
    value: Posterior | null,
  ): void {
    // A child with no layout counts 0 everywhere: its parent's counts are the sibling's.
    const childCounts = value
      ? value.counts
      : { total: 0, cells: new Float64Array(child.cells.length) };
    const sibling = siblingOf(parent.position, parent.value?.counts, child, childCounts);
    if (!sibling) return;
    const key = positionKey(sibling.position);
    if (this.entries.has(key)) return;
    this.remember(key, sibling.posterior);
    this.derived++;
  }

  /**
   * The exact solve (`auto` unless the cache was made for another solver); a position with named
   * hits or volleys that it cannot hold within OBSERVATIONS_MAX_BYTES (BudgetError) is estimated
   * by the `sample` solver instead (seeded, so a simulation stays deterministic); when that finds
   * no layout to start its chain from, by the DP within its usual budget, else by enumeration.
   */
  private solveOrEstimate(position: Position): ReturnType<typeof solve> {
    if (!hasObservations(position)) {
      return this.models
        ? solveReusing(position, this.solver, this.models, this.options)
        : solve(position, this.solver, this.options);
    }
    const maxBytes = Math.min(this.options.maxBytes ?? Infinity, OBSERVATIONS_MAX_BYTES);
    try {
      return solve(position, this.solver, { ...this.options, maxBytes });
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
    }
    try {
      // The `sample` solver reads named hits and volleys; its default seed keeps games
      // reproducible.
      return solve(position, 'sample', this.options);
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
    }
    // The chain found no starting layout: few layouts fit, which the exact DP holds with its
    // usual budget, or else the enumeration.
    try {
      return solve(position, 'dp', this.options);
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
      return solve(position, 'enumerate', this.options);
    }
  }

  /**
   * The choice of `strategy` at `position`, made once per thread: for a strategy whose choice
   * depends on the position alone (its draws seeded from the position), across thousands of
   * games the shared early positions are thought about once.
   */
  choice(strategy: string, position: Position, choose: () => number): number {
    const key = `${strategy}|${positionKey(position)}`;
    let cell = this.choices.get(key);
    if (cell === undefined) {
      cell = choose();
      this.choices.set(key, cell);
      if (this.choices.size > this.maxEntries)
        this.choices.delete(this.choices.keys().next().value!);
    }
    return cell;
  }

  /**
   * Draws of the layouts of `position` from the cache's models (DpModels.drawer: the draws a DP
   * of the position gives), or null when the cache keeps no models, the position has named hits
   * or volleys, or its counts pass 2^53. A model built over `maxBytes` throws BudgetError.
   */
  drawer(position: Position, maxBytes: number): ((random: () => number) => number[][]) | null {
    if (!this.models || hasObservations(position)) return null;
    const [board, ...more] = boardVariants(position);
    if (!board || more.length > 0) return null;
    return this.models.drawer(board, { ...this.options, maxBytes });
  }

  /** The posterior of a position that has layouts (a game in progress always does). */
  get(position: Position): Posterior {
    const value = this.tryGet(position);
    if (!value) throw new NoLayoutError();
    return value;
  }
}
