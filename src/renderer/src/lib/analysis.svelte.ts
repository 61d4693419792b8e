// The live analysis of the board being edited: which solver and prior to use, the latest
// heatmap, and the state of the running solve. Every edit starts a new solve under one board
// key, so the main process cancels the stale one; results that arrive out of order are dropped
// by sequence number. The previous heatmap stays on screen until the new one lands (no flicker,
// no layout jump); an impossible position replaces it with the reason.

import type { PositionJson } from '../../../core/position';
import { HIT, MISS, UNKNOWN } from '../../../core/position';
import {
  positionProblem,
  snapshotKey,
  toPositionJson,
  type BoardSnapshot,
} from '../model/board-model';
import { call, errorMessage, errorName } from './backend';
import { heatFromWire, type Heat } from '../model/heat';

/** The key the editor's solves run under: a new solve with it cancels the previous one. */
export const EDITOR_BOARD_KEY = 'editor';

export type PriorChoice =
  | { kind: 'uniform' }
  | { kind: 'preset'; name: string }
  | { kind: 'opponent'; id: number; name: string };

export interface SolveProblem {
  /** impossible: no layout fits; input: the marks are malformed; budget: too big for the
   * solver; failed: anything else (the message says what). */
  kind: 'impossible' | 'input' | 'budget' | 'failed';
  message: string;
}

export type ViewLayer = 'all' | number;

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

export class Analysis {
  solver = $state('auto');
  solvers = $state.raw<string[]>(['auto', 'dp', 'enumerate']);
  prior = $state.raw<PriorChoice>({ kind: 'uniform' });
  /** The prior grid for the current rules (null for uniform or when it does not apply). */
  priorGrid = $state.raw<number[][] | null>(null);
  priorNote = $state<string | null>(null);
  heat = $state.raw<Heat | null>(null);
  problem = $state.raw<SolveProblem | null>(null);
  solving = $state(false);
  layer = $state<ViewLayer>('all');
  showNumbers = $state(false);
  #seq = 0;
  #lastKey = '';
  readonly boardKey: string;

  constructor(boardKey = EDITOR_BOARD_KEY) {
    this.boardKey = boardKey;
  }

  /** The key of the inputs that decide the result: board, solver and prior. */
  keyFor(board: BoardSnapshot): string {
    return snapshotKey(
      board,
      `${this.solver}/${priorId(this.prior)}/${this.priorGrid ? 'w' : 'u'}`,
    );
  }

  /** Solves `board` unless the current heatmap already belongs to exactly these inputs. */
  async run(board: BoardSnapshot): Promise<void> {
    const key = this.keyFor(board);
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    const seq = ++this.#seq;
    const malformed = positionProblem(board);
    if (malformed) {
      this.solving = false;
      this.heat = null;
      this.problem = { kind: 'input', message: malformed };
      return;
    }
    const position: PositionJson = toPositionJson(board);
    if (this.priorGrid) position.prior = this.priorGrid;
    this.solving = true;
    try {
      const wire = await call('solve', {
        position,
        solver: this.solver,
        boardKey: this.boardKey,
      });
      if (seq !== this.#seq) return;
      this.heat = heatFromWire(wire, key, (c) => board.cells[c] === UNKNOWN);
      this.problem = null;
      if (this.layer !== 'all' && !this.heat.byLength.some((l) => l.length === this.layer)) {
        this.layer = 'all';
      }
    } catch (e) {
      if (seq !== this.#seq) return;
      const name = errorName(e);
      if (name === 'CancelledError') return;
      this.heat = null;
      this.problem = {
        kind:
          name === 'NoLayoutError'
            ? 'impossible'
            : name === 'InputError'
              ? 'input'
              : name === 'BudgetError' || name === 'JobTimeoutError'
                ? 'budget'
                : 'failed',
        message: errorMessage(e),
      };
      // Let the same inputs be retried (e.g. after choosing another solver and back).
      this.#lastKey = '';
    } finally {
      if (seq === this.#seq) this.solving = false;
    }
  }

  /** Forgets the current result so the next `run` solves again. */
  invalidate(): void {
    this.#lastKey = '';
  }
}

export const analysis = new Analysis();

/** Counts of marks for the status line. */
export function describeMarks(board: BoardSnapshot): string {
  let miss = 0;
  let hit = 0;
  for (const m of board.cells) {
    if (m === MISS) miss++;
    else if (m === HIT) hit++;
  }
  return `${miss} miss${miss === 1 ? '' : 'es'}, ${hit} hit${hit === 1 ? '' : 's'}, ${board.sunk.length} sunk`;
}
