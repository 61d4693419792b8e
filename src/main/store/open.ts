// Opening the library: where the file lives, and how it is opened.
//
// Path: `--db PATH`, else the BROADSIDE_DB environment variable, else broadside.db in the user's
// data folder: Electron's userData folder when running in the app, else the same folder computed
// here for the command line and `npm run web`, so all three share one library.
//
// Opening: the file is identified before anything is written to it (identify.ts): another
// program's file, or a library from a newer schema version, is refused untouched. Then WAL mode
// (readers never block the writer; a killed process leaves a consistent file), foreign keys on,
// a bounded busy timeout for a second process (the CLI next to the app), and migrations under the
// write lock. Commands that only read open read-only: nothing is created or written.

import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseError } from '../errors';
import { APPLICATION_ID, identify, readHeader, refuseUnusable } from './identify';
import { migrate, SCHEMA_VERSION } from './migrations';
import { write } from './sql';
import { BUSY_TIMEOUT_MS, damagedLibrary, libraryError, sqliteCode } from './sqlite-errors';

export type Db = Database.Database;

export const DB_FILE_NAME = 'broadside.db';
export const DB_ENV = 'BROADSIDE_DB';
const APP_FOLDER = 'broadside'; // Electron's userData folder name (package.json "name")

/** Electron's default userData folder for this app, computed without Electron. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32')
    return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_FOLDER);
}

export function resolveDbPath(
  options: { flag?: string; env?: NodeJS.ProcessEnv; userDataDir?: string } = {},
): string {
  const env = options.env ?? process.env;
  const chosen = options.flag || env[DB_ENV];
  if (chosen) return resolve(chosen);
  return join(options.userDataDir ?? defaultDataDir(), DB_FILE_NAME);
}

/** `--db PATH` or `--db=PATH` from a raw argument list (Electron's process.argv). */
export function dbFlagFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--db') return argv[i + 1];
    if (a.startsWith('--db=')) return a.slice('--db='.length);
  }
  return undefined;
}

export interface OpenOptions {
  /** better-sqlite3's nativeBinding: a separately built binary (Electron's ABI). */
  nativeBinding?: string;
  /** For commands that only read: nothing is created, migrated or written. */
  readonly?: boolean;
  /** The library must exist already (a command that works on one): nothing is created. */
  mustExist?: boolean;
}

/**
 * Opens the library at `path`: for writing (creating a new one if missing) or read-only (it must
 * exist). Any failure is a DatabaseError naming the file.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  try {
    return openChecked(path, options);
  } catch (e) {
    throw libraryError(e, path);
  }
}

/**
 * A library held in this process's memory only: the command line's solve goes through the API
 * like every other caller without creating or touching the user's library file.
 */
export function openMemoryLibrary(options: Pick<OpenOptions, 'nativeBinding'> = {}): Db {
  const db = new Database(':memory:', { nativeBinding: options.nativeBinding });
  write(db, () => migrate(db));
  db.pragma('foreign_keys = ON');
  return db;
}

function connect(path: string, options: OpenOptions, readonly: boolean): Db {
  // Another process (the CLI next to the app) may hold the write lock: wait for it, boundedly.
  return new Database(path, {
    readonly,
    fileMustExist: readonly,
    nativeBinding: options.nativeBinding,
    timeout: BUSY_TIMEOUT_MS,
  });
}

function openChecked(path: string, options: OpenOptions): Db {
  const readonly = options.readonly ?? false;
  // First the header alone: another program's file, or a newer library, is refused before any
  // SQLite connection could touch it.
  let kind = readHeader(path);
  if (kind.kind === 'missing' && (readonly || options.mustExist)) {
    throw new DatabaseError(`there is no library at ${path}; check the path (--db PATH)`);
  }
  refuseUnusable(kind, path);
  if (kind.kind === 'unknown' && !readonly) {
    // An unstamped SQLite file: its tables decide, read on a read-only connection.
    const peek = connect(path, options, true);
    try {
      kind = identify(peek);
    } finally {
      peek.close();
    }
    refuseUnusable(kind, path);
  }
  if (!readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = connect(path, options, readonly);
  try {
    if (readonly) {
      kind = identify(db);
      refuseUnusable(kind, path);
      if (kind.kind !== 'library') {
        throw new DatabaseError(`${path} is an empty file, not a Broadside library yet`);
      }
      if (kind.version < SCHEMA_VERSION) {
        throw new DatabaseError(`${path} needs an upgrade and was opened read-only`);
      }
    } else {
      enableWal(db);
      // Durable against a killed process (not a power cut), and much faster with WAL.
      db.pragma('synchronous = NORMAL');
      prepareLibrary(db, path);
      // A damaged page can hide rows without any error (a lookup finds nothing, a batch fails
      // every position): checked once here, so nothing is written into a damaged library.
      checkIntegrity(db, path);
    }
    db.pragma('foreign_keys = ON');
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Switches to WAL mode. The switch needs every other connection's lock released and SQLite
 * answers SQLITE_BUSY at once instead of calling the busy handler, so a second process opening
 * the same new file at the same moment retries here, within the same bound.
 */
function enableWal(db: Db): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (e) {
      const busy = sqliteCode(e) === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/**
 * Creates or upgrades the library under the write lock (BEGIN IMMEDIATE), looking at the file
 * again inside it: a second process that created the library meanwhile is seen, not raced.
 */
function prepareLibrary(db: Db, path: string): void {
  const quick = identify(db);
  if (quick.kind === 'library' && quick.stamped && quick.version === SCHEMA_VERSION) return;
  write(db, () => {
    const kind = identify(db);
    refuseUnusable(kind, path);
    migrate(db);
    if (!(kind.kind === 'library' && kind.stamped)) {
      db.pragma(`application_id = ${APPLICATION_ID}`);
    }
  });
}

/** Refuses a damaged library (PRAGMA quick_check: every page and record well formed). */
export function checkIntegrity(db: Db, path: string): void {
  const rows = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
  const problems = rows
    .flatMap((r) => r.quick_check.split('\n'))
    .filter((m) => m !== 'ok' && !m.startsWith('***'));
  if (problems.length) {
    // named as SQLite names a damaged file when a statement meets it, so both read alike
    throw new DatabaseError(damagedLibrary(path, `SQLITE_CORRUPT: ${problems[0]!}`));
  }
}

/**
 * Checkpoints the WAL into the main file and closes. A failed checkpoint (a full disk, another
 * process busy with the file) loses nothing: committed transactions stay in the WAL and the next
 * open reads them; so it is tried once, without waiting, and a failure is not an error.
 */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    if (!db.readonly) {
      db.pragma('busy_timeout = 0');
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
  } catch {
    // Left in the WAL; see above.
  } finally {
    db.close();
  }
}
