// The API implementation: every method of the contract (src/shared/api.ts), once, and the one
// entry every transport calls: dispatch(method, params) validates the method name and the params
// against the table and answers an ApiReply envelope. Errors never escape: expected ones keep
// their name and message; SQLite's failures become a DatabaseError naming the library file;
// anything else is logged and answered as an InternalError.

import { parseJsonText } from '../../core/json-text';
import {
  isMethodName,
  methodTable,
  SOLVER_NAMES,
  type ApiErrorData,
  type ApiReply,
  type MethodName,
  type ParamsOf,
  type ResultOf,
} from '../../shared/api';
import type { Schema } from '../../shared/schema';
import { isErrorKind, type ErrorKind } from '../../shared/errors';
import type { GraphFilesInfo, ImportSummary } from '../../shared/records';
import { describeValue } from '../../shared/schema';
import { importInWorker } from '../import-runner';
import type { JobPool } from '../pool';
import { SCHEMA_VERSION } from '../store/migrations';
import type { Db } from '../store/open';
import { libraryError } from '../store/sqlite-errors';
import { batchApi, createBatchRuns } from './batch';
import type { ApiContext } from './context';
import { gamesApi } from './games';
import type { ApiCall, ApiHandlers } from './handlers';
import { importChunks, importedSummary, ioApi, writeBundle } from './io';
import { createKeyedJobs } from './keyed-jobs';
import { opponentsApi } from './opponents';
import { positionsApi } from './positions';
import { createPriorUpdates } from './prior-updates';
import { simulateApi } from './simulate';
import { GraphWarmer } from './graph-warm';
import { Presolver } from './presolve';
import { defaultMemoryInfo, settingsApi, type EngineSettings } from './settings';
import { runSolveJob, solveApi } from './solve';
import { SolveCache } from './solve-cache';

export type { ApiCall, ApiHandlers };

export interface ApiService {
  handlers: ApiHandlers;
  /** Validates and runs one call from a transport (method and params untrusted); never throws. */
  dispatch(method: unknown, params: unknown, call?: ApiCall): Promise<ApiReply<unknown>>;
  /**
   * The same for a caller in this process that knows the method (the command line): params are
   * validated all the same, and the reply carries the method's result type.
   */
  call<M extends MethodName>(
    method: M,
    params: ParamsOf<M>,
    call?: ApiCall,
  ): Promise<ApiReply<ResultOf<M>>>;
  /**
   * importBundle from a request's raw body (JSON `{"text": ...}`), decoded, parsed and imported
   * on the import worker: for transports whose bodies arrive as bytes (the web server).
   */
  importBody(body: Uint8Array, call?: ApiCall): Promise<ApiReply<ImportSummary>>;
  /**
   * importBundle for a caller in this process holding a bundle of any size as chunks of text
   * (the command line reading a file): imported as it streams in; throws as the store does.
   */
  importChunks(chunks: AsyncIterable<string>, name?: string): Promise<ImportSummary>;
  /**
   * exportBundle for a caller in this process that writes the bundle out as it is made (a
   * library of any size in bounded memory): `write` gets it a line at a time; throws as `write`
   * or the library does.
   */
  exportTo(params: ParamsOf<'exportBundle'>, write: (text: string) => void): void;
  /** Stops running jobs and batches (batches stay resumable). Does not close the pool or db. */
  close(): Promise<void>;
  context: ApiContext;
}

export interface ApiOptions {
  db: Db;
  dbPath: string;
  pool: JobPool;
  /** The state graphs' files and what is loaded (never starts the pool); none: keeps no graphs. */
  graphs?: () => GraphFilesInfo;
  /** The memory budget in force and the settings file; none: the default, and no file. */
  settings?: EngineSettings;
}

export function createApi(options: ApiOptions): ApiService {
  const jobs = createKeyedJobs();
  const solveCache = new SolveCache(options.db);
  const presolver = new Presolver(solveCache, async (position, solver, signal, onScreen) => {
    const job = { signal, priority: 'background', holdOn: onScreen } as const;
    return (await runSolveJob(options.pool, position, solver, job)).wire;
  });
  const context: ApiContext = {
    ...options,
    jobs,
    batches: createBatchRuns(options.db, options.pool, (e) => errorData(e, options.dbPath)),
    priorUpdates: createPriorUpdates(options.db, options.pool, jobs),
    solveCache,
    presolver,
    graphWarmer: new GraphWarmer(options.pool, presolver),
  };
  const handlers: ApiHandlers = {
    info: () => ({
      version: __BROADSIDE_VERSION__,
      dbPath: options.dbPath,
      schemaVersion: SCHEMA_VERSION,
      threads: options.pool.threads,
      solvers: [...SOLVER_NAMES],
      graphs: options.graphs?.() ?? null,
      memory: options.settings?.memory() ?? defaultMemoryInfo(options.pool),
    }),
    ...settingsApi(options.settings),
    ...solveApi(context),
    ...positionsApi(context),
    ...gamesApi(context),
    ...opponentsApi(context),
    ...batchApi(context),
    ...simulateApi(context),
    ...ioApi(context),
  };
  return {
    handlers,
    context,
    dispatch: (method, params, call) => dispatch(handlers, method, params, call, options.dbPath),
    call: (method, params, call) => answer(handlers, method, params, call, options.dbPath),
    async importBody(body, call) {
      if (options.db.memory) {
        let params: unknown;
        try {
          params = parseJsonText(Buffer.from(body).toString('utf8'), 'importBundle');
        } catch (e) {
          return { ok: false, error: errorData(e, options.dbPath) };
        }
        return answer(handlers, 'importBundle', params, call, options.dbPath);
      }
      try {
        const outcome = await importInWorker({ dbPath: options.dbPath, body });
        return { ok: true, value: importedSummary(context, outcome) };
      } catch (e) {
        return { ok: false, error: errorData(e, options.dbPath) };
      }
    },
    importChunks: (chunks, name) => importChunks(context, chunks, name),
    exportTo(params, write) {
      writeBundle(options.db, methodTable.exportBundle.params.parse(params, 'exportBundle'), write);
    },
    async close() {
      context.presolver.stopAll();
      context.jobs.cancelAll();
      await context.priorUpdates.close();
      await context.batches.close();
    },
  };
}

/** Is this error one of the contract's kinds, whose name and message reach the caller as they are? */
export function isExpectedError(e: unknown): e is Error & { name: ErrorKind } {
  return e instanceof Error && isErrorKind(e.name) && e.name !== 'InternalError';
}

/** Longest error message a reply carries: a message never echoes a hostile input whole. */
export const MAX_ERROR_MESSAGE = 4000;

function bounded(message: string): string {
  return message.length > MAX_ERROR_MESSAGE
    ? `${message.slice(0, MAX_ERROR_MESSAGE)}... (${message.length - MAX_ERROR_MESSAGE} more characters)`
    : message;
}

export function errorData(e: unknown, dbPath = 'the library'): ApiErrorData {
  const { name, message } = errorDataOf(libraryError(e, dbPath));
  return { name, message: bounded(message) };
}

function errorDataOf(e: unknown): ApiErrorData {
  if (isExpectedError(e)) return { name: e.name, message: e.message };
  console.error('broadside: internal error:', e);
  const message = e instanceof Error ? e.message : String(e);
  return { name: 'InternalError', message: `internal error: ${message}` };
}

export async function dispatch(
  handlers: ApiHandlers,
  method: unknown,
  params: unknown,
  call: ApiCall = {},
  dbPath?: string,
): Promise<ApiReply<unknown>> {
  if (!isMethodName(method)) {
    return {
      ok: false,
      error: { name: 'InputError', message: `unknown method ${describeValue(method)}` },
    };
  }
  return answer(handlers, method, params, call, dbPath);
}

/** Validates the params against the method's schema and runs its handler, as an ApiReply. */
async function answer<M extends MethodName>(
  handlers: ApiHandlers,
  method: M,
  params: unknown,
  call: ApiCall = {},
  dbPath?: string,
): Promise<ApiReply<ResultOf<M>>> {
  try {
    const schema: Schema<ParamsOf<M>> = methodTable[method].params;
    const handler: ApiHandlers[M] = handlers[method];
    return { ok: true, value: await handler(schema.parse(params ?? {}, method), call) };
  } catch (e) {
    return { ok: false, error: errorData(e, dbPath) };
  }
}

export type { MethodName };
