// Summary statistics of shots-to-finish samples, and the paired comparison of two strategies
// played on the same fleets.
//
// Definitions: the mean's 95% interval is mean +- t(0.975, n-1) * sd / sqrt(n) (sd with n - 1);
// the median of an even count is the mean of the two middle values; p90 is the nearest-rank 90th
// percentile (the smallest value with at least 90% of games at or below it). A paired difference
// is per game (a - b), so the fleet-to-fleet spread cancels and its interval is much narrower
// than the two separate intervals suggest.

export interface Summary {
  games: number;
  mean: number;
  /** 95% confidence interval of the mean; null with fewer than two games. */
  ci95: [number, number] | null;
  stdDev: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  /** shots -> games, ascending. */
  histogram: Map<number, number>;
}

const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** The 97.5th percentile of Student's t with `df` degrees of freedom (table, then expansion). */
export function t975(df: number): number {
  if (df < 1) return Infinity;
  if (df <= T975.length) return T975[df - 1]!;
  const z = 1.959963984540054;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

function meanAndInterval(values: readonly number[]): {
  mean: number;
  sd: number;
  ci95: [number, number] | null;
} {
  const n = values.length;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = n > 0 ? sum / n : NaN;
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = t975(n - 1) * (sd / Math.sqrt(n));
  return { mean, sd, ci95: n > 1 ? [mean - half, mean + half] : null };
}

export function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const m = n >> 1;
  return n % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

/** Nearest-rank percentile (q in (0, 1]) of ascending values. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const { mean, sd, ci95 } = meanAndInterval(values);
  const histogram = new Map<number, number>();
  for (const v of sorted) histogram.set(v, (histogram.get(v) ?? 0) + 1);
  return {
    games: values.length,
    mean,
    ci95,
    stdDev: sd,
    median: median(sorted),
    p90: percentile(sorted, 0.9),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    histogram,
  };
}

export interface Paired {
  games: number;
  /** Mean of a - b over the games both played. */
  meanDifference: number;
  ci95: [number, number] | null;
  /** Games where a needed fewer shots, b needed fewer, or both the same. */
  aFewer: number;
  bFewer: number;
  equal: number;
}

export function pairedDifference(a: readonly number[], b: readonly number[]): Paired {
  if (a.length !== b.length) {
    throw new Error(`paired samples differ in length (${a.length} and ${b.length})`);
  }
  const d = a.map((x, k) => x - b[k]!);
  const { mean, ci95 } = meanAndInterval(d);
  return {
    games: d.length,
    meanDifference: mean,
    ci95,
    aFewer: d.filter((x) => x < 0).length,
    bFewer: d.filter((x) => x > 0).length,
    equal: d.filter((x) => x === 0).length,
  };
}
