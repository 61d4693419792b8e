// How far a learned layout prior is from uniform, in words a player can weigh: the cell weights
// relative to their geometric mean (uniform would be 1 everywhere) and a verdict. A prior learned
// from a game or two stays close to uniform by design (the learner pulls it there until the
// games show a habit), and without saying so it looks like a broken heatmap.

export interface PriorSpread {
  /** Lowest and highest cell weight relative to the geometric mean. */
  low: number;
  high: number;
  verdict: 'very close to uniform' | 'mildly shaped' | 'clearly shaped';
}

export function priorSpread(grid: readonly (readonly number[])[]): PriorSpread {
  const logs = grid.flat().map((w) => Math.log(w));
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const low = Math.exp(Math.min(...logs) - mean);
  const high = Math.exp(Math.max(...logs) - mean);
  const widest = Math.max(Math.log(high), -Math.log(low));
  const verdict =
    widest < 0.1 ? 'very close to uniform' : widest < 0.4 ? 'mildly shaped' : 'clearly shaped';
  return { low, high, verdict };
}

/** "cell weights from 0.97 to 1.04 of the average (uniform: 1 everywhere), mildly shaped". */
export function describeSpread(s: PriorSpread): string {
  const tail = `of the average (uniform: 1 everywhere), ${s.verdict}`;
  if (Math.max(s.high - 1, 1 - s.low) < 0.001) return `every cell weight within 0.1% ${tail}`;
  // A near-flat grid needs a third decimal, or it reads "from 1.00 to 1.00".
  const digits = s.high - s.low < 0.1 ? 3 : 2;
  return `cell weights from ${s.low.toFixed(digits)} to ${s.high.toFixed(digits)} ${tail}`;
}
