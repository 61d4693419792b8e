// A batch killed with -9 whose pid still answers: a zombie its parent never reaps, or the pid
// handed to an unrelated process. Its run must read as "interrupted" (and resume), not "running"
// for as long as that pid lives. Real `broadside batch` children, really killed.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { importBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { batchPositions, tempDir } from '../support/library';
import { CLI } from '../support/paths';

const tmp = tempDir();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  tmp.remove();
});

const noPool = { threads: 1 } as JobPool; // for API calls that run no job
const TOTAL = 40;

function library(name: string): string {
  const path = tmp.file(name);
  const db = openDatabase(path);
  const positions = batchPositions(TOTAL, 9).map((p) => ({ ...p.position, name: p.name }));
  importBundle(db, JSON.stringify({ format: 'broadside-bundle', version: 1, positions }));
  closeDatabase(db);
  return path;
}

/** Waits until the batch has stored a few results; returns its run's owner pid and start. */
async function runningBatch(path: string): Promise<{ pid: number; startedAt: string }> {
  const reader = new Database(path, { readonly: true });
  try {
    for (let i = 0; i < 2000; i++) {
      await sleep(5);
      const run = reader
        .prepare('SELECT pid, started_at AS startedAt, solved FROM batch_runs ORDER BY id DESC')
        .get() as { pid: number; startedAt: string; solved: number } | undefined;
      if (run && run.solved >= 3) return run;
    }
    throw new Error('the batch never got going');
  } finally {
    reader.close();
  }
}

function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** What the next start sees: the API's list, and what `broadside batch` prints first. */
async function nextStart(path: string) {
  const db = openDatabase(path);
  const api = createApi({ db, dbPath: path, pool: noPool });
  const runs = await api.dispatch('batchList', {});
  await api.close();
  closeDatabase(db);
  const again = spawnSync(
    process.execPath,
    [CLI, 'batch', '--db', path, '--solver', 'dp', '--threads', '1'],
    { encoding: 'utf8' },
  );
  return { runs, again };
}

describe('a batch killed with -9', () => {
  it.runIf(process.platform === 'linux')(
    'whose parent never reaps it (a zombie) reads as interrupted and resumes',
    async () => {
      const path = library('zombie.db');
      // The shell starts the batch, then becomes `sleep`, which never waits for its children.
      const parent = spawn(
        'sh',
        [
          '-c',
          `"$0" "$1" batch --db "$2" --solver dp --threads 1 & exec sleep 120`,
          process.execPath,
          CLI,
          path,
        ],
        { stdio: 'ignore' },
      );
      children.push(parent);
      const { pid } = await runningBatch(path);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 200 && processState(pid) !== 'Z'; i++) await sleep(10);
      expect(processState(pid), 'the killed batch is a zombie').toBe('Z');

      const { runs, again } = await nextStart(path);
      expect(runs).toMatchObject({ ok: true, value: [{ state: 'interrupted', solver: 'dp' }] });
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/^resuming: batch 1 with dp was interrupted after \d+ of 40/);
      parent.kill('SIGKILL');
    },
  );

  it.runIf(process.platform === 'linux')(
    'whose pid now belongs to another process reads as interrupted and resumes',
    async (ctx) => {
      const path = library('reused.db');
      const batch = spawn(
        process.execPath,
        [CLI, 'batch', '--db', path, '--solver', 'dp', '--threads', '1'],
        { stdio: 'ignore' },
      );
      children.push(batch);
      const exited = new Promise((r) => batch.once('exit', r));
      const { pid, startedAt } = await runningBatch(path);
      batch.kill('SIGKILL');
      await exited;
      // A later process takes the pid: ask the kernel for it (ns_last_pid, root only); other
      // processes on the machine may take it first, so a few tries.
      await sleep(Math.max(0, Date.parse(startedAt) + 2500 - Date.now()));
      let holder: ChildProcess | undefined;
      for (let attempt = 0; attempt < 20 && !holder; attempt++) {
        try {
          writeFileSync('/proc/sys/kernel/ns_last_pid', String(pid - 1));
        } catch (e) {
          return ctx.skip(`cannot choose the next pid here: ${(e as Error).message}`);
        }
        const c = spawn('sleep', ['120'], { stdio: 'ignore' });
        children.push(c);
        if (c.pid === pid) holder = c;
        else c.kill('SIGKILL');
      }
      if (!holder) return ctx.skip(`pid ${pid} was taken by other processes every time`);
      console.log(`pid ${pid} of the killed batch now belongs to \`sleep 120\``);

      const { runs, again } = await nextStart(path);
      expect(runs).toMatchObject({ ok: true, value: [{ state: 'interrupted', solver: 'dp' }] });
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/^resuming: batch 1 with dp was interrupted after \d+ of 40/);
      holder.kill('SIGKILL');
    },
  );
});
