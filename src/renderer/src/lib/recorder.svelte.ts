// The game recorder: a real game against a person, recorded shot by shot. Two logs per game, as
// the game-log format has them: our shots at the opponent's fleet (firedBy "me") and theirs at
// ours (firedBy "opponent"). Every answer is appended to the stored log at once (the main
// process validates the whole log each time), so closing the app loses nothing; the board shown
// is always the stored log replayed, never a local guess. A hit may name the ship it struck, and
// a salvo turn whose answer came back as a whole is recorded as one volley of the cells selected.
// The prior the heatmaps use is fixed when the game starts and stored with it, so continuing or
// replaying the game later solves exactly as during play (never with a prior learned since,
// which may have learned from this very game). The replay of a game has its own state (Replay).

import { presetRules, type Rules } from '../../../core/rules';
import { rulesToJson } from '../../../core/rules-json';
import type {
  GameLogJson,
  GameRecord,
  GameSummary,
  LogEntryJson,
  Outcome,
} from '../../../shared/api';
import { volleysToJson, type Volley } from '../../../core/observations';
import { isVolleyJson } from '../../../core/game-log';
import { UNKNOWN } from '../../../core/position';
import { Analysis } from './analysis.svelte';
import { call, errorMessage } from './backend';
import { downloadText, safeFileStem } from './files';
import { emptySnapshot, remainingFleet, type BoardSnapshot } from '../model/board-model';
import {
  fromCell,
  shotJson,
  shotProblem,
  sinkingShot,
  snapshotFromLog,
  toCell,
} from '../model/game-board';
import { volleyAt } from '../model/observation-edits';
import { NO_CELLS, toggled } from '../model/sets';
import { resolvePrior } from './priors';
import { Replay } from './replay.svelte';

export type Side = 'mine' | 'theirs';

export const RECORDER_BOARD_KEY = 'recorder';

/** The notes that tie an opponent-shots log to our log of the same game. */
export function pairNote(gameId: number): string {
  return `Their shots in the game of #${gameId}`;
}

class Recorder {
  /** Our shots at the opponent. */
  #game = $state.raw<GameRecord | null>(null);
  /** The opponent's shots at our fleet (created with their first shot). */
  #theirs = $state.raw<GameRecord | null>(null);
  #target = $state(0);
  /**
   * The user has chosen our target since their last answer: a proposal arriving later must not
   * move it. Cleared when an answer is sent (not when it lands: a cell picked while the answer
   * is on its way is already the user's next choice).
   */
  #aimedByUser = $state(false);
  #theirTarget = $state(0);
  /** Candidate sunk ships to choose from after an ambiguous "sunk" answer. */
  #pending = $state.raw<{
    side: Side;
    cell: number;
    candidates: number[][];
    /** The fleet entry the user named, if any. */
    ship?: number;
  } | null>(null);
  #error = $state<string | null>(null);
  #busy = $state(false);
  /** The cells selected for a volley, and on which board. */
  #volleyCells = $state.raw<{ side: Side; cells: ReadonlySet<number> }>({
    side: 'mine',
    cells: NO_CELLS,
  });
  #recent = $state.raw<GameSummary[]>([]);
  readonly analysis = new Analysis(RECORDER_BOARD_KEY);
  /** Replaying our shots, with the heatmap as it was at each (a sunk choice left open lapses). */
  readonly replay = new Replay(
    () => this.#game,
    this.analysis,
    () => (this.#pending = null),
  );

  readonly board = $derived<BoardSnapshot | null>(
    this.game ? snapshotFromLog(this.game.log) : null,
  );
  readonly theirBoard = $derived<BoardSnapshot | null>(
    this.theirs
      ? snapshotFromLog(this.theirs.log)
      : this.game
        ? emptySnapshot(snapshotFromLog(this.game.log).rules)
        : null,
  );
  readonly finished = $derived(
    this.board !== null && remainingFleet(this.board).every((f) => f.sunk),
  );

  // Read by the views; only the methods below change them.
  get game() {
    return this.#game;
  }
  get theirs() {
    return this.#theirs;
  }
  get target() {
    return this.#target;
  }
  get aimedByUser() {
    return this.#aimedByUser;
  }
  get theirTarget() {
    return this.#theirTarget;
  }
  get pending() {
    return this.#pending;
  }
  get error() {
    return this.#error;
  }
  get busy() {
    return this.#busy;
  }
  get volleyCells() {
    return this.#volleyCells;
  }
  get recent() {
    return this.#recent;
  }

  /** The user picks our next target. */
  aim(cell: number): void {
    this.#aimedByUser = true;
    this.#target = cell;
  }

  /** The user picks the cell of their shot at our fleet. */
  aimTheirs(cell: number): void {
    this.#theirTarget = cell;
  }

  /** A proposal moves our target, unless the user has aimed since their last answer. */
  propose(cell: number): void {
    if (!this.aimedByUser) this.#target = cell;
  }

  async refreshRecent(): Promise<void> {
    try {
      const page = await call('gamesList', { limit: 50 });
      this.#recent = page.items;
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  async start(opponent: string, rules: Rules = presetRules('classic')): Promise<void> {
    await this.#run(async () => {
      const log: GameLogJson = {
        opponent,
        rules: rulesToJson(rules),
        firedBy: 'me',
        shots: [],
        playedAt: new Date().toISOString(),
      };
      const prior = await this.#opponentPrior(opponent, rules);
      if (prior) log.prior = prior;
      this.#game = await call('gamesCreate', { log, outcome: null });
      this.#theirs = null;
      this.replay.leave();
      this.clearVolleyCells();
      this.#target = 0;
      this.#aimedByUser = false;
      this.#preparePrior();
      void this.refreshRecent();
    });
  }

  /** Continues a stored game of our shots, with the log of their shots in the same game. */
  async resume(id: number): Promise<void> {
    await this.#run(async () => {
      const rec = await call('gamesGet', { id });
      if (rec.log.firedBy !== 'me') throw new Error('open the game from our side (shots by me)');
      let theirs: GameRecord | null = null;
      if (rec.opponentId !== null) {
        const page = await call('gamesList', { opponentId: rec.opponentId, limit: 1000 });
        const pair = page.items.find((g) => g.firedBy === 'opponent' && g.id > rec.id);
        if (pair) {
          const candidate = await call('gamesGet', { id: pair.id });
          if (candidate.notes === pairNote(rec.id)) theirs = candidate;
        }
      }
      this.#game = rec;
      this.#theirs = theirs;
      this.replay.leave();
      this.clearVolleyCells();
      // Both targets on a cell that may be fired at (the proposal moves ours when it comes), not
      // on one this game has already shot.
      this.#target = firstOpenCell(this.board);
      this.#theirTarget = firstOpenCell(this.theirBoard);
      this.#aimedByUser = false;
      this.#preparePrior();
    });
  }

  /** Opens a stored game of ours at the start of its replay. */
  async replaySaved(id: number): Promise<void> {
    await this.resume(id);
    if (this.game?.id === id) this.replay.start();
  }

  /** Downloads one stored game as a bundle file named after it. */
  async exportGame(game: GameSummary): Promise<void> {
    try {
      const { text } = await call('exportBundle', { gameIds: [game.id], positionIds: [] });
      downloadText(`broadside-game-${game.id}-${safeFileStem(game.opponent)}.json`, text);
    } catch (e) {
      this.#error = `Export failed: ${errorMessage(e)}`;
    }
  }

  /**
   * The learned prior of the opponent of this name as it is now, when it fits the board (else
   * null: a new opponent, no prior yet, another board size). Names match as the library matches
   * them: trimmed, ASCII letters in either case.
   */
  async #opponentPrior(name: string, rules: Rules): Promise<number[][] | null> {
    const fold = (s: string): string => s.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
    const known = (await call('opponentsList', {})).find((o) => fold(o.name) === fold(name));
    if (!known?.hasPrior) return null;
    const choice = { kind: 'opponent' as const, id: known.id, name: known.name };
    return (await resolvePrior(choice, rules)).grid;
  }

  /** The heatmaps use the prior stored with the game: the one it was played with. */
  #preparePrior(): void {
    const game = this.game;
    const grid = game?.log.prior ?? null;
    this.analysis.choosePrior(
      game && grid
        ? { kind: 'opponent', id: game.opponentId ?? 0, name: game.log.opponent }
        : { kind: 'uniform' },
    );
    this.analysis.usePriorGrid(grid);
  }

  /** Runs `fn` with the busy flag up; false (and the error shown) when it threw. */
  async #run(fn: () => Promise<void>): Promise<boolean> {
    this.#busy = true;
    this.#error = null;
    try {
      await fn();
      return true;
    } catch (e) {
      this.#error = errorMessage(e);
      return false;
    } finally {
      this.#busy = false;
    }
  }

  boardOf(side: Side): BoardSnapshot | null {
    return side === 'mine' ? this.board : this.theirBoard;
  }

  /**
   * The cell of the side's last logged shot (null: none, or a volley). The target stays on it
   * after its answer until the next target is chosen (by the proposal or the user), which is no
   * mistake to warn about.
   */
  lastShotCell(side: Side): number | null {
    const log = (side === 'mine' ? this.game : this.theirs)?.log;
    const last = log?.shots.at(-1);
    if (!log || !last || isVolleyJson(last)) return null;
    return fromCell(last.cell, this.boardOf(side)?.rules.width ?? 0);
  }

  targetOf(side: Side): number {
    return side === 'mine' ? this.target : this.theirTarget;
  }

  /**
   * Records the answer to a shot at the side's target cell; `ship` (an index in rules.fleet) is
   * the ship a hit struck, when the defender named it.
   */
  async answer(
    side: Side,
    result: 'miss' | 'hit',
    ship?: number,
    cell = this.targetOf(side),
  ): Promise<void> {
    const board = this.boardOf(side);
    if (!board) return;
    const problem = shotProblem(board, cell);
    if (problem) {
      this.#error = `Cannot record that shot: ${problem}.`;
      return;
    }
    await this.#append(side, shotJson(board, cell, result, undefined, ship));
  }

  /** The side's cells selected for a volley that are still unfired, sorted. */
  selectedFor(side: Side): number[] {
    const sel = this.volleyCells;
    const board = this.boardOf(side);
    if (sel.side !== side || !board) return [];
    return [...sel.cells]
      .filter((c) => board.cells[c] === UNKNOWN && volleyAt(board, c) < 0)
      .sort((a, b) => a - b);
  }

  /** Adds or removes a cell of the volley being put together (unknown cells only). */
  toggleVolleyCell(side: Side, cell: number): void {
    const board = this.boardOf(side);
    if (!board || board.cells[cell] !== UNKNOWN || volleyAt(board, cell) >= 0) return;
    const cells = this.volleyCells.side === side ? this.volleyCells.cells : NO_CELLS;
    this.#volleyCells = { side, cells: toggled(cells, cell) };
  }

  clearVolleyCells(): void {
    this.#volleyCells = { side: this.volleyCells.side, cells: NO_CELLS };
  }

  /** Records a salvo turn as one volley; returns why it was refused, or null. */
  async volley(side: Side, volley: Volley): Promise<string | null> {
    const board = this.boardOf(side);
    if (!board) return 'no game is open';
    const [entry] = volleysToJson([volley], board.rules.width);
    const ok = await this.#append(side, { volley: entry! });
    if (!ok) {
      // The volley form shows the reason beside its answer; the recorder's own line would repeat it.
      const why = this.error;
      this.#error = null;
      return why;
    }
    this.clearVolleyCells();
    return null;
  }

  /**
   * "Sunk": which ship follows from the cell when unambiguous. With `ship` (an index in
   * rules.fleet) the user named the ship; the log keeps that name.
   */
  async sunk(side: Side, ship?: number, cell = this.targetOf(side)): Promise<void> {
    const board = this.boardOf(side);
    if (!board) return;
    const problem = shotProblem(board, cell);
    if (problem) {
      this.#error = `Cannot record that shot: ${problem}.`;
      return;
    }
    const length = ship === undefined ? undefined : board.rules.fleet[ship]?.length;
    const r = sinkingShot(board, cell, length);
    if (r.kind === 'unique') await this.#append(side, shotJson(board, cell, 'sunk', r.cells, ship));
    else if (r.kind === 'ambiguous') {
      this.#error = null;
      this.#pending = { side, cell, candidates: r.candidates, ship };
    } else this.#error = `Cannot record "sunk" there: ${r.reason}.`;
  }

  async choose(candidate: readonly number[]): Promise<void> {
    const p = this.pending;
    if (!p) return;
    const board = this.boardOf(p.side);
    if (!board) return;
    await this.#append(p.side, shotJson(board, p.cell, 'sunk', candidate, p.ship));
  }

  cancelChoice(): void {
    this.#pending = null;
  }

  /** Appends one entry to the side's log; false when it was refused (the error says why). */
  async #append(side: Side, shot: LogEntryJson): Promise<boolean> {
    if (side === 'mine') this.#aimedByUser = false;
    const ok = await this.#run(async () => {
      this.#pending = null;
      if (side === 'mine') {
        if (!this.game) return;
        this.#game = await call('gamesAppendShot', { id: this.game.id, shot });
      } else {
        if (!this.theirs) {
          const game = this.game;
          if (!game) return;
          this.#theirs = await call('gamesCreate', {
            log: { ...game.log, firedBy: 'opponent', shots: [shot], layout: undefined },
            outcome: null,
            notes: pairNote(game.id),
          });
        } else {
          this.#theirs = await call('gamesAppendShot', { id: this.theirs.id, shot });
        }
      }
    });
    // The list of recent games counts the shots stored, this one included.
    if (ok) void this.refreshRecent();
    return ok;
  }

  /** Takes back the side's last shot (a mis-click). */
  async undoLast(side: Side): Promise<void> {
    const rec = side === 'mine' ? this.game : this.theirs;
    if (!rec || rec.log.shots.length === 0) return;
    await this.#run(async () => {
      const log = { ...rec.log, shots: rec.log.shots.slice(0, -1) };
      const next = await call('gamesUpdate', { id: rec.id, log });
      if (side === 'mine') this.#game = next;
      else this.#theirs = next;
    });
  }

  async finish(outcome: Outcome): Promise<void> {
    await this.#run(async () => {
      if (this.game) this.#game = await call('gamesUpdate', { id: this.game.id, outcome });
      if (this.theirs) this.#theirs = await call('gamesUpdate', { id: this.theirs.id, outcome });
      void this.refreshRecent();
    });
  }

  /** Stores the opponent's revealed layout (each ship as cells) in our log. */
  async saveLayout(ships: readonly (readonly number[])[]): Promise<boolean> {
    const game = this.game;
    if (!game) return false;
    const W = snapshotFromLog(game.log).rules.width;
    let ok = false;
    await this.#run(async () => {
      const layout = ships.map((s) => s.map((c) => toCell(c, W)));
      this.#game = await call('gamesUpdate', { id: game.id, log: { ...game.log, layout } });
      ok = true;
    });
    return ok;
  }

  close(): void {
    this.replay.leave();
    this.clearVolleyCells();
    this.#game = null;
    this.#theirs = null;
    this.#error = null;
    void this.refreshRecent();
  }
}

export const recorder = new Recorder();

/** The first cell of `board` that may be fired at (0 when none is, or there is no board). */
function firstOpenCell(board: BoardSnapshot | null): number {
  if (!board) return 0;
  const cell = board.cells.findIndex((_, i) => shotProblem(board, i) === null);
  return Math.max(0, cell);
}
