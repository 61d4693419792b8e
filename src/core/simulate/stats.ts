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

/**
 * A sample of whole numbers as exact sums: enough for its mean and variance, and two samples' sums
 * add up to the sums of both (how `broadside merge` joins reports of separate runs).
 */
export interface Sums {
  count: number;
  sum: number;
  sumOfSquares: number;
}

/**
 * Mean, standard deviation and interval from exact sums. The spread n * sum(x^2) - sum(x)^2 is
 * computed as an exact integer, so the same sums give the same digits however the games were
 * split between runs (a two-pass sum of squared deviations depends on the order of additions).
 */
function meanAndInterval({ count: n, sum, sumOfSquares }: Sums): {
  mean: number;
  sd: number;
  ci95: [number, number] | null;
} {
  const mean = n > 0 ? sum / n : NaN;
  const spread = n > 1 ? Number(BigInt(n) * BigInt(sumOfSquares) - BigInt(sum) ** 2n) : 0;
  const sd = n > 1 ? Math.sqrt(spread / (n * (n - 1))) : 0;
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

/** Shot count -> games, ascending. */
export function histogramOf(values: readonly number[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const v of [...values].sort((a, b) => a - b)) {
    histogram.set(v, (histogram.get(v) ?? 0) + 1);
  }
  return histogram;
}

/** The value at 0-based `rank` of the sample an ascending histogram counts. */
function valueAt(histogram: Map<number, number>, rank: number): number {
  let below = 0;
  for (const [value, count] of histogram) {
    below += count;
    if (rank < below) return value;
  }
  return NaN;
}

/**
 * The summary of a sample of whole numbers given as its ascending histogram (what a report keeps,
 * so reports of separate runs merge into exactly the summary of one run).
 */
export function summarizeHistogram(histogram: Map<number, number>): Summary {
  let count = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (const [value, n] of histogram) {
    count += n;
    sum += value * n;
    sumOfSquares += value * value * n;
  }
  const { mean, sd, ci95 } = meanAndInterval({ count, sum, sumOfSquares });
  const m = count >> 1;
  const middle =
    count === 0
      ? NaN
      : count % 2
        ? valueAt(histogram, m)
        : (valueAt(histogram, m - 1) + valueAt(histogram, m)) / 2;
  const p90 =
    count === 0
      ? NaN
      : valueAt(histogram, Math.min(count, Math.max(1, Math.ceil(0.9 * count))) - 1);
  const values = [...histogram.keys()];
  return {
    games: count,
    mean,
    ci95,
    stdDev: sd,
    median: middle,
    p90,
    min: values[0] ?? NaN,
    max: values[values.length - 1] ?? NaN,
    histogram,
  };
}

/** The summary of a sample of whole numbers (shots to finish). */
export function summarize(values: readonly number[]): Summary {
  return summarizeHistogram(histogramOf(values));
}

/** Sums of the per-game differences a - b, and who needed fewer: what paired games add up to. */
export interface PairedSums extends Sums {
  aFewer: number;
  bFewer: number;
  equal: number;
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
  /** Sum of a - b over the games, and of its squares (exact integers; reports merge by them). */
  sum: number;
  sumOfSquares: number;
}

export function pairedSums(a: readonly number[], b: readonly number[]): PairedSums {
  if (a.length !== b.length) {
    throw new Error(`paired samples differ in length (${a.length} and ${b.length})`);
  }
  const s: PairedSums = {
    count: a.length,
    sum: 0,
    sumOfSquares: 0,
    aFewer: 0,
    bFewer: 0,
    equal: 0,
  };
  a.forEach((x, k) => {
    const d = x - b[k]!;
    s.sum += d;
    s.sumOfSquares += d * d;
    if (d < 0) s.aFewer++;
    else if (d > 0) s.bFewer++;
    else s.equal++;
  });
  return s;
}

export function pairedFromSums(s: PairedSums): Paired {
  const { mean, ci95 } = meanAndInterval(s);
  return {
    games: s.count,
    meanDifference: mean,
    ci95,
    aFewer: s.aFewer,
    bFewer: s.bFewer,
    equal: s.equal,
    sum: s.sum,
    sumOfSquares: s.sumOfSquares,
  };
}

export function pairedDifference(a: readonly number[], b: readonly number[]): Paired {
  return pairedFromSums(pairedSums(a, b));
}
