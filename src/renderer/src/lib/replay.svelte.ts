// The replay of our shots in a recorded game: the board as it was after a chosen number of them,
// stepped back and forth, apart from recording the live game. The heatmap follows the board
// shown, solved with the game's prior; once a step is solved, the step after it is solved ahead
// in the background, so stepping on is answered from the result the main process keeps (a game's
// positions are not all kept from play, and none after a restart).

import type { GameRecord, LogEntryJson, SolverName } from '../../../shared/api';
import { toPositionJson, type BoardSnapshot } from '../model/board-model';
import { snapshotFromLog } from '../model/game-board';
import { call as backendCall, type Call } from './backend';

/** The key the solve of the step after the one shown runs under (one at a time). */
export const REPLAY_AHEAD_KEY = 'recorder-replay-ahead';

/** How the heatmap solves the board shown, which the step solved ahead must match. */
export interface ReplaySolve {
  readonly priorGrid: number[][] | null;
  readonly solver: SolverName;
}

export class Replay {
  /** The board shown is the one after this many of our shots (null: not replaying). */
  #at = $state<number | null>(null);
  /** The step being solved ahead, if any. */
  #aheadAt: number | null = null;
  readonly #game: () => GameRecord | null;
  readonly #solve: ReplaySolve;
  readonly #onSwitch: () => void;
  readonly #call: Call;

  /** The board at the step shown (null when not replaying). */
  readonly board = $derived.by((): BoardSnapshot | null => {
    const game = this.#game();
    if (!game || this.#at === null) return null;
    return snapshotFromLog(game.log, Math.min(this.#at, game.log.shots.length));
  });
  /** The shot fired next from the step shown (null after the last, or when not replaying). */
  readonly next = $derived.by((): LogEntryJson | null => {
    const game = this.#game();
    return game && this.#at !== null ? (game.log.shots[this.#at] ?? null) : null;
  });

  /**
   * `game` is the game replayed; `solve` how its heatmap is solved; `onSwitch` runs when the
   * replay starts or ends (what the live game had under way no longer applies).
   */
  constructor(
    game: () => GameRecord | null,
    solve: ReplaySolve,
    onSwitch: () => void = () => undefined,
    call: Call = backendCall,
  ) {
    this.#game = game;
    this.#solve = solve;
    this.#onSwitch = onSwitch;
    this.#call = call;
  }

  get at(): number | null {
    return this.#at;
  }

  get on(): boolean {
    return this.#at !== null;
  }

  /** Starts the replay at the first shot. */
  start(): void {
    this.#dropAheadUnless(0);
    this.#at = 0;
    this.#onSwitch();
  }

  /** Back to the live game. */
  leave(): void {
    this.#dropAheadUnless(null);
    this.#at = null;
    this.#onSwitch();
  }

  /** Moves to after `count` shots (rounded, and clamped to the game). */
  to(count: number): void {
    const n = this.#game()?.log.shots.length ?? 0;
    this.#at = Math.max(0, Math.min(n, Math.round(count)));
    this.#dropAheadUnless(this.#at);
  }

  /** Moves `by` shots on (back when negative). */
  step(by: number): void {
    this.to((this.#at ?? 0) + by);
  }

  /**
   * Solves the step after `count` shots in the background, with the game's prior and the
   * heatmap's solver (only a head start: the step, once shown, asks again if this failed).
   */
  solveAhead(count: number): void {
    const game = this.#game();
    if (!game || count < 0 || count > game.log.shots.length) return;
    if (this.#aheadAt === count) return;
    this.#aheadAt = count;
    const position = toPositionJson(snapshotFromLog(game.log, count));
    if (this.#solve.priorGrid) position.prior = this.#solve.priorGrid;
    this.#call('solve', { position, solver: this.#solve.solver, boardKey: REPLAY_AHEAD_KEY })
      .catch(() => undefined)
      .finally(() => {
        if (this.#aheadAt === count) this.#aheadAt = null;
      });
  }

  /** Stops solving ahead a step the replay has moved away from (it would only take a thread). */
  #dropAheadUnless(count: number | null): void {
    if (this.#aheadAt === null || this.#aheadAt === count) return;
    this.#aheadAt = null;
    this.#call('jobCancel', { key: REPLAY_AHEAD_KEY }).catch(() => undefined);
  }
}
