// `npm run experiment -- graph-vs-dp PRESET GAMES [FIRST]`: the graph engine, as the app's worker
// threads run it (the WebAssembly kernel from held values, the frame its cost model chooses),
// against the exact solvers without a graph (`auto`: the DP with its reused models, or the
// enumeration late in a game) on every position of seeded hunt/target games on a 10x10 preset.
// Games alternate the two readings: sinkings announced (even games) and hits only (odd games).
// Prints each game's positions and time, then the totals; exits 1 on the first difference.

import { NoLayoutError } from '../src/core/errors';
import type { Position } from '../src/core/position';
import { seededRandom } from '../src/core/random';
import { presetRules } from '../src/core/rules';
import { playGame } from '../src/core/simulate/game';
import { solveReusing } from '../src/core/solve';
import type { SolveResult } from '../src/core/solve/result';
import { DpModels } from '../src/core/solve/dp/dp-reuse';
import { holdValues } from '../src/core/solve/graph/held';
import { prepareGraph } from '../src/core/solve/graph/prepare';
import { solveGraph } from '../src/core/solve/graph/solve';
import { huntTargetShooter } from '../src/core/strategy/hunt-target';
import { fleetSampler } from '../src/core/simulate/fleets';
import { copyIntoMemory, kernelCache } from '../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../src/core/solve/graph/transfer';

const [preset = 'classic', gamesArg = '10', firstArg = '0'] = process.argv.slice(2);
const games = Number(gamesArg);
const first = Number(firstArg);
const rules = presetRules(preset);
const inWasm = preparedFromFlat(
  copyIntoMemory(flattenPrepared(prepareGraph(rules, 3 * 2 ** 30)), createGraphMemory()),
  kernelCache(),
);
const graph = { ...inWasm, held: holdValues(inWasm.graph, inWasm.kernel!) };
const models = new DpModels();
const fleets = fleetSampler(rules);

function outcome(solve: () => SolveResult | null): string {
  try {
    const r = solve();
    return r === null ? 'declined' : `${r.total}|${r.cellCounts?.join(',')}`;
  } catch (e) {
    if (e instanceof NoLayoutError) return 'no layout';
    throw e;
  }
}

let positions = 0;
const t0 = performance.now();
for (let game = first; game < first + games; game++) {
  const random = seededRandom(9000 + game);
  const seen: Position[] = [];
  const shooter = huntTargetShooter(rules, random, 2);
  playGame(
    rules,
    fleets.draw(random),
    {
      next(position) {
        seen.push(structuredClone(position));
        return shooter.next(position);
      },
      observe: (p, s) => shooter.observe?.(p, s),
    },
    { answers: game % 2 === 0 ? 'sunk' : 'hit-miss' },
  );
  const g0 = performance.now();
  for (const [k, p] of seen.entries()) {
    const reference = outcome(() => solveReusing(p, 'auto', models));
    const viaGraph = outcome(() => solveGraph(p, graph));
    if (viaGraph !== reference) {
      console.error(
        `${preset} game ${game} shot ${k}: the graph counted ${viaGraph.slice(0, 80)}, the reference ${reference.slice(0, 80)}`,
      );
      process.exit(1);
    }
  }
  positions += seen.length;
  console.log(
    `${preset} game ${game} (${game % 2 === 0 ? 'sinkings announced' : 'hits only'}): ${seen.length} positions equal, ${((performance.now() - g0) / 1000).toFixed(1)} s`,
  );
}
console.log(
  `${preset}: games ${first} to ${first + games - 1}, ${positions} positions, every one equal; ${((performance.now() - t0) / 60000).toFixed(1)} min`,
);
