// Exact results reused instead of solved again. A result is reused only for exactly the question
// it answered: the key is the canonical JSON of the whole position as solved (rules spelled out,
// marks, sunk ships in a fixed order, the reading of sinkings, every prior weight) and the solver.
// Only deterministic exact solvers are reused (their answer cannot differ between two runs).
//
// Two homes: the most recent results (and the pre-solves, see presolve.ts) in memory, and the
// results of empty boards in the library (exact_cache), where they outlive the process: the first
// heatmap of a game, the recorder's first proposal and an opponent's prior view then appear at
// once instead of after a 1-5 s solve.

import { UNKNOWN, positionToJson, type Position } from '../../core/position';
import { EXACT_SOLVERS } from '../../core/solve';
import type { SolveResultWire } from '../../core/solve/result';
import { deleteExact, getExact, putExact } from '../store/exact-cache';
import type { Db } from '../store/open';
import { resultMismatch } from '../store/result-fit';
import { writeIfFree } from '../store/sql';

/** Results kept in memory: a game's recent positions and their pre-solves. */
const RECENT_ENTRIES = 64;

/** The exact solvers: their result depends on nothing but the position. */
export function isReusableSolver(solver: string): boolean {
  return (EXACT_SOLVERS as readonly string[]).includes(solver);
}

/** The key of exactly this question: the solver and the whole position, canonical. */
export function solveCacheKey(position: Position, solver: string): string {
  const json = positionToJson({ ...position, rules: { ...position.rules, preset: undefined } });
  const sunk = json.sunk.map((ship) => JSON.stringify(ship)).sort();
  return JSON.stringify({ solver, ...json, sunk });
}

/** No mark and no sunk ship: the position every game starts from. */
export function isEmptyBoard(position: Position): boolean {
  return position.sunk.length === 0 && position.cells.every((m) => m === UNKNOWN);
}

/**
 * A kept result as answered again: its time is the look-up's, and its note starts by saying where
 * it came from (the status line shows the start of a note).
 */
export function reusedResult(kept: SolveResultWire, ms: number): SolveResultWire {
  const took = kept.ms < 1000 ? `${Math.round(kept.ms)} ms` : `${(kept.ms / 1000).toFixed(1)} s`;
  const from = `reused: exactly this position was solved before (took ${took})`;
  return { ...kept, ms, note: kept.note ? `${from}; ${kept.note}` : from };
}

export class SolveCache {
  readonly #recent = new Map<string, SolveResultWire>();

  constructor(private readonly db: Db) {}

  /**
   * The kept result of this key (the key of `position`): in memory, or for an empty board in the
   * library. A library row is checked against the position before it is served (the file may
   * have been edited or damaged): one that does not fit it is dropped, and the solve runs afresh.
   */
  get(key: string, position: Position): SolveResultWire | undefined {
    const recent = this.#recent.get(key);
    if (recent) {
      this.#recent.delete(key); // most recently used last
      this.#recent.set(key, recent);
      return recent;
    }
    if (!isEmptyBoard(position)) return undefined;
    let stored: SolveResultWire | null = null;
    try {
      stored = getExact(this.db, key);
      if (stored && resultMismatch(stored, position) !== null) {
        stored = null;
        writeIfFree(this.db, () => deleteExact(this.db, key));
      }
    } catch {
      // A row that cannot be read or dropped (damaged, or the library is unreadable or
      // read-only) is a miss: the solve runs and its result replaces the row when it can.
      stored = null;
    }
    if (stored) this.remember(key, stored);
    return stored ?? undefined;
  }

  /**
   * Keeps a result: in memory, and in the library when it is an empty board's. Keeping is a
   * convenience: when the library cannot take it (a full disk, a read-only file), the answer
   * stands and only the keeping is skipped.
   */
  put(key: string, emptyBoard: boolean, result: SolveResultWire): void {
    this.remember(key, result);
    if (!emptyBoard) return;
    try {
      writeIfFree(this.db, () => putExact(this.db, key, result));
    } catch {
      // Nothing to undo: the transaction rolled back (or never began, the library being busy
      // with another writer), and the next solve of it tries again.
    }
  }

  private remember(key: string, result: SolveResultWire): void {
    this.#recent.delete(key);
    this.#recent.set(key, result);
    if (this.#recent.size > RECENT_ENTRIES) {
      this.#recent.delete(this.#recent.keys().next().value!);
    }
  }
}
