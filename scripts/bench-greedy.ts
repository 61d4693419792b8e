// `npm run bench -- greedy [--games N] [--dp-games N] [--pool-games N] [--pool-only]
// [--auto-choice [--hits-only]] [--engines [--hits-only]]`: simulated classic games of
// `greedy`.
//
// Warm, in-process, one thread, through the simulator's posterior cache as a simulation job runs
// them: with the DP (and its reused models) as without graphs, and with the rules' graph in
// WebAssembly memory and the thread's held values (each new position one pass from the last one
// solved): before (full masks, every answer solved), with narrow masks (masks.ts), and with
// narrow masks and the answers the posterior cache derives (sibling.ts), games interleaved one
// by one so that every row meets the same machine load. Same fleets, same seed: every row must
// shoot the same games.
//
// Then through the worker pool's threads (the built out/main/worker.js, `npm run build` first),
// as `broadside simulate` runs its chunks once it hands them the graph: fresh threads, so each
// fills its own posterior cache; 1 and 2 threads, games split in chunks as the runner does.
// Reports games per CPU-second (the process's CPU time, every thread), games a second of wall
// time, and the process's peak RSS.
//
// `--auto-choice`: only the graph rows of `auto` with the enumeration probed first on every
// position (probeFirst, as before) and with the engine chosen from a bound on the layouts
// (auto-choice.ts), games interleaved one by one; `--hits-only` plays them with sinkings not
// announced. `--engines`: each engine's cost on the positions auto answers
// (bench-auto-engines.ts).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type PiscinaPool from 'piscina';
import { presetRules } from '../src/core/rules';
import { rulesToJson } from '../src/core/rules-json';
import { SimulationContexts, simulateChunk } from '../src/core/simulate/run';
import { holdValues } from '../src/core/solve/graph/held';
import { prepareGraph, type PreparedGraph } from '../src/core/solve/graph/prepare';
import type { SolveOptions } from '../src/core/solve/options';
import type { Answers } from '../src/core/simulate/game';
import { benchAutoEngines } from './bench-auto-engines';
import { copyIntoMemory, kernelCache } from '../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../src/core/solve/graph/transfer';
import type { GraphObject } from '../src/main/graphs/graph-file';
import type { SimulateChunkResult } from '../src/main/jobs/simulate-job';
import { defaultChunkSize } from '../src/main/simulate-runner';
import type { WorkerReply } from '../src/main/worker';
import { cpuMs } from './bench-util';

const SEED = 2026;

const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

interface Player {
  contexts: SimulationContexts;
  shots: number[];
  cpu: number;
  /** Wall milliseconds (solves are timed by the wall clock). */
  wall: number;
  /** Solves that went to the graph: each moves its held values (new masks). */
  graphSolves: number;
  /** The graph's held masks when the provider was last asked. */
  masks: unknown;
  graph?: PreparedGraph;
}

function player(graph?: PreparedGraph, siblings = true, probeFirst = false): Player {
  const p: Player = {
    contexts: new SimulationContexts(),
    shots: [],
    cpu: 0,
    wall: 0,
    graphSolves: 0,
    masks: null,
    graph,
  };
  if (graph) {
    const options: SolveOptions = {
      graphs: {
        graphFor: () => {
          countGraphSolves(p);
          return graph;
        },
      },
      probeFirst,
    };
    p.contexts = new SimulationContexts(true, options, siblings);
  }
  return p;
}

/** Counts a graph solve when the held values moved since the provider was last asked. */
function countGraphSolves(p: Player): void {
  const masks = p.graph?.held?.masks ?? null;
  if (masks !== p.masks) p.graphSolves++;
  p.masks = masks;
}

/** Where a game's solves come from: the run's cache, the graph, or the enumeration probe. */
function breakdown(p: Player, games: number): string {
  countGraphSolves(p);
  const cache = p.contexts.context(presetRules('classic')).posteriors;
  const perGame = (n: number): string => (n / games).toFixed(1);
  return (
    `per game ${perGame(p.shots.reduce((a, b) => a + b, 0))} shots: ${perGame(cache.hits)} from ` +
    `the run's cache (${perGame(cache.derived)} derived), ${perGame(cache.solves - p.graphSolves)} by enumeration, ` +
    `${perGame(p.graphSolves)} by the graph; solves ${((100 * cache.solveMs) / p.wall).toFixed(0)}% of the time`
  );
}

function playGames(p: Player, from: number, to: number, answers: Answers = 'sunk'): void {
  const rules = presetRules('classic');
  const c0 = cpuMs();
  const t0 = performance.now();
  const spec = { rules, strategies: ['greedy'], seed: SEED, answers };
  const [greedy] = simulateChunk(spec, from, to, { contexts: p.contexts });
  p.cpu += cpuMs() - c0;
  p.wall += performance.now() - t0;
  p.shots.push(...greedy!.shots);
}

const rate = (n: number, ms: number): string => ((n * 1000) / ms).toFixed(2);

/**
 * `auto` over the graph with the probe first on every position, and with the engine chosen from
 * a bound on the layouts: two players with their own held values, games interleaved one by one.
 */
function autoChoiceRows(graph: PreparedGraph, games: number, answers: Answers): void {
  // Each player moves its own held values: two copies in the graph's memory.
  const copy = (): PreparedGraph => ({
    ...graph,
    held: holdValues(graph.graph, graph.kernel!, undefined, true),
  });
  const before = player(copy(), true, true);
  const after = player(copy(), true, false);
  for (let g = 0; g < games; g++) {
    playGames(before, g, g + 1, answers);
    playGames(after, g, g + 1, answers);
  }
  const same = before.shots.every((s, k) => s === after.shots[k]);
  const reading = answers === 'sunk' ? 'sinkings announced' : 'hits only';
  console.log(
    `  auto over the graph, ${reading}, ${games} games interleaved (games/CPU-s): probe first ` +
      `${rate(games, before.cpu)}, engine from the layout bound ${rate(games, after.cpu)} ` +
      `(x${(before.cpu / after.cpu).toFixed(2)}); same games: ${same ? 'yes' : 'NO'}`,
  );
  console.log(`  probe first: ${breakdown(before, games)}`);
  console.log(`  layout bound: ${breakdown(after, games)}`);
  if (!same) process.exitCode = 1;
}

/** The pool's threads playing games [0, games) in chunks, as the runner splits them. */
async function poolRow(flat: GraphObject, threads: number, games: number): Promise<number[]> {
  const worker = join(process.cwd(), 'out/main/worker.js');
  // Loaded at run time, not bundled: piscina finds its own worker file beside it.
  const Piscina = createRequire(import.meta.url)('piscina') as typeof PiscinaPool;
  const pool = new Piscina({ filename: worker, minThreads: threads, maxThreads: threads });
  const chunk = defaultChunkSize(games, threads);
  const c0 = cpuMs();
  const t0 = performance.now();
  const jobs: Promise<SimulateChunkResult>[] = [];
  for (let from = 0; from < games; from += chunk) {
    const payload = {
      rules: rulesToJson(presetRules('classic')),
      strategies: ['greedy'],
      seed: SEED,
      from,
      to: Math.min(games, from + chunk),
      graph: flat,
    };
    jobs.push(
      pool.run({ kind: 'simulate', payload }).then((reply: WorkerReply) => {
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.value as SimulateChunkResult;
      }),
    );
  }
  const chunks = await Promise.all(jobs);
  const cpu = cpuMs() - c0;
  const wall = performance.now() - t0;
  await pool.destroy();
  console.log(
    `  pool, ${threads} thread${threads > 1 ? 's' : ''}, fresh threads: ${rate(games, cpu)} games/CPU-s, ` +
      `${rate(games, wall)} games/s wall over ${games} games; peak RSS ${peakRssMb()} MB`,
  );
  return chunks.sort((a, b) => a.from - b.from).flatMap((c) => c.games[0]!.shots);
}

export async function benchGreedy(argv: string[]): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const at = argv.indexOf(name);
    return at >= 0 ? Number(argv[at + 1]) : fallback;
  };
  const games = arg('--games', 200);
  const poolGames = arg('--pool-games', 100);
  const dpGames = Math.min(games, arg('--dp-games', 20));
  const rules = presetRules('classic');
  const memory = createGraphMemory();
  const flat = copyIntoMemory(flattenPrepared(prepareGraph(rules, 3 * 2 ** 30)), memory);
  const prepared = preparedFromFlat(flat, kernelCache());
  const heldBy = (narrow: boolean): PreparedGraph => ({
    ...prepared,
    held: holdValues(prepared.graph, prepared.kernel!, undefined, narrow),
  });
  console.log(`greedy, classic (seed ${SEED}); CPU time of the process, machine load shared`);
  const answers: Answers = argv.includes('--hits-only') ? 'hit-miss' : 'sunk';
  if (argv.includes('--engines')) {
    benchAutoEngines(heldBy(true), games, answers);
    return;
  }
  if (argv.includes('--auto-choice')) {
    autoChoiceRows(heldBy(true), games, answers);
    return;
  }
  if (argv.includes('--pool-only')) {
    await poolRow(flat, 1, poolGames);
    await poolRow(flat, 2, poolGames);
    return;
  }
  const dp = player();
  playGames(dp, 0, dpGames);
  const rss0 = peakRssMb();
  // Before: full masks, every answer solved; then narrow masks; then also derived answers.
  const before = player(heldBy(false), false);
  const narrowOnly = player(heldBy(true), false);
  const after = player(heldBy(true), true);
  const rows = [before, narrowOnly, after];
  for (let g = 0; g < games; g++) for (const row of rows) playGames(row, g, g + 1);
  const same = (a: number[], b: number[]) => a.every((s, k) => s === b[k]);
  const alike = rows.every((r) => same(dp.shots, r.shots) && same(r.shots, after.shots));
  const x = (r: Player): string => `x${(before.cpu / r.cpu).toFixed(2)}`;
  console.log(
    `  warm, in-process, one thread: dp ${rate(dpGames, dp.cpu)} games/CPU-s over ${dpGames} games; ` +
      `graph + held values over ${games} games (games/CPU-s): before ${rate(games, before.cpu)}, ` +
      `narrow masks ${rate(games, narrowOnly.cpu)} (${x(narrowOnly)}), narrow masks and derived ` +
      `answers ${rate(games, after.cpu)} (${x(after)}); same games: ${alike ? 'yes' : 'NO'}; ` +
      `peak RSS ${rss0} MB after the DP row, ${peakRssMb()} MB with the graph and three sets of held values`,
  );
  console.log(`  before: ${breakdown(before, games)}`);
  console.log(`  after: ${breakdown(after, games)}`);
  if (!alike) process.exitCode = 1;
  if (!existsSync(join(process.cwd(), 'out/main/worker.js'))) {
    console.log('  pool rows skipped: build first (npm run build)');
    return;
  }
  const one = await poolRow(flat, 1, poolGames);
  const two = await poolRow(flat, 2, poolGames);
  if (!same(one, after.shots) || !same(two, after.shots)) {
    console.log('  the pool shot other games: NO');
    process.exitCode = 1;
  }
}
