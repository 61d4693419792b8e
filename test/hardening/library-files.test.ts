// Which files Broadside will write to, and two processes creating one library at once.
//
// Another program's SQLite file (its own tables, its own application_id, any user_version) is
// refused by every command with one line naming it, and is byte-for-byte the same afterwards;
// only Broadside's own files can be "newer". Libraries made before the application_id existed
// are recognised by their schema and stamped when next written. Commands that only read open
// the file read-only and never create it. Two `broadside import` runs creating the same new
// library at the same moment both land.

import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_ID } from '../../src/main/store/identify';
import { SCHEMA_VERSION } from '../../src/main/store/migrations';
import { migration001 } from '../../src/main/store/migrations/001-library';
import { broadside } from '../support/cli';
import { fileHash } from '../support/db-hash';
import { batchPositions, tempDir } from '../support/library';
import { CLI } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

const positionFile = (name: string, seed: number): string => {
  const file = tmp.file(`${name}.json`);
  const [p] = batchPositions(1, seed);
  writeFileSync(file, JSON.stringify({ ...p!.position, name }));
  return file;
};

/** An SQLite file of another program, made with `sql` (rollback journal, as most programs). */
function foreignFile(name: string, sql: string): string {
  const path = tmp.file(name);
  const db = new Database(path);
  db.exec(sql);
  db.close();
  return path;
}

const FOREIGN: [string, string][] = [
  [
    'a browser-like file with a bookmarks table',
    `CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT);
     INSERT INTO bookmarks (url) VALUES ('https://example.org');`,
  ],
  [
    'a file with its own positions table',
    `CREATE TABLE positions (id INTEGER PRIMARY KEY, x REAL, y REAL);
     INSERT INTO positions (x, y) VALUES (1.5, 2.5);`,
  ],
  [
    'a file at user_version 7 (not Broadside)',
    `CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine'); PRAGMA user_version = 7;`,
  ],
  [
    "a file with another program's application_id",
    `PRAGMA application_id = 1598903374; CREATE TABLE t (x); PRAGMA user_version = 1;`,
  ],
];

describe("another program's SQLite file", () => {
  it.each(FOREIGN)(
    '%s is refused by every command, one line, byte-for-byte untouched',
    (_, sql) => {
      const path = foreignFile(`foreign-${sql.length}.db`, sql);
      const before = fileHash(path);
      const input = positionFile(`for-foreign-${sql.length}`, 3);
      for (const args of [['export'], ['import', input], ['batch', '--threads', '1']]) {
        const r = broadside([...args, '--db', path]);
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
        expect(r.stderr).toMatch(
          new RegExp(
            `^broadside: ${path} is not a Broadside library \\(.*\\); it was left untouched`,
          ),
        );
        expect(r.stderr).not.toMatch(/newer version/);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(fileHash(path), `${args[0]} changed the file`).toBe(before);
      }
      expect(existsSync(`${path}-wal`)).toBe(false);
      const check = new Database(path, { readonly: true });
      expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
      check.close();
    },
  );

  it('a file that is not SQLite at all is refused the same way', () => {
    const path = tmp.file('notes.db');
    writeFileSync(path, 'shopping list: eggs, milk\n'.repeat(20));
    const before = fileHash(path);
    const r = broadside(['import', positionFile('for-text', 4), '--db', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `broadside: ${path} is not a Broadside library (not an SQLite database); it was left untouched. Choose another file (--db PATH).\n`,
    );
    expect(fileHash(path)).toBe(before);
  });
});

describe("Broadside's own files", () => {
  it('are stamped with the application_id when created', () => {
    const path = tmp.file('new.db');
    expect(broadside(['import', positionFile('first', 5), '--db', path]).code).toBe(0);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    db.close();
  });

  it('a library of the released version (no application_id) is read as is and stamped on the next write', () => {
    // Made as the released version made it: migration 1, user_version 1, WAL, no id.
    const path = tmp.file('released.db');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    migration001.up(old);
    old.pragma('user_version = 1');
    old.close();
    expect(broadside(['import', positionFile('kept', 6), '--db', path]).code).toBe(0);
    const exported = broadside(['export', '--db', path]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout).positions.map((p: { name: string }) => p.name)).toEqual([
      'kept',
    ]);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    // ...and brought up to the current schema by that write.
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('export (read-only) leaves a library byte-for-byte as it was', () => {
    const path = tmp.file('read-only.db');
    expect(broadside(['import', positionFile('ro', 7), '--db', path]).code).toBe(0);
    const before = fileHash(path);
    expect(broadside(['export', '--db', path]).code).toBe(0);
    expect(fileHash(path)).toBe(before);
  });

  it('export of a missing library says so and does not create it', () => {
    const path = tmp.file('missing.db');
    const r = broadside(['export', '--db', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `broadside: there is no library at ${path}; check the path (--db PATH)\n`,
    );
    expect(existsSync(path)).toBe(false);
  });

  it('only a Broadside library is "written by a newer version"', () => {
    const path = tmp.file('future.db');
    expect(broadside(['import', positionFile('future', 8), '--db', path]).code).toBe(0);
    const raw = new Database(path);
    raw.pragma('user_version = 7');
    raw.close();
    const before = fileHash(path);
    const r = broadside(['export', '--db', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^broadside: .* was written by a newer version of Broadside \(schema 7/,
    );
    expect(fileHash(path)).toBe(before);
  });
});

describe('two processes creating one new library at the same moment', () => {
  it('both imports land, in every trial', async () => {
    const TRIALS = 8;
    const a = positionFile('racer-a', 11);
    const b = positionFile('racer-b', 12);
    const run = (file: string, db: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'import', file, '--db', db]);
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (code) => resolve({ code, stderr }));
      });
    const failures: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const db = tmp.file(`race-${trial}.db`);
      const results = await Promise.all([run(a, db), run(b, db)]);
      for (const r of results) if (r.code !== 0) failures.push(`trial ${trial}: ${r.stderr}`);
      const check = new Database(db, { readonly: true });
      const names = (
        check.prepare('SELECT name FROM positions ORDER BY name').all() as { name: string }[]
      ).map((p) => p.name);
      check.close();
      if (names.join() !== 'racer-a,racer-b') failures.push(`trial ${trial}: kept ${names.join()}`);
    }
    console.log(
      `${TRIALS} trials of two concurrent imports creating one library: ${failures.length} lost`,
    );
    expect(failures).toEqual([]);
  });
});
