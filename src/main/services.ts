// The services every transport runs over: the library, the worker pool and the API over them,
// opened and closed in one place, so the desktop app, the command line and its browser server
// are built the same way. The pool's threads start on its first job: a command that only reads
// or writes the library (import, export) starts none.

import { emptyPosition } from '../core/position';
import { PRESETS } from '../core/rules';
import { createApi, type ApiService } from './api';
import { chooseGraphCache } from './graphs/graph-cache';
import { defaultGraphOptions, graphFilesInfo } from './graphs/graph-store';
import { createPool, defaultThreadCount, type JobPool, type PoolOptions } from './pool';
import { availableMemory } from './memory-budget';
import { memoryPlan } from './memory-plan';
import type { EngineSettings } from './api/settings';
import { ConflictError } from './errors';
import { chooseBudget, readSettings, writeSettings } from './settings-file';
import type { Settings } from '../shared/settings';
import {
  checkIntegrity,
  closeDatabase,
  openDatabase,
  openMemoryLibrary,
  type Db,
} from './store/open';
import { libraryError } from './store/sqlite-errors';

export interface ServiceOptions {
  /** The library file; without it, a library in memory (for work that keeps nothing). */
  dbPath?: string;
  /** Only read the library (and never create it). */
  readonly?: boolean;
  /** Refuse a library file that does not exist yet. */
  mustExist?: boolean;
  /** Check the file's pages first (PRAGMA quick_check): a damaged library is refused at once. */
  verify?: boolean;
  /** Worker threads; default: all cores but one (kept for the UI). */
  threads?: number;
  /** Caps the memory budget of each solve (the command line's is smaller than the app's). */
  maxSolveBytes?: number;
  /**
   * Keep state graphs for `auto` in this data folder's graphs/, built once per rule set: worth
   * it where many positions of one rule set are solved (the app, a batch, the browser server).
   */
  graphsDataDir?: string;
  /** Keep simulations' solved positions beside the graphs (default true; docs/engine.md). */
  keepSolved?: boolean;
  /**
   * The process's memory budget in bytes (memory-plan.ts) the command line's --memory gives;
   * else BROADSIDE_MEMORY_MB in `env`, else the settings file's, else half the memory available.
   */
  memoryBudgetBytes?: number;
  /** The environment BROADSIDE_MEMORY_MB is read from (the app's, broadside web's); none: no variable. */
  env?: NodeJS.ProcessEnv;
  /**
   * The settings file (settings-file.ts: settings.json beside the library), read at start, and
   * written by the API's settingsSave; none: the defaults, and nothing can be saved.
   */
  settingsFile?: string;
  /**
   * Also load (or build) the graph of the board a new view shows first, classic's, once the
   * transport is up: only that one, and never before the first turn of the event loop after the
   * caller's start (the web server listens first). The other rule sets load when first asked for.
   */
  warmPresetGraphs?: boolean;
}

export interface Services {
  db: Db;
  /** The library file, or "a library in memory". */
  dbPath: string;
  /** The worker pool: its threads start with its first job. */
  pool(): JobPool;
  api(): ApiService;
  /**
   * Settles when the warm-up (warmPresetGraphs) is over: classic's graph loaded and each thread's
   * solve of its empty board done or stopped; at once without a warm-up.
   */
  warmed(): Promise<void>;
  /** Stops running jobs (batches stay resumable), then closes the pool and the library. */
  close(): Promise<void>;
}

/**
 * Loads the graph of the board a new view shows first (classic) once this turn of the event loop
 * is over: the caller has started its transport by then (the web server listens), and the
 * reading is on the pool's graph thread. One graph only, well within what graphs may hold:
 * the renderer's first solve asks for its own rules anyway. Once it is ready, each thread solves
 * classic's empty board in the background (presolve.ts warm), so that a first click costs one
 * pass from held values, not two full passes over fresh pages; any user's solve stops it.
 */
function warmDefaultGraph(
  pool: JobPool,
  api: ApiService,
): { cancel: () => void; done: Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle = (): void => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
    timer = setTimeout(() => {
      const rules = PRESETS['classic'];
      pool.start();
      void (async () => {
        try {
          if (!(await pool.graphs?.ready(rules))) return;
          await api.context.presolver.warm(emptyPosition(rules), 'auto', pool.threads);
        } finally {
          resolve();
        }
      })();
    }, 0);
    timer.unref();
  });
  // Closed before it began: nothing to wait for.
  const cancel = (): void => {
    clearTimeout(timer);
    settle();
  };
  return { cancel, done };
}

export function openServices(options: ServiceOptions): Services {
  const { dbPath = 'a library in memory', graphsDataDir } = options;
  const db = options.dbPath
    ? openDatabase(options.dbPath, { readonly: options.readonly, mustExist: options.mustExist })
    : openMemoryLibrary();
  try {
    if (options.verify) checkIntegrity(db, dbPath);
  } catch (e) {
    closeDatabase(db);
    throw libraryError(e, dbPath);
  }
  const { settingsFile } = options;
  let saved: Settings = settingsFile ? readSettings(settingsFile) : {};
  const { memoryBudgetBytes, memorySource } = chooseBudget({
    ...(options.memoryBudgetBytes === undefined ? {} : { flagBytes: options.memoryBudgetBytes }),
    env: options.env ?? {},
    settings: saved,
  });
  const budget = memoryBudgetBytes === undefined ? {} : { budgetBytes: memoryBudgetBytes };
  // The graph folder's size limit: BROADSIDE_GRAPH_CACHE_MB, else the settings file's, else 2 GB.
  const graphCache = chooseGraphCache(options.env ?? {}, saved);
  const availableBytes = availableMemory();
  // The plan before any graph is in use sizes the graphs' memory; the pool keeps it up to date.
  const plan = memoryPlan({
    availableBytes,
    threads: options.threads ?? defaultThreadCount(),
    graphs: [],
    ...budget,
  });
  const poolOptions: PoolOptions = {
    threads: options.threads,
    maxSolveBytes: options.maxSolveBytes,
    ...(memoryBudgetBytes === undefined ? {} : { memoryBudgetBytes }),
    ...(graphsDataDir === undefined
      ? {}
      : {
          graphs: {
            ...defaultGraphOptions(graphsDataDir, plan, process.env, graphCache.cacheBytes),
            keepSolved: options.keepSolved,
          },
        }),
  };
  // Its threads start with its first job (pool.ts).
  const pool = createPool(poolOptions);
  const graphsDir = poolOptions.graphs?.dir;
  const settings: EngineSettings = {
    memory() {
      // The pool's plan counts the graphs in use; before its first job, none are.
      const now = pool.memoryPlan() ?? plan;
      return {
        budgetBytes: now.budgetBytes,
        source: memorySource,
        availableBytes,
        threads: pool.threads,
        holdingThreads: now.holdingThreads,
        ...(settingsFile ? { savedMb: saved.memoryMb ?? null } : {}),
        settingsFile: settingsFile ?? null,
      };
    },
    save(next) {
      if (!settingsFile) {
        throw new ConflictError(
          'this process keeps no settings file (its library is in memory): nothing was saved',
        );
      }
      writeSettings(settingsFile, { ...saved, ...next });
      saved = { ...saved, ...next };
      return {
        memoryMb: saved.memoryMb ?? null,
        graphCacheMb: saved.graphCacheMb ?? null,
        settingsFile,
      };
    },
  };
  const api = createApi({
    db,
    dbPath,
    pool,
    settings,
    ...(graphsDir
      ? {
          graphs: () =>
            graphFilesInfo(graphsDir, pool.graphs, {
              bytes: graphCache.cacheBytes,
              source: graphCache.source,
            }),
        }
      : {}),
  });
  const warm =
    options.warmPresetGraphs && poolOptions.graphs ? warmDefaultGraph(pool, api) : undefined;
  return {
    db,
    dbPath,
    pool: () => pool,
    api: () => api,
    warmed: () => warm?.done ?? Promise.resolve(),
    async close() {
      warm?.cancel();
      await api.close();
      await pool.close();
      closeDatabase(db);
    },
  };
}
