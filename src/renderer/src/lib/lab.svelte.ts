// The strategy lab: which strategies to pit against each other, under which rules, over how many
// games; the running simulation (on the worker pool, with progress, time left and cancel) and its
// result. A new run clears the last one's results (they come back if it fails); a cancelled run
// keeps the games it finished, marked as partial.

import { rulesToJson } from '../../../core/rules-json';
import { presetRules } from '../../../core/rules';
import { MAX_SALVO } from '../../../shared/catalog';
import {
  STRATEGIES,
  type Answers,
  type FleetSource,
  type PairedReport,
  type ParamsOf,
  type SimulationRunReport,
} from '../../../shared/api';
import type { PriorChoice } from './analysis.svelte';
import { apiClient, call, errorMessage, errorName } from './backend';
import { opponents } from './opponents.svelte';
import { resolvePrior } from './priors';
import { describeRun, readSimulation, type StrategyStats } from '../model/sim-stats';
import type { ProgressSample } from '../model/pace';

export const LAB_JOB_KEY = 'strategy-lab';
const POLL_MS = 250;

/** The simulator's strategies, from the contract's catalog (not the registry behind it). */
export { STRATEGIES };

/** A program speaking broadside-bot/1, played beside the strategies (desktop app only). */
export interface LabBot {
  name: string;
  command: string;
}

/**
 * Bots start programs on this computer, so the lab offers them in the desktop app only (its IPC
 * transport); the web transport's API refuses them as well.
 */
export function botsAvailable(): boolean {
  return apiClient().transport === 'electron';
}

type ShownResults = Pick<Lab, 'results' | 'paired' | 'played' | 'partial' | 'report' | 'ms'>;

const BOT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;
const MAX_BOTS = 8;

/** The settings of the next run that the lab's form edits. */
interface LabOptions {
  preset: string;
  games: number;
  seed: number;
  /** Where the hidden fleets come from: 'uniform', 'preset:NAME' or 'opponent:ID'. */
  prior: string;
  /** What the shooters are told: 'same' (the fleets' prior), or 'preset:NAME' / 'opponent:ID'. */
  told: string;
  /** With a prior: also play each strategy without telling it the prior (same fleets). */
  alsoUninformed: boolean;
  /** What the referee tells: sinkings with the sunk ship, or only hit or miss (Cubido's contest). */
  answers: Answers;
  /** Shots per turn (1: the usual game; more: salvo games, reported in turns as well). */
  salvo: number;
  /** Hidden fleets uniform over legal layouts, or placed one ship at a time (not uniform). */
  fleets: FleetSource;
}

type LabOption = keyof LabOptions;

class Lab {
  #options = $state<LabOptions>({
    preset: 'classic',
    games: 100,
    seed: 1,
    prior: 'uniform',
    told: 'same',
    alsoUninformed: true,
    answers: 'sunk',
    salvo: 1,
    fleets: 'uniform',
  });
  #chosen = $state.raw<string[]>(
    ['hunt-target', 'pdf'].filter((n) => STRATEGIES.some((s) => s.name === n)),
  );
  #paired = $state.raw<PairedReport[]>([]);
  #running = $state(false);
  #fraction = $state(0);
  #label = $state<string | null>(null);
  #error = $state<string | null>(null);
  #results = $state.raw<StrategyStats[]>([]);
  #ms = $state<number | null>(null);
  /** How the shown results were played (games, rules, fleets, answers). */
  #played = $state('');
  /** The shown results are those of a cancelled run: games finished of those asked for. */
  #partial = $state.raw<{ played: number; requested: number } | null>(null);
  /** Milliseconds since the running simulation started (updated with its progress). */
  #elapsedMs = $state(0);
  /** The first progress seen of the running simulation (the pace is measured from it). */
  #firstProgress = $state.raw<ProgressSample | null>(null);
  /** The whole report of the shown results, with each game's shots (for the exports). */
  #report = $state.raw<SimulationRunReport | null>(null);
  /** Bots added by command (desktop app only), played beside the chosen strategies. */
  #bots = $state.raw<LabBot[]>([]);

  // Read by the views; only the methods below change them.
  get preset() {
    return this.#options.preset;
  }
  get games() {
    return this.#options.games;
  }
  get seed() {
    return this.#options.seed;
  }
  get prior() {
    return this.#options.prior;
  }
  get told() {
    return this.#options.told;
  }
  get alsoUninformed() {
    return this.#options.alsoUninformed;
  }
  get answers() {
    return this.#options.answers;
  }
  get salvo() {
    return this.#options.salvo;
  }
  get fleets() {
    return this.#options.fleets;
  }
  get chosen() {
    return this.#chosen;
  }
  get paired() {
    return this.#paired;
  }
  get running() {
    return this.#running;
  }
  get fraction() {
    return this.#fraction;
  }
  get label() {
    return this.#label;
  }
  get error() {
    return this.#error;
  }
  get results() {
    return this.#results;
  }
  get ms() {
    return this.#ms;
  }
  get played() {
    return this.#played;
  }
  get partial() {
    return this.#partial;
  }
  get elapsedMs() {
    return this.#elapsedMs;
  }
  get firstProgress() {
    return this.#firstProgress;
  }
  get report() {
    return this.#report;
  }
  get bots() {
    return this.#bots;
  }

  /** Changes one of the form's settings for the next run. */
  setOption<K extends LabOption>(key: K, value: LabOptions[K]): void {
    this.#options[key] = value;
  }

  clearError(): void {
    this.#error = null;
  }

  /** Adds a bot; returns why it cannot be added, or null. */
  addBot(name: string, command: string): string | null {
    const n = name.trim();
    if (!BOT_NAME.test(n)) return 'Name: 1 to 40 letters, digits or _.+- (no spaces).';
    if (STRATEGIES.some((s) => s.name === n) || this.bots.some((b) => b.name === n)) {
      return `The name "${n}" is taken.`;
    }
    if (command.trim() === '') return 'Give the command that starts the bot.';
    if (this.bots.length >= MAX_BOTS) return `At most ${MAX_BOTS} bots.`;
    this.#bots = [...this.bots, { name: n, command: command.trim() }];
    return null;
  }

  removeBot(name: string): void {
    this.#bots = this.bots.filter((b) => b.name !== name);
  }

  /** The salvo field as a whole number of shots per turn, from 1 to MAX_SALVO. */
  get salvoShots(): number {
    return Math.min(MAX_SALVO, Math.max(1, Math.floor(Number(this.salvo) || 1)));
  }

  /** Something to play: a strategy chosen, or a bot added. */
  get canRun(): boolean {
    return this.chosen.length > 0 || this.bots.length > 0;
  }

  toggle(name: string): void {
    this.#chosen = this.chosen.includes(name)
      ? this.chosen.filter((n) => n !== name)
      : [...this.chosen, name];
  }

  /** A picker's value ('uniform', 'preset:NAME', 'opponent:ID') as a prior choice. */
  priorChoice(value = this.prior): PriorChoice {
    const [kind, rest] = [value.split(':')[0], value.slice(value.indexOf(':') + 1)];
    if (kind === 'preset') return { kind: 'preset', name: rest };
    if (kind === 'opponent') {
      const id = Number(rest);
      return { kind: 'opponent', id, name: opponents.list.find((o) => o.id === id)?.name ?? '' };
    }
    return { kind: 'uniform' };
  }

  /** The simulate request; throws with the reason when the chosen prior cannot be used. */
  async request(): Promise<ParamsOf<'simulate'>> {
    const rules = presetRules(this.preset);
    const { grid, note } = await resolvePrior(this.priorChoice(), rules);
    if (note !== null) throw new Error(note);
    const own =
      this.told === 'same' ? null : await resolvePrior(this.priorChoice(this.told), rules);
    if (own?.note) throw new Error(own.note);
    const shooterPrior = own?.grid ?? null;
    return {
      rules: rulesToJson(rules),
      // in the order the registry lists them, so the charts keep a stable order
      strategies: STRATEGIES.map((s) => s.name).filter((n) => this.chosen.includes(n)),
      games: Math.max(1, Math.floor(Number(this.games) || 1)),
      seed: Math.max(0, Math.floor(Number(this.seed) || 0)),
      answers: this.answers,
      ...(this.salvoShots > 1 ? { salvo: this.salvoShots } : {}),
      fleets: this.fleets,
      ...(grid ? { prior: grid } : {}),
      ...(shooterPrior ? { shooterPrior } : {}),
      ...(grid || shooterPrior ? { alsoUninformed: this.alsoUninformed } : {}),
      ...(this.bots.length > 0 && botsAvailable() ? { bots: this.bots } : {}),
    };
  }

  async run(): Promise<void> {
    if (this.running || !this.canRun) return;
    this.#running = true;
    this.#fraction = 0;
    this.#label = null;
    this.#error = null;
    this.#elapsedMs = 0;
    this.#firstProgress = null;
    const last = this.#shown();
    this.#show({ results: [], paired: [], played: '', partial: null, report: null, ms: null });
    const t0 = performance.now();
    let polling = true;
    const poll = async (): Promise<void> => {
      while (polling) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!polling) break;
        try {
          const p = await call('jobProgress', { key: LAB_JOB_KEY });
          // An answer that arrives after the run ended must not move the finished bar back.
          if (!polling) break;
          this.#elapsedMs = performance.now() - t0;
          if (p.running) {
            this.#fraction = p.fraction;
            this.#label = p.label ?? null;
            if (p.fraction > 0 && this.firstProgress === null) {
              this.#firstProgress = { ms: this.elapsedMs, fraction: p.fraction };
            }
          }
        } catch {
          // progress is best effort
        }
      }
    };
    void poll();
    try {
      const request = await this.request();
      const report = await call('simulate', {
        ...request,
        key: LAB_JOB_KEY,
        keepPartial: true,
        perGameShots: true,
      });
      this.#results = readSimulation(report);
      this.#paired = report.paired;
      this.#played = describeRun(report);
      this.#report = report;
      this.#ms = performance.now() - t0;
      if (report.games < request.games) {
        this.#partial = { played: report.games, requested: request.games };
        this.#fraction = report.games / request.games;
      } else this.#fraction = 1;
    } catch (e) {
      this.#error =
        errorName(e) === 'CancelledError'
          ? 'Simulation cancelled before any game finished.'
          : `Simulation failed: ${errorMessage(e)}`;
      // Nothing new to show: the last run's results come back.
      this.#show(last);
    } finally {
      polling = false;
      this.#running = false;
    }
  }

  /** The shown results, to put back when a run fails. */
  #shown(): ShownResults {
    const { results, paired, played, partial, report, ms } = this;
    return { results, paired, played, partial, report, ms };
  }

  #show(r: ShownResults): void {
    this.#results = r.results;
    this.#paired = r.paired;
    this.#played = r.played;
    this.#partial = r.partial;
    this.#report = r.report;
    this.#ms = r.ms;
  }

  async cancel(): Promise<void> {
    try {
      await call('jobCancel', { key: LAB_JOB_KEY });
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }
}

export const lab = new Lab();
