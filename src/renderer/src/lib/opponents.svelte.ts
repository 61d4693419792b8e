// The opponents known to the app (for the prior picker, the game recorder and the opponents
// view), loaded from the main process and refreshed after changes.

import type { OpponentRecord } from '../../../shared/api';
import { call as backendCall, errorMessage, type Call } from './backend';

export class Opponents {
  #list = $state.raw<OpponentRecord[]>([]);
  #error = $state<string | null>(null);
  readonly #call: Call;

  constructor(call: Call = backendCall) {
    this.#call = call;
  }

  get list(): OpponentRecord[] {
    return this.#list;
  }

  get error(): string | null {
    return this.#error;
  }

  async refresh(): Promise<void> {
    try {
      this.#list = await this.#call('opponentsList', {});
      this.#error = null;
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  /** The opponent with this name, created when new. */
  async ensure(name: string): Promise<OpponentRecord> {
    const existing = this.list.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (existing) return existing;
    const created = await this.#call('opponentsCreate', { name });
    await this.refresh();
    return created;
  }
}

export const opponents = new Opponents();
