// The live analysis of the board being edited: which solver and prior to use, the latest
// heatmap, and the state of the running solve. Every edit starts a new solve under one board
// key, so the main process cancels the stale one; results that arrive out of order are dropped
// by sequence number. The previous heatmap stays on screen until the new one lands (no flicker,
// no layout jump); an impossible position replaces it with the reason. An exact solve that is not
// back within ESTIMATE_AFTER_MS is stood in for by a quick estimate, labelled as such, until it
// lands; when the previous exact solve was that slow, the next one is likely to be too (the
// openings of a game), so the estimate is asked for almost at once. Each solve's reply says what
// the next solve like it brings (`follows`): 'exact' when its exact answer comes in a moment (a
// ready state graph), and then the next click asks for no estimate at all, unless its answer is
// late after all (ESTIMATE_AFTER_EXACT_MS: a pool that became busy), when the main process
// decides again.

import type { PositionJson } from '../../../core/position';
import { UNKNOWN } from '../../../core/position';
import {
  allSunk,
  positionProblem,
  snapshotKey,
  toPositionJson,
  type BoardSnapshot,
} from '../model/board-model';
import type { SolverName } from '../../../shared/catalog';
import { ERROR_KINDS, type ErrorKind } from '../../../shared/errors';
import { call, errorMessage, errorName } from './backend';
import { heatFromWire, type Heat, type HeatLayer } from '../model/heat';

/** The key the editor's solves run under: a new solve with it cancels the previous one. */
export const EDITOR_BOARD_KEY = 'editor';

export type PriorChoice =
  | { kind: 'uniform' }
  | { kind: 'preset'; name: string }
  | { kind: 'opponent'; id: number; name: string };

export interface SolveProblem {
  /** impossible: no layout fits; input: the marks are malformed; unsupported: the solver cannot
   * read what the position says (named hits, volleys); budget: too big for the solver; failed:
   * anything else (the message says what). */
  kind: 'impossible' | 'input' | 'unsupported' | 'budget' | 'failed';
  /** The heading above the message: the error kind's wording (src/shared/errors.ts). */
  title: string;
  message: string;
}

/** How the analysis view groups the error kinds a solve can end in. */
const PROBLEM_OF: Partial<Record<ErrorKind, SolveProblem['kind']>> = {
  NoLayoutError: 'impossible',
  InputError: 'input',
  BudgetError: 'budget',
  JobTimeoutError: 'budget',
};

/** A solver's refusal of a well-formed position names the field "solver" (core/solve/index.ts). */
function problemKind(name: ErrorKind, message: string): SolveProblem['kind'] {
  if (name === 'InputError' && message.startsWith('solver: ')) return 'unsupported';
  return PROBLEM_OF[name] ?? 'failed';
}

/** All ships, one ship length, or one named ship ("ship:Cruiser"). */
export type ViewLayer = 'all' | number | `ship:${string}`;

/** The heatmap layer a view choice shows (all ships when the result has no such layer). */
export function layerOf(heat: Heat, layer: ViewLayer): HeatLayer | null {
  if (layer === 'all') return heat.all;
  if (typeof layer === 'number') return heat.byLength.find((l) => l.length === layer) ?? null;
  return heat.byShip.find((l) => `ship:${l.ship}` === layer) ?? null;
}

/** What a view choice's probabilities are the chance of ("a ship of length 3", "the Cruiser"). */
export function layerSubject(layer: ViewLayer): string {
  if (layer === 'all') return 'a ship';
  if (typeof layer === 'number') return `a ship of length ${layer}`;
  return `the ${layer.slice(5)}`;
}

/** How long an exact solve may take before an estimate is shown in its place. */
export const ESTIMATE_AFTER_MS = 150;
/**
 * The same after a slow solve: just long enough for an answer solved ahead (a few milliseconds),
 * which an estimate computed meanwhile would only delay.
 */
const ESTIMATE_AFTER_SLOW_MS = 25;
/**
 * The same when the last reply said the exact answer follows in a moment: only an answer that
 * late asks whether an estimate is worth drawing after all (the main process decides again).
 */
export const ESTIMATE_AFTER_EXACT_MS = 1000;
/** How often the newest solve is asked again after an older request overtook and cancelled it. */
const MAX_OVERTAKEN_RETRIES = 2;
const EXACT_SOLVERS = new Set(['auto', 'dp', 'enumerate']);

export function priorLabel(p: PriorChoice): string {
  if (p.kind === 'uniform') return 'uniform';
  if (p.kind === 'preset') return `${p.name} preset`;
  return `learned from ${p.name}`;
}

function priorId(p: PriorChoice): string {
  return p.kind === 'uniform'
    ? 'uniform'
    : p.kind === 'preset'
      ? `preset:${p.name}`
      : `opp:${p.id}`;
}

/**
 * Which solves a reply's `follows` speaks for: the same solver on the same rules, with named hits
 * or volleys or without (a state graph takes only positions without).
 */
function exactKind(position: PositionJson, solver: string): string {
  const observed = (position.named?.length ?? 0) + (position.volleys?.length ?? 0) > 0;
  return `${solver}/${observed ? 'observed' : 'plain'}/${JSON.stringify(position.rules)}`;
}

export class Analysis {
  #solver = $state<SolverName>('auto');
  #solvers = $state.raw<string[]>(['auto', 'dp', 'enumerate']);
  #prior = $state.raw<PriorChoice>({ kind: 'uniform' });
  /** The prior grid for the current rules (null for uniform or when it does not apply). */
  #priorGrid = $state.raw<number[][] | null>(null);
  #priorNote = $state<string | null>(null);
  #heat = $state.raw<Heat | null>(null);
  #problem = $state.raw<SolveProblem | null>(null);
  #solving = $state(false);
  /** The heatmap shown is a quick estimate standing in for the exact solve still running. */
  #provisional = $state(false);
  /** The running solve's exact result follows in a moment, so no estimate stands in for it. */
  #exactSoon = $state(false);
  #layer = $state<ViewLayer>('all');
  #showNumbers = $state(false);
  #seq = 0;
  #lastKey = '';
  /** The last exact solve took longer than ESTIMATE_AFTER_MS. */
  #lastSlow = false;
  /** The kind of solve (exactKind) whose last reply said its next exact answer comes at once. */
  #exactNext: string | null = null;
  readonly boardKey: string;

  constructor(boardKey = EDITOR_BOARD_KEY) {
    this.boardKey = boardKey;
  }

  // Read by the views; only the methods below change them.
  get solver() {
    return this.#solver;
  }
  get solvers() {
    return this.#solvers;
  }
  get prior() {
    return this.#prior;
  }
  get priorGrid() {
    return this.#priorGrid;
  }
  get priorNote() {
    return this.#priorNote;
  }
  get heat() {
    return this.#heat;
  }
  get problem() {
    return this.#problem;
  }
  get solving() {
    return this.#solving;
  }
  get provisional() {
    return this.#provisional;
  }
  get exactSoon() {
    return this.#exactSoon;
  }
  get layer() {
    return this.#layer;
  }
  get showNumbers() {
    return this.#showNumbers;
  }

  chooseSolver(solver: SolverName): void {
    this.#solver = solver;
  }

  /** The solvers the main process offers, "auto" first: it is the default and the one to reach for. */
  knowSolvers(names: readonly string[]): void {
    if (names.length)
      this.#solvers = [...names].sort((a, b) => Number(b === 'auto') - Number(a === 'auto'));
  }

  choosePrior(choice: PriorChoice): void {
    this.#prior = choice;
  }

  /** The grid the chosen prior comes to on the current board, and what to say about it. */
  usePriorGrid(grid: number[][] | null, note?: string | null): void {
    this.#priorGrid = grid;
    if (note !== undefined) this.#priorNote = note;
  }

  chooseLayer(layer: ViewLayer): void {
    this.#layer = layer;
  }

  showNumbersOn(on: boolean): void {
    this.#showNumbers = on;
  }

  /** The key of the inputs that decide the result: board, solver and prior. */
  keyFor(board: BoardSnapshot): string {
    return snapshotKey(
      board,
      `${this.solver}/${priorId(this.prior)}/${this.priorGrid ? 'w' : 'u'}`,
    );
  }

  /** Solves `board` unless the current heatmap already belongs to exactly these inputs. */
  async run(board: BoardSnapshot, retries = 0): Promise<void> {
    const key = this.keyFor(board);
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    const seq = ++this.#seq;
    const malformed = positionProblem(board);
    if (malformed) {
      this.#solving = false;
      this.#heat = null;
      this.#problem = {
        kind: 'input',
        title: 'These marks are not a valid position',
        message: malformed,
      };
      return;
    }
    const position: PositionJson = toPositionJson(board);
    if (this.priorGrid) position.prior = this.priorGrid;
    this.#solving = true;
    // A problem belongs to the inputs it was found for: over newer marks it would be stale, and
    // it would hide that this solve is running.
    this.#problem = null;
    const open = (c: number): boolean => board.cells[c] === UNKNOWN;
    const started = performance.now();
    const kind = exactKind(position, this.solver);
    // The last reply of this kind said the exact answer follows in a moment: no estimate.
    const exactNear = this.#exactNext === kind;
    this.#exactSoon = exactNear;
    const estimateAfter = exactNear
      ? ESTIMATE_AFTER_EXACT_MS
      : this.#lastSlow
        ? ESTIMATE_AFTER_SLOW_MS
        : ESTIMATE_AFTER_MS;
    // With every ship sunk the exact answer is immediate: an estimate would only flash.
    const standIn =
      EXACT_SOLVERS.has(this.solver) && !allSunk(board)
        ? setTimeout(() => void this.showEstimate(position, key, seq, open), estimateAfter)
        : undefined;
    try {
      const wire = await call('solve', {
        position,
        solver: this.solver,
        boardKey: this.boardKey,
        solveAhead: true,
      });
      this.#lastSlow = performance.now() - started > ESTIMATE_AFTER_MS;
      this.#exactNext = wire.follows === 'exact' ? kind : null;
      if (seq !== this.#seq) return;
      const heat = heatFromWire(wire, key, open);
      this.#heat = heat;
      this.#provisional = false;
      this.#problem = null;
      if (layerOf(heat, this.layer) === null) this.#layer = 'all';
    } catch (e) {
      if (seq !== this.#seq) return;
      this.#exactNext = null;
      const name = errorName(e);
      if (name === 'CancelledError') {
        // Still the newest solve, so no newer click stopped it: an older request that reached
        // the main process after it (requests may overtake each other) took its key. Ask again.
        if (retries < MAX_OVERTAKEN_RETRIES) {
          this.#lastKey = '';
          void this.run(board, retries + 1);
        }
        return;
      }
      this.#heat = null;
      this.#provisional = false;
      const message = errorMessage(e);
      const kind = problemKind(name, message);
      this.#problem = {
        kind,
        title:
          kind === 'unsupported' ? 'Solver cannot read this position' : ERROR_KINDS[name].wording,
        message,
      };
      // Let the same inputs be retried (e.g. after choosing another solver and back).
      this.#lastKey = '';
    } finally {
      clearTimeout(standIn);
      if (seq === this.#seq) {
        this.#solving = false;
        this.#exactSoon = false;
      }
    }
  }

  /**
   * Shows a quick estimate while the exact solve `seq` runs: never once that solve has landed
   * (solving is then false) or a newer one has started, and never when the main process says the
   * exact result follows in a moment (it has the rules' state graph ready).
   */
  private async showEstimate(
    position: PositionJson,
    key: string,
    seq: number,
    open: (cell: number) => boolean,
  ): Promise<void> {
    try {
      const reply = await call('estimate', { position, exactSolver: this.solver });
      if (seq !== this.#seq || !this.solving) return;
      if ('exactSoon' in reply) {
        this.#exactSoon = true;
        return;
      }
      const heat = heatFromWire(reply, key, open);
      this.#heat = heat;
      this.#provisional = true;
      this.#exactSoon = false;
      this.#problem = null;
    } catch {
      // No estimate (say, the chain found no layout): the exact solve will say why.
    }
  }

  /** Forgets the current result so the next `run` solves again. */
  invalidate(): void {
    this.#lastKey = '';
  }
}

export const analysis = new Analysis();
