// Statistics of a strategy simulation as the lab draws them: shots-to-finish per game turned into
// a histogram, a cumulative curve (share of games finished within n shots) and a summary row.
// The simulate job's result crosses the API unchanged; `readSimulation` accepts each strategy's
// games as a list of shot counts, or as a histogram (shots -> games).

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
  /** Milliseconds the strategy spent in all its games, when reported. */
  ms: number | null;
  /** 95% interval of the mean, when the simulator reports it. */
  ci95: [number, number] | null;
}

export function countsFromShots(shots: readonly number[]): number[] {
  const max = shots.reduce((m, s) => Math.max(m, s), 0);
  const counts = new Array<number>(max + 1).fill(0);
  for (const s of shots) counts[s]! += 1;
  return counts;
}

/** Smallest n with at least `q` of the games finished within n shots (q in (0, 1]). */
export function quantile(counts: readonly number[], q: number): number {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  let seen = 0;
  for (let n = 0; n < counts.length; n++) {
    seen += counts[n]!;
    if (seen >= q * total - 1e-9) return n;
  }
  return counts.length - 1;
}

export function statsFromCounts(
  name: string,
  counts: readonly number[],
  ms: number | null = null,
): StrategyStats {
  const games = counts.reduce((a, b) => a + b, 0);
  let sum = 0;
  let min = -1;
  let max = 0;
  counts.forEach((c, n) => {
    if (c === 0) return;
    sum += c * n;
    if (min < 0) min = n;
    max = n;
  });
  return {
    name,
    games,
    counts: [...counts],
    mean: games ? sum / games : 0,
    median: quantile(counts, 0.5),
    p90: quantile(counts, 0.9),
    min: Math.max(0, min),
    max,
    ms,
    ci95: null,
  };
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function countsOf(entry: Record<string, unknown>): number[] | null {
  for (const key of ['shots', 'shotCounts', 'results']) {
    const v = entry[key];
    if (Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0))
      return countsFromShots(v as number[]);
  }
  for (const key of ['histogram', 'counts']) {
    const v = entry[key];
    if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return [...(v as number[])];
    if (isRecord(v)) {
      const pairs = Object.entries(v).map(([k, c]) => [Number(k), Number(c)] as const);
      if (pairs.every(([k, c]) => Number.isInteger(k) && k >= 0 && Number.isFinite(c))) {
        const counts = new Array<number>(Math.max(0, ...pairs.map(([k]) => k)) + 1).fill(0);
        for (const [k, c] of pairs) counts[k] = c;
        return counts;
      }
    }
  }
  return null;
}

function totalMs(e: Record<string, unknown>): number | null {
  if (typeof e.ms === 'number') return e.ms;
  if (Array.isArray(e.ms) && e.ms.every((v) => typeof v === 'number')) {
    return (e.ms as number[]).reduce((a, b) => a + b, 0);
  }
  if (typeof e.msPerGame === 'number' && typeof e.games === 'number') return e.msPerGame * e.games;
  return null;
}

/** Reads the simulate job's result: `{ strategies: [...] }`, `{ results: [...] }`, a list, or
 * an object keyed by strategy name. Throws when no strategy's games can be found. */
export function readSimulation(value: unknown): StrategyStats[] {
  let entries: [string, Record<string, unknown>][] = [];
  const list = Array.isArray(value)
    ? value
    : isRecord(value)
      ? (value.strategies ?? value.games ?? value.results)
      : null;
  if (Array.isArray(list)) {
    entries = list
      .filter(isRecord)
      .map((e, i) => [String(e.name ?? e.strategy ?? `strategy ${i + 1}`), e]);
  } else if (isRecord(list)) {
    entries = Object.entries(list).filter((e): e is [string, Record<string, unknown>] =>
      isRecord(e[1]),
    );
  } else if (isRecord(value)) {
    entries = Object.entries(value).filter((e): e is [string, Record<string, unknown>] =>
      isRecord(e[1]),
    );
  }
  const stats = entries
    .map(([name, e]) => {
      const counts = countsOf(e);
      if (!counts) return null;
      const s = statsFromCounts(name, counts, totalMs(e));
      const ci = e.ci95;
      if (Array.isArray(ci) && ci.length === 2 && ci.every((v) => typeof v === 'number')) {
        s.ci95 = [ci[0] as number, ci[1] as number];
      }
      return s;
    })
    .filter((s): s is StrategyStats => s !== null);
  if (stats.length === 0) throw new Error('the simulation result lists no strategy with games');
  return stats;
}

/** One line saying how a simulation was played: games, rules, where fleets came from, answers. */
export function describeRun(report: {
  games: number;
  rules: { preset?: string; width?: number; height?: number };
  prior: boolean;
  shooterPrior?: boolean;
  fleets?: string;
  answers?: string;
}): string {
  const rules = report.rules.preset ?? `${report.rules.width}x${report.rules.height}`;
  const byShip = report.fleets === 'sequential';
  const fleets = report.prior
    ? `fleets drawn from the prior${byShip ? ', placed ship by ship' : ''}`
    : byShip
      ? 'fleets placed ship by ship'
      : 'every legal fleet equally likely';
  const answers =
    report.answers === 'hit-miss' ? 'answers: miss or hit only' : 'answers: miss, hit or sunk';
  const told = report.shooterPrior ? ', shooters told their own prior' : '';
  return `${report.games.toLocaleString('en-US')} games per strategy, ${rules} rules, ${fleets}${told}, ${answers}`;
}
