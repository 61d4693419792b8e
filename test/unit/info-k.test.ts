// info-k: a salvo scored by expected hits plus the information of the turn's aggregated answer.

import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import { parseRules } from '../../src/core/rules-json';
import { ANSWERS, type Answers } from '../../src/core/answers';
import { createReferee } from '../../src/core/simulate/referee';
import { simulateChunk, type SimulationSpec } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { layoutSampler } from '../../src/core/solve/sample';
import { getStrategy } from '../../src/core/strategy';
import { infoVolley } from '../../src/core/strategy/info-k';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { topCells } from '../../src/core/strategy/strategy';
import { namedRules } from '../support/fixtures';

// 6x6, a Cruiser across C3-E3 (cells 14, 15, 16) and a Destroyer down A1-A2 (0, 6); A1 is cell 0.
const rules = parseRules(namedRules(6, 6, { Cruiser: 3, Destroyer: 2 }));

/** The position after one shot at C3 (14), answered "hit". */
function afterOneHit(): Position {
  const referee = createReferee(
    rules,
    [
      [14, 15, 16],
      [0, 6],
    ],
    'sunk',
  );
  referee.fire(14);
  return referee.position;
}

/** Entropy in bits of how many of `cells` hold a ship, over many exact draws of the position. */
function countEntropy(position: Position, cells: number[]): number {
  const sampler = layoutSampler(position);
  const random = seededRandom(77);
  const seen = new Map<number, number>();
  const n = 4000;
  for (let d = 0; d < n; d++) {
    const covered = new Set(sampler.draw(random).flat());
    const count = cells.filter((c) => covered.has(c)).length;
    seen.set(count, (seen.get(count) ?? 0) + 1);
  }
  let h = 0;
  for (const k of seen.values()) h -= (k / n) * Math.log2(k / n);
  return h;
}

describe('info-k', () => {
  it('fires two cells on one side of a hit and the other, so a hit count says how the ship lies', () => {
    const position = afterOneHit();
    const p = solve(position, 'auto').probabilities;
    // top-k: D3 (right of the hit) and C4 (below it); whichever way the ship lies one of them
    // usually hits, so the count is mostly 1 and says little.
    const top = topCells(position, p, 2);
    expect(top).toEqual([15, 20]);
    // info-k: B3 and D3, either side of the hit on its row: 0 says the ship lies down the
    // column, 2 that it lies across over both, at almost no cost in expected hits.
    const info = infoVolley(position, p, 2, 'volley-count', seededRandom(1))!;
    expect([...info].sort((a, b) => a - b)).toEqual([13, 15]);
    expect(countEntropy(position, info)).toBeGreaterThan(countEntropy(position, top) + 0.2);
    expect(p[13]! + p[15]!).toBeGreaterThan(p[15]! + p[20]! - 0.01);
  });

  it('with weight 0 it is top-k; the same seed gives the same volley', () => {
    const position = afterOneHit();
    const p = solve(position, 'auto').probabilities;
    for (const kind of ['volley-hits', 'volley-ships', 'volley-count'] as const) {
      const zero = infoVolley(position, p, 4, kind, seededRandom(3), { weight: 0 })!;
      expect(zero).toEqual(topCells(position, p, 4));
      const a = infoVolley(position, p, 4, kind, seededRandom(3));
      expect(infoVolley(position, p, 4, kind, seededRandom(3))).toEqual(a);
    }
  });

  it('plays exactly as top-k when shots are answered one by one, or one shot per turn', () => {
    const small = parseRules(namedRules(6, 6, { Cruiser: 3, Destroyer: 2, Patrol: 2 }));
    const base: SimulationSpec = { rules: small, strategies: ['top-k', 'info-k'], seed: 4 };
    for (const answers of ['sunk', 'hit-miss', 'named'] as Answers[]) {
      const [topK, infoK] = simulateChunk({ ...base, answers, salvo: 3 }, 0, 8);
      expect(infoK!.shots).toEqual(topK!.shots);
    }
    for (const answers of ['volley-hits', 'volley-count'] as Answers[]) {
      const [topK, infoK] = simulateChunk({ ...base, answers, salvo: 1 }, 0, 8);
      expect(infoK!.shots).toEqual(topK!.shots);
    }
  });

  it('under volley answers its games differ from top-k and repeat exactly for a seed', () => {
    const board = parseRules(namedRules(7, 7, { Cruiser: 3, Submarine: 3, Destroyer: 2 }));
    const spec: SimulationSpec = {
      rules: board,
      strategies: ['top-k', 'info-k'],
      seed: 2,
      salvo: 4,
      answers: 'volley-ships',
    };
    const [topK, infoK] = simulateChunk(spec, 0, 6);
    const [, again] = simulateChunk(spec, 0, 6);
    expect(again!.turns).toEqual(infoK!.turns);
    expect(again!.shots).toEqual(infoK!.shots);
    expect(infoK!.turns).not.toEqual(topK!.turns);
  });

  it('refuses nothing top-k accepts', () => {
    const topK = getStrategy('top-k');
    const infoK = getStrategy('info-k');
    expect([infoK.exact, infoK.salvo, infoK.observations]).toEqual([
      topK.exact,
      topK.salvo,
      topK.observations,
    ]);
    for (const answers of ANSWERS) {
      const spec: SimulationSpec = {
        rules,
        strategies: ['top-k', 'info-k'],
        seed: 1,
        salvo: 2,
        answers,
      };
      const [a, b] = simulateChunk(spec, 0, 1);
      expect(b!.turns!.length).toBe(a!.turns!.length);
    }
  });

  it('a shooter in a volley game fires distinct unfired cells and falls back to top-k past the board', () => {
    const shooter = getStrategy('info-k').create({
      rules,
      random: seededRandom(1),
      posteriors: new PosteriorCache(36),
      answers: 'volley-hits',
    });
    const position = afterOneHit();
    const cells = shooter.volley!(position, 5);
    expect(new Set(cells).size).toBe(5);
    for (const c of cells) expect(position.cells[c]).toBe(0);
    // More cells than the board has open: all of them, as top-k would.
    const all = shooter.volley!(position, 40);
    expect(all).toEqual(topCells(position, solve(position, 'auto').probabilities, 40));
  });
});
