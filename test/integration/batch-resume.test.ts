// A batch of 200 saved positions through the real command line: it runs on every worker thread,
// is killed (SIGKILL) half way, leaves a consistent database, and a second run completes it,
// skipping what was done and solving nothing twice.

import { spawn, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../src/main/store/bundle';
import { getRun } from '../../src/main/store/batch-runs';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { batchPositions, tempDir } from '../support/library';
import { CLI } from '../support/paths';

const TOTAL = 200;
const THREADS = 2;
const tmp = tempDir();
afterAll(() => tmp.remove());

interface SolvedRow {
  position_id: number;
  batch_id: number;
  solved_at: string;
  worker: number;
}

describe('broadside batch, killed half way and run again', () => {
  it('keeps a consistent database and completes on restart without solving twice', async () => {
    const path = tmp.file('batch.db');
    const setup = openDatabase(path);
    const positions = batchPositions(TOTAL, 2026).map((p) => ({ ...p.position, name: p.name }));
    importBundle(setup, JSON.stringify({ format: 'broadside-bundle', version: 1, positions }));
    closeDatabase(setup);

    const args = [
      CLI,
      'batch',
      '--db',
      path,
      '--solver',
      'dp',
      '--json',
      '--threads',
      String(THREADS),
    ];
    const reader = new Database(path, { readonly: true });
    const solvedCount = reader.prepare(
      "SELECT count(*) AS n FROM solve_results WHERE solver = 'dp' AND ok = 1",
    );

    // First run: kill it once about half the positions are stored.
    const t0 = performance.now();
    const first = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.on('exit', (_code, signal) => resolve(signal)),
    );
    let atKill = 0;
    while (atKill < TOTAL / 2) {
      await new Promise((r) => setTimeout(r, 10));
      atKill = (solvedCount.get() as { n: number }).n;
      if (first.exitCode !== null) throw new Error('the batch finished before it could be killed');
    }
    first.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const firstMs = performance.now() - t0;
    reader.close();

    // The file is consistent and holds every position stored before the kill.
    const db = openDatabase(path);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const before = db
      .prepare(
        "SELECT position_id, batch_id, solved_at, worker FROM solve_results WHERE solver = 'dp' ORDER BY position_id",
      )
      .all() as SolvedRow[];
    const done = before.length;
    expect(done).toBeGreaterThanOrEqual(TOTAL / 2);
    expect(done).toBeLessThan(TOTAL);
    const firstRun = before[0]!.batch_id;
    expect(getRun(db, firstRun)).toMatchObject({ state: 'interrupted', solved: done, skipped: 0 });
    expect(new Set(before.map((r) => r.worker)).size).toBe(THREADS);
    closeDatabase(db);

    // Second run: completes the rest; the positions already done are skipped.
    const second = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(second.stderr).toBe('');
    expect(second.status).toBe(0);
    const summary = JSON.parse(second.stdout);
    expect(Object.keys(summary)).toEqual(['solved', 'skipped', 'failed', 'ms', 'graphAnswered']);
    expect(summary).toMatchObject({
      solved: TOTAL - done,
      skipped: done,
      failed: 0,
      graphAnswered: 0,
    });

    const after = openDatabase(path);
    const rows = after
      .prepare(
        "SELECT position_id, batch_id, solved_at, worker FROM solve_results WHERE solver = 'dp' ORDER BY position_id",
      )
      .all() as SolvedRow[];
    expect(rows).toHaveLength(TOTAL);
    // Nothing solved twice: every row of the first run is untouched, the rest are the second's.
    const firstRows = rows.filter((r) => r.batch_id === firstRun);
    expect(firstRows).toEqual(before);
    const secondRows = rows.filter((r) => r.batch_id !== firstRun);
    expect(secondRows).toHaveLength(TOTAL - done);
    expect(new Set(secondRows.map((r) => r.batch_id)).size).toBe(1);
    expect(new Set(secondRows.map((r) => r.worker)).size).toBe(THREADS);
    const secondRun = getRun(after, secondRows[0]!.batch_id);
    expect(secondRun).toMatchObject({
      state: 'done',
      solved: TOTAL - done,
      skipped: done,
      failed: 0,
    });
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    closeDatabase(after);

    console.log(
      `batch of ${TOTAL} on ${THREADS} threads: killed after ${done} solved at ${firstMs.toFixed(0)} ms; ` +
        `the second run solved ${TOTAL - done} (skipped ${done}) in ${summary.ms} ms`,
    );
  });
});
