// Statistics of a strategy simulation as the lab draws them: shots-to-finish per game as a
// histogram, a cumulative curve (share of games finished within n shots) and a summary row. The
// summary figures are the simulator's own (src/core/simulate/stats.ts), read from its report.

import type { SimulationReport, StrategyReport } from '../../../shared/api';

export interface StrategyStats {
  name: string;
  games: number;
  /** counts[n] = games finished in exactly n shots. */
  counts: number[];
  mean: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  /** Milliseconds the strategy spent in all its games. */
  ms: number;
  /** 95% interval of the mean; null with fewer than two games. */
  ci95: [number, number] | null;
  /** Salvo games: mean turns to finish and its 95% interval. */
  turns?: { mean: number; ci95: [number, number] | null };
}

/** counts[n] = games finished in n shots, from the report's histogram (shots -> games). */
export function countsFromHistogram(histogram: StrategyReport['histogram']): number[] {
  const shots = Object.keys(histogram).map(Number);
  const counts = new Array<number>(Math.max(0, ...shots) + 1).fill(0);
  for (const n of shots) counts[n] = histogram[String(n)]!;
  return counts;
}

/** Share of games finished within n shots, for n = 0..upTo. */
export function cumulative(counts: readonly number[], upTo = counts.length - 1): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let seen = 0;
  for (let n = 0; n <= upTo; n++) {
    seen += counts[n] ?? 0;
    out.push(total ? seen / total : 0);
  }
  return out;
}

/** Groups shot counts into bins of `width` shots: [start, games] pairs from `from` to `to`. */
export function binCounts(
  counts: readonly number[],
  width: number,
  from: number,
  to: number,
): { start: number; games: number }[] {
  const bins: { start: number; games: number }[] = [];
  for (let start = from - (from % width); start <= to; start += width) {
    let games = 0;
    for (let n = start; n < start + width; n++) games += counts[n] ?? 0;
    bins.push({ start, games });
  }
  return bins;
}

/** Each strategy's row of the lab, in the report's order. */
export function readSimulation(report: SimulationReport): StrategyStats[] {
  return Object.entries(report.strategies).map(([name, r]) => ({
    name,
    games: r.games,
    counts: countsFromHistogram(r.histogram),
    mean: r.mean,
    median: r.median,
    p90: r.p90,
    min: r.min,
    max: r.max,
    ms: r.msPerGame * r.games,
    ci95: r.ci95,
    ...(r.turns ? { turns: { mean: r.turns.mean, ci95: r.turns.ci95 } } : {}),
  }));
}

const ANSWER_TEXT: Record<SimulationReport['answers'], string> = {
  sunk: 'answers: miss, hit or sunk',
  'hit-miss': 'answers: miss or hit only',
  named: 'answers: miss, or the ship hit by name',
  'volley-hits': 'each turn answered: cells hit per ship',
  'volley-ships': 'each turn answered: the ships hit',
  'volley-count': 'each turn answered: the number of hits',
};

/** One line saying how a simulation was played: games, rules, where fleets came from, answers. */
export function describeRun(
  report: Pick<
    SimulationReport,
    'games' | 'rules' | 'prior' | 'shooterPrior' | 'fleets' | 'answers' | 'salvo'
  >,
): string {
  const rules =
    'preset' in report.rules ? report.rules.preset : `${report.rules.width}x${report.rules.height}`;
  const byShip = report.fleets === 'sequential';
  const fleets = report.prior
    ? `fleets drawn from the prior${byShip ? ', placed ship by ship' : ''}`
    : byShip
      ? 'fleets placed ship by ship'
      : 'every legal fleet equally likely';
  const answers = ANSWER_TEXT[report.answers];
  const told = report.shooterPrior ? ', shooters told their own prior' : '';
  const salvo = report.salvo ? `, ${report.salvo} shots per turn` : '';
  return `${report.games.toLocaleString('en-US')} games per strategy, ${rules} rules, ${fleets}${told}${salvo}, ${answers}`;
}
