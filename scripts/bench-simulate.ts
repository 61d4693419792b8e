// The simulator's throughput for `npm run bench`: whole games per second on one thread, played
// in-process by the same code a pool worker runs (simulateChunk), for a fast heuristic (`pdf`) and
// the exact `greedy`. Greedy's cost falls as a run grows, because the posterior cache its run keeps
// shares the solves of the openings all games have in common, so it is timed over two run lengths
// (the target: 30 games per second over 1,000 games).
// The pool multiplies these by the number of threads (games are independent).
//
// Where greedy's time goes (40 classic games, each solve timed by shots fired, CPU shared with
// other work): 99% in solves of positions after at most 17 shots. The first shots repeat across
// games and are found in the cache; after the first hits the games part ways, and about eleven
// positions per game, after 3 to 17 shots, are new: open boards with hits, 150 ms each on
// average (0.4 to 3 million DP states at about 110 ns a state), 1.7 s a game. 30 games a second
// leaves 33 ms a game for all of them: about 50 times fewer states or a faster kernel per state,
// which a faster inner loop alone does not give.

import { presetRules } from '../src/core/rules';
import { simulateChunk } from '../src/core/simulate/run';

export interface SimulateBenchCase {
  strategy: string;
  games: number;
}

/** The cases: `pdf` over 2,000 games, `greedy` over a tenth of `greedyGames` and over all. */
function simulateCases(greedyGames: number): SimulateBenchCase[] {
  return [
    { strategy: 'pdf', games: 2000 },
    { strategy: 'greedy', games: Math.max(1, Math.round(greedyGames / 10)) },
    { strategy: 'greedy', games: greedyGames },
  ];
}

/** Prints one line per case: games per second on one thread, milliseconds per shot. */
export function benchSimulate(greedyGames = 1000): void {
  const cases = simulateCases(greedyGames);
  const rules = presetRules('classic');
  console.log('simulator, classic rules, seed 1, one thread (the pool runs one such per core):');
  const rates = new Map<string, number>();
  for (const { strategy, games } of cases) {
    // A fresh seed per case, so no case finds the previous one's solves in the cache.
    const seed = 1000 + games;
    const t0 = performance.now();
    const [result] = simulateChunk({ rules, strategies: [strategy], seed }, 0, games);
    const seconds = (performance.now() - t0) / 1000;
    const shots = result!.shots.reduce((a, b) => a + b, 0);
    rates.set(`${strategy} ${games}`, games / seconds);
    console.log(
      `  ${strategy.padEnd(7)} ${String(games).padStart(5)} games: ${(games / seconds).toFixed(games / seconds < 10 ? 2 : 0).padStart(6)} games/s, ${((seconds * 1000) / shots).toFixed(3)} ms/shot, mean ${(shots / games).toFixed(2)} shots`,
    );
  }
  const pdf = rates.get('pdf 2000');
  const greedy = rates.get(`greedy ${greedyGames}`);
  if (pdf && greedy)
    console.log(
      `  pdf plays ${(pdf / greedy).toFixed(0)} times as many games per second as greedy (${greedyGames}-game run)`,
    );
}
