// `npm run bench -- start`: a cold `broadside web` as a user starts it, in real child processes
// of the built command line (build first): how long until it listens, and until an `auto` solve of
// a classic hunting position is answered by the state graph, on a fresh data folder and after a
// restart on the same folder; then each preset's graph file on disk. Each run has its own data
// folder (XDG_CONFIG_HOME), removed after.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

async function startServer(dataDir: string, t0: number): Promise<Server> {
  const child = spawn(
    process.execPath,
    [CLI, 'web', '--port', '0', '--db', join(dataDir, 'lib.sqlite')],
    { env: { ...process.env, XDG_CONFIG_HOME: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
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

/**
 * Solves positions of `preset` with `auto`, one after another, until one is answered through the
 * state graph: milliseconds from `t0` to that answer, and how many the DP answered before it.
 */
async function untilGraph(
  server: Server,
  preset: string,
  t0: number,
): Promise<{ ms: number; before: number }> {
  for (let n = 0; performance.now() - t0 < GIVE_UP_MS; n++) {
    const reply = await server.post('solve', {
      position: huntingPosition(preset, n),
      solver: 'auto',
    });
    const wire = reply.value as { solver?: string } | undefined;
    if (reply.ok && wire?.solver === 'graph') return { ms: performance.now() - t0, before: n };
  }
  throw new Error(`${preset}: no answer from the graph within ${GIVE_UP_MS / 1000} s`);
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
    console.log('run       listen    classic by graph  (DP answers before)');
    let t0 = performance.now();
    const fresh = await startServer(dataDir, t0);
    const freshGraph = await untilGraph(fresh, 'classic', t0);
    console.log(
      `fresh     ${seconds(fresh.listenMs).padEnd(9)} ${seconds(freshGraph.ms).padEnd(17)} ${freshGraph.before}`,
    );
    // The other presets' files, for the disk rows.
    for (const preset of ['russian', 'margin']) await untilGraph(fresh, preset, performance.now());
    await fresh.stop();

    t0 = performance.now();
    const again = await startServer(dataDir, t0);
    const againGraph = await untilGraph(again, 'classic', t0);
    console.log(
      `restart   ${seconds(again.listenMs).padEnd(9)} ${seconds(againGraph.ms).padEnd(17)} ${againGraph.before}`,
    );
    await again.stop();

    const dir = join(dataDir, 'broadside', 'graphs');
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
