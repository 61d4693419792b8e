// Backup and restore at any size (issue "Reliability, third pass", item 5), with real processes
// and real library files: a library whose bundle is larger than the 64 MB limit on other inputs
// is exported by `broadside export` and imported back by `broadside import` into an empty
// library, which then holds the same rows (counts, and a digest of every row). The import child
// reports its memory as it runs: it reads the bundle a record at a time, so it never holds the
// whole text.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random';
import { MAX_INPUT_BYTES } from '../../src/cli/io';
import { exportBundle } from '../../src/main/store/bundle';
import { insertGame, normaliseLog } from '../../src/main/store/games';
import { closeDatabase, openDatabase, type Db } from '../../src/main/store/open';
import { insertOpponent } from '../../src/main/store/opponents';
import { insertPosition } from '../../src/main/store/positions';
import { putPrior } from '../../src/main/store/priors';
import { write } from '../../src/main/store/sql';
import { FINISHED_GAME, RULES_4X4 } from '../support/fixtures';
import { tempDir } from '../support/library';
import { CLI, ROOT } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Notes of `n` characters with what JSON must escape: quotes, backslashes, newlines, non-ASCII. */
function notes(random: () => number, n: number): string {
  const alphabet = 'abcdefghij klmnop "quoted" back\\slash\nline\ttab é ü 🚢 ';
  let s = '';
  while (s.length < n) s += alphabet[Math.floor(random() * alphabet.length)];
  return s.slice(0, n);
}

/** A library whose bundle passes 64 MB: long notes on some positions, many small records. */
function buildLibrary(path: string): void {
  const db = openDatabase(path);
  const random = seededRandom(7);
  write(db, () => {
    const ann = insertOpponent(db, { name: 'Ann', notes: 'plays corners' });
    insertOpponent(db, { name: 'Bob' });
    putPrior(db, {
      opponentId: ann,
      rules: RULES_4X4,
      grid: [
        [2, 1, 1, 2],
        [1, 1, 1, 1],
        [1, 1, 1, 1],
        [2, 1, 1, 2.5],
      ],
      games: 3,
      source: 'learned',
    });
    for (let i = 0; i < 12_000; i++) {
      const board = Array.from({ length: 10 }, () =>
        Array.from({ length: 10 }, () => (random() < 0.1 ? 'o' : '.')).join(''),
      );
      insertPosition(db, {
        name: `position ${i}`,
        tags: i % 3 === 0 ? ['opening', `t${i % 17}`] : [],
        notes: i % 8 === 0 ? notes(random, 40_000) : notes(random, 20),
        position: {
          rules: {
            width: 10,
            height: 10,
            fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
            touch: 'no-touch',
          },
          board,
          sunk: [],
          ...(i % 5 === 0 ? { sunkReported: false } : {}),
        },
      });
    }
    for (let i = 0; i < 3_000; i++) {
      insertGame(db, {
        log: normaliseLog({ ...FINISHED_GAME, opponent: ['Ann', 'Bob', 'Cy', ''][i % 4] }, 'game'),
        outcome: i % 2 === 0 ? 'won' : null,
        notes: notes(random, 30),
      });
    }
  });
  closeDatabase(db);
}

/** A digest of every row of the library's records, with ids replaced by what they stand for. */
function libraryDigest(db: Db): { counts: Record<string, number>; digest: string } {
  const queries: Record<string, string> = {
    positions: `SELECT name, tags, notes, rules, observations, created_at, updated_at
      FROM positions ORDER BY id`,
    opponents: 'SELECT name, notes, created_at, updated_at FROM opponents ORDER BY name',
    priors: `SELECT o.name, p.rules, p.grid, p.games, p.source, p.updated_at
      FROM priors p JOIN opponents o ON o.id = p.opponent_id ORDER BY o.name`,
    games: `SELECT o.name, g.rules, g.fired_by, g.layout, g.outcome, g.played_at, g.notes,
      g.created_at, g.updated_at FROM games g LEFT JOIN opponents o ON o.id = g.opponent_id
      ORDER BY g.id`,
    game_shots: 'SELECT * FROM game_shots ORDER BY game_id, seq',
  };
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const [table, sql] of Object.entries(queries)) {
    counts[table] = 0;
    hash.update(`${table}\n`);
    for (const row of db.prepare(sql).raw().iterate() as Iterable<unknown[]>) {
      hash.update(`${JSON.stringify(row)}\n`);
      counts[table]++;
    }
  }
  return { counts, digest: hash.digest('hex') };
}

/** Runs the command line; resolves with its exit code, output and peak resident set (MB). */
function run(
  args: string[],
  nodeFlags: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string; peakMb: number }> {
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      '--import',
      pathToFileURL(join(ROOT, 'test/support/rss-reporter.mjs')).href,
      CLI,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let peakKb = 0;
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
    peakKb = Math.max(peakKb, Number(line));
  });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr, peakMb: peakKb / 1024 })),
  );
}

describe('export then import of a library larger than 64 MB', () => {
  it('gives the same library: the same counts and the same digest of every row', async () => {
    const source = tmp.file('source.db');
    const restored = tmp.file('restored.db');
    const bundle = tmp.file('backup.json');
    buildLibrary(source);

    const exported = await run(['export', '--db', source, '--out', bundle]);
    expect(exported.code, exported.stderr).toBe(0);
    const bytes = statSync(bundle).size;
    expect(bytes).toBeGreaterThan(MAX_INPUT_BYTES);

    // With a JavaScript heap smaller than the bundle: it must read a record at a time.
    const heapMb = 48;
    const imported = await run(
      ['import', bundle, '--db', restored, '--json'],
      [`--max-old-space-size=${heapMb}`],
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      positions: 12_000,
      games: 3_000,
      opponents: 3,
      priors: 1,
    });

    const a = openDatabase(source, { readonly: true });
    const b = openDatabase(restored, { readonly: true });
    try {
      const before = libraryDigest(a);
      const after = libraryDigest(b);
      expect(after.counts).toEqual(before.counts);
      expect(after.counts).toMatchObject({ positions: 12_000, games: 3_000, game_shots: 12_000 });
      expect(after.digest).toBe(before.digest);
      // The streamed export is the text the API's export gives.
      const again = exportBundle(b);
      expect(again.length).toBeGreaterThan(MAX_INPUT_BYTES / 2);
    } finally {
      closeDatabase(a);
      closeDatabase(b);
    }
    const mb = (n: number) => (n / 2 ** 20).toFixed(0);
    console.log(
      `round trip of a ${mb(bytes)} MB bundle: export peak RSS ${exported.peakMb.toFixed(0)} MB, ` +
        `import peak RSS ${imported.peakMb.toFixed(0)} MB with a ${heapMb} MB JavaScript heap`,
    );
    expect(heapMb * 2 ** 20).toBeLessThan(bytes);
  }, 300_000);
});
