// `npm run bench -- clicks [--clicks N] [--graphs-from DIR]`: a fast clicker against a real
// `broadside web`. The server runs as a child process on a temporary data folder (its library and
// its graphs/; `--graphs-from` copies graph files in first, to skip building them); once the
// classic graph answers, N solve requests on classic hunting positions are fired 100 ms apart
// with one boardKey, each replacing the one before (as quick clicks on one board do). Printed:
// the server's RSS (VmRSS of /proc/<pid>/status) after the first 5 clicks and after all N, the
// server's CPU per replaced click (user + system time over the clicks, from /proc/<pid>/stat),
// how many were stopped, and which solver and kernel answered the last one. Linux only.

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCaller, servedUrl } from '../test/support/web-served';
import { emptyPosition, MISS, positionToJson, type PositionJson } from '../src/core/position';
import { seededRandom } from '../src/core/random';
import { presetRules } from '../src/core/rules';
import { processCpuSeconds as cpuSeconds } from './bench-util';

const CLICK_GAP_MS = 100;
const FIRST = 5;

type Reply = { ok: boolean; value?: { note?: string; solver?: string }; error?: { name: string } };

export async function benchClicks(argv: string[]): Promise<void> {
  const at = argv.indexOf('--clicks');
  const clicks = at >= 0 ? Number(argv[at + 1]) : 500;
  const from = argv.indexOf('--graphs-from');
  if (!Number.isInteger(clicks) || clicks <= FIRST) {
    throw new Error(`--clicks: give a whole number above ${FIRST}`);
  }
  const root = mkdtempSync(join(tmpdir(), 'broadside-bench-clicks-'));
  const graphs = join(root, 'graphs');
  mkdirSync(graphs, { recursive: true });
  if (from >= 0) {
    const dir = argv[from + 1]!;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.graph'))) {
      copyFileSync(join(dir, f), join(graphs, f));
    }
  }
  const server = await startServer(root);
  try {
    const positions = huntingPositions(40);
    const t0 = Date.now();
    for (;;) {
      const reply = await server.call('solve', { position: positions[0], solver: 'auto' });
      if (reply.value?.note?.includes('auto chose graph')) break;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    console.log(`classic graph answering ${((Date.now() - t0) / 1000).toFixed(1)} s after start`);
    const before = cpuSeconds(server.pid);
    const first = await fire(server, positions, 0, FIRST);
    const rss5 = rssMb(server.pid);
    const rest = await fire(server, positions, FIRST, clicks);
    const rssN = rssMb(server.pid);
    const cpu = cpuSeconds(server.pid) - before;
    const stopped = first.stopped + rest.stopped;
    const last = rest.last.value;
    console.log(
      `${clicks} clicks ${CLICK_GAP_MS} ms apart on classic hunting positions, one boardKey`,
    );
    console.log(
      `  RSS after ${FIRST}: ${rss5} MB; after ${clicks}: ${rssN} MB (${pct(rssN, rss5)})`,
    );
    console.log(
      `  stopped ${stopped} of ${clicks}; server CPU ${cpu.toFixed(1)} s, ${((1000 * cpu) / clicks).toFixed(0)} ms a click`,
    );
    console.log(`  last click: ${last?.solver ?? rest.last.error?.name}; ${last?.note ?? ''}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(root, { recursive: true, force: true });
  }
}

const pct = (a: number, b: number): string =>
  `${a >= b ? '+' : ''}${((100 * (a - b)) / b).toFixed(1)}%`;

/** Fires clicks [from, to) 100 ms apart, each replacing the last; waits for all to settle. */
async function fire(
  server: Server,
  positions: PositionJson[],
  from: number,
  to: number,
): Promise<{ stopped: number; last: Reply }> {
  const replies: Promise<Reply>[] = [];
  for (let i = from; i < to; i++) {
    const position = positions[i % positions.length];
    replies.push(server.call('solve', { position, solver: 'auto', boardKey: 'bench-clicks' }));
    await new Promise((r) => setTimeout(r, CLICK_GAP_MS));
  }
  const settled = await Promise.all(replies);
  const stopped = settled.filter((r) => r.error?.name === 'CancelledError').length;
  return { stopped, last: settled.at(-1)! };
}

/** Classic positions with 2 to count + 1 misses at seeded cells, one shot apart. */
function huntingPositions(count: number): PositionJson[] {
  const position = emptyPosition(presetRules('classic'));
  const random = seededRandom(1);
  const out: PositionJson[] = [];
  while (out.length < count) {
    const cell = Math.floor(random() * position.cells.length);
    if (position.cells[cell] !== 0) continue;
    position.cells[cell] = MISS;
    if (position.cells.filter((c) => c === MISS).length >= 2) out.push(positionToJson(position));
  }
  return out;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m![1]) / 1024);
}

interface Server {
  child: ChildProcess;
  pid: number;
  exited: Promise<unknown>;
  call(method: string, params: unknown): Promise<Reply>;
}

async function startServer(root: string): Promise<Server> {
  const cli = resolve(import.meta.dirname, '../../bin/broadside.mjs');
  const child = spawn(process.execPath, [cli, 'web', '--db', join(root, 'library.db')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BROADSIDE_GRAPHS_DIR: join(root, 'graphs') },
  });
  const exited = new Promise((r) => child.on('exit', r));
  const url = await servedUrl(child);
  const call = apiCaller<Reply>(url);
  return { child, pid: servingPid(child.pid!), exited, call };
}

/**
 * The process that serves: `pid`, or the child it re-executed itself in (bin/broadside.mjs hands
 * the command to the project's Node 22 when started by an older one).
 */
function servingPid(pid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return pid;
}
