// The report of a simulation: per strategy the summary of shots to finish (mean with its 95%
// interval, median, 90th percentile, extremes, the full histogram) and the time per shot, plus
// every pairwise comparison on the same games. Its JSON form is the `simulate --json` output.

import type { BotsReport } from '../bot-protocol';
import { type PositionJson } from '../position';
import { rulesToJson } from '../rules-json';
import type { Rules } from '../rules';
import type { FleetSource } from './fleets';
import type { Answers } from './game';
import type { StrategyGames } from './run';
import { pairedDifference, summarize } from './stats';

export interface StrategyReport {
  games: number;
  mean: number;
  ci95: [number, number] | null;
  stdDev: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  /** shots -> games (keys are shot counts as strings, ascending). */
  histogram: Record<string, number>;
  /** Milliseconds the strategy spent per shot (its own thinking, on one thread). */
  msPerShot: number;
  /** The same per game. */
  msPerGame: number;
}

export interface PairedReport {
  a: string;
  b: string;
  games: number;
  /** Mean over games of shots(a) - shots(b): negative when a needs fewer. */
  meanDifference: number;
  ci95: [number, number] | null;
  aFewer: number;
  bFewer: number;
  equal: number;
}

export interface SimulationReport {
  rules: PositionJson['rules'];
  games: number;
  seed: number;
  /** Fleets were drawn from a prior (which the shooters were told, unless shooterPrior). */
  prior: boolean;
  /** The shooters were told a grid of their own instead (not the fleets' source). */
  shooterPrior: boolean;
  /** What each shot was told: sinkings with the sunk ship's cells, or hit and miss only. */
  answers: Answers;
  /** Hidden fleets uniform over legal layouts, or placed one ship at a time. */
  fleets: FleetSource;
  strategies: Record<string, StrategyReport>;
  paired: PairedReport[];
  /** Wall-clock milliseconds of the whole run and the threads it used, when known. */
  wallMs?: number;
  threads?: number;
  /** External bots of the run and their faults (runs with --bot or --placer only). */
  bots?: BotsReport;
}

export function buildReport(
  spec: {
    rules: Rules;
    seed: number;
    prior?: Float64Array | null;
    shooterPrior?: Float64Array | null;
    answers?: Answers;
    fleets?: FleetSource;
  },
  results: StrategyGames[],
): SimulationReport {
  const strategies: Record<string, StrategyReport> = {};
  for (const r of results) {
    const s = summarize(r.shots);
    const ms = r.ms.reduce((a, b) => a + b, 0);
    const shots = r.shots.reduce((a, b) => a + b, 0);
    strategies[r.strategy] = {
      games: s.games,
      mean: s.mean,
      ci95: s.ci95,
      stdDev: s.stdDev,
      median: s.median,
      p90: s.p90,
      min: s.min,
      max: s.max,
      histogram: Object.fromEntries([...s.histogram].map(([k, v]) => [String(k), v])),
      msPerShot: shots > 0 ? ms / shots : 0,
      msPerGame: s.games > 0 ? ms / s.games : 0,
    };
  }
  const paired: PairedReport[] = [];
  for (let i = 0; i < results.length; i++) {
    for (let j = i + 1; j < results.length; j++) {
      const d = pairedDifference(results[i]!.shots, results[j]!.shots);
      paired.push({ a: results[i]!.strategy, b: results[j]!.strategy, ...d });
    }
  }
  return {
    rules: rulesToJson(spec.rules),
    games: results[0]?.shots.length ?? 0,
    seed: spec.seed,
    prior: Boolean(spec.prior),
    shooterPrior: Boolean(spec.shooterPrior),
    answers: spec.answers ?? 'sunk',
    fleets: spec.fleets ?? 'uniform',
    strategies,
    paired,
  };
}
