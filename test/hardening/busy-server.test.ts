// The server keeps answering while it is busy (issue "Reliability, third pass", items 1 and 6,
// and its soak), through the real web server over a real library file and a real pool:
//   - a large import (tens of megabytes) runs on its own thread and connection: `info` is
//     answered many times before the import's own answer, and a bad record at its very end
//     still leaves the library unchanged;
//   - the soak: while a long exact solve, a large import and a simulation all run, `info` keeps
//     being answered. The server is a real `broadside web` process. Assertions are on order and outcome; the latencies are printed as figures
//     (worst and 99th percentile), never asserted.

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../support/db-hash';
import { tempDir } from '../support/library';
import { startWebChild, type Reply, type WebChild } from '../support/web-child';

// The server runs in its own process: the test's own work (building and sending tens of
// megabytes) must not count in the server's answer times.
const tmp = tempDir();
const dbPath = tmp.file('busy-server.db');
let web: WebChild;
// Starting and stopping a server process is a second on an idle machine but can take many more
// beside other CPU-bound work: the hooks wait for it to happen, not for a time.
const SERVER_HOOK_MS = 180_000;
beforeAll(async () => {
  web = await startWebChild(dbPath);
}, SERVER_HOOK_MS);
afterAll(async () => {
  web.child.kill('SIGTERM');
  await web.exited;
  tmp.remove();
}, SERVER_HOOK_MS);

const call = (method: string, params: unknown): Promise<Reply> => web.call(method, params);

function libraryHash(): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    return contentHash(db);
  } finally {
    db.close();
  }
}

/** A bundle of `n` 10x10 positions with notes of `noteChars` characters each, as text. */
function bundleText(n: number, noteChars: number, tag: string, bad = false): string {
  const note = 'a note with "quotes", a back\\slash and é '.repeat(noteChars / 40 + 1);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const board = Array.from({ length: 10 }, (_, r) =>
      r === i % 10 ? `${'.'.repeat(i % 7)}o${'.'.repeat(9 - (i % 7))}` : '..........',
    );
    lines.push(
      JSON.stringify({
        name: `${tag} ${i}`,
        notes: note.slice(0, noteChars),
        rules: { preset: 'classic' },
        board,
        sunk: [],
      }),
    );
  }
  if (bad)
    lines.push(JSON.stringify({ name: 'the bad one', rules: { preset: 'classic' }, board: ['x'] }));
  return `{"format": "broadside-bundle", "version": 1, "positions": [\n${lines.join(',\n')}\n]}\n`;
}

/**
 * Calls info over and over until `busy` settles; the latencies of the calls answered after
 * `from` resolved and before `busy` settled.
 */
async function infoWhile(busy: Promise<unknown>, from: Promise<void>): Promise<number[]> {
  let settled = false;
  let started = false;
  void busy.finally(() => (settled = true));
  void from.then(() => (started = true));
  const meanwhile: number[] = [];
  while (!settled) {
    const t0 = performance.now();
    const info = await call('info', {});
    const ms = performance.now() - t0;
    expect(info.ok).toBe(true);
    if (started && !settled) meanwhile.push(ms);
    await new Promise((r) => setTimeout(r, 10));
  }
  return meanwhile;
}

const figure = (ms: number[]): string => {
  const sorted = [...ms].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  return `${ms.length} answers, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
};

describe('a large import', () => {
  it('runs off the main thread: info is answered meanwhile, and the import completes', async () => {
    const text = bundleText(8_000, 4_000, 'large');
    // Counted from when the body is sent: the server is then parsing and writing it.
    const { sent, reply: importing } = web.send('importBundle', { text });
    const meanwhile = await infoWhile(importing, sent);
    const reply = await importing;
    expect(reply).toMatchObject({ ok: true, value: { positions: 8_000, games: 0 } });
    expect(meanwhile.length).toBeGreaterThan(5);
    const list = await call('positionsList', { text: 'large 7999', limit: 1 });
    expect(list).toMatchObject({ ok: true, value: { total: 1 } });
    console.log(`import of ${(text.length / 2 ** 20).toFixed(0)} MB: info ${figure(meanwhile)}`);
  }, 300_000);

  it('with a bad record at its very end imports nothing and names the record', async () => {
    const before = libraryHash();
    const reply = await call('importBundle', { text: bundleText(3_000, 4_000, 'doomed', true) });
    expect(reply.ok).toBe(false);
    expect(reply.error!.name).toBe('InputError');
    expect(reply.error!.message).toMatch(
      /^import: a record is invalid; nothing was imported:\n {2}positions\[3000\] \("the bad one"\): /,
    );
    expect(libraryHash()).toBe(before);
  });
});

/** Whether another connection holds the library's write lock now. */
function writeLockTaken(): boolean {
  const db = new Database(dbPath, { timeout: 0 });
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw e;
  } finally {
    db.close();
  }
}

describe('a solve while an import holds the library', () => {
  it('is answered before the import, its result not kept (it waits for no lock)', async () => {
    // Sent again while the last large body's place is still being freed (see sendLarge).
    const { reply: importing } = await sendLarge(bundleText(8_000, 4_000, 'locked'));
    let imported = false;
    void importing.finally(() => (imported = true));
    while (!writeLockTaken() && !imported) await new Promise((r) => setTimeout(r, 5));
    expect(imported).toBe(false); // the import's transaction holds the lock now
    const empty = {
      rules: { width: 7, height: 6, fleet: [3, 2, 2], touch: 'allowed' },
      board: Array(6).fill('.......'),
      sunk: [],
    };
    const solved = await call('solve', { position: empty, solver: 'dp' });
    expect(solved).toMatchObject({ ok: true, value: { exact: true } });
    // Answered while the import still holds the lock: the solve did not wait for its commit.
    expect(writeLockTaken()).toBe(true);
    expect(imported).toBe(false);
    expect(await importing).toMatchObject({ ok: true, value: { positions: 8_000 } });
  }, 300_000);
});

/**
 * web.send of a large import, sent again while the answer is the large-body busy refusal: the
 * server frees its one place for a large body when the last one's connection has closed, which
 * on a busy machine can come a moment after the client has read that answer.
 */
async function sendLarge(text: string): Promise<{ sent: Promise<unknown>; reply: Promise<Reply> }> {
  for (;;) {
    const { sent, reply } = web.send('importBundle', { text });
    const busy = await Promise.race([
      sent.then(() => false),
      reply.then((r) => r.error?.name === 'BusyError'),
    ]);
    if (!busy) return { sent: Promise.race([sent, reply]), reply };
  }
}

describe('the soak: a long solve, a large import and a simulation at once', () => {
  it('info keeps answering while all three run, and each completes', async () => {
    const classic = {
      rules: { preset: 'classic' },
      board: Array(10).fill('.'.repeat(10)),
      sunk: [],
    };
    const solve = call('solve', { position: classic, solver: 'dp' });
    const { sent, reply: importing } = await sendLarge(bundleText(8_000, 4_000, 'soak'));
    const simulate = call('simulate', {
      rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' },
      strategies: ['greedy', 'hunt-target'],
      games: 200,
      seed: 5,
    });
    // Answers counted while every one of the three was still running (the import from when its
    // body was sent).
    await sent;
    let allRunning = true;
    void Promise.race([solve, importing, simulate]).finally(() => (allRunning = false));
    let whileAll = 0;
    const all = Promise.all([solve, importing, simulate]);
    let settled = false;
    void all.finally(() => (settled = true));
    const meanwhile: number[] = [];
    while (!settled) {
      const t0 = performance.now();
      const info = await call('info', {});
      const ms = performance.now() - t0;
      expect(info.ok).toBe(true);
      if (!settled) meanwhile.push(ms);
      if (allRunning) whileAll++;
      await new Promise((r) => setTimeout(r, 10));
    }
    const [solved, imported, simulated] = await all;
    expect(solved).toMatchObject({ ok: true, value: { exact: true } });
    expect(imported).toMatchObject({ ok: true, value: { positions: 8_000 } });
    expect(simulated).toMatchObject({ ok: true });
    expect(whileAll).toBeGreaterThan(3);
    console.log(`soak: info ${figure(meanwhile)}; ${whileAll} while all three ran`);
  }, 300_000);
});
