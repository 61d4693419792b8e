// SQLite's failures on real files reach the user as one line naming the file and what to do,
// never a stack trace, and nothing saved before is lost: a full disk (a small tmpfs mounted for
// the test where the machine allows it, else SQLite's own PRAGMA max_page_count), a library
// with a damaged page, and a library another process keeps locked past the busy timeout.

import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  rmSync,
  statfsSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import { createPool, type JobPool } from '../../src/main/pool';
import { importBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { startWebServer } from '../../src/main/web/server';
import { broadside } from '../support/cli';
import { contentHash, fileHash } from '../support/db-hash';
import { batchPositions, tempDir } from '../support/library';
import { BUILT_WORKER, CLI, ROOT } from '../support/paths';

const tmp = tempDir();
const noPool = { threads: 1 } as JobPool; // for API calls that run no job

/** Exactly one line on standard error, and no stack trace or worker noise. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at |SqliteError|Unexpected message/);
}

const bundle = (n: number, seed: number) =>
  JSON.stringify({
    format: 'broadside-bundle',
    version: 1,
    positions: batchPositions(n, seed).map((p) => ({
      ...p.position,
      name: p.name,
      notes: 'x'.repeat(2000),
    })),
  });

// A 4 MB tmpfs when this machine lets the test mount one (root on Linux), else undefined.
const disk = tmp.file('small-disk');
let mounted = false;
beforeAll(() => {
  mkdirSync(disk);
  let why = 'not Linux';
  // BROADSIDE_TEST_NO_TMPFS=1 tries the fallback on a machine that could mount.
  if (process.env['BROADSIDE_TEST_NO_TMPFS']) why = 'BROADSIDE_TEST_NO_TMPFS is set';
  else if (process.platform === 'linux') {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk], {
      encoding: 'utf8',
    });
    mounted = r.status === 0;
    why = r.stderr?.trim() || r.error?.message || `mount exited ${r.status}`;
  }
  console.log(
    mounted
      ? 'full disk: a real 4 MB tmpfs'
      : `full disk: no tmpfs (${why}); the API test uses PRAGMA max_page_count, the command-line ones are skipped`,
  );
});
afterAll(() => {
  if (mounted) spawnSync('umount', [disk]);
  tmp.remove();
});

/** Fills the small disk with a filler file until `leaveBytes` remain free; returns its remover. */
function fillDisk(leaveBytes: number): () => void {
  const filler = join(disk, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(4096, 7);
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(disk);
      if (bavail * bsize <= leaveBytes) break;
      writeSync(fd, chunk);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  return () => rmSync(filler, { force: true });
}

describe('a full disk', () => {
  it.runIf(process.platform === 'linux')(
    '`import` rolls back and says so in one line; the library keeps what it had',
    (ctx) => {
      if (!mounted) return ctx.skip();
      const path = join(disk, 'import.db');
      const db = openDatabase(path);
      importBundle(db, bundle(3, 1));
      const before = contentHash(db);
      closeDatabase(db);
      const file = tmp.file('big.json');
      writeFileSync(file, bundle(1500, 2)); // about 3 MB of positions
      const free = fillDisk(256 * 1024);
      try {
        const r = broadside(['import', file, '--db', path]);
        expect(r.code).toBe(1);
        expectOneLine(
          r.stderr,
          new RegExp(`^broadside: the disk holding ${path} is full; free some space and try again`),
        );
      } finally {
        free();
      }
      const after = openDatabase(path);
      expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(contentHash(after)).toBe(before);
      closeDatabase(after);
    },
  );

  it.runIf(process.platform === 'linux')(
    '`batch` stops with one line, keeping every position and stored result',
    (ctx) => {
      if (!mounted) return ctx.skip();
      const path = join(disk, 'batch.db');
      const db = openDatabase(path);
      importBundle(db, bundle(40, 3));
      closeDatabase(db);
      const free = fillDisk(96 * 1024);
      let r;
      try {
        r = broadside(['batch', '--db', path, '--solver', 'dp', '--threads', '1']);
      } finally {
        free();
      }
      expect(r.code).toBe(1);
      expectOneLine(r.stderr, new RegExp(`^broadside: the disk holding ${path} is full`));
      const after = openDatabase(path);
      expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((after.prepare('SELECT count(*) AS n FROM positions').get() as { n: number }).n).toBe(
        40,
      );
      closeDatabase(after);
    },
  );

  it.runIf(process.platform === 'linux')(
    'closing when the final checkpoint cannot be written loses nothing and does not throw',
    (ctx) => {
      if (!mounted) return ctx.skip();
      const path = join(disk, 'close.db');
      closeDatabase(openDatabase(path));
      const db = openDatabase(path);
      importBundle(db, bundle(200, 4)); // in the WAL; the checkpoint must grow the main file
      const before = contentHash(db);
      const free = fillDisk(0);
      try {
        expect(() => closeDatabase(db)).not.toThrow();
      } finally {
        free();
      }
      const after = openDatabase(path);
      expect(contentHash(after)).toBe(before);
      closeDatabase(after);
    },
  );

  it('the API answers a DatabaseError naming the file, and the web transport 503', async () => {
    const path = mounted ? join(disk, 'api.db') : tmp.file('api.db');
    const db = openDatabase(path);
    importBundle(db, bundle(2, 5));
    const before = contentHash(db);
    let free = () => undefined as void;
    if (mounted) free = fillDisk(64 * 1024);
    else db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const api = createApi({ db, dbPath: path, pool: noPool });
    const server = await startWebServer({
      dispatch: api.dispatch,
      staticDir: join(ROOT, 'out/renderer'),
    });
    try {
      const res = await fetch(`${server.origin}/api/importBundle`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: bundle(300, 6) }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        ok: false,
        error: {
          name: 'DatabaseError',
          message: `the disk holding ${path} is full; free some space and try again (nothing saved before was lost)`,
        },
      });
    } finally {
      await server.close();
      await api.close();
      free();
    }
    expect(contentHash(db)).toBe(before);
    closeDatabase(db);
  });

  it('a batch that fails on a full library says why through batchProgress', async () => {
    const path = tmp.file('batch-full.db');
    const db = openDatabase(path);
    importBundle(db, bundle(20, 8));
    // Room for the run's row in pages it already has, none for new pages of results.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    const api = createApi({ db, dbPath: path, pool });
    try {
      const started = await api.call('batchStart', { solver: 'dp' });
      if (!started.ok) throw new Error(`batchStart: ${started.error.message}`);
      let status = started.value;
      while (status.state === 'running') {
        await new Promise((r) => setTimeout(r, 20));
        const reply = await api.call('batchProgress', { id: status.id });
        if (!reply.ok) throw new Error(`batchProgress: ${reply.error.message}`);
        status = reply.value;
      }
      expect(status.state).toBe('failed');
      expect(status.solved).toBeLessThan(20);
      expect(status.error).toEqual({
        name: 'DatabaseError',
        message: `the disk holding ${path} is full; free some space and try again (nothing saved before was lost)`,
      });
    } finally {
      await api.close();
      await pool.close();
      closeDatabase(db);
    }
  });
});

describe('a library on a disk that became read-only', () => {
  it.runIf(process.platform === 'linux')(
    '`import` and `export` say so in one line; the file is untouched',
    (ctx) => {
      if (!mounted) return ctx.skip();
      const ro = tmp.file('read-only-disk');
      mkdirSync(ro);
      if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', ro]).status !== 0) {
        return ctx.skip('cannot mount a second tmpfs');
      }
      try {
        const path = join(ro, 'lib.db');
        closeDatabase(openDatabase(path));
        expect(spawnSync('mount', ['-o', 'remount,ro', ro]).status).toBe(0);
        const before = fileHash(path);
        const file = tmp.file('ro.json');
        writeFileSync(file, bundle(1, 10));
        for (const args of [['import', file], ['export']]) {
          const r = broadside([...args, '--db', path]);
          expect(r.code, args[0]).toBe(1);
          expectOneLine(
            r.stderr,
            new RegExp(
              `^broadside: cannot open the library ${path}; check that its folder exists and can be written`,
            ),
          );
        }
        expect(fileHash(path)).toBe(before);
      } finally {
        spawnSync('umount', [ro]);
      }
    },
  );
});

/** A library of 300 positions with garbage written over one page of an index. */
function damagedLibrary(name: string): string {
  const path = tmp.file(name);
  const db = openDatabase(path);
  importBundle(db, bundle(300, 7));
  const { rootpage } = db
    .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'positions_updated'")
    .get() as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  closeDatabase(db);
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
  return path;
}

describe('a library with a damaged page', () => {
  it('`export` notices (exit 1, one line) instead of exporting; the file is untouched', () => {
    const path = damagedLibrary('damaged-export.db');
    const before = fileHash(path);
    const r = broadside(['export', '--db', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expectOneLine(
      r.stderr,
      new RegExp(
        `^broadside: the library ${path} is damaged \\(.*\\); restore it from a backup\n$`,
      ),
    );
    expect(fileHash(path)).toBe(before);
  });

  it('`import` ends with one line, not a stack trace, and changes nothing', () => {
    const path = damagedLibrary('damaged-import.db');
    const file = tmp.file('one.json');
    writeFileSync(file, bundle(1, 8));
    const before = fileHash(path);
    const r = broadside(['import', file, '--db', path]);
    expect(r.code).toBe(1);
    expectOneLine(
      r.stderr,
      new RegExp(
        `^broadside: the library ${path} is damaged \\(SQLITE_CORRUPT.*\\); restore it from a backup\n$`,
      ),
    );
    expect(fileHash(path)).toBe(before);
  });
});

describe('a library another process keeps locked', () => {
  it('an import waits out the busy timeout, then says the library is busy; nothing changes', () => {
    const path = tmp.file('busy.db');
    closeDatabase(openDatabase(path));
    const holder = new Database(path);
    const before = contentHash(holder);
    holder.prepare('BEGIN IMMEDIATE').run();
    const file = tmp.file('busy.json');
    writeFileSync(file, bundle(1, 9));
    const r = broadside(['import', file, '--db', path]);
    holder.prepare('ROLLBACK').run();
    expect(r.code).toBe(1);
    expectOneLine(
      r.stderr,
      new RegExp(
        `^broadside: the library ${path} is busy: another process kept it locked for over 10 s; try again when it has finished\n$`,
      ),
    );
    expect(contentHash(holder)).toBe(before);
    holder.close();
  });

  it('an import that meets the lock waits for it: released meanwhile, the import goes through', async () => {
    const path = tmp.file('busy-released.db');
    closeDatabase(openDatabase(path));
    const holder = new Database(path);
    holder.prepare('BEGIN IMMEDIATE').run();
    const file = tmp.file('busy-released.json');
    writeFileSync(file, bundle(2, 10));
    const child = spawn(process.execPath, [CLI, 'import', file, '--db', path], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await sleep(2000); // the import starts and meets the lock, well inside the busy timeout
    // Order: the import was still waiting when the lock was let go, then finished its work.
    expect(child.exitCode, stderr).toBeNull();
    holder.prepare('ROLLBACK').run();
    expect(await exited, stderr).toBe(0);
    const n = holder.prepare('SELECT count(*) AS n FROM positions').get() as { n: number };
    expect(n.n).toBe(2);
    holder.close();
  });
});
