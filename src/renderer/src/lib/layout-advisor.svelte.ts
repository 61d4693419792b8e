// The placement advisor for our own fleet against one opponent: the risk map read from their
// logged shots at us (how early their search reaches each cell) and the layouts their shooting
// needs most shots to sink, stepped through one at a time; or a uniformly random legal layout
// (the choice no habit of theirs can exploit). Both run as the pool job `advise` in the main
// process; the advisor view shows this state and calls its intents.

import { parseRules } from '../../../core/rules-json';
import type { OpponentRecord, PlacementAdvice, RulesJson } from '../../../shared/api';
import { emptySnapshot, type BoardSnapshot } from '../model/board-model';
import type { HeatLayer } from '../model/heat';
import { call as backendCall, errorMessage, type Call } from './backend';

type Cell = [number, number];

/** A fleet laid out on an otherwise empty board, as BoardGrid draws it. */
export interface LayoutOnBoard {
  board: BoardSnapshot;
  ships: number[][];
}

/** An empty board and our fleet on it, each ship as cells (drawn apart by BoardGrid). */
function fleetOnBoard(rulesJson: RulesJson, layout: Cell[][]): LayoutOnBoard {
  const r = parseRules(rulesJson);
  const ships = layout.map((ship) => ship.map(([row, col]) => row * r.width + col));
  return { board: emptySnapshot(r), ships };
}

export class LayoutAdvisor {
  #advice = $state.raw<PlacementAdvice | null>(null);
  #randomLayout = $state.raw<LayoutOnBoard | null>(null);
  /** Which suggested layout is shown (an index into the advice's suggestions). */
  #shown = $state(0);
  #busy = $state(false);
  #status = $state<string | null>(null);
  readonly #call: Call;

  readonly riskBoard = $derived(
    this.#advice ? emptySnapshot(parseRules(this.#advice.rules)) : null,
  );
  readonly riskHeat = $derived.by((): HeatLayer | null => {
    if (!this.#advice?.risk) return null;
    const probabilities = Float64Array.from(this.#advice.risk.flat());
    return { length: 'all', afloat: 0, probabilities, max: Math.max(0, ...probabilities) };
  });
  readonly suggestion = $derived(this.#advice?.suggestions[this.#shown] ?? null);
  readonly suggestionBoard = $derived(
    this.#advice && this.suggestion
      ? fleetOnBoard(this.#advice.rules, this.suggestion.layout)
      : null,
  );

  constructor(call: Call = backendCall) {
    this.#call = call;
  }

  get advice(): PlacementAdvice | null {
    return this.#advice;
  }
  get randomLayout(): LayoutOnBoard | null {
    return this.#randomLayout;
  }
  get shown(): number {
    return this.#shown;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get status(): string | null {
    return this.#status;
  }

  /** Reads the opponent's shooting from their `theirGames` games of shots at us. */
  async advise(opponent: OpponentRecord, theirGames: number): Promise<void> {
    this.#busy = true;
    this.#status = `Reading ${opponent.name}'s shooting from ${theirGames} game${theirGames === 1 ? '' : 's'}…`;
    try {
      this.#advice = await this.#call('adviseLayout', {
        opponentId: opponent.id,
        candidates: 2000,
        suggestions: 5,
        key: `advise-${opponent.id}`,
      });
      this.#shown = 0;
      this.#status = null;
    } catch (e) {
      this.#status = `No advice: ${errorMessage(e)}`;
    } finally {
      this.#busy = false;
    }
  }

  /** Draws a uniformly random legal layout under `rules`. */
  async drawRandom(rules: RulesJson): Promise<void> {
    try {
      const r = await this.#call('adviseLayout', { randomLayout: true, rules });
      this.#randomLayout = fleetOnBoard(r.rules, r.layout ?? []);
      this.#status = null;
    } catch (e) {
      this.#status = `No layout: ${errorMessage(e)}`;
    }
  }

  /** Shows the suggested layout `by` places on (back when negative), within the suggestions. */
  step(by: number): void {
    const last = (this.#advice?.suggestions.length ?? 1) - 1;
    this.#shown = Math.max(0, Math.min(last, this.#shown + by));
  }
}
