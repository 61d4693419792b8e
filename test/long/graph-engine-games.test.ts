// The graph engine equals the exact solvers on positions along simulated games on the 10x10
// presets: a seeded hunt/target shooter at random fleets, sinkings announced in half the games
// and hits only ("sunkReported": false) in the other half. The reference is `auto` without a
// graph (the DP, or the enumeration late in a game), itself checked against brute force.
//
// A long run (`npm run test:long`, not part of `npm test`): the reference DP takes seconds per
// 10x10 position, so a preset takes minutes on a busy machine. The unit suite checks the same
// equality on small boards against brute force (graph-engine.test.ts, graph-engine-frames.test.ts).

import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position';
import { randomInt, seededRandom } from '../../src/core/random';
import { presetRules } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { prepareGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import { randomLayout } from '../support/arbitraries';
import { orNoLayout } from '../support/brute-compare';
import { huntTargetPositions } from '../support/game-positions';

const GAMES = 8;
/** Positions compared per game, at seeded shot counts from FIRST_SHOT on (earlier ones cost the
 * reference DP seconds each; the kept values' open boards are covered by the brute force). */
const PER_GAME = 3;
const FIRST_SHOT = 12;

/** The positions a hunt/target shooter saw along one game, every one of them. */
function gamePositions(preset: string, seed: number, hitMiss: boolean): Position[] {
  const rules = presetRules(preset);
  const random = seededRandom(seed);
  let layout = randomLayout(rules, random);
  while (!layout) layout = randomLayout(rules, random);
  return huntTargetPositions(rules, layout, random, { answers: hitMiss ? 'hit-miss' : 'sunk' });
}

function outcome(run: () => { total: string; cellCounts?: bigint[] }): string {
  const r = orNoLayout(run);
  return r === 'no layout' ? r : `${r.total}:${r.cellCounts!.join(',')}`;
}

describe('graph engine equals the exact solvers along simulated 10x10 games', () => {
  for (const preset of ['margin', 'russian', 'classic']) {
    it(`${preset}: ${GAMES} games, ${PER_GAME} positions each`, { timeout: 600_000 }, () => {
      const prepared = prepareGraph(presetRules(preset), 2 ** 30);
      const random = seededRandom(4033);
      let hidden = 0;
      let sunk = 0;
      for (let g = 0; g < GAMES; g++) {
        const hitMiss = g % 2 === 1;
        const positions = gamePositions(preset, 100 + g, hitMiss);
        for (let k = 0; k < PER_GAME; k++) {
          const p = positions[FIRST_SHOT + randomInt(random, positions.length - FIRST_SHOT)]!;
          if (!p.sunkReported) hidden++;
          if (p.sunk.length > 0) sunk++;
          const reference = outcome(() => solve(p, 'auto'));
          const viaGraph = outcome(() => {
            const r = solveGraph(p, prepared);
            if (!r) throw new Error('the graph engine declined a 10x10 position');
            return r;
          });
          expect(viaGraph).toBe(reference);
        }
      }
      expect(hidden).toBe((GAMES / 2) * PER_GAME);
      expect(sunk).toBeGreaterThan(0);
    });
  }
});
