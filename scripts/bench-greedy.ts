// `npm run bench -- greedy [--games N]`: simulated classic games of `greedy` on one thread, warm,
// through the simulator's posterior cache as a simulation job runs them: with the DP (and its
// reused models) as today without graphs, and with the rules' graph in WebAssembly memory and the
// thread's held values (each new position one pass from the last one solved). Same fleets, same
// seed: both must shoot the same games. Reports games a second (CPU time of the process).

import { presetRules } from '../src/core/rules';
import { SimulationContexts, simulateChunk } from '../src/core/simulate/run';
import { holdValues } from '../src/core/solve/graph/held';
import { prepareGraph } from '../src/core/solve/graph/prepare';
import type { SolveOptions } from '../src/core/solve/options';
import { copyIntoMemory, kernelCache } from '../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../src/core/solve/graph/transfer';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function play(games: number, options: SolveOptions): { shots: number[]; cpu: number } {
  const rules = presetRules('classic');
  const contexts = new SimulationContexts(true, options);
  const c0 = cpuMs();
  const [greedy] = simulateChunk({ rules, strategies: ['greedy'], seed: 2026 }, 0, games, {
    contexts,
  });
  return { shots: greedy!.shots, cpu: cpuMs() - c0 };
}

export function benchGreedy(argv: string[]): void {
  const at = argv.indexOf('--games');
  const games = at >= 0 ? Number(argv[at + 1]) : 200;
  const dpGames = Math.min(games, 20);
  const rules = presetRules('classic');
  const memory = createGraphMemory();
  const flat = copyIntoMemory(flattenPrepared(prepareGraph(rules, 3 * 2 ** 30)), memory);
  const prepared = preparedFromFlat(flat, kernelCache());
  const withHeld = { ...prepared, held: holdValues(prepared.graph, prepared.kernel!) };
  const graphs: SolveOptions = { graphs: { graphFor: () => withHeld } };
  const dp = play(dpGames, {});
  const viaGraph = play(games, graphs);
  const same = dp.shots.every((s, k) => s === viaGraph.shots[k]);
  const rate = (n: number, ms: number): string => ((n * 1000) / ms).toFixed(2);
  console.log(
    `greedy, classic, one thread, warm: dp ${rate(dpGames, dp.cpu)} games/s over ${dpGames} games; ` +
      `graph with held values ${rate(games, viaGraph.cpu)} games/s over ${games} games ` +
      `(CPU time; the first ${dpGames} games shot alike: ${same ? 'yes' : 'NO'})`,
  );
  if (!same) process.exitCode = 1;
}
