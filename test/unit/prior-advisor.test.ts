// The placement advisor: uniformly random legal layouts, the risk map read from an opponent's
// shots at us, and layouts their shooting finds slowest.

import { describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/core/game-log';
import { emptyPosition } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { adviseLayouts, randomLayout, riskMap, shotsToSink } from '../../src/core/prior/advisor';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { touchNeighbours } from '../../src/core/neighbours';
import { adviseJob } from '../../src/main/jobs/advise-job';
import { gameLogToJson } from '../../src/core/game-log';
import { bruteForce } from '../support/brute-force';
import { playedGame } from '../../experiments/opponents';

/** A log of the opponent's first 20 search shots, in a fixed order, all misses. */
function theirGame(rules: Rules, order: number[]): GameLog {
  return {
    opponent: 'them',
    rules,
    firedBy: 'opponent',
    shots: order.slice(0, 20).map((cell) => ({ cell, result: 'miss' as const })),
  };
}

describe('randomLayout', () => {
  it('draws every legal layout equally often', () => {
    const rules = parseRules({ width: 4, height: 4, fleet: [3, 2], touch: 'allowed' });
    const layouts = bruteForce(emptyPosition(rules)).total;
    const random = seededRandom(5);
    const seen = new Map<string, number>();
    const draws = 40_000;
    for (let k = 0; k < draws; k++) {
      const key = randomLayout(rules, random)
        .map((s) => s.join(','))
        .sort()
        .join('|');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(layouts);
    const expected = draws / layouts;
    for (const count of seen.values()) {
      expect(Math.abs(count - expected)).toBeLessThan(5 * Math.sqrt(expected));
    }
  });

  it('respects the touch rule', () => {
    const rules = parseRules({ width: 8, height: 8, fleet: [4, 3, 3, 2, 2], touch: 'no-touch' });
    const random = seededRandom(6);
    for (let k = 0; k < 200; k++) {
      const layout = randomLayout(rules, random);
      expect(layout.map((s) => s.length).sort()).toEqual([2, 2, 3, 3, 4]);
      const owner = new Map<number, number>();
      layout.forEach((s, i) => s.forEach((c) => owner.set(c, i)));
      expect(owner.size).toBe(14);
      for (const [c, i] of owner) {
        for (const nb of touchNeighbours('no-touch', 8, 8, c)) {
          expect(owner.get(nb) ?? i).toBe(i);
        }
      }
    }
  });
});

describe('the opponent model', () => {
  const rules = parseRules({ width: 6, height: 6, fleet: [3, 2], touch: 'allowed' });
  const topFirst = Array.from({ length: 36 }, (_, i) => i); // row by row from the top-left

  it('counts the shots a search order needs, finishing ships along the line', () => {
    const prio = Int32Array.from(topFirst);
    const byPriority = Int32Array.from(topFirst);
    // A destroyer at the bottom right (34, 35) and a cruiser across the top (0, 1, 2).
    const shots = shotsToSink(
      rules,
      [
        [0, 1, 2],
        [34, 35],
      ],
      prio,
      byPriority,
    );
    // 0, 1, 2 hit and sink the cruiser (3 shots); 3..33 miss (31); 34 hits; 35 sinks: 36.
    expect(shots).toBe(36);
    // Found mid-search: hit at 7, then its best neighbour by the order (1 is a miss, 6, 8 ...).
    const mid = shotsToSink(
      rules,
      [
        [7, 8, 9],
        [30, 31],
      ],
      prio,
      byPriority,
    );
    expect(mid).toBeLessThan(36);
  });

  it('reads the risk map from their search shots and ignores shots finishing a ship off', () => {
    const random = seededRandom(9);
    const games = [0, 1, 2].map(() => theirGame(rules, topFirst));
    const risk = riskMap(games, rules);
    for (let i = 1; i < 20; i++) expect(risk[i]!).toBeLessThan(risk[i - 1]!);
    expect(risk[35]).toBe(0);
    // A played game: its shots after a hit (until the sink) are not search shots.
    const played = playedGame(
      rules,
      [
        [20, 21, 22],
        [4, 10],
      ],
      random,
      36,
      'opponent',
    );
    expect(() => riskMap([played], rules)).not.toThrow();
  });

  it('suggests layouts their search reaches last, better than a random layout', () => {
    const games = [0, 1, 2, 3].map(() => theirGame(rules, topFirst));
    const advice = adviseLayouts(games, { candidates: 400, suggestions: 3, seed: 2 });
    expect(advice.games).toBe(4);
    expect(advice.suggestions).toHaveLength(3);
    const best = advice.suggestions[0]!;
    expect(best.expectedShots).toBeGreaterThan(advice.baseline);
    expect(best.expectedShots).toBeGreaterThanOrEqual(advice.suggestions[2]!.expectedShots);
    // Their search runs from the top: the slowest layouts keep a ship for the bottom row, where
    // the search ends, so sinking everything takes nearly every cell.
    const rows = best.layout.flat().map((c) => Math.floor(c / 6));
    expect(Math.max(...rows)).toBe(5);
    expect(best.expectedShots).toBeGreaterThanOrEqual(33);
    expect(() => adviseLayouts([])).toThrow(/firedBy "opponent"/);
  });

  it('the advise job returns plain JSON: advice from logs, or one random layout', () => {
    const games = [0, 1].map(() => gameLogToJson(theirGame(rules, topFirst)));
    const ctx = { progress: () => {} };
    const advice = adviseJob({ games, candidates: 100, suggestions: 2, seed: 1 }, ctx);
    expect(advice.risk).toHaveLength(6);
    expect(advice.suggestions).toHaveLength(2);
    expect(advice.suggestions[0]!.layout.flat()[0]).toHaveLength(2); // [row, col]
    const random = adviseJob({ rules: { preset: 'classic' }, randomLayout: true, seed: 3 }, ctx);
    expect(random.layout!.map((s) => s.length).sort()).toEqual([2, 3, 3, 4, 5]);
    expect(() => adviseJob({ randomLayout: true }, ctx)).toThrow(/rules: are needed/);
  });
});
