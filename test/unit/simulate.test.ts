import { describe, expect, it } from 'vitest';
import { emptyPosition } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import { presetRules, type Rules } from '../../src/core/rules';
import {
  fleetSampler,
  fleetRandom,
  rejectionSampler,
  sequentialSampler,
} from '../../src/core/simulate/fleets';
import { mergeReports } from '../../src/core/simulate/merge';
import { buildReport, type SimulationReport } from '../../src/core/simulate/report';
import { simulateChunk, type SimulationSpec } from '../../src/core/simulate/run';
import {
  median,
  pairedDifference,
  percentile,
  summarize,
  t975,
} from '../../src/core/simulate/stats';
import { simulateJob } from '../../src/main/jobs/simulate-job';
import { bruteForce } from '../support/brute-force';

describe('statistics on known data', () => {
  it('1..10: mean 5.5, t interval, median 5.5, nearest-rank p90 9, histogram', () => {
    const s = summarize([3, 1, 4, 10, 5, 9, 2, 6, 8, 7]);
    expect(s.mean).toBe(5.5);
    // From exact sums: (10 * 385 - 55^2) / (10 * 9) is 55/6 rounded once.
    expect(s.stdDev).toBe(Math.sqrt(55 / 6));
    const half = 2.262 * (Math.sqrt(55 / 6) / Math.sqrt(10));
    expect(s.ci95![0]).toBeCloseTo(5.5 - half, 12);
    expect(s.ci95![1]).toBeCloseTo(5.5 + half, 12);
    expect(s.median).toBe(5.5);
    expect(s.p90).toBe(9);
    expect([s.min, s.max]).toEqual([1, 10]);
    expect([...s.histogram]).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, 1]));
  });

  it('odd counts, repeats and a single game', () => {
    expect(median([1, 2, 2, 7, 9])).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
    const one = summarize([42]);
    expect(one.ci95).toBeNull();
    expect([one.mean, one.median, one.p90, one.max]).toEqual([42, 42, 42, 42]);
    expect([...summarize([5, 5, 6]).histogram]).toEqual([
      [5, 2],
      [6, 1],
    ]);
  });

  it("Student's t: table values and the large-sample limit", () => {
    expect(t975(1)).toBe(12.706);
    expect(t975(30)).toBe(2.042);
    expect(t975(60)).toBeCloseTo(2.0003, 3);
    expect(t975(1e9)).toBeCloseTo(1.96, 3);
  });

  it('paired differences: per game, with wins, losses and ties', () => {
    const d = pairedDifference([40, 42, 50, 45], [41, 42, 47, 44]);
    expect(d.meanDifference).toBe(0.75);
    expect([d.aFewer, d.bFewer, d.equal]).toEqual([1, 2, 1]);
    const sd = Math.sqrt(((-1.75) ** 2 + 0.75 ** 2 + 2.25 ** 2 + 0.25 ** 2) / 3);
    expect(d.ci95![1] - d.ci95![0]).toBeCloseTo(2 * 3.182 * (sd / 2), 12);
    expect(() => pairedDifference([1], [1, 2])).toThrow(/differ in length/);
  });
});

const layoutKey = (layout: number[][]): string =>
  layout
    .map((s) => [...s].sort((a, b) => a - b).join('-'))
    .sort()
    .join('|');

/** Chi-square of draws against probabilities proportional to `weights` (by layout key). */
function chiSquare(draws: string[], weights: Map<string, number>): number {
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const seen = new Map<string, number>();
  for (const k of draws) seen.set(k, (seen.get(k) ?? 0) + 1);
  for (const k of seen.keys()) expect(weights.has(k)).toBe(true); // only legal layouts
  let x = 0;
  for (const [k, w] of weights) {
    const e = (w / total) * draws.length;
    x += ((seen.get(k) ?? 0) - e) ** 2 / e;
  }
  return x;
}

describe('hidden fleets are exact draws', () => {
  // 3x4, ships 3 and 2 that may not share an edge: few enough layouts to list them all.
  const rules: Rules = {
    width: 4,
    height: 3,
    fleet: [{ length: 3 }, { length: 2 }],
    touch: 'no-edge-touch',
  };
  /** Every legal layout with its weight (product of the prior over its cells). */
  function allLayouts(prior?: Float64Array): Map<string, number> {
    const out = new Map<string, number>();
    const placements = (len: number): number[][] => {
      const list: number[][] = [];
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 4; c++) {
          if (c + len <= 4) list.push(Array.from({ length: len }, (_, k) => r * 4 + c + k));
          if (r + len <= 3) list.push(Array.from({ length: len }, (_, k) => (r + k) * 4 + c));
        }
      }
      return list;
    };
    const edge = (a: number, b: number): boolean =>
      Math.abs(Math.floor(a / 4) - Math.floor(b / 4)) + Math.abs((a % 4) - (b % 4)) <= 1;
    for (const a of placements(3)) {
      for (const b of placements(2)) {
        if (a.some((x) => b.some((y) => edge(x, y)))) continue;
        const w = prior ? [...a, ...b].reduce((p, c) => p * prior[c]!, 1) : 1;
        out.set(layoutKey([a, b]), w);
      }
    }
    return out;
  }

  it('the layout list agrees with the exact count', () => {
    expect(allLayouts().size).toBe(bruteForce(emptyPosition(rules)).total);
  });

  // 99.9th percentile of chi-square: with d degrees of freedom, about d + 3.1 sqrt(2d) + 5.
  const limit = (d: number): number => d + 3.1 * Math.sqrt(2 * d) + 5;

  it('rejection sampling: uniform over the legal layouts (chi-square)', () => {
    const layouts = allLayouts();
    const sampler = rejectionSampler(rules);
    const random = seededRandom(4);
    const draws = Array.from({ length: 20 * layouts.size }, () => layoutKey(sampler.draw(random)));
    expect(chiSquare(draws, layouts)).toBeLessThan(limit(layouts.size - 1));
  });

  it('rejection sampling with a prior: proportional to each layout weight', () => {
    const prior = Float64Array.from({ length: 12 }, (_, i) => 1 + (i % 3));
    const layouts = allLayouts(prior);
    const sampler = rejectionSampler(rules, prior);
    const random = seededRandom(9);
    const draws = Array.from({ length: 40 * layouts.size }, () => layoutKey(sampler.draw(random)));
    expect(chiSquare(draws, layouts)).toBeLessThan(limit(layouts.size - 1));
  });

  it('the DP model (used when rejection would be slow): uniform as well', () => {
    const layouts = allLayouts();
    const sampler = fleetSampler(rules, undefined, 2); // no pilot can accept 200% of its tries
    expect(sampler.method).toBe('dp');
    const random = seededRandom(2);
    const draws = Array.from({ length: 20 * layouts.size }, () => layoutKey(sampler.draw(random)));
    expect(chiSquare(draws, layouts)).toBeLessThan(limit(layouts.size - 1));
  });

  it('ship by ship: the 3 uniform over its places, the 2 over those left (not uniform layouts)', () => {
    const uniform = allLayouts();
    // The exact chance of each layout: 1/(places of the 3) * 1/(places it leaves the 2).
    const byFirst = new Map<string, string[]>();
    for (const key of uniform.keys()) {
      const first = key.split('|').find((s) => s.split('-').length === 3)!;
      byFirst.set(first, [...(byFirst.get(first) ?? []), key]);
    }
    const sequential = new Map<string, number>();
    for (const keys of byFirst.values()) for (const k of keys) sequential.set(k, 1 / keys.length);
    const sampler = sequentialSampler(rules);
    const random = seededRandom(5);
    const draws = Array.from({ length: 30 * uniform.size }, () => layoutKey(sampler.draw(random)));
    expect(chiSquare(draws, sequential)).toBeLessThan(limit(sequential.size - 1));
    // and it is told apart from uniform by the same test
    expect(chiSquare(draws, uniform)).toBeGreaterThan(3 * limit(uniform.size - 1));
  });

  it('picks rejection for the classic fleet and the DP for the crowded Russian fleet', () => {
    expect(fleetSampler(presetRules('classic')).method).toBe('rejection');
    const crowded: Rules = {
      width: 5,
      height: 5,
      fleet: [3, 2, 2, 1, 1, 1].map((length) => ({ length })),
      touch: 'no-touch',
    };
    expect(fleetSampler(crowded).method).toBe('dp');
  });

  it("game k's fleet depends on (seed, k) alone", () => {
    const sampler = rejectionSampler(presetRules('classic'));
    const a = sampler.draw(fleetRandom(7, 12));
    sampler.draw(fleetRandom(7, 3)); // other games in between change nothing
    expect(sampler.draw(fleetRandom(7, 12))).toEqual(a);
    expect(sampler.draw(fleetRandom(8, 12))).not.toEqual(a);
  });
});

describe('simulating games', () => {
  const classic = presetRules('classic');
  const spec = (strategies: string[], seed = 1): SimulationSpec => ({
    rules: classic,
    strategies,
    seed,
  });

  it('is reproducible, independent of chunking, and pairs strategies on the same fleets', () => {
    const fleetsA: string[] = [];
    const fleetsB: string[] = [];
    const whole = simulateChunk(spec(['random', 'parity', 'pdf']), 0, 12, {
      onFleet: (_, l) => fleetsA.push(layoutKey(l)),
    });
    const again = simulateChunk(spec(['random', 'parity', 'pdf']), 0, 12);
    expect(again.map((g) => g.shots)).toEqual(whole.map((g) => g.shots));
    const parts = [
      simulateChunk(spec(['random', 'parity', 'pdf']), 0, 5),
      simulateChunk(spec(['random', 'parity', 'pdf']), 5, 12),
    ];
    expect(parts[0]!.map((g, s) => [...g.shots, ...parts[1]![s]!.shots])).toEqual(
      whole.map((g) => g.shots),
    );
    // Another strategy list: the same fleets, and each strategy's own games unchanged.
    const other = simulateChunk(spec(['pdf', 'hunt-target']), 0, 12, {
      onFleet: (_, l) => fleetsB.push(layoutKey(l)),
    });
    expect(fleetsB).toEqual(fleetsA);
    expect(other[0]!.shots).toEqual(whole[2]!.shots);
    // Another seed: other fleets.
    const fleetsC: string[] = [];
    simulateChunk(spec(['random'], 2), 0, 12, { onFleet: (_, l) => fleetsC.push(layoutKey(l)) });
    expect(fleetsC).not.toEqual(fleetsA);
  });

  it('random play on 1,000 classic games matches its exact distribution (median 97)', () => {
    // Random shooting ends at the last of the 17 ship cells in a random order of the 100, so
    // P(T <= t) = C(t, 17) / C(100, 17): median 97, mean 17 * 101 / 18, sd 4.811. With 1,000
    // games the sample median is 97 with probability 0.977 and 96..97 with probability > 0.9999;
    // the mean's standard error is 0.152.
    const [random] = simulateChunk(spec(['random'], 2026), 0, 1000);
    const s = summarize(random!.shots);
    expect(s.median).toBeGreaterThanOrEqual(96);
    expect(s.median).toBeLessThanOrEqual(97);
    expect(Math.abs(s.mean - (17 * 101) / 18)).toBeLessThan(4 * (4.811 / Math.sqrt(1000)));
    // The whole histogram against the exact law (bins up to 88 pooled), chi-square, 12 d.f.
    const choose = (n: number, k: number): number => {
      let r = 1;
      for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
      return r;
    };
    const cdf = (t: number): number => choose(t, 17) / choose(100, 17);
    let x = 0;
    for (let t = 88; t <= 100; t++) {
      const p = t === 88 ? cdf(88) : cdf(t) - cdf(t - 1);
      const o = random!.shots.filter((v) => (t === 88 ? v <= 88 : v === t)).length;
      x += (o - 1000 * p) ** 2 / (1000 * p);
    }
    expect(x).toBeLessThan(32.9); // 99.9th percentile, 12 degrees of freedom
  });

  it('the report: statistics per strategy and every paired difference', () => {
    const results = simulateChunk(spec(['parity', 'pdf']), 0, 30);
    const report = buildReport({ rules: classic, seed: 1 }, results);
    expect(report.games).toBe(30);
    expect(report.rules).toEqual({ preset: 'classic' });
    expect(Object.keys(report.strategies)).toEqual(['parity', 'pdf']);
    const pdf = report.strategies.pdf!;
    expect(Object.values(pdf.histogram).reduce((a, b) => a + b, 0)).toBe(30);
    // The shots are the histogram's; the per-shot and per-game times divide the total by them.
    const shots = Object.entries(pdf.histogram).reduce((sum, [v, n]) => sum + Number(v) * n, 0);
    expect(pdf.sum).toBe(shots);
    expect(pdf.msPerShot).toBeCloseTo(pdf.ms / shots, 12);
    expect(pdf.msPerGame).toBeCloseTo(pdf.ms / 30, 12);
    expect(report.paired).toHaveLength(1);
    expect(report.paired[0]).toMatchObject({ a: 'parity', b: 'pdf', games: 30 });
    // DataGenetics' ordering: the density beats parity hunting on the same fleets.
    expect(report.paired[0]!.meanDifference).toBeGreaterThan(5);
  });

  it('reports of disjoint slices merge into the report of one run, to the last digit', () => {
    const results = simulateChunk(spec(['random', 'parity', 'hunt-target']), 0, 45);
    const whole = buildReport({ rules: classic, seed: 1 }, results);
    const part = (from: number, to: number): SimulationReport =>
      buildReport(
        { rules: classic, seed: 1 },
        results.map((r) => ({ ...r, shots: r.shots.slice(from, to), ms: r.ms.slice(from, to) })),
        from,
      );
    const pieces = [part(31, 45), part(0, 17), part(17, 31)];
    const merged = mergeReports(pieces.map((report, k) => ({ source: `part${k}`, report })));
    const untimed = (r: SimulationReport): SimulationReport => ({
      ...r,
      strategies: Object.fromEntries(
        Object.entries(r.strategies).map(([k, v]) => [
          k,
          { ...v, ms: 0, msPerShot: 0, msPerGame: 0 },
        ]),
      ),
    });
    // toStrictEqual compares the floats exactly: intervals and standard deviations included.
    expect(untimed(merged)).toStrictEqual(untimed(whole));
    expect(Object.keys(merged)).toEqual(Object.keys(whole));
    expect(whole.paired[0]!.sum).toBe(
      results[0]!.shots.reduce((a, x, k) => a + x - results[1]!.shots[k]!, 0),
    );
    expect(whole.strategies.parity!.sumOfSquares).toBe(
      results[1]!.shots.reduce((a, x) => a + x * x, 0),
    );
    expect(() =>
      mergeReports([
        { source: 'x', report: pieces[1] },
        { source: 'y', report: part(10, 20) },
      ]),
    ).toThrow(/^y: its games 10\.\.19 overlap games 0\.\.16 of x$/);
    const otherPrior = { ...pieces[0]!, priorDigest: '0123456789abcdef' };
    expect(() =>
      mergeReports([
        { source: 'x', report: pieces[2] },
        { source: 'y', report: otherPrior },
      ]),
    ).toThrow(/^y: its priorDigest differs from that of x/);
  });

  it('the pool job plays a range of games, given as {from, to} or {games}', () => {
    const seen: number[] = [];
    const ctx = { progress: (f: number) => seen.push(f) };
    const base = { rules: { preset: 'classic' }, strategies: ['parity'], seed: 4 };
    const first = simulateJob({ ...base, games: 6 }, ctx);
    expect([first.from, first.to]).toEqual([0, 6]);
    expect(seen.at(-1)).toBe(1);
    const tail = simulateJob({ ...base, rules: { preset: 'classic' }, from: 4, to: 6 }, ctx);
    expect(tail.games[0]!.shots).toEqual(first.games[0]!.shots.slice(4));
    expect(() => simulateJob({ ...base }, ctx)).toThrow(/give the games to play as \{from, to\}/);
    expect(() => simulateJob({ ...base, games: 2, strategies: ['nope'] }, ctx)).toThrow(
      /unknown strategy "nope"/,
    );
  });
});
