// Crashes: real SIGKILLs of child processes in the middle of an import, a batch and a game
// recording. Afterwards the library passes PRAGMA integrity_check, no committed record is lost,
// an import is all or nothing, and the next start resumes or reports what was unfinished. A
// library written by a newer version is refused with a message and left byte-for-byte as it was.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { isFinished, parseGameLog } from '../../src/core/game-log';
import { seededRandom } from '../../src/core/random';
import { presetRules } from '../../src/core/rules';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { DatabaseError } from '../../src/main/errors';
import { importBundle } from '../../src/main/store/bundle';
import { SCHEMA_VERSION } from '../../src/main/store/migrations';
import { closeDatabase, openDatabase, type Db } from '../../src/main/store/open';
import { randomLayout } from '../support/arbitraries';
import { buildChild } from '../support/child';
import { batchPositions, tempDir } from '../support/library';
import { CLI } from '../support/paths';

const tmp = tempDir();
const built: string[] = [];
afterAll(() => {
  tmp.remove();
  for (const file of built) rmSync(file, { force: true });
});

function exited(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
}

/** Opens the file as the app does after a crash and checks it. */
function reopen(path: string): Db {
  const db = openDatabase(path);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
  return db;
}

const count = (db: Db, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

const noPool = { threads: 1 } as JobPool; // for API calls that run no job

/** The text of a bundle of `positions`, as `broadside export` writes one. */
const bundleText = (positions: unknown[]): string =>
  JSON.stringify({ format: 'broadside-bundle', version: 1, positions });

describe('killed during `broadside import` of a large bundle', () => {
  it('keeps all or nothing of it, never part; the file stays consistent', async () => {
    const N = 20_000;
    const positions = batchPositions(N, 99).map((p, i) => ({
      ...p.position,
      name: `imported ${i}`,
      tags: [`t${i % 7}`],
      notes: `note ${i} `.repeat(4),
    }));
    const bundle = tmp.file('big.json');
    writeFileSync(bundle, bundleText(positions));
    const base = tmp.file('import-base.db');
    const setup = openDatabase(base);
    importBundle(setup, bundleText([{ name: 'already there', rules: { preset: 'classic' } }]));
    closeDatabase(setup);

    // A full run first, to know how long it takes.
    const full = tmp.file('import-full.db');
    copyFileSync(base, full);
    const t0 = performance.now();
    const done = spawnSync(process.execPath, [CLI, 'import', bundle, '--db', full, '--json'], {
      encoding: 'utf8',
    });
    const fullMs = performance.now() - t0;
    expect(done.status, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ positions: N });
    const complete = reopen(full);
    expect(count(complete, 'positions')).toBe(N + 1);
    closeDatabase(complete);

    // Then killed at several points: while reading and checking, and once the write began.
    const outcomes: string[] = [];
    const points: { label: string; when: (path: string, ms: number) => boolean }[] = [
      { label: 'at 30%', when: (_p, ms) => ms > fullMs * 0.3 },
      { label: 'at 60%', when: (_p, ms) => ms > fullMs * 0.6 },
      {
        label: 'once the WAL grows',
        when: (p) => existsSync(`${p}-wal`) && statSync(`${p}-wal`).size > 0,
      },
    ];
    for (const [i, point] of points.entries()) {
      const path = tmp.file(`import-kill-${i}.db`);
      copyFileSync(base, path);
      const child = spawn(process.execPath, [CLI, 'import', bundle, '--db', path], {
        stdio: 'ignore',
      });
      const end = exited(child);
      const start = performance.now();
      let killedAt = -1;
      while (child.exitCode === null && killedAt < 0) {
        if (point.when(path, performance.now() - start)) {
          child.kill('SIGKILL');
          killedAt = performance.now() - start;
        } else await sleep(2);
      }
      const how = await end;
      const db = reopen(path);
      const n = count(db, 'positions');
      closeDatabase(db);
      expect([1, N + 1], `${point.label}: ${n - 1} of ${N} imported`).toContain(n);
      const result = n === 1 ? 'none' : 'all';
      outcomes.push(
        `${point.label}: ${how === 'SIGKILL' ? `killed at ${killedAt.toFixed(0)} ms` : 'finished first'} -> ${result}`,
      );
    }
    console.log(
      `import of ${N} positions (${(statSync(bundle).size / 2 ** 20).toFixed(1)} MB) takes ${fullMs.toFixed(0)} ms; ${outcomes.join('; ')}`,
    );
    expect(outcomes.some((o) => o.includes('killed'))).toBe(true);
  });
});

describe('killed during a batch', () => {
  it('keeps every stored result; the next start reports the run and resumes it', async () => {
    const TOTAL = 40;
    const path = tmp.file('batch.db');
    const setup = openDatabase(path);
    const positions = batchPositions(TOTAL, 5).map((p) => ({ ...p.position, name: p.name }));
    importBundle(setup, bundleText(positions));
    closeDatabase(setup);
    const args = [CLI, 'batch', '--db', path, '--solver', 'dp', '--threads', '2'];

    const reader = new Database(path, { readonly: true });
    const solved = reader.prepare('SELECT count(*) AS n FROM solve_results WHERE ok = 1');
    const child = spawn(process.execPath, [...args, '--json'], { stdio: 'ignore' });
    const end = exited(child);
    let atKill = 0;
    while (atKill < 8) {
      await sleep(5);
      atKill = (solved.get() as { n: number }).n;
      if (child.exitCode !== null) throw new Error('the batch finished before it could be killed');
    }
    child.kill('SIGKILL');
    expect(await end).toBe('SIGKILL');
    reader.close();

    const db = reopen(path);
    const kept = db
      .prepare('SELECT position_id, result FROM solve_results ORDER BY position_id')
      .all() as { position_id: number; result: string }[];
    expect(kept.length).toBeGreaterThanOrEqual(atKill);
    // The next start (the app's API on this file) reports the run as interrupted, with its count.
    const api = createApi({ db, dbPath: path, pool: noPool });
    const runs = await api.dispatch('batchList', {});
    expect(runs).toMatchObject({
      ok: true,
      value: [{ state: 'interrupted', solver: 'dp', total: TOTAL, solved: kept.length }],
    });
    await api.close();
    closeDatabase(db);

    // The command line says so and resumes: only the rest is solved.
    const again = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    const [first, second] = again.stdout.trim().split('\n');
    expect(first).toBe(
      `resuming: batch 1 with dp was interrupted after ${kept.length} of ${TOTAL} positions`,
    );
    expect(second).toMatch(
      new RegExp(`^${TOTAL - kept.length} solved, ${kept.length} skipped \\(already solved`),
    );
    const after = reopen(path);
    const rows = after
      .prepare('SELECT position_id, result FROM solve_results ORDER BY position_id')
      .all() as { position_id: number; result: string }[];
    expect(rows).toHaveLength(TOTAL);
    for (const row of kept) expect(rows).toContainEqual(row); // nothing committed was lost
    closeDatabase(after);
    // Nothing unfinished any more: no report.
    const third = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(third.stdout).toMatch(/^0 solved, 40 skipped/);
  });
});

/** A whole classic game: a random layout, then shots at random cells until all are sunk. */
function recordedGame(seed: number) {
  const rules = presetRules('classic');
  const random = seededRandom(seed);
  const layout = randomLayout(rules, random)!;
  const owner = new Map<number, number[]>();
  for (const ship of layout) for (const c of ship) owner.set(c, ship);
  const order = Array.from({ length: 100 }, (_, i) => i).sort(() => random() - 0.5);
  const hit = new Set<number>();
  const rc = (c: number) => [Math.floor(c / 10), c % 10];
  const shots: unknown[] = [];
  let sunk = 0;
  for (const c of order) {
    if (sunk === layout.length) break;
    const ship = owner.get(c);
    if (!ship) {
      shots.push({ cell: rc(c), result: 'miss' });
      continue;
    }
    hit.add(c);
    if (ship.every((x) => hit.has(x))) {
      sunk++;
      shots.push({ cell: rc(c), result: 'sunk', sunk: ship.map(rc) });
    } else shots.push({ cell: rc(c), result: 'hit' });
  }
  return { log: { opponent: 'Crash Test', rules: { preset: 'classic' }, shots: [] }, shots };
}

describe('killed during a game recording', () => {
  it('keeps every committed shot; the game shows as unfinished and can go on', async () => {
    const recorder = buildChild('recorder-child');
    built.push(recorder);
    const path = tmp.file('games.db');
    closeDatabase(openDatabase(path));
    const plan = recordedGame(7);
    const planFile = tmp.file('plan.json');
    writeFileSync(planFile, JSON.stringify(plan));

    const child = spawn(process.execPath, [recorder, path, planFile, '15'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const end = exited(child);
    let acknowledged = 0;
    let gameId = 0;
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const KILL_AFTER = 25;
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout!.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const [word, n] = line.split(' ');
          if (word === 'game') gameId = Number(n);
          if (word === 'shot') acknowledged = Number(n);
          if (line === 'done') reject(new Error('the game finished before the kill'));
        }
        if (acknowledged >= KILL_AFTER && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', () =>
        acknowledged >= KILL_AFTER ? resolve() : reject(new Error(stderr)),
      );
    });
    expect(await end).toBe('SIGKILL');
    expect(plan.shots.length).toBeGreaterThan(KILL_AFTER + 10);

    const db = reopen(path);
    const api = createApi({ db, dbPath: path, pool: noPool });
    try {
      const got = await api.dispatch('gamesGet', { id: gameId });
      if (!got.ok) throw new Error(got.error.message);
      const game = got.value as { log: { shots: unknown[] }; outcome: string | null };
      const stored = game.log.shots.length;
      // Every acknowledged shot is there (the kill may land after one more commit).
      expect(stored).toBeGreaterThanOrEqual(acknowledged);
      expect(stored).toBeLessThanOrEqual(acknowledged + 1);
      expect(game.log.shots).toEqual(plan.shots.slice(0, stored));
      // Unfinished: no outcome, not every ship sunk; it lists as such.
      expect(game.outcome).toBeNull();
      expect(isFinished(parseGameLog(game.log))).toBe(false);
      const list = await api.dispatch('gamesList', {});
      expect(list).toMatchObject({
        ok: true,
        value: { items: [{ id: gameId, shots: stored, outcome: null }] },
      });
      // Recording goes on from where it stopped.
      const next = await api.dispatch('gamesAppendShot', { id: gameId, shot: plan.shots[stored] });
      expect(next.ok).toBe(true);
      console.log(
        `game recording killed after ${acknowledged} acknowledged shots: ${stored} stored, integrity ok, resumed at shot ${stored + 1}`,
      );
    } finally {
      await api.close();
      closeDatabase(db);
    }
  });
});

describe('a library written by a newer version', () => {
  it('is refused with a message by the app, import and batch, and left byte-for-byte', () => {
    const path = tmp.file('future.db');
    const db = openDatabase(path);
    importBundle(db, bundleText([{ name: 'from the future', rules: { preset: 'classic' } }]));
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    closeDatabase(db);
    const before = readFileSync(path);
    const file = tmp.file('one.json');
    writeFileSync(file, JSON.stringify({ rules: { preset: 'classic' } }));

    expect(() => openDatabase(path)).toThrow(DatabaseError);
    expect(() => openDatabase(path)).toThrow(
      `was written by a newer version of Broadside (schema ${SCHEMA_VERSION + 1}; this version reads up to ${SCHEMA_VERSION}). Update Broadside; the file was left untouched.`,
    );
    for (const args of [['import', file], ['batch', '--json'], ['export']]) {
      const r = spawnSync(process.execPath, [CLI, ...args, '--db', path], { encoding: 'utf8' });
      expect(r.status, args[0]).toBe(1);
      expect(r.stderr).toMatch(/^broadside: .* was written by a newer version of Broadside/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });
});
