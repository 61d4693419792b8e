// The services every transport runs over: the library, the worker pool and the API over them,
// opened and closed in one place, so the desktop app, the command line and its browser server
// are built the same way. The pool and the API start on first use (a command that only reads
// the library starts no threads).

import { PRESETS } from '../core/rules';
import { createApi, type ApiService } from './api';
import { defaultGraphOptions, warmGraphs } from './graphs/graph-store';
import { createPool, type JobPool } from './pool';
import { closeDatabase, openDatabase, openMemoryLibrary, type Db } from './store/open';

export interface ServiceOptions {
  /** The library file; without it, a library in memory (for work that keeps nothing). */
  dbPath?: string;
  /** Only read the library (and never create it). */
  readonly?: boolean;
  /** Refuse a library file that does not exist yet. */
  mustExist?: boolean;
  /** Worker threads; default: all cores but one (kept for the UI). */
  threads?: number;
  /** Caps the memory budget of each solve (the command line's is smaller than the app's). */
  maxSolveBytes?: number;
  /**
   * Keep state graphs for `auto` in this data folder's graphs/, built once per rule set: worth
   * it where many positions of one rule set are solved (the app, a batch, the browser server).
   */
  graphsDataDir?: string;
  /** Also load or build the presets' graphs in the background from the start (the app's views). */
  warmPresetGraphs?: boolean;
}

export interface Services {
  db: Db;
  /** The library file, or "a library in memory". */
  dbPath: string;
  /** Created on first use. */
  pool(): JobPool;
  api(): ApiService;
  /** Stops running jobs (batches stay resumable), then closes the pool and the library. */
  close(): Promise<void>;
}

export function openServices(options: ServiceOptions): Services {
  const { dbPath = 'a library in memory', graphsDataDir } = options;
  const db = options.dbPath
    ? openDatabase(options.dbPath, { readonly: options.readonly, mustExist: options.mustExist })
    : openMemoryLibrary();
  let pool: JobPool | undefined;
  let api: ApiService | undefined;
  const getPool = (): JobPool => {
    if (pool) return pool;
    pool = createPool({
      threads: options.threads,
      maxSolveBytes: options.maxSolveBytes,
      ...(graphsDataDir === undefined ? {} : { graphs: defaultGraphOptions(graphsDataDir) }),
    });
    if (options.warmPresetGraphs && pool.graphs) warmGraphs(pool.graphs, Object.values(PRESETS));
    return pool;
  };
  return {
    db,
    dbPath,
    pool: getPool,
    api: () => (api ??= createApi({ db, dbPath, pool: getPool() })),
    async close() {
      await api?.close();
      await pool?.close();
      closeDatabase(db);
    },
  };
}
