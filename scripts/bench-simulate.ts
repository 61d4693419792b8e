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
// average (0.4 to 3 million DP states at about 110 ns a state), 1.7 s a game. The thread keeps
// the DP models it builds and walks them for the positions that follow (dp-reuse.ts), which skips
// the key work but still visits every stored state (12 to 25 ns a state for one value pass).
// Over 20 classic games with models kept (one thread, 29.8 s): 81 walks took 11.2 s, 28 fresh
// solves where walking no longer paid or no kept model was an ancestor (a new game's first hit,
// two ships sunk since) 11.4 s, the empty board 4.1 s. 30 games a second leaves 33 ms a game: at
// 12 to 25 ns a state, 1.3 to 2.7 million state visits a game, about one open position's states.

import { presetRules } from '../src/core/rules';
import { SimulationContexts, simulateChunk } from '../src/core/simulate/run';

export interface SimulateBenchCase {
  strategy: string;
  games: number;
  /** Every exact solve afresh, no DP model walked (dp-reuse.ts): the baseline of the reuse. */
  fresh?: boolean;
}

/**
 * The cases: `pdf` over 2,000 games, `greedy` over a tenth of `greedyGames` with and without
 * reusing DP models (the same games: the ratio is measured in one run), and over all.
 */
function simulateCases(greedyGames: number): SimulateBenchCase[] {
  const tenth = Math.max(1, Math.round(greedyGames / 10));
  return [
    { strategy: 'pdf', games: 2000 },
    { strategy: 'greedy', games: tenth },
    { strategy: 'greedy', games: tenth, fresh: true },
    { strategy: 'greedy', games: greedyGames },
  ];
}

/** Prints one line per case: games per second on one thread, milliseconds per shot. */
export function benchSimulate(greedyGames = 1000): void {
  const cases = simulateCases(greedyGames);
  const rules = presetRules('classic');
  console.log('simulator, classic rules, seed 1, one thread (the pool runs one such per core):');
  const rates = new Map<string, number>();
  for (const { strategy, games, fresh } of cases) {
    // A seed per run length, so no case finds the previous one's solves in the cache (each run
    // has its own); the fresh case plays the same games as the one before it.
    const seed = 1000 + games;
    const t0 = performance.now();
    const contexts = new SimulationContexts(!fresh);
    const [result] = simulateChunk({ rules, strategies: [strategy], seed }, 0, games, { contexts });
    const seconds = (performance.now() - t0) / 1000;
    const shots = result!.shots.reduce((a, b) => a + b, 0);
    const name = fresh ? `${strategy}, every solve afresh` : strategy;
    rates.set(`${name} ${games}`, games / seconds);
    console.log(
      `  ${name.padEnd(27)} ${String(games).padStart(5)} games: ${(games / seconds).toFixed(games / seconds < 10 ? 2 : 0).padStart(6)} games/s, ${((seconds * 1000) / shots).toFixed(3)} ms/shot, mean ${(shots / games).toFixed(2)} shots`,
    );
  }
  const tenth = cases[1]!.games;
  const reused = rates.get(`greedy ${tenth}`);
  const afresh = rates.get(`greedy, every solve afresh ${tenth}`);
  if (reused && afresh)
    console.log(
      `  reusing DP models (dp-reuse.ts) plays ${(reused / afresh).toFixed(2)} times as many greedy games per second as solving afresh (${tenth} games, same results)`,
    );
  const pdf = rates.get('pdf 2000');
  const greedy = rates.get(`greedy ${greedyGames}`);
  if (pdf && greedy)
    console.log(
      `  pdf plays ${(pdf / greedy).toFixed(0)} times as many games per second as greedy (${greedyGames}-game run)`,
    );
}
