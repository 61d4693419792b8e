// The services behind the commands: the library (--db PATH, else BROADSIDE_DB, else the app's
// data folder; or one in memory for a command that keeps nothing), the worker pool (all cores:
// no window to keep one free for), and the API implementation the app uses, so the command line
// is one more transport over it: the same pool, limits and errors as the app.

import { availableParallelism } from 'node:os';
import { InputError } from '../core/errors';
import type { ApiCall, ApiService } from '../main/api';
import { CLI_MAX_SOLVE_BYTES } from '../main/api/solve';
import { openServices as startServices, type Services } from '../main/services';
import { graphsDataDir } from '../main/graphs/graph-store';
import { settingsFilePath } from '../main/settings-file';
import { defaultDataDir, resolveDbPath } from '../main/store/open';
import { libraryError } from '../main/store/sqlite-errors';
import type { MethodName, ParamsOf, ResultOf } from '../shared/api';
import type { ApiErrorData, ErrorKind } from '../shared/errors';
import type { OptionSpec, ParsedArgs } from './command';
import { wholeNumber } from './options';
import { MAX_BUDGET_MB, MIN_BUDGET_MB } from '../main/memory-plan';

export type { Services };

export const dbOption: OptionSpec = { db: { type: 'string' } };
export const threadsOption: OptionSpec = { threads: { type: 'string' } };

export function threadsArg(args: ParsedArgs): number {
  const raw = args.values.threads;
  if (raw === undefined) return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new InputError('--threads', `must be a whole number from 1 to 256, got ${String(raw)}`);
  }
  return n;
}

export const memoryOption: OptionSpec = { memory: { type: 'string' } };

/**
 * `--memory MB`: the process's memory budget in bytes (graphs, their values, each thread's, the
 * DP's: main/memory-plan.ts), or undefined for the default (half the memory available).
 */
export function memoryArg(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const mb = wholeNumber('--memory', raw, 0, MIN_BUDGET_MB, MAX_BUDGET_MB);
  return mb * 2 ** 20;
}

export interface ServiceOptions {
  threads?: number;
  /** The process's memory budget in bytes (--memory); default half the memory available. */
  memoryBytes?: number;
  /** Commands that only read open the library read-only (and never create it). */
  readonly?: boolean;
  /** Commands that work on the library's contents (batch) refuse a missing one. */
  mustExist?: boolean;
  /** Check the library's pages before reading it (export: a damaged file is reported first). */
  verify?: boolean;
  /** Commands that keep nothing (solve) use a library in memory, not the user's file. */
  inMemory?: boolean;
  /**
   * Keep state graphs for `auto` (the data folder's graphs/, built once per rule set): worth it
   * to commands that solve many positions of one rule set (batch, web), not to a single solve.
   */
  graphs?: boolean;
  /** Keep simulations' solved positions beside the graphs (default true; `--no-kept-positions`). */
  keepSolved?: boolean;
  /** Also load (or build) classic's graph once the transport is up, as the app does (web). */
  warmPresetGraphs?: boolean;
  /**
   * Keep settings as the app does (web, info): the settings file beside the library gives the
   * memory budget when neither --memory nor BROADSIDE_MEMORY_MB does, and settingsSave writes it.
   */
  settings?: boolean;
}

/** The app's services for a command: its library (--db PATH, else BROADSIDE_DB, else the app's). */
export function openServices(args: ParsedArgs, options: ServiceOptions = {}): Services {
  const flag = args.values.db;
  if (flag === '') throw new InputError('--db', 'needs a file path');
  const dbPath = options.inMemory
    ? undefined
    : resolveDbPath({ flag: typeof flag === 'string' ? flag : undefined });
  const dataDir = graphsDataDir(dbPath, defaultDataDir());
  const settings = options.settings && dbPath !== undefined;
  return startServices({
    ...(dbPath === undefined ? {} : { dbPath }),
    readonly: options.readonly,
    mustExist: options.mustExist,
    verify: options.verify,
    threads: options.threads,
    maxSolveBytes: CLI_MAX_SOLVE_BYTES,
    ...(options.memoryBytes === undefined ? {} : { memoryBudgetBytes: options.memoryBytes }),
    // Graph files live in the library's folder (graphs/ beside the file --db names).
    ...(options.graphs ? { graphsDataDir: dataDir, keepSolved: options.keepSolved } : {}),
    ...(settings ? { settingsFile: settingsFilePath(dataDir), env: process.env } : {}),
    warmPresetGraphs: options.warmPresetGraphs,
  });
}

/**
 * Runs `fn` with the services open, closing them however it ends. An SQLite failure becomes a
 * one-line DatabaseError naming the library file.
 */
export async function withServices<T>(
  args: ParsedArgs,
  options: ServiceOptions,
  fn: (s: Services) => Promise<T>,
): Promise<T> {
  const services = openServices(args, options);
  try {
    return await fn(services);
  } catch (e) {
    throw libraryError(e, services.dbPath);
  } finally {
    await services.close();
  }
}

export function noPositionals(name: string, args: ParsedArgs): void {
  if (args.positionals.length) {
    throw new InputError(name, `takes no FILE arguments, got ${args.positionals.join(' ')}`);
  }
}

/** A failed API call, as the command line reports it: the kind's one line and exit code. */
export class ApiCallError extends Error {
  override readonly name: ErrorKind;
  constructor(error: ApiErrorData) {
    super(error.message);
    this.name = error.name;
  }
}

/** Calls one method of the API the app uses; its error becomes an ApiCallError. */
export async function callApi<M extends MethodName>(
  api: ApiService,
  method: M,
  params: ParamsOf<M>,
  call?: ApiCall,
): Promise<ResultOf<M>> {
  const reply = await api.call(method, params, call);
  if (!reply.ok) throw new ApiCallError(reply.error);
  return reply.value;
}
