// Opening the library: where the file lives, and how it is opened.
//
// Path: `--db PATH`, else the BROADSIDE_DB environment variable, else broadside.db in the user's
// data folder: Electron's userData folder when running in the app, else the same folder computed
// here for the command line and `npm run web`, so all three share one library.
//
// Opening: a file from a newer schema version is refused before anything is written to it; then
// WAL mode (readers never block the writer; a killed process leaves a consistent file), foreign
// keys on, a busy timeout for a second process (the CLI next to the app), and migrations.

import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseError } from '../errors';
import { migrate, SCHEMA_VERSION } from './migrations';

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
  readonly?: boolean;
}

/** Opens (creating if needed) and migrates the library at `path`. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (!options.readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  let db: Db;
  try {
    db = new Database(path, {
      readonly: options.readonly ?? false,
      fileMustExist: options.readonly ?? false,
      nativeBinding: options.nativeBinding,
    });
  } catch (e) {
    throw new DatabaseError(`cannot open the database ${path}: ${(e as Error).message}`);
  }
  try {
    let version: number;
    try {
      version = db.pragma('user_version', { simple: true }) as number;
    } catch (e) {
      throw new DatabaseError(`${path} is not a Broadside database (${(e as Error).message})`);
    }
    if (version > SCHEMA_VERSION) {
      throw new DatabaseError(
        `${path} was written by a newer version of Broadside (schema ${version}; this version ` +
          `reads up to ${SCHEMA_VERSION}). Update Broadside; the file was left untouched.`,
      );
    }
    db.pragma('busy_timeout = 10000');
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      // Durable against a killed process (not a power cut), and much faster with WAL.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    if (!options.readonly) migrate(db);
    else if (version < SCHEMA_VERSION) {
      throw new DatabaseError(`${path} needs an upgrade and was opened read-only`);
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Checkpoints the WAL into the main file and closes. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    if (!db.readonly) db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
