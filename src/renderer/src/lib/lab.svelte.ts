// The strategy lab: which strategies to pit against each other, under which rules, over how many
// games; the running simulation (on the worker pool, with progress and cancel) and its result.

import { rulesToJson } from '../../../core/position';
import { presetRules } from '../../../core/rules';
import { listStrategies } from '../../../core/strategy';
import { call, errorMessage, errorName } from './backend';
import { presetGrid } from './prior-presets';
import { readSimulation, type StrategyStats } from '../model/sim-stats';

export const LAB_JOB_KEY = 'strategy-lab';
const POLL_MS = 250;

export interface StrategyChoice {
  name: string;
  summary: string;
  /** Reads the exact posterior: strong but slow on an open board. */
  exact: boolean;
}

/** The simulator's strategies (the core registry; the API has no list method). */
export const STRATEGIES: readonly StrategyChoice[] = listStrategies().map((s) => ({
  name: s.name,
  summary: s.summary,
  exact: s.exact,
}));

class Lab {
  preset = $state('classic');
  chosen = $state.raw<string[]>(
    ['hunt-target', 'pdf'].filter((n) => STRATEGIES.some((s) => s.name === n)),
  );
  games = $state(100);
  seed = $state(1);
  prior = $state('uniform');
  running = $state(false);
  fraction = $state(0);
  label = $state<string | null>(null);
  error = $state<string | null>(null);
  results = $state.raw<StrategyStats[]>([]);
  ms = $state<number | null>(null);

  toggle(name: string): void {
    this.chosen = this.chosen.includes(name)
      ? this.chosen.filter((n) => n !== name)
      : [...this.chosen, name];
  }

  payload(): Record<string, unknown> {
    const rules = presetRules(this.preset);
    const games = Math.max(1, Math.floor(Number(this.games) || 1));
    return {
      rules: rulesToJson(rules),
      // in the order the registry lists them, so the charts keep a stable order
      strategies: STRATEGIES.map((s) => s.name).filter((n) => this.chosen.includes(n)),
      games,
      seed: Math.max(0, Math.floor(Number(this.seed) || 0)),
      prior: this.prior === 'uniform' ? null : presetGrid(this.prior, rules),
      // The whole run as one chunk, for a simulate method that runs a single job chunk.
      from: 0,
      to: games,
    };
  }

  async run(): Promise<void> {
    if (this.running || this.chosen.length === 0) return;
    this.running = true;
    this.fraction = 0;
    this.label = null;
    this.error = null;
    const t0 = performance.now();
    let polling = true;
    const poll = async (): Promise<void> => {
      while (polling) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!polling) break;
        try {
          const p = await call('jobProgress', { key: LAB_JOB_KEY });
          if (p.running) {
            this.fraction = p.fraction;
            this.label = p.label ?? null;
          }
        } catch {
          // progress is best effort
        }
      }
    };
    void poll();
    try {
      const value = await call('simulate', { payload: this.payload(), key: LAB_JOB_KEY });
      this.results = readSimulation(value);
      this.ms = performance.now() - t0;
      this.fraction = 1;
    } catch (e) {
      this.error =
        errorName(e) === 'CancelledError'
          ? 'Simulation cancelled.'
          : `Simulation failed: ${errorMessage(e)}`;
    } finally {
      polling = false;
      this.running = false;
    }
  }

  async cancel(): Promise<void> {
    try {
      await call('jobCancel', { key: LAB_JOB_KEY });
    } catch (e) {
      this.error = errorMessage(e);
    }
  }
}

export const lab = new Lab();
