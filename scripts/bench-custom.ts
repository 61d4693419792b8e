// `npm run bench -- custom [--big] [12x12 ...] [--memory MB] [--threads N]`: house rule sets as the
// app meets them (build first). Per rule set, a fresh `broadside web` child on an empty data
// folder (its defaults: the presets' graphs warmed at start, one solving thread, the default
// memory budget; `--memory` and `--threads` are handed to it, e.g. `--memory 4096` plans as an
// 8 GB machine does): the time from the first solve to the graph answering (its build, after the
// warm-up's, and load on the graph thread) with the server's CPU seconds meanwhile, the house
// graph's own build (from its first layer reported to its file written), the graph file's size,
// then a hunting game of clicks (a miss at a seeded cell each, one shot after the one before, as
// a player clicks) answered by `auto` through the graph, beside the same positions answered by
// the DP: median and worst wall ms (with how many clicks the graph answered: `auto` enumerates
// late positions with few layouts left), and the server's peak resident memory through the
// graph's clicks and after the DP's. A rule set the memory plan refuses says why instead. The
// big boards (12x12 classic: a 0.5 GB graph, GBs while it is built, minutes of DP) only with
// `--big` or when named.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, servedUrl } from '../test/support/web-served';
import { emptyPosition, MISS, positionToJson, type PositionJson } from '../src/core/position';
import { seededRandom, randomInt } from '../src/core/random';
import { parseRules } from '../src/core/rules-json';
import type { RulesJson } from '../src/core/rules-json';
import { graphKey } from '../src/core/solve/graph/graph';
import { graphFileName } from '../src/main/graphs/graph-store';
import { median, processCpuSeconds as cpuSeconds } from './bench-util';

const CLICKS = 24;

const CASES: { name: string; rules: RulesJson; onlyAsked?: boolean }[] = [
  {
    name: '10x10 no-touch 4,3,3,2,2',
    rules: { width: 10, height: 10, fleet: [4, 3, 3, 2, 2], touch: 'no-touch' },
  },
  {
    name: '8x8 no-touch 4,3,2,2',
    rules: { width: 8, height: 8, fleet: [4, 3, 2, 2], touch: 'no-touch' },
  },
  {
    name: '12x12 classic',
    rules: { width: 12, height: 12, fleet: [5, 4, 3, 3, 2], touch: 'allowed' },
    onlyAsked: true,
  },
];

/** A hunting game: `n` positions, each one seeded miss after the one before. */
function huntingClicks(rules: RulesJson, n: number, seed = 7): PositionJson[] {
  const position = emptyPosition(parseRules(rules));
  const random = seededRandom(seed);
  const out: PositionJson[] = [];
  for (let i = 0; i < n; i++) {
    let cell: number;
    do cell = randomInt(random, position.cells.length);
    while (position.cells[cell] !== 0);
    position.cells[cell] = MISS;
    out.push(positionToJson(position));
  }
  return out;
}

type Reply = { ok: boolean; value?: Record<string, unknown>; error?: { message: string } };

/** The server's peak resident MB so far (Linux: VmHWM), NaN where /proc has none. */
function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s*(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The options handed to `broadside web` from the bench's own (`--memory MB`, `--threads N`). */
function serverFlags(argv: string[]): string[] {
  const out: string[] = [];
  for (const flag of ['--memory', '--threads']) {
    const i = argv.indexOf(flag);
    if (i >= 0) {
      const value = argv[i + 1];
      if (!value || !/^\d+$/.test(value)) throw new Error(`${flag} needs a whole number`);
      out.push(flag, value);
    }
  }
  return out;
}

/** A `broadside web` child on the data folder `root`, and a call to its API. */
async function startServer(root: string, flags: string[]) {
  const cli = resolve('bin/broadside.mjs');
  const child = spawn(process.execPath, [cli, 'web', '--db', join(root, 'library.db'), ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROADSIDE_GRAPHS_DIR: join(root, 'graphs') },
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise((r) => child.on('exit', r));
  const url = await servedUrl(child, () => err);
  const call = apiCaller<Reply>(url);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { call, stop, stderr: () => err, pid: child.pid! };
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await f();
  return [performance.now() - t0, value];
}

const f0 = (ms: number): string => ms.toFixed(0).padStart(6);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchCustom(argv: string[]): Promise<void> {
  const asked = argv.filter((a) => /^\d+x\d+$/.test(a));
  const big = argv.includes('--big');
  const cases = CASES.filter((c) =>
    asked.length ? asked.some((a) => c.name.startsWith(a)) : big || !c.onlyAsked,
  );
  const flags = serverFlags(argv);
  console.log(
    `custom rule sets through \`broadside web\`${flags.length ? ` ${flags.join(' ')}` : ''}: ${CLICKS} hunting clicks; load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    'rule set                  graph s (cpu s)  build s  file MB  peak MB (with DP)  graph median / worst ms  dp median / worst ms',
  );
  for (const c of cases) {
    const root = mkdtempSync(join(tmpdir(), 'broadside-bench-custom-'));
    const dir = join(root, 'graphs');
    const server = await startServer(root, flags);
    try {
      const clicks = huntingClicks(c.rules, CLICKS);
      const key = graphKey(parseRules(c.rules));
      const file = join(dir, graphFileName(key));
      const cpu0 = cpuSeconds(server.pid);
      const t0 = performance.now();
      const first = await server.call('solve', { position: clicks[0], solver: 'auto' });
      // Refused by the DP too (its share of the budget), the first click is said, not timed.
      const firstRefused = first.ok ? '' : `; its first click refused: ${first.error?.message}`;
      // The graph answers once it is loaded (info lists it), or never (the note says why). Its
      // build starts when it first reports a layer (the lane builds classic's first) and ends
      // when its file is there.
      let graphS = NaN;
      let buildFrom = NaN;
      let buildTo = NaN;
      for (;;) {
        const info = await server.call('info', {});
        const graphs = info.value?.['graphs'] as {
          loaded: string[];
          preparing: { key: string; fraction: number }[];
        } | null;
        const now = performance.now();
        const building = graphs?.preparing.find((p) => p.key === key);
        if (Number.isNaN(buildFrom) && building && building.fraction > 0) buildFrom = now;
        if (Number.isNaN(buildTo) && existsSync(file)) buildTo = now;
        if (graphs?.loaded.includes(key)) {
          graphS = (now - t0) / 1000;
          break;
        }
        if (server.stderr().includes(`state graph of ${key} is not used`)) break;
        await sleep(250);
      }
      const graphCpu = cpuSeconds(server.pid) - cpu0;
      if (Number.isNaN(graphS)) {
        const why = /is not used: (.*)/.exec(server.stderr())?.[1] ?? '?';
        console.log(`${c.name.padEnd(25)} not used: ${why}${firstRefused}`);
        continue;
      }
      const fileMb = statSync(file).size / 2 ** 20;
      const buildS = (buildTo - buildFrom) / 1000;
      const byGraph: number[] = [];
      for (const p of clicks.slice(1)) {
        const [ms, reply] = await timed(() =>
          server.call('solve', { position: p, solver: 'auto' }),
        );
        const note = String(reply.value?.['note'] ?? reply.error?.message);
        // Late positions with few layouts left are enumerated: not the graph's to time.
        if (note.startsWith('auto chose graph')) byGraph.push(ms);
        else if (!note.startsWith('auto chose enumerate')) throw new Error(`auto: ${note}`);
      }
      const peakGraph = peakRssMb(server.pid);
      const byDp: number[] = [];
      // Clicks the DP refuses (its share of the budget: many threads on a big board) are counted,
      // with the first reason, not timed.
      const dpRefused: string[] = [];
      for (const p of clicks.slice(1)) {
        const [ms, reply] = await timed(() => server.call('solve', { position: p, solver: 'dp' }));
        if (reply.ok) byDp.push(ms);
        else dpRefused.push(String(reply.error?.message));
      }
      const dpNote = dpRefused.length
        ? `; the DP refused ${dpRefused.length} clicks: ${dpRefused[0]}`
        : '';
      const peakAll = peakRssMb(server.pid);
      const answering = `${graphS.toFixed(1).padStart(7)} (${graphCpu.toFixed(0).padStart(4)})`;
      console.log(
        `${c.name.padEnd(25)} ${answering}  ${buildS.toFixed(1).padStart(7)}  ${fileMb.toFixed(1).padStart(7)}  ${f0(peakGraph)} (${f0(peakAll)})   ${f0(median(byGraph))} / ${f0(Math.max(...byGraph))} (${byGraph.length})     ${f0(median(byDp))} / ${f0(Math.max(...byDp))} (${byDp.length})${dpNote}`,
      );
    } finally {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }
}
