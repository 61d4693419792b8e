// The recorder's proposed shot when it comes from a strategy other than the heatmap's likeliest
// cell (PROPOSERS): the main process asks that strategy for its next shot on the board shown.
// Each new board asks again under one key, so a stale proposal still thinking is cancelled, and
// answers that arrive out of order are dropped by sequence number. The choice of strategy is
// remembered on this computer.

import { PROPOSERS, type ProposerName } from '../../../shared/catalog';
import { snapshotKey, toPositionJson, type BoardSnapshot } from '../model/board-model';
import { call, errorMessage, errorName } from './backend';

/** The key proposals run under. */
export const PROPOSAL_KEY = 'recorder-proposal';
const STORAGE_KEY = 'broadside.proposer';

function savedProposer(): ProposerName {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return PROPOSERS.find((p) => p.name === saved)?.name ?? 'greedy';
}

export class Proposal {
  #strategy = $state<ProposerName>(savedProposer());
  /** The proposed cell for `key`'s board, null while thinking or when it failed. */
  #cell = $state<number | null>(null);
  /** The board and strategy `cell` belongs to. */
  #key = $state('');
  #thinking = $state(false);
  #ms = $state<number | null>(null);
  #problem = $state<string | null>(null);
  #seq = 0;

  // Read by the views; only the methods below change them.
  get strategy() {
    return this.#strategy;
  }
  get cell() {
    return this.#cell;
  }
  get key() {
    return this.#key;
  }
  get thinking() {
    return this.#thinking;
  }
  get ms() {
    return this.#ms;
  }
  get problem() {
    return this.#problem;
  }

  choose(strategy: ProposerName): void {
    this.#strategy = strategy;
    globalThis.localStorage?.setItem(STORAGE_KEY, strategy);
  }

  keyFor(board: BoardSnapshot, priorGrid: number[][] | null): string {
    return snapshotKey(board, `${this.strategy}/${priorGrid ? JSON.stringify(priorGrid) : 'u'}`);
  }

  /** Asks the chosen strategy for its shot on `board`, unless it is the heatmap's (greedy). */
  async run(board: BoardSnapshot, priorGrid: number[][] | null): Promise<void> {
    const key = this.keyFor(board, priorGrid);
    if (this.strategy === 'greedy' || key === this.key) return;
    const seq = ++this.#seq;
    this.#key = key;
    this.#cell = null;
    this.#ms = null;
    this.#problem = null;
    this.#thinking = true;
    const position = toPositionJson(board);
    if (priorGrid) position.prior = priorGrid;
    try {
      const r = await call('propose', { position, strategy: this.strategy, key: PROPOSAL_KEY });
      if (seq !== this.#seq) return;
      this.#cell = r.cell;
      this.#ms = r.ms;
    } catch (e) {
      if (seq !== this.#seq) return;
      this.#key = ''; // the same board may be asked again
      // Cancelled while still the newest: an older call overtook it and took the key.
      if (errorName(e) !== 'CancelledError') this.#problem = errorMessage(e);
    } finally {
      if (seq === this.#seq) this.#thinking = false;
    }
  }
}
