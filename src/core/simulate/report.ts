// The report of a simulation: per strategy the summary of shots to finish (mean with its 95%
// interval, median, 90th percentile, extremes, the full histogram) and the time per shot, plus
// every pairwise comparison on the same games. Salvo games (K > 1 shots per turn) also summarise
// turns to finish the same way, per strategy and per pair (`turns`), and record K (`salvo`); a
// game of one shot per turn has as many turns as shots, so its report has neither.
// Its JSON form is the `simulate --json` output.
//
// A report is built from a tally (per strategy the histogram of shots and the shooter's total
// milliseconds; per pair the exact sums of the per-game differences), and keeps the tally's
// figures, so reports of disjoint game ranges of one seed add up to exactly the report of one run
// over their union (merge.ts).

import type { BotsReport } from '../bot-protocol';
import { type PositionJson } from '../position';
import { rulesToJson } from '../rules-json';
import type { Rules } from '../rules';
import type { FleetSource } from './fleets';
import type { Answers } from './game';
import type { StrategyGames } from './run';
import {
  histogramOf,
  pairedFromSums,
  pairedSums,
  summarizeHistogram,
  type Paired,
  type PairedSums,
} from './stats';

/** Shots (or turns) per game summarised, with the exact sums a merge adds up. */
export interface DistributionJson {
  mean: number;
  ci95: [number, number] | null;
  stdDev: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  /** value -> games (keys are the values as strings, ascending). */
  histogram: Record<string, number>;
  /** Sum over games of the value, and of its square (exact integers). */
  sum: number;
  sumOfSquares: number;
}

export interface StrategyReport extends DistributionJson {
  games: number;
  /** Milliseconds the strategy spent per shot (its own thinking, on one thread). */
  msPerShot: number;
  /** The same per game. */
  msPerGame: number;
  /** The strategy's total milliseconds over all games. */
  ms: number;
  /** Salvo games: turns to finish. */
  turns?: TurnsReport;
}

/** Turns to finish a salvo game, summarised as shots are (exact sums and histogram included). */
export interface TurnsReport extends DistributionJson {
  /** The strategy's milliseconds per turn (choosing its K cells). */
  msPerTurn: number;
}

/** The paired difference of turns (a - b) on the same games (the game count is the pair's). */
export type PairedTurns = Omit<Paired, 'games'>;

/** The paired difference of shots (a - b) on the same games: negative when a needs fewer. */
export interface PairedReport extends PairedTurns {
  a: string;
  b: string;
  games: number;
  /** Salvo games: the same for turns. */
  turns?: PairedTurns;
}

export interface SimulationReport {
  rules: PositionJson['rules'];
  games: number;
  /** The games played are firstGame .. firstGame + games - 1 of the seed. */
  firstGame: number;
  seed: number;
  /** Fleets were drawn from a prior (which the shooters were told, unless shooterPrior). */
  prior: boolean;
  /** The shooters were told a grid of their own instead (not the fleets' source). */
  shooterPrior: boolean;
  /** What each shot (or each turn, as a volley) was told (answers.ts). */
  answers: Answers;
  /** Shots per turn, when more than one (absent: one). */
  salvo?: number;
  /** Hidden fleets uniform over legal layouts, or placed one ship at a time. */
  fleets: FleetSource;
  /** Fingerprints of the grids the fleets were drawn from and the shooters were told (or null). */
  priorDigest: string | null;
  shooterPriorDigest: string | null;
  strategies: Record<string, StrategyReport>;
  paired: PairedReport[];
  /** Wall-clock milliseconds of the whole run and the threads it used, when known. */
  wallMs?: number;
  threads?: number;
  /** External bots of the run and their faults (runs with --bot or --placer only). */
  bots?: BotsReport;
}

/** What a report's numbers are made of; tallies of disjoint games add up (merge.ts). */
export interface SimulationTally {
  strategies: {
    strategy: string;
    histogram: Map<number, number>;
    ms: number;
    /** Salvo games: turns -> games. */
    turns?: Map<number, number>;
  }[];
  /** Every pair of strategies (i < j, in strategy order). */
  paired: { a: string; b: string; sums: PairedSums; turns?: PairedSums }[];
}

/** The fields that say which games a report is about (everything but the range and results). */
export type ReportSetting = Omit<
  SimulationReport,
  'games' | 'firstGame' | 'strategies' | 'paired' | 'wallMs' | 'threads'
>;

/** A 64-bit fingerprint (two FNV-1a hashes) of a weight grid, as 16 hex digits. */
export function gridDigest(grid: Float64Array): string {
  const text = Array.from(grid).join(',');
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** What a simulation was asked to play: the inputs its report records. */
export interface SimulationSpec {
  rules: Rules;
  seed: number;
  prior?: Float64Array | null;
  shooterPrior?: Float64Array | null;
  answers?: Answers;
  salvo?: number;
  fleets?: FleetSource;
}

export function reportSetting(spec: SimulationSpec): ReportSetting {
  const salvo = spec.salvo ?? 1;
  return {
    rules: rulesToJson(spec.rules),
    seed: spec.seed,
    prior: Boolean(spec.prior),
    shooterPrior: Boolean(spec.shooterPrior),
    answers: spec.answers ?? 'sunk',
    ...(salvo > 1 ? { salvo } : {}),
    fleets: spec.fleets ?? 'uniform',
    priorDigest: spec.prior ? gridDigest(spec.prior) : null,
    shooterPriorDigest: spec.shooterPrior ? gridDigest(spec.shooterPrior) : null,
  };
}

/** The tally of per-game results; with `withTurns` (salvo games) turns are tallied too. */
export function tallyGames(results: StrategyGames[], withTurns = false): SimulationTally {
  const turnsOf = (r: StrategyGames): number[] => r.turns ?? r.shots;
  const paired: SimulationTally['paired'] = [];
  for (let i = 0; i < results.length; i++) {
    for (let j = i + 1; j < results.length; j++) {
      const [a, b] = [results[i]!, results[j]!];
      const sums = pairedSums(a.shots, b.shots);
      paired.push(
        withTurns
          ? { a: a.strategy, b: b.strategy, sums, turns: pairedSums(turnsOf(a), turnsOf(b)) }
          : { a: a.strategy, b: b.strategy, sums },
      );
    }
  }
  return {
    strategies: results.map((r) => ({
      strategy: r.strategy,
      histogram: histogramOf(r.shots),
      ms: r.ms.reduce((x, y) => x + y, 0),
      ...(withTurns ? { turns: histogramOf(turnsOf(r)) } : {}),
    })),
    paired,
  };
}

/** A histogram of per-game values summarised, with its exact sum and sum of squares. */
function distributionJson(histogram: Map<number, number>): DistributionJson & { games: number } {
  const s = summarizeHistogram(histogram);
  let sum = 0;
  let sumOfSquares = 0;
  for (const [value, count] of histogram) {
    sum += value * count;
    sumOfSquares += value * value * count;
  }
  return {
    games: s.games,
    mean: s.mean,
    ci95: s.ci95,
    stdDev: s.stdDev,
    median: s.median,
    p90: s.p90,
    min: s.min,
    max: s.max,
    histogram: Object.fromEntries([...s.histogram].map(([k, v]) => [String(k), v])),
    sum,
    sumOfSquares,
  };
}

function turnsReport(histogram: Map<number, number>, ms: number): TurnsReport {
  const { games: _, ...turns } = distributionJson(histogram);
  return { ...turns, msPerTurn: turns.sum > 0 ? ms / turns.sum : 0 };
}

function pairedTurns(sums: PairedSums): PairedTurns {
  const { games: _, ...rest } = pairedFromSums(sums);
  return rest;
}

export function reportFromTally(
  setting: ReportSetting,
  firstGame: number,
  tally: SimulationTally,
): SimulationReport {
  const strategies: Record<string, StrategyReport> = {};
  for (const r of tally.strategies) {
    // Key order as before the shared summary, so reports stay byte-identical.
    const { sum, sumOfSquares, ...s } = distributionJson(r.histogram);
    strategies[r.strategy] = {
      ...s,
      msPerShot: sum > 0 ? r.ms / sum : 0,
      msPerGame: s.games > 0 ? r.ms / s.games : 0,
      sum,
      sumOfSquares,
      ms: r.ms,
      ...(r.turns ? { turns: turnsReport(r.turns, r.ms) } : {}),
    };
  }
  const { rules, seed, prior, shooterPrior, answers, fleets, ...rest } = setting;
  return {
    rules,
    games: tally.strategies[0] ? summarizeHistogram(tally.strategies[0].histogram).games : 0,
    firstGame,
    seed,
    prior,
    shooterPrior,
    answers,
    fleets,
    ...rest,
    strategies,
    paired: tally.paired.map((p) => ({
      a: p.a,
      b: p.b,
      ...pairedFromSums(p.sums),
      ...(p.turns ? { turns: pairedTurns(p.turns) } : {}),
    })),
  };
}

/** The report of games firstGame.. (per strategy, in game order). */
export function buildReport(
  spec: SimulationSpec,
  results: StrategyGames[],
  firstGame = 0,
): SimulationReport {
  const setting = reportSetting(spec);
  return reportFromTally(setting, firstGame, tallyGames(results, setting.salvo !== undefined));
}
