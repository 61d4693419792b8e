// `npm run bench -- simulate-cli [--games N]`: classic greedy games through the real command,
// `broadside simulate --threads T` in a child process of the built command line (build first), on
// 1 and 2 threads, with the state graph (without the kept solved positions, then with them once
// `--warm-runs K` runs of other seeds have filled them, 2 by default) and with --no-graphs.
// Reports games per CPU-second (the child's user + system time, all its threads) and its peak
// RSS, from the child's own resource usage, written as it exits. The run has its own graph
// folder, removed after; classic's graph is built there first by a short run of its own, so the
// timed runs read the file as a user's would.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../../bin/broadside.mjs');

/** Writes the process's resource usage to the file BENCH_USAGE_FILE names when it exits. */
const USAGE_HOOK =
  'data:text/javascript,' +
  encodeURIComponent(
    "import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(process.env.BENCH_USAGE_FILE,JSON.stringify(process.resourceUsage())));",
  );

interface Run {
  games: number;
  cpuSeconds: number;
  maxRssMb: number;
  solverUsed: string;
  kept?: { read: number; written: number };
}

interface RunOptions {
  games: number;
  threads: number;
  seed: number;
  graphs: boolean;
  /** Read and add to the kept solved positions (else --no-kept-positions). */
  kept: boolean;
}

function simulate(dir: string, o: RunOptions): Run {
  const usageFile = join(dir, 'usage.json');
  const args = ['--import', USAGE_HOOK, CLI, 'simulate', '--strategy', 'greedy'];
  args.push('--games', String(o.games), '--threads', String(o.threads));
  args.push('--seed', String(o.seed), '--json');
  if (!o.graphs) args.push('--no-graphs');
  if (!o.kept) args.push('--no-kept-positions');
  const env = {
    ...process.env,
    BROADSIDE_GRAPHS_DIR: join(dir, 'graphs'),
    BENCH_USAGE_FILE: usageFile,
  };
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`broadside simulate exited ${r.status}: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
  const report = JSON.parse(r.stdout) as {
    solverUsed: string;
    keptPositions?: { read: number; written: number };
  };
  return {
    games: o.games,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    maxRssMb: usage.maxRSS / 1024,
    solverUsed: report.solverUsed,
    ...(report.keptPositions ? { kept: report.keptPositions } : {}),
  };
}

/** The timed runs' seed; the warm-up runs play other seeds, so none of their games is timed. */
const SEED = 2026;

export function benchSimulateCli(argv: string[]): void {
  const arg = (name: string, fallback: number): number => {
    const at = argv.indexOf(name);
    return at >= 0 ? Number(argv[at + 1]) : fallback;
  };
  const games = arg('--games', 300);
  const warmRuns = arg('--warm-runs', 2);
  const dir = mkdtempSync(join(tmpdir(), 'broadside-bench-simulate-cli-'));
  try {
    console.log(
      `broadside simulate --strategy greedy, classic, ${games} games, seed ${SEED}; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}`,
    );
    // Builds classic's graph in the run's folder (a run long enough to build it), keeping nothing.
    const build = simulate(dir, { games: 20, threads: 1, seed: 1, graphs: true, kept: false });
    console.log(`graph built by a 20-game run: ${build.cpuSeconds.toFixed(1)} CPU-s in all`);
    console.log('threads  graphs  kept positions           CPU-s  games/CPU-s  peak RSS MB');
    const row = (r: Run, threads: number, graphs: boolean, kept: string): void =>
      console.log(
        [
          String(threads).padStart(7),
          (graphs ? r.solverUsed : 'no').padStart(6),
          kept.padEnd(22),
          r.cpuSeconds.toFixed(1).padStart(6),
          (r.games / r.cpuSeconds).toFixed(2).padStart(11),
          r.maxRssMb.toFixed(0).padStart(11),
        ].join('  '),
      );
    for (const threads of [1, 2]) {
      for (const graphs of [true, false]) {
        const r = simulate(dir, { games, threads, seed: SEED, graphs, kept: false });
        row(r, threads, graphs, graphs ? 'not used' : '-');
      }
    }
    // Runs of other seeds fill the kept solved positions, as a user's earlier runs would.
    for (let k = 1; k <= warmRuns; k++) {
      const r = simulate(dir, { games, threads: 1, seed: SEED + k, graphs: true, kept: true });
      row(r, 1, true, `warm-up ${k}: +${r.kept?.written ?? 0}`);
    }
    for (const threads of [1, 2]) {
      // Each timed run adds its own positions: the 2-thread row would meet the 1-thread row's
      // games, so it plays another seed.
      const seed = threads === 1 ? SEED : SEED + warmRuns + 1;
      const r = simulate(dir, { games, threads, seed, graphs: true, kept: true });
      row(r, threads, true, `${r.kept?.read ?? 0} read, +${r.kept?.written ?? 0}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
