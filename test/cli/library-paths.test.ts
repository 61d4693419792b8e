// Paths the library commands are given that are not what they should be: --db naming a folder or
// a named pipe, `export --out` into a missing folder or onto a full disk, and `batch --db` with a
// mistyped folder. Each gets one line, no stack trace; nothing is created and nothing saved is
// changed. Real child processes on real files; the full disk is a small tmpfs mounted in a
// private mount namespace (unshare), so nothing outside the test sees it.

import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/library';
import { broadside } from '../support/cli';
import { fileHash } from '../support/db-hash';
import { CLI, ROOT } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

const write = (name: string, content: unknown): string => {
  const file = tmp.file(name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};
const oneLine = (stderr: string) => {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
};

/** A library of `n` positions, made by importing a bundle (the way users fill one). */
function library(name: string, n: number): string {
  const db = tmp.file(name);
  const board = Array.from({ length: 10 }, () => '..........');
  const positions = Array.from({ length: n }, (_, k) => ({
    name: `position ${k}`,
    rules: { preset: 'classic' },
    board,
    sunk: [],
  }));
  const bundle = tmp.file(`${name}.json`);
  writeFileSync(
    bundle,
    JSON.stringify({ format: 'broadside-bundle', version: 1, positions, opponents: [], games: [] }),
  );
  const r = broadside(['import', bundle, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return db;
}

describe('--db that names no library file', () => {
  it('a folder: one line for every command, nothing created inside it', () => {
    const folder = tmp.file('a-folder');
    mkdirSync(folder);
    const input = tmp.file('one.txt');
    writeFileSync(input, `rules: classic\n${'..........\n'.repeat(10)}`);
    for (const args of [['export'], ['batch', '--threads', '1'], ['import', input]]) {
      const r = broadside([...args, '--db', folder]);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toBe(
        `broadside: ${folder} is a folder, not a library file; name a file (--db PATH)\n`,
      );
      oneLine(r.stderr);
    }
    expect(readdirSync(folder)).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('a named pipe: refused at once, not waited on', () => {
    const fifo = tmp.file('a-pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const args of [['export'], ['batch', '--threads', '1']]) {
      // nobody ever writes to the pipe: a command that opened it would wait forever
      const r = spawnSync(process.execPath, [CLI, ...args, '--db', fifo], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.signal, `${args[0]} hung on the pipe`).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        `broadside: ${fifo} is a named pipe, not a library file; name a file (--db PATH)\n`,
      );
    }
  });

  it('batch with a mistyped folder creates neither the folder nor a library', () => {
    const db = library('real.db', 1);
    const typo = join(tmp.file('relaese'), 'real.db');
    const r = broadside(['batch', '--db', typo, '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `broadside: there is no library at ${typo}; check the path (--db PATH)\n`,
    );
    expect(existsSync(tmp.file('relaese'))).toBe(false);
    // export refuses the same path the same way, and neither touched the real library
    const before = fileHash(db);
    const e = broadside(['export', '--db', typo]);
    expect(e.code).toBe(1);
    expect(e.stderr).toBe(r.stderr);
    expect(existsSync(tmp.file('relaese'))).toBe(false);
    expect(fileHash(db)).toBe(before);
  });
});

describe('export --out that cannot be written', () => {
  it('into a missing folder: one line, no file, the library unchanged', () => {
    const db = library('for-missing.db', 2);
    const before = fileHash(db);
    const out = join(tmp.file('no-such-folder'), 'backup.json');
    const r = broadside(['export', '--db', db, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `broadside: --out ${out}: the folder ${tmp.file('no-such-folder')} does not exist; create it or name another; nothing was written\n`,
    );
    expect(existsSync(tmp.file('no-such-folder'))).toBe(false);
    expect(fileHash(db)).toBe(before);
  });

  const canMount =
    process.platform === 'linux' &&
    spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'true']).status === 0;
  it.skipIf(!canMount)('onto a full disk (ENOSPC): one line, the old backup kept whole', () => {
    // about 170 KB of bundle onto a 64 KB tmpfs that already holds last week's backup
    const db = library('for-full.db', 400);
    const before = fileHash(db);
    const disk = tmp.file('small-disk');
    mkdirSync(disk);
    const script = [
      'mount -t tmpfs -o size=64k tmpfs "$1"',
      'printf old > "$1/backup.json"',
      '"$2" "$3" export --db "$4" --out "$1/backup.json"',
      'code=$?',
      'printf "kept:%s files:%s" "$(cat "$1/backup.json")" "$(ls "$1" | tr "\\n" " ")" >&2',
      'exit $code',
    ].join('\n');
    const r = spawnSync(
      'unshare',
      [
        '--user',
        '--map-root-user',
        '--mount',
        'sh',
        '-c',
        script,
        'sh',
        disk,
        process.execPath,
        CLI,
        db,
      ],
      { encoding: 'utf8' },
    );
    const [message, after] = r.stderr.split('\n');
    expect(r.status).toBe(2);
    expect(message).toBe(
      `broadside: --out ${disk}/backup.json: the disk is full (ENOSPC); free some space or name another disk; nothing was written`,
    );
    expect(after).toBe('kept:old files:backup.json ');
    expect(fileHash(db)).toBe(before);
  });
});

describe('export --out onto something that is not a regular file', () => {
  const refused = (out: string, what: string) =>
    `broadside: --out ${out}: is ${what}, not a regular file, and was left as it was; name a regular file (or --out - for standard output)\n`;

  /** Runs the export onto `out`; expects the one-line refusal and nothing left beside it. */
  function exportRefused(out: string, what: string): void {
    const db = library(`onto-${what.replaceAll(' ', '-')}.db`, 2);
    const before = fileHash(db);
    const folder = join(out, '..');
    const entries = readdirSync(folder).sort();
    // a pipe nobody reads: a command that opened it for writing would wait forever
    const r = spawnSync(process.execPath, [CLI, 'export', '--db', db, '--out', out], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.signal, 'hung').toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(refused(out, what));
    oneLine(r.stderr);
    expect(readdirSync(folder).sort()).toEqual(entries);
    expect(fileHash(db)).toBe(before);
  }

  it.skipIf(process.platform === 'win32')('a named pipe stays a pipe', () => {
    const fifo = tmp.file('out-pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    exportRefused(fifo, 'a named pipe');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(process.platform === 'win32')(
    'a symbolic link stays a link, its file unchanged',
    () => {
      const target = tmp.file('link-target.json');
      writeFileSync(target, 'last week');
      const link = tmp.file('out-link');
      symlinkSync(target, link);
      exportRefused(link, 'a symbolic link');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe(target);
      expect(readFileSync(target, 'utf8')).toBe('last week');
    },
  );

  it.skipIf(process.platform === 'win32')('a folder is left as it was', () => {
    const folder = tmp.file('out-folder');
    mkdirSync(folder);
    exportRefused(folder, 'a folder');
    expect(readdirSync(folder)).toEqual([]);
  });

  // A device node of its own (the null device's numbers), made where root may make one: the
  // export must not rename a file over it, as it would over /dev/null.
  const root = process.platform === 'linux' && process.getuid?.() === 0;
  it.skipIf(!root)('a device node stays that device', () => {
    const device = tmp.file('out-device');
    expect(spawnSync('mknod', [device, 'c', '1', '3']).status).toBe(0);
    const { rdev } = lstatSync(device);
    exportRefused(device, 'a device');
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(lstatSync(device).rdev).toBe(rdev);
  });

  it('/dev/null itself is refused and untouched', () => {
    const before = lstatSync('/dev/null');
    const r = broadside(['export', '--db', library('onto-dev-null.db', 1), '--out', '/dev/null']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(refused('/dev/null', 'a device'));
    const after = lstatSync('/dev/null');
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.ino, after.rdev]).toEqual([before.ino, before.rdev]);
  });

  it('a regular file there is replaced by the bundle, and --out - writes standard output', () => {
    const db = library('onto-file.db', 3);
    const out = tmp.file('backup-regular.json');
    writeFileSync(out, 'old');
    expect(broadside(['export', '--db', db, '--out', out]).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'broadside-bundle' });
    const piped = broadside(['export', '--db', db, '--out', '-']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(text);
  });
});

describe('a fleet that cannot fit is not saved', () => {
  it('import refuses 17 ships of 3 on a 2x26 board; the library is unchanged', () => {
    const db = library('fleet.db', 1);
    const before = fileHash(db);
    const position = {
      name: 'too many',
      rules: { width: 2, height: 26, fleet: Array<number>(17).fill(3), touch: 'allowed' },
      board: Array.from({ length: 26 }, () => '..'),
      sunk: [],
    };
    const r = broadside(['import', write('too-many.json', position), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'broadside: import: a record is invalid; nothing was imported:\n' +
        '  positions[0] ("too many"): rules.fleet: the fleet 17 ships of length 3 cannot be placed on an empty 2x26 board with touch rule "allowed"; use fewer or shorter ships, a larger board or a looser touch rule\n',
    );
    expect(fileHash(db)).toBe(before);
  });
});

describe('a file another program left mid-write (a hot journal)', () => {
  it('is reported as such, not as read-only, by every command; both files untouched', () => {
    const path = tmp.file('interrupted.db');
    // another program (here a child process) is killed with -9 inside a transaction
    const writer = [
      `const Database = require(${JSON.stringify(join(ROOT, 'node_modules/better-sqlite3'))});`,
      `const db = new Database(${JSON.stringify(path)});`,
      "db.pragma('journal_mode = DELETE');",
      "db.exec('CREATE TABLE notes (body TEXT)');",
      "db.pragma('cache_size = 1');",
      "db.exec('BEGIN');",
      "const insert = db.prepare('INSERT INTO notes VALUES (?)');",
      "for (let i = 0; i < 2000; i++) insert.run('x'.repeat(500));",
      "process.kill(process.pid, 'SIGKILL');",
    ].join('\n');
    expect(spawnSync(process.execPath, ['-e', writer]).signal).toBe('SIGKILL');
    expect(existsSync(`${path}-journal`)).toBe(true);
    const before = [fileHash(path), fileHash(`${path}-journal`)];
    const input = write('for-hot.json', {
      name: 'p',
      rules: { preset: 'classic' },
      board: Array.from({ length: 10 }, () => '..........'),
    });
    for (const args of [['export'], ['batch', '--threads', '1'], ['import', input]]) {
      const r = broadside([...args, '--db', path]);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr).toBe(
        `broadside: ${path} holds an unfinished write of the program that last wrote it (a leftover interrupted.db-journal beside it); both were left untouched: open the file with that program first, or choose another file (--db PATH)\n`,
      );
    }
    expect([fileHash(path), fileHash(`${path}-journal`)]).toEqual(before);
  });
});

describe('a damaged library', () => {
  it('is called damaged and refuses writes: batch and import change nothing', () => {
    const db = library('damaged.db', 3);
    // scribble over the cell area of the positions table's page (page 2 of the file)
    const reader = new Database(db, { readonly: true });
    const { rootpage } = reader
      .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'positions'")
      .get() as { rootpage: number };
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    reader.close();
    const bytes = readFileSync(db);
    bytes.fill(0x5a, (rootpage - 1) * pageSize + 8, rootpage * pageSize - 64);
    writeFileSync(db, bytes);
    const before = fileHash(db);
    const input = write('into-damaged.json', {
      name: 'p',
      rules: { preset: 'classic' },
      board: Array.from({ length: 10 }, () => '..........'),
    });
    for (const args of [
      ['batch', '--threads', '1'],
      ['import', input],
    ]) {
      const r = broadside([...args, '--db', db]);
      expect(r.code, `${args[0]}: ${r.stdout}`).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        new RegExp(
          `^broadside: the library ${db} is damaged \\(.+\\); restore it from a backup\\n$`,
        ),
      );
    }
    expect(fileHash(db)).toBe(before);
  });
});
