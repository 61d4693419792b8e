import { describe, expect, it } from 'vitest';
import { parsePosition } from '../../src/core/position';
import { sample } from '../../src/core/solve/sample';
import { solveEnumerate } from '../../src/core/solve/enumerate';
import { OVER9000_EXAMPLE } from '../support/fixtures';

// Chi-square statistic of observed counts against expected probabilities.
function chiSquare(
  observed: Map<string, number>,
  expected: Map<string, number>,
  n: number,
): number {
  let x = 0;
  for (const [key, p] of expected) {
    const e = p * n;
    const o = observed.get(key) ?? 0;
    x += ((o - e) * (o - e)) / e;
  }
  return x;
}

const key = (layout: number[][]): string =>
  layout
    .map((s) => s.join('-'))
    .sort()
    .join('|');

describe('exact sampling of consistent layouts', () => {
  // The Over 9000 example: 7 layouts of one length-3 ship beside two known (sunk) ships.
  const position = parsePosition(OVER9000_EXAMPLE);

  it('draws each of the 7 layouts about equally often (chi-square, 6 d.f.)', () => {
    const n = 7000;
    const draws = sample(position, n, 12345);
    const observed = new Map<string, number>();
    for (const d of draws) observed.set(key(d), (observed.get(key(d)) ?? 0) + 1);
    expect(observed.size).toBe(7);
    const expected = new Map([...observed.keys()].map((k) => [k, 1 / 7]));
    // 99.9th percentile of chi-square with 6 degrees of freedom is 22.46.
    expect(chiSquare(observed, expected, n)).toBeLessThan(22.46);
    // Every draw is a full layout: the sunk ships as given plus one ship of length 3.
    for (const d of draws.slice(0, 50)) {
      expect(d.map((s) => s.length).sort()).toEqual([1, 3, 3]);
    }
  });

  it('is reproducible from a seed', () => {
    expect(sample(position, 20, 5)).toEqual(sample(position, 20, 5));
    expect(sample(position, 20, 5)).not.toEqual(sample(position, 20, 6));
  });

  it('follows a prior: cell frequencies match the exact weighted probabilities', () => {
    const weighted = {
      ...position,
      prior: Float64Array.from({ length: 25 }, (_, i) => 1 + (i % 5)),
    };
    const exact = solveEnumerate(weighted);
    const n = 20000;
    const hits = new Float64Array(25);
    for (const layout of sample(weighted, n, 777))
      for (const ship of layout) for (const c of ship) hits[c]! += 1;
    for (let i = 0; i < 25; i++) {
      const p = exact.probabilities[i]!;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(hits[i]! / n - p)).toBeLessThanOrEqual(4 * se + 1e-12);
    }
  });
});
