// What the Opponents view shows of the opponent picked: their games, their learned layout prior
// and its heatmap (the exact occupancy of an empty board under the prior, solved on the pool),
// and what is going on (learning, a background relearn, a message). The view reads it and calls
// its intents; every call to the main process is made here. Made once per showing of the view,
// so each showing starts on the first opponent, as the list shows them.

import { parseRules } from '../../../core/rules-json';
import type { GameSummary, OpponentRecord, PriorRecord } from '../../../shared/api';
import { emptySnapshot } from '../model/board-model';
import { heatFromWire, type Heat } from '../model/heat';
import { readLearned } from '../model/learned';
import { priorSpread } from '../model/prior-spread';
import { call as backendCall, errorMessage, type Call } from './backend';
import { opponents as sharedList, type Opponents } from './opponents.svelte';

/** How often to look whether a prior being learned in the background is ready. */
const UPDATE_POLL_MS = 1000;

/** The key the prior's heatmap is solved under (one at a time: a new pick replaces it). */
export const PRIOR_HEAT_KEY = 'opponent-prior';

export class OpponentsPage {
  #selectedId = $state<number | null>(null);
  #games = $state.raw<GameSummary[]>([]);
  #prior = $state.raw<PriorRecord | null>(null);
  #heat = $state.raw<Heat | null>(null);
  #status = $state<string | null>(null);
  /** The user asked for the prior to be learned and it is being learned. */
  #learning = $state(false);
  /** The prior is being learned again in the background (after games were saved or imported). */
  #updating = $state(false);
  /** The prior's heatmap is being worked out (an exact solve on the pool; seconds when cold). */
  #loadingHeat = $state(false);
  readonly #list: Opponents;
  readonly #call: Call;

  readonly selected = $derived(this.list.find((o) => o.id === this.#selectedId) ?? null);
  readonly priorBoard = $derived(this.#prior ? emptySnapshot(parseRules(this.#prior.rules)) : null);
  /** How many of the games listed are the opponent's shots at our fleet. */
  readonly theirGames = $derived(this.#games.filter((g) => g.firedBy === 'opponent').length);
  readonly spread = $derived(this.#prior ? priorSpread(this.#prior.grid) : null);

  constructor(list: Opponents = sharedList, call: Call = backendCall) {
    this.#list = list;
    this.#call = call;
  }

  get list(): OpponentRecord[] {
    return this.#list.list;
  }
  get selectedId(): number | null {
    return this.#selectedId;
  }
  get games(): GameSummary[] {
    return this.#games;
  }
  get prior(): PriorRecord | null {
    return this.#prior;
  }
  get heat(): Heat | null {
    return this.#heat;
  }
  get status(): string | null {
    return this.#status;
  }
  get learning(): boolean {
    return this.#learning;
  }
  get updating(): boolean {
    return this.#updating;
  }
  get loadingHeat(): boolean {
    return this.#loadingHeat;
  }

  /** Loads the list and, when none is picked yet, picks the first opponent. */
  async open(): Promise<void> {
    await this.#list.refresh();
    const first = this.list[0];
    if (this.#selectedId === null && first) await this.select(first);
  }

  /** Shows this opponent: their games and prior, then follows a relearn running for them. */
  async select(o: OpponentRecord): Promise<void> {
    this.#selectedId = o.id;
    this.#status = null;
    this.#heat = null;
    this.#prior = null;
    try {
      const [page, p] = await Promise.all([
        this.#call('gamesList', { opponentId: o.id, limit: 200 }),
        this.#call('priorsGet', { opponentId: o.id }),
      ]);
      if (this.#selectedId !== o.id) return;
      this.#games = page.items;
      this.#prior = p;
      if (p) await this.#showPrior(p, o.id);
      await this.#followUpdate(o.id);
    } catch (e) {
      this.#status = errorMessage(e);
    }
  }

  /** Adds an opponent of this name and shows them; false when the name is empty or refused. */
  async create(name: string): Promise<boolean> {
    const trimmed = name.trim();
    if (!trimmed) return false;
    try {
      const o = await this.#call('opponentsCreate', { name: trimmed });
      await this.#list.refresh();
      await this.select(o);
      return true;
    } catch (err) {
      this.#status = errorMessage(err);
      return false;
    }
  }

  /** Deletes the opponent (their prior with them); nobody is shown after. */
  async remove(o: OpponentRecord): Promise<void> {
    try {
      await this.#call('opponentsDelete', { id: o.id });
      this.#selectedId = null;
      await this.#list.refresh();
    } catch (err) {
      this.#status = errorMessage(err);
    }
  }

  /** Learns the shown opponent's prior from their games, stores it and shows its heatmap. */
  async learn(symmetric: boolean): Promise<void> {
    const o = this.selected;
    if (!o) return;
    this.#learning = true;
    this.#status = `Learning ${o.name}'s prior from their games…`;
    try {
      const result = await this.#call('priorsLearn', {
        opponentId: o.id,
        options: { symmetric },
        key: `learn-${o.id}`,
      });
      const learned = readLearned(result);
      const saved = await this.#call('priorsSave', {
        opponentId: o.id,
        rules: learned.rules,
        grid: learned.grid,
        games: learned.games,
        source: learned.source,
      });
      this.#prior = saved;
      this.#status = `Learned from ${learned.games} game${learned.games === 1 ? '' : 's'}${learned.gainPerGame !== null ? `; log-likelihood ${learned.gainPerGame >= 0 ? '+' : ''}${learned.gainPerGame.toFixed(3)} per game against uniform` : ''}.`;
      await this.#list.refresh();
      await this.#showPrior(saved, o.id);
    } catch (err) {
      this.#status = `Could not learn a prior: ${errorMessage(err)}`;
    } finally {
      this.#learning = false;
    }
  }

  /** Deletes the shown opponent's prior. */
  async forgetPrior(): Promise<void> {
    const o = this.selected;
    if (!o) return;
    try {
      await this.#call('priorsDelete', { opponentId: o.id });
      this.#prior = null;
      this.#heat = null;
      await this.#list.refresh();
    } catch (err) {
      this.#status = errorMessage(err);
    }
  }

  /**
   * A saved or imported game has the main process learn the prior again in the background (its
   * job key is `prior-update:<id>`): say so while it runs, then show the new prior.
   */
  async #followUpdate(id: number): Promise<void> {
    let waited = false;
    while (this.#selectedId === id) {
      const job = await this.#call('jobProgress', { key: `prior-update:${id}` });
      if (!job.running) break;
      waited = true;
      this.#updating = true;
      await new Promise((r) => setTimeout(r, UPDATE_POLL_MS));
    }
    this.#updating = false;
    if (!waited || this.#selectedId !== id) return;
    const p = await this.#call('priorsGet', { opponentId: id });
    if (this.#selectedId !== id) return;
    this.#prior = p;
    this.#heat = null;
    void this.#list.refresh();
    if (p) await this.#showPrior(p, id);
  }

  async #showPrior(p: PriorRecord, id: number): Promise<void> {
    const rules = parseRules(p.rules);
    const board = Array.from({ length: rules.height }, () => '.'.repeat(rules.width));
    this.#loadingHeat = true;
    try {
      const wire = await this.#call('solve', {
        position: { rules: p.rules, board, sunk: [], prior: p.grid },
        boardKey: PRIOR_HEAT_KEY,
      });
      if (this.#selectedId === id) this.#heat = heatFromWire(wire, `prior-${id}`, () => true);
    } finally {
      if (this.#selectedId === id) this.#loadingHeat = false;
    }
  }
}
