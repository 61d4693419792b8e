// The board being edited, shared by the board, the rules and fleet panels, the toolbar and the
// library: one snapshot (replaced whole on every edit), its undo history, the keyboard cursor,
// the cells selected for a sunk ship or a volley, the volley open in the volley panel and any
// pending choice between sunk-ship candidates.

import {
  HIT,
  MISS,
  UNKNOWN,
  parsePosition,
  type Mark,
  type PositionJson,
} from '../../../core/position';
import { presetRules, type Rules } from '../../../core/rules';
import {
  addSunk,
  emptySnapshot,
  setMark,
  setMarks,
  snapshotFromPosition,
  sunkProblem,
  sunkShipAt,
  toPositionJson,
  withRules,
  type BoardSnapshot,
} from '../model/board-model';
import { History } from '../model/history';
import { nameHit, namedAt, putVolley, removeVolley, volleyAt } from '../model/observation-edits';
import type { Volley } from '../../../core/observations';
import { NO_CELLS, setOf, toggled } from '../model/sets';
import { inferSunk, shipExtentName } from '../model/sunk-inference';
import { sunkShipNames } from '../model/sunk-names';
import { rulesChangeReport } from '../model/rules-change';
import { loadWorkingBoard } from './working-board';

export type Brush = 'miss' | 'hit' | 'unknown';
export const BRUSH_MARK: Record<Brush, Mark> = { miss: MISS, hit: HIT, unknown: UNKNOWN };

export class Editor {
  #history: History<BoardSnapshot>;
  #board = $state.raw<BoardSnapshot>(emptySnapshot(presetRules('classic')));
  #canUndo = $state(false);
  #canRedo = $state(false);
  #cursor = $state(0);
  #brush = $state<Brush>('hit');
  #selection = $state.raw<ReadonlySet<number>>(NO_CELLS);
  /** Sunk-ship placements the user must choose between (from an ambiguous sinking cell). */
  #candidates = $state.raw<number[][]>([]);
  /** The fleet entry the candidates are for, when the user named the ship. */
  #candidateShip: number | undefined = undefined;
  /** A short notice about the last edit that could not be done (cleared by the next edit). */
  #notice = $state<string | null>(null);
  /** What the last change of rules left behind (cleared by the next edit). */
  #rulesReport = $state<{ dropped: string[]; resized: boolean } | null>(null);
  /** The volley shown for editing in the volley panel (its index), or null. */
  #activeVolley = $state<number | null>(null);
  /** The ship a click with the hit brush names (null: hits stay unnamed). */
  #hitShip = $state<string | null>(null);
  /** Name of the library entry the board came from, if any. */
  #source = $state.raw<{ id: number; name: string } | null>(null);

  constructor(initial?: BoardSnapshot) {
    if (initial) this.#board = initial;
    this.#history = new History(this.board);
  }

  // Read by the views; only the methods below change them.
  get board() {
    return this.#board;
  }
  get canUndo() {
    return this.#canUndo;
  }
  get canRedo() {
    return this.#canRedo;
  }
  get cursor() {
    return this.#cursor;
  }
  get brush() {
    return this.#brush;
  }
  get selection() {
    return this.#selection;
  }
  get candidates() {
    return this.#candidates;
  }
  get notice() {
    return this.#notice;
  }
  get rulesReport() {
    return this.#rulesReport;
  }
  get activeVolley() {
    return this.#activeVolley;
  }
  get hitShip() {
    return this.#hitShip;
  }
  get source() {
    return this.#source;
  }

  /** Says why the edit just tried could not be done. */
  tell(notice: string): void {
    this.#notice = notice;
  }

  clearNotice(): void {
    this.#notice = null;
  }

  moveCursor(cell: number): void {
    this.#cursor = cell;
  }

  chooseBrush(brush: Brush): void {
    this.#brush = brush;
  }

  /** The ship a click with the hit brush names (null: hits stay unnamed). */
  chooseHitShip(ship: string | null): void {
    this.#hitShip = ship;
  }

  /** The library entry the board is stored under (null: none). */
  savedAs(source: { id: number; name: string } | null): void {
    this.#source = source;
  }

  /** Shows the volley of this index for editing, or none. */
  showVolley(k: number | null): void {
    this.#activeVolley = k;
  }

  get rules(): Rules {
    return this.board.rules;
  }

  /** Records `next` as a new undo step (no step when nothing changed). */
  apply(next: BoardSnapshot): void {
    this.#notice = null;
    this.#rulesReport = null;
    this.#candidates = [];
    if (next === this.board) return;
    this.#board = this.#history.push(next);
    this.#sync();
  }

  #sync(): void {
    this.#canUndo = this.#history.canUndo;
    this.#canRedo = this.#history.canRedo;
    const n = this.board.cells.length;
    if (this.cursor >= n) this.#cursor = n - 1;
    const kept = [...this.selection].filter((c) => c < n && this.board.cells[c] === HIT);
    if (kept.length !== this.selection.size) this.#selection = setOf(kept);
    const volleys = this.board.volleys?.length ?? 0;
    if (this.activeVolley !== null && this.activeVolley >= volleys) this.#activeVolley = null;
    if (
      this.hitShip !== null &&
      (!this.board.rules.fleet.some((f) => f.name === this.hitShip) ||
        sunkShipNames(this.board).has(this.hitShip))
    ) {
      this.#hitShip = null;
    }
  }

  undo(): void {
    const s = this.#history.undo();
    if (s) this.#restore(s);
  }

  redo(): void {
    const s = this.#history.redo();
    if (s) this.#restore(s);
  }

  #restore(s: BoardSnapshot): void {
    this.#board = s;
    this.#notice = null;
    this.#rulesReport = null;
    this.#candidates = [];
    this.#sync();
  }

  /** Sets one cell's mark; a volley's cell keeps its mark and says where to change it. */
  setMark(cell: number, mark: Mark): void {
    const volley = volleyAt(this.board, cell);
    if (volley >= 0) {
      this.#activeVolley = volley;
      this.#notice = `That cell was fired at in volley ${volley + 1}: edit or delete the volley in the Volleys panel.`;
      return;
    }
    this.apply(setMark(this.board, cell, mark));
  }

  /**
   * A click with the current brush: a cell already showing the brush's mark goes back to unknown.
   * The hit brush names the hit's ship when one is chosen. A volley's cell opens that volley.
   */
  paint(cell: number): void {
    const volley = volleyAt(this.board, cell);
    if (volley >= 0) {
      this.#activeVolley = volley;
      this.#notice = null;
      return;
    }
    const mark = BRUSH_MARK[this.brush];
    const same = this.board.cells[cell] === mark && sunkShipAt(this.board, cell) < 0;
    if (mark === HIT && !same && this.hitShip !== null) {
      this.apply(nameHit(setMark(this.board, cell, HIT), cell, this.hitShip));
      return;
    }
    this.setMark(cell, same && mark !== UNKNOWN ? UNKNOWN : mark);
  }

  /** Names the ship of the hit on `cell` (null: unnamed); a cell that is no hit gets a notice. */
  nameHit(cell: number, ship: string | null): void {
    if (this.board.cells[cell] !== HIT) {
      this.#notice = 'Only a hit can be named: mark the cell a hit first.';
      return;
    }
    const keeps = namedAt(this.board, cell) === ship || sunkShipAt(this.board, cell) >= 0;
    if (ship !== null && !keeps && sunkShipNames(this.board).has(ship)) {
      this.#notice = `The ${ship} is already sunk: a new hit cannot be it.`;
      return;
    }
    this.apply(nameHit(this.board, cell, ship));
  }

  /**
   * Adds `volley` (k = -1) or replaces volley k, as one undo step. Returns why it was refused, or
   * null when done.
   */
  putVolley(volley: Volley, k = -1): string | null {
    try {
      const next = putVolley(this.board, volley, k);
      this.apply(next);
      this.#activeVolley = k >= 0 ? k : (next.volleys?.length ?? 1) - 1;
      if (k < 0) this.#selection = NO_CELLS;
      return null;
    } catch (e) {
      return e instanceof Error ? e.message.replace(/^volley: /, '') : String(e);
    }
  }

  deleteVolley(k: number): void {
    this.apply(removeVolley(this.board, k));
    this.#activeVolley = null;
  }

  /** The selected cells that can start a volley (unknown, in no volley), sorted. */
  selectedUnknown(): number[] {
    return [...this.selection]
      .filter((c) => this.board.cells[c] === UNKNOWN && volleyAt(this.board, c) < 0)
      .sort((a, b) => a - b);
  }

  /** Marks the selected cells as miss / hit / unknown in one step. */
  markSelection(mark: Mark): void {
    if (this.selection.size === 0) return;
    this.apply(setMarks(this.board, this.selection, mark));
    this.#selection = NO_CELLS;
  }

  clear(): void {
    this.apply(emptySnapshot(this.board.rules));
    this.#selection = NO_CELLS;
    this.#source = null;
  }

  /** Applies new rules, keeping what still fits; `rulesReport` says what did not. */
  setRules(rules: Rules): void {
    const before = this.board;
    this.apply(withRules(before, rules));
    this.#selection = NO_CELLS;
    const hadMarks = before.cells.some((m) => m !== UNKNOWN);
    const resized =
      hadMarks && (before.rules.width !== rules.width || before.rules.height !== rules.height);
    const dropped = rulesChangeReport(before, this.board);
    this.#rulesReport = dropped.length || resized ? { dropped, resized } : null;
  }

  /** Replaces the board with a saved position (one undo step, so "open" can be undone too). */
  load(position: PositionJson, source: { id: number; name: string } | null = null): void {
    this.apply(snapshotFromPosition(parsePosition(position)));
    this.#source = source;
    this.#selection = NO_CELLS;
    this.#cursor = 0;
  }

  positionJson(): PositionJson {
    return toPositionJson(this.board);
  }

  toggleSelected(cell: number): void {
    this.#selection = toggled(this.selection, cell);
  }

  clearSelection(): void {
    this.#selection = NO_CELLS;
    this.#candidates = [];
  }

  /** Why the selection cannot be sunk as a ship of `length` (null when it can). */
  selectionProblem(length: number, ship?: number): string | null {
    const cells = [...this.selection];
    if (cells.length === 0) return 'select its cells first';
    if (cells.length !== length) return `select ${length} cells (${cells.length} selected)`;
    if (cells.some((c) => this.board.cells[c] !== HIT && this.board.cells[c] !== UNKNOWN)) {
      return 'a selected cell is a miss';
    }
    return sunkProblem(this.board, cells, ship);
  }

  /**
   * Sinks a ship of `length`: from the selection when it has cells, else from the cursor cell
   * (the sinking shot) when the ship's extent there is unambiguous. Ambiguity offers candidates.
   * `ship` (an index in rules.fleet) is the ship the user chose; it is kept as that ship.
   */
  sink(length?: number, ship?: number): void {
    if (this.selection.size > 0) {
      const cells = [...this.selection];
      const problem =
        length === undefined ? sunkProblem(this.board, cells) : this.selectionProblem(length, ship);
      if (problem) {
        this.#notice = `Cannot mark that ship sunk: ${problem}.`;
        return;
      }
      this.apply(addSunk(this.board, cells, ship));
      this.#selection = NO_CELLS;
      return;
    }
    this.sinkAt(this.cursor, length, ship);
  }

  /** Sinks the ship whose sinking shot was `cell` (see `inferSunk`). */
  sinkAt(cell: number, length?: number, ship?: number): void {
    const board = this.board.cells[cell] === UNKNOWN ? setMark(this.board, cell, HIT) : this.board;
    const r = inferSunk(board, cell, length);
    if (r.kind === 'unique') {
      this.apply(addSunk(board, r.cells, ship));
    } else if (r.kind === 'ambiguous') {
      this.#notice = `Which ship sank? ${r.candidates.length} fit through that cell; choose one.`;
      this.#candidates = r.candidates;
      this.#candidateShip = ship;
    } else {
      this.#notice = `Cannot mark a ship sunk there: ${r.reason}.`;
      this.#candidates = [];
    }
  }

  chooseCandidate(cells: readonly number[]): void {
    const ship = this.#candidateShip;
    this.#candidateShip = undefined;
    this.apply(addSunk(this.board, cells, ship));
  }

  describeCandidate(cells: readonly number[]): string {
    return shipExtentName(cells, this.board.rules.width);
  }
}

/** The editor, starting from the working board kept across reloads (see working-board.ts). */
function startingEditor(): Editor {
  const kept = loadWorkingBoard();
  const e = new Editor(kept?.board);
  e.savedAs(kept?.source ?? null);
  return e;
}

export const editor = startingEditor();
