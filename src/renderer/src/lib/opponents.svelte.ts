// The opponents known to the app (for the prior picker, the game recorder and the opponents
// view), loaded from the main process and refreshed after changes.

import type { OpponentRecord } from '../../../shared/api';
import { call, errorMessage } from './backend';

class Opponents {
  list = $state.raw<OpponentRecord[]>([]);
  error = $state<string | null>(null);

  async refresh(): Promise<void> {
    try {
      this.list = await call('opponentsList', {});
      this.error = null;
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** The opponent with this name, created when new. */
  async ensure(name: string): Promise<OpponentRecord> {
    const existing = this.list.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (existing) return existing;
    const created = await call('opponentsCreate', { name });
    await this.refresh();
    return created;
  }
}

export const opponents = new Opponents();
