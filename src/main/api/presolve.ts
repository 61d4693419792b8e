// Pre-solves: while the user looks at a result, the positions one click away that are most
// likely next (the recommended shot answered miss, then hit) are solved in the background and
// kept in the solve cache, so that click shows its exact heatmap at once. A solve of exactly a
// position being pre-solved takes the running job over instead of starting again; any other
// solve stops them all first, so the workers are free for what the user actually asked. They
// run aside (SolveOptions.aside): the thread's held values stay on the position on screen, so the
// click after them, wherever it lands, is one shot from those values.

import { HIT, MISS, UNKNOWN, clonePosition, type Position } from '../../core/position';
import type { SolveResultWire } from '../../core/solve/result';
import { solveCacheKey, type SolveCache } from './solve-cache';

/**
 * Runs one solve job on the pool (with the API's limits), stopped by `signal`, aside: the
 * thread's held values stay on `onScreen`, the position one shot before, where the next click
 * starts from (core/solve/graph/held.ts runPassesAside).
 */
export type SolveJobRunner = (
  position: Position,
  solver: string,
  signal: AbortSignal,
  onScreen: Position,
) => Promise<SolveResultWire>;

interface Pending {
  promise: Promise<SolveResultWire>;
  stop: AbortController;
}

export class Presolver {
  readonly #pending = new Map<string, Pending>();
  /** Rounds of `aheadSoon` scheduled but not started yet: how to drop each, and its end. */
  readonly #scheduled = new Map<NodeJS.Immediate, Promise<void>>();

  constructor(
    private readonly cache: SolveCache,
    private readonly runJob: SolveJobRunner,
  ) {}

  /**
   * Takes over the pre-solve of exactly this key, if one is running: the caller now owns it
   * (it is no longer stopped by other solves; `signal` stops it).
   */
  adopt(key: string, signal?: AbortSignal): Promise<SolveResultWire> | undefined {
    const pending = this.#pending.get(key);
    if (!pending) return undefined;
    this.#pending.delete(key);
    signal?.addEventListener('abort', () => pending.stop.abort(), { once: true });
    return pending.promise;
  }

  /** Stops every pre-solve still running or scheduled. */
  stopAll(): void {
    for (const handle of this.#scheduled.keys()) clearImmediate(handle);
    this.#scheduled.clear();
    this.stopExcept(new Map());
  }

  /** Stops the running pre-solves whose keys `wanted` lacks. */
  private stopExcept(wanted: ReadonlyMap<string, unknown>): void {
    for (const [key, pending] of this.#pending) {
      if (wanted.has(key)) continue;
      pending.stop.abort();
      this.#pending.delete(key);
    }
  }

  /**
   * Solves ahead the positions one shot after `position`, given its result: starts those not kept
   * or under way, and stops the pre-solves of any other position (no longer one click away).
   */
  ahead(position: Position, result: SolveResultWire, solver: string): void {
    const wanted = new Map<string, Position>();
    const cell = result.best ? result.best[0] * position.rules.width + result.best[1] : -1;
    if (cell >= 0 && position.cells[cell] === UNKNOWN) {
      for (const mark of [MISS, HIT]) {
        const next = clonePosition(position);
        next.cells[cell] = mark;
        wanted.set(solveCacheKey(next, solver), next);
      }
    }
    this.stopExcept(wanted);
    for (const [key, next] of wanted) {
      if (this.#pending.has(key) || this.cache.get(key, next)) continue;
      this.start(key, next, solver, position);
    }
  }

  /**
   * As `ahead`, once the current answer is on its way (its look-ups and job submissions would
   * only delay it).
   */
  aheadSoon(position: Position, result: SolveResultWire, solver: string): void {
    let handle: NodeJS.Immediate | undefined;
    const round = new Promise<void>((resolve) => {
      handle = setImmediate(() => {
        this.#scheduled.delete(handle!);
        this.ahead(position, result, solver);
        resolve();
      });
    });
    this.#scheduled.set(handle!, round);
  }

  /** Settles when no pre-solve is scheduled or running (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.#scheduled.size > 0 || this.#pending.size > 0) {
      await Promise.all(this.#scheduled.values());
      await Promise.allSettled([...this.#pending.values()].map((p) => p.promise));
    }
  }

  /**
   * Solves `position` (an empty board) `count` times at once in the background, one a thread
   * when the threads are idle, for what a solve leaves on its thread: held values on that
   * position, its pages touched, so a first click there costs one pass. Stopped by any other
   * solve, as the solves ahead; a solve of the position itself takes the first over.
   */
  warm(position: Position, solver: string, count: number): Promise<void> {
    const key = solveCacheKey(position, solver);
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      // The others' results are the first's: only the first is kept.
      jobs.push(
        this.start(i === 0 ? key : `${key} warm ${i}`, position, solver, position, i === 0),
      );
    }
    return Promise.allSettled(jobs).then(() => undefined);
  }

  private start(
    key: string,
    position: Position,
    solver: string,
    onScreen: Position,
    cached = true,
  ): Promise<SolveResultWire> {
    const stop = new AbortController();
    // (A position one shot on is never an empty board: it is kept in memory only.)
    const promise = this.runJob(position, solver, stop.signal, onScreen).then((result) => {
      if (cached) this.cache.put(key, false, result);
      return result;
    });
    const pending = { promise, stop };
    // A failed pre-solve (cancelled, or no layout fits) leaves nothing behind: the user's own
    // solve of that position, if it comes, reports the reason itself.
    promise.then(
      () => this.forget(key, pending),
      () => this.forget(key, pending),
    );
    this.#pending.set(key, pending);
    return promise;
  }

  private forget(key: string, pending: Pending): void {
    if (this.#pending.get(key) === pending) this.#pending.delete(key);
  }
}
