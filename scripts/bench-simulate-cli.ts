// `npm run bench -- simulate-cli [--games N]`: classic greedy games through the real command,
// `broadside simulate --threads T` in a child process of the built command line (build first), on
// 1 and 2 threads, with the state graph and with --no-graphs. Reports games per CPU-second (the
// child's user + system time, all its threads) and its peak RSS, from the child's own resource
// usage, written as it exits. The run has its own graph folder, removed after; classic's graph is
// built there first by a short run of its own, so the timed runs read the file as a user's would.

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
}

function simulate(dir: string, games: number, threads: number, graphs: boolean): Run {
  const usageFile = join(dir, 'usage.json');
  const args = ['--import', USAGE_HOOK, CLI, 'simulate', '--strategy', 'greedy'];
  args.push('--games', String(games), '--threads', String(threads), '--seed', '2026', '--json');
  if (!graphs) args.push('--no-graphs');
  const env = {
    ...process.env,
    BROADSIDE_GRAPHS_DIR: join(dir, 'graphs'),
    BENCH_USAGE_FILE: usageFile,
  };
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`broadside simulate exited ${r.status}: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
  const report = JSON.parse(r.stdout) as { solverUsed: string };
  return {
    games,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    maxRssMb: usage.maxRSS / 1024,
    solverUsed: report.solverUsed,
  };
}

export function benchSimulateCli(argv: string[]): void {
  const at = argv.indexOf('--games');
  const games = at >= 0 ? Number(argv[at + 1]) : 300;
  const dir = mkdtempSync(join(tmpdir(), 'broadside-bench-simulate-cli-'));
  try {
    console.log(
      `broadside simulate --strategy greedy, classic, ${games} games, seed 2026; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}`,
    );
    // Builds classic's graph in the run's folder (a run long enough to build it).
    const build = simulate(dir, 20, 1, true);
    console.log(`graph built by a 20-game run: ${build.cpuSeconds.toFixed(1)} CPU-s in all`);
    console.log('threads  graphs  solver  CPU-s   games/CPU-s  peak RSS MB');
    for (const threads of [1, 2]) {
      for (const graphs of [true, false]) {
        const r = simulate(dir, games, threads, graphs);
        console.log(
          [
            String(threads).padStart(7),
            (graphs ? 'yes' : 'no').padStart(6),
            r.solverUsed.padStart(6),
            r.cpuSeconds.toFixed(1).padStart(6),
            (r.games / r.cpuSeconds).toFixed(2).padStart(12),
            r.maxRssMb.toFixed(0).padStart(11),
          ].join('  '),
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
