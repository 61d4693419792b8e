// Stopping the command as users and scripts do, with real processes. Run by a Node older than 22
// (the machine's own Node here), bin/broadside.mjs re-executes itself under the project's Node:
// the work happens in that second process, which must stop when the first is signalled or killed.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { batchPositions, tempDir } from '../support/library';
import { CLI, OLDER_SYSTEM_NODE } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

const systemNode = OLDER_SYSTEM_NODE;
const canRun = systemNode !== undefined && process.platform === 'linux';

/** Fields of /proc/PID/stat after the command name: [state, ppid, ...]; null once it is gone. */
function stat(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Resolves once `pid` has a handler for SIGINT (bit 2 of SigCgt in /proc/PID/status). */
async function catchesSigint(pid: number): Promise<true> {
  for (;;) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const caught = BigInt(`0x${/^SigCgt:\s*([0-9a-f]+)$/m.exec(status)![1]}`);
    if ((caught >> 1n) & 1n) return true;
    await sleep(10);
  }
}

/** Running: not gone, and not a zombie waiting for whoever adopted it to reap it. */
const running = (pid: number): boolean => {
  const s = stat(pid);
  return s !== null && s[0] !== 'Z';
};

async function childOf(parent: number): Promise<number> {
  for (let i = 0; i < 500; i++) {
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && stat(Number(entry))?.[1] === String(parent)) return Number(entry);
    }
    await sleep(10);
  }
  throw new Error(`process ${parent} started no child`);
}

/** Processes a test waits on: any still running when it ends (it timed out) are killed. */
const watched = new Set<number>();
afterEach(() => {
  for (const pid of watched) if (running(pid)) process.kill(pid, 'SIGKILL');
  watched.clear();
});

/**
 * Resolves once `pid` has stopped. No clock of its own: a process that runs on fails the test
 * by its time limit (the work it was given lasts far longer), and is then killed.
 */
async function stopped(pid: number): Promise<true> {
  watched.add(pid);
  while (running(pid)) await sleep(5);
  return true;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts the command under the old Node; resolves once the re-executed child is working. */
async function start(args: string[]) {
  const parent = spawn(systemNode!, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  parent.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  parent.stdout!.resume();
  const end = exited(parent);
  const child = await childOf(parent.pid!);
  return { parent, child, end, stderr: () => stderr };
}

const longSimulation = ['simulate', '--strategy', 'greedy', '--games', '100000', '--threads', '1'];

describe.skipIf(!canRun)('the re-executed command stops with the one that started it', () => {
  it('kill -9 of the first process: the second ends instead of running on', async () => {
    const run = await start([...longSimulation, '--json']);
    await sleep(1000); // well into the games
    run.parent.kill('SIGKILL');
    expect(await stopped(run.child)).toBe(true);
  });

  it('SIGINT to the first process alone cancels the simulation (exit 130), as Ctrl+C does', async () => {
    const run = await start(longSimulation);
    // Order, not a guess at how long loading takes: the simulation answers Ctrl+C from here on.
    await catchesSigint(run.child);
    await sleep(1000); // its job started under the key the cancel names
    run.parent.kill('SIGINT');
    expect(await stopped(run.child)).toBe(true);
    expect(await run.end).toEqual({ code: 130, signal: null });
    expect(run.stderr()).toContain('broadside: simulation cancelled\n');
  });

  it('SIGTERM and SIGHUP to the first process end both', async () => {
    for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
      const run = await start(longSimulation);
      await sleep(500);
      run.parent.kill(signal);
      expect(await stopped(run.child), signal).toBe(true);
      expect(await run.end).toEqual({ code: null, signal });
    }
  });

  it('kill -9 during a large import: the second process stops and imports nothing', async () => {
    const N = 20_000;
    const positions = batchPositions(N, 7).map((p) => ({ ...p.position, name: p.name }));
    const bundle = tmp.file('big.json');
    writeFileSync(bundle, JSON.stringify({ format: 'broadside-bundle', version: 1, positions }));
    const db = tmp.file('import.db');
    const run = await start(['import', bundle, '--db', db]);
    await sleep(300); // reading and checking the records, long before the write
    run.parent.kill('SIGKILL');
    expect(await stopped(run.child)).toBe(true);
    if (existsSync(db)) {
      const check = new Database(db, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      const n = check.prepare('SELECT count(*) AS n FROM positions').get() as { n: number };
      check.close();
      expect(n).toEqual({ n: 0 });
    }
  });
});
