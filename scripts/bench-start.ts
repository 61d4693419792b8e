// `npm run bench -- start`: a cold `broadside web` as a user starts it, in real child processes
// of the built command line (build first): how long until it listens, until classic's graph is
// loaded (`info` polled: the warm-up at start builds it on a fresh folder, reads it after a
// restart), and until an `auto` solve of a classic hunting position asked for then is answered,
// and by which solver; on a fresh data folder and after a restart on the same folder; then each
// preset's graph file on disk. The run has its own data folder (the library and graphs/ beside it), removed after.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { presetRules } from '../src/core/rules';
import { graphKey } from '../src/core/solve/graph/graph';
import type { AppInfo } from '../src/shared/records';
import { processCpuSeconds as cpuSeconds } from './bench-util';

const CLI = resolve(import.meta.dirname, '../../bin/broadside.mjs');
/** Gives up on a run that does not reach the graph (a bench, not a hang). */
const GIVE_UP_MS = 180_000;

interface Server {
  child: ChildProcess;
  /** Milliseconds from spawn to the printed address. */
  listenMs: number;
  post(method: string, params: unknown): Promise<{ ok: boolean; value?: unknown }>;
  stop(): Promise<void>;
}

/** The environment without a shared graph folder: the server keeps graphs/ beside its library. */
function ownGraphs(): NodeJS.ProcessEnv {
  const { BROADSIDE_GRAPHS_DIR: _shared, ...env } = process.env;
  return env;
}

async function startServer(dataDir: string, t0: number): Promise<Server> {
  const child = spawn(
    process.execPath,
    [CLI, 'web', '--port', '0', '--db', join(dataDir, 'lib.sqlite')],
    { env: ownGraphs(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let out = '';
  child.stderr!.on('data', () => {});
  const url = await new Promise<URL>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open (http:\S+)/.exec(out);
      if (m) done(new URL(m[1]!));
    });
    child.on('exit', (code) => fail(new Error(`broadside web exited ${code}: ${out}`)));
  });
  const listenMs = performance.now() - t0;
  const token = url.searchParams.get('token')!;
  return {
    child,
    listenMs,
    async post(method, params) {
      const res = await fetch(new URL(`/api/${method}`, url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      return (await res.json()) as { ok: boolean; value?: unknown };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A hunting position of `preset`: a few misses, placed by `n` so no two asks are the same. */
export function huntingPosition(preset: string, n: number): unknown {
  const cells = Array.from({ length: 100 }, () => '.');
  for (let k = 0; k < 4; k++) cells[(n * 7 + k * 23 + 11) % 100] = 'o';
  const board = Array.from({ length: 10 }, (_, r) => cells.slice(r * 10, r * 10 + 10).join(''));
  return { rules: { preset }, board, sunk: [] };
}

/** Milliseconds from `t0` until `info` says the graph of `preset` is loaded (polled). */
async function untilLoaded(server: Server, preset: string, t0: number): Promise<number> {
  const key = graphKey(presetRules(preset));
  while (performance.now() - t0 < GIVE_UP_MS) {
    const info = (await server.post('info', {})).value as AppInfo;
    if (info.graphs?.loaded.includes(key)) return performance.now() - t0;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${preset}: its graph was not loaded within ${GIVE_UP_MS / 1000} s`);
}

/** Milliseconds from `t0` to the answer of one `auto` solve of `preset`, and who answered. */
async function solveOnce(
  server: Server,
  preset: string,
  n: number,
  t0: number,
): Promise<{ ms: number; solver: string }> {
  const reply = await server.post('solve', {
    position: huntingPosition(preset, n),
    solver: 'auto',
  });
  if (!reply.ok) throw new Error(`${preset}: the solve failed: ${JSON.stringify(reply)}`);
  return { ms: performance.now() - t0, solver: (reply.value as { solver: string }).solver };
}

/**
 * One start: to listen, to classic's graph loaded (its warm-up; `info` polled), and to the
 * answer of a classic hunting position asked for then.
 */
async function timedStart(dataDir: string, label: string): Promise<Server> {
  const t0 = performance.now();
  const server = await startServer(dataDir, t0);
  const loaded = await untilLoaded(server, 'classic', t0);
  const cpu = cpuSeconds(server.child.pid);
  const answer = await solveOnce(server, 'classic', 0, t0);
  console.log(
    `${label.padEnd(9)} ${seconds(server.listenMs).padEnd(9)} ${seconds(loaded).padEnd(15)} ${`${cpu.toFixed(1)} s`.padEnd(12)} ${seconds(answer.ms).padEnd(15)} ${answer.solver}`,
  );
  return server;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export async function benchStart(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-start-'));
  try {
    console.log(
      'start of `broadside web` (a cold child process of the built CLI, default threads)',
    );
    console.log(
      `load average at the start: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}`,
    );
    console.log('run       listen    classic loaded  (its CPU)    classic solved  by');
    const fresh = await timedStart(dataDir, 'fresh');
    // The other presets' files, for the disk rows: asked for once, then loaded.
    for (const preset of ['russian', 'margin']) {
      const t = performance.now();
      await solveOnce(fresh, preset, 0, t);
      await untilLoaded(fresh, preset, t);
    }
    await fresh.stop();
    const again = await timedStart(dataDir, 'restart');
    await again.stop();

    const dir = join(dataDir, 'graphs');
    console.log('graph files on disk');
    let total = 0;
    for (const name of readdirSync(dir).sort()) {
      const bytes = statSync(join(dir, name)).size;
      total += bytes;
      console.log(`  ${name.padEnd(40)} ${mb(bytes)}`);
    }
    console.log(`  ${'total'.padEnd(40)} ${mb(total)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
