// What the Games view shows around the recorder while it is on screen, and the effects that drive
// it: the heatmap follows every recorded answer, a replay solves the next step ahead once the step
// shown is exact, and the chosen strategy proposes our next shot. A proposal read off a quick
// estimate is shown as provisional and never moves the target; the exact proposal may (unless the
// user has aimed), and says so when it differs. Made once per showing of the view (its effects
// live as long as the view), so the views only read it and call its methods.

import { untrack } from 'svelte';
import { isVolleyJson } from '../../../core/game-log';
import type { ProposerName } from '../../../shared/catalog';
import { fromCell } from '../model/game-board';
import { opponents } from './opponents.svelte';
import { Proposal } from './proposal.svelte';
import { recorder, type Side } from './recorder.svelte';

export class GamePlay {
  /** Our next shot by another strategy than the likeliest cell (PROPOSERS). */
  readonly #proposal = new Proposal();
  readonly analysis = recorder.analysis;

  /** The board on screen: live, or as it was at the replay's step. */
  readonly board = $derived(recorder.replay.board ?? recorder.board);
  readonly replaying = $derived(recorder.replay.on);
  readonly shotCount = $derived(recorder.game?.log.shots.length ?? 0);
  readonly heat = $derived(this.analysis.heat);
  /** The heatmap shown is the one for the board shown. */
  readonly fresh = $derived(
    this.heat !== null && this.board !== null && this.heat.key === this.analysis.keyFor(this.board),
  );

  /** In a replay: the shot fired next from the position shown (a volley has no single cell). */
  readonly nextShot = $derived.by(() => {
    const next = recorder.replay.next;
    return next && !isVolleyJson(next) ? next : null;
  });
  readonly nextCell = $derived(
    this.nextShot && this.board ? fromCell(this.nextShot.cell, this.board.rules.width) : null,
  );

  readonly proposing = $derived(this.board !== null && !recorder.finished && !this.replaying);
  readonly byGreedy = $derived(this.#proposal.strategy === 'greedy');
  readonly #proposalFresh = $derived(
    this.board !== null &&
      this.#proposal.key === this.#proposal.keyFor(this.board, this.analysis.priorGrid),
  );
  /** The cell proposed for our next shot, when there is one for the board shown. */
  readonly proposed = $derived.by((): number | null => {
    if (!this.proposing) return null;
    if (!this.byGreedy) return this.#proposalFresh ? this.#proposal.cell : null;
    return this.fresh && !this.analysis.problem ? (this.heat?.best ?? null) : null;
  });
  /** The proposal stands on an estimate that the exact solve may still overturn. */
  readonly provisional = $derived(
    this.proposed !== null && this.byGreedy && this.analysis.provisional,
  );
  /** The estimate's proposal for the heatmap key shown, to say when the exact one differs. */
  #estimated = $state<{ key: string; cell: number } | null>(null);
  /** The estimate's cell when the exact proposal for the same heatmap differs from it. */
  readonly changedFrom = $derived(
    !this.provisional &&
      this.proposed !== null &&
      this.heat !== null &&
      this.#estimated?.key === this.heat.key &&
      this.#estimated.cell !== this.proposed
      ? this.#estimated.cell
      : null,
  );

  /** Must be made while a component initialises: its effects end with that component. */
  constructor() {
    $effect(() => {
      untrack(() => {
        void recorder.refreshRecent();
        void opponents.refresh();
      });
    });
    // The heatmap follows every recorded answer.
    $effect(() => {
      const b = this.board;
      void this.analysis.priorGrid;
      if (b) void this.analysis.run(b);
    });
    // Replaying: once the step shown has its exact heatmap, the next step is solved ahead.
    $effect(() => {
      const at = recorder.replay.at;
      if (at !== null && this.fresh && !this.analysis.provisional && !this.analysis.solving)
        untrack(() => recorder.replay.solveAhead(at + 1));
    });
    $effect(() => {
      const b = this.board;
      const grid = this.analysis.priorGrid;
      void this.#proposal.strategy;
      if (b && untrack(() => this.proposing)) untrack(() => void this.#proposal.run(b, grid));
    });
    $effect(() => {
      if (this.provisional && this.proposed !== null && this.heat)
        this.#estimated = { key: this.heat.key, cell: this.proposed };
    });
    // Aim at a settled proposal when it arrives, unless the user has aimed since their last
    // answer (a slow solve must not move their choice under them); an estimate's never aims.
    $effect(() => {
      const cell = this.proposed;
      if (cell !== null && !this.provisional) untrack(() => recorder.propose(cell));
    });
  }

  get strategy(): ProposerName {
    return this.#proposal.strategy;
  }

  /** Why the chosen strategy could not propose a shot, if it failed. */
  get proposalProblem(): string | null {
    return this.#proposal.problem;
  }

  get thinking(): boolean {
    return this.#proposal.thinking;
  }

  /** How long the chosen strategy took over the proposal shown. */
  get proposalMs(): number | null {
    return this.#proposal.ms;
  }

  chooseStrategy(strategy: ProposerName): void {
    this.#proposal.choose(strategy);
  }

  /** The keys a board of the side answers: results of shots, or stepping a replay. */
  keysFor(side: Side): (e: KeyboardEvent) => boolean {
    return (e) => {
      if (e.ctrlKey || e.metaKey) return false;
      if (side === 'mine' && this.replaying) {
        if (e.key === 'ArrowRight' && e.shiftKey) recorder.replay.step(1);
        else if (e.key === 'ArrowLeft' && e.shiftKey) recorder.replay.step(-1);
        else return false;
        return true;
      }
      const k = e.key.toLowerCase();
      if (k === 'm' || k === 'o') void recorder.answer(side, 'miss');
      else if (k === 'h' || k === 'x') void recorder.answer(side, 'hit');
      else if (k === 's') void recorder.sunk(side);
      else if (k === ' ') recorder.toggleVolleyCell(side, recorder.targetOf(side));
      else return false;
      return true;
    };
  }
}
