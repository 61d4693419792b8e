// The state graphs of this process: one per rule set, loaded once into shared memory and handed
// to every solving job, so memory does not grow with the number of worker threads. Nothing is
// loaded until a rule set is first asked for. A graph is looked for on disk first (the data
// folder's graphs/, keyed by rules and engine version, checked by graph-file.ts): reading and
// checking the file is a job on the store's own thread (`load`), which reads it straight into the
// store's shared memory; missing or unusable, the graph is built by a job on that thread, which
// writes the file, and then loaded like any other. Both are told what the store may still hold,
// so a graph that would be refused is neither read nor built. Loads run one at a time, so that
// figure is right. While a graph is loading or building, `get` answers nothing and the caller
// solves without it (the DP answers); a graph that failed is not tried again in this process, and
// why is kept for the note and said once in the log.

import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { lstatSync, readdirSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import type { GraphFilesInfo } from '../../shared/records';
import type { MemoryPlan } from '../memory-plan';
import { GraphFileError, type GraphObject } from './graph-file';
import {
  loadGraphInto,
  type GraphLoadOutcome,
  type GraphLoadRequest,
  type MemoryRegion,
} from './graph-load';
import { evictGraphFiles, markUsed } from './graph-cache';
import { SolvesWithoutGraph } from './solves-without-graph';
import type { GraphMemory } from '../../core/solve/graph/shared-memory';
import { createGraphMemory } from './graph-memory';
import { SOLVED_POSITIONS_FILE } from '../store/solved-positions';

export interface GraphStoreOptions {
  /** Where graph files live; null keeps nothing on disk (each process builds its own). */
  dir: string | null;
  /** The engine version: a file built by another is rebuilt. */
  engine: string;
  /** The rules key of a rule set (two rule sets with one key share a graph). */
  keyOf: (rules: unknown) => string;
  /**
   * Builds the graph of `rules` and writes it to `path` (on the store's thread), refusing before
   * its buffers pass `maxBytes`, and telling how far it has come (a fraction 0..1).
   */
  build: (
    rules: unknown,
    path: string,
    maxBytes: number,
    onProgress: (fraction: number) => void,
  ) => Promise<void>;
  /**
   * Reads and checks a graph file into `memory` (on the store's thread, in the pool). Default:
   * on this thread, for tests of the store alone.
   */
  load?: (memory: WebAssembly.Memory, request: GraphLoadRequest) => Promise<GraphLoadOutcome>;
  /**
   * Computes the kept empty-board values of a graph in its memory (on the store's thread) and
   * answers them as graph fields (graph-transfer.ts names). Without it, no values are kept.
   */
  keep?: (graph: GraphObject, rules: unknown) => Promise<GraphObject>;
  /** Bytes all graphs of this process may hold together. */
  maxBytes: number;
  /** Where a graph that is not used says why, once (default: standard error). */
  log?: (line: string) => void;
  /** Maximum of the shared memory graphs and threads' values live in (default half the machine's). */
  memoryBytes?: number;
  /**
   * Bytes the graph files in `dir` may take together (graph-cache.ts): past it, the least
   * recently used files not in use by this process are removed. Default: no limit.
   */
  cacheBytes?: number;
}

/** Where a rule set's graph stands, for the app to show (the solve reply's `graph`). */
export type GraphState =
  | { state: 'preparing'; fraction: number; key: string }
  | { state: 'ready' }
  | { state: 'refused'; reason: string };

type Entry =
  | { state: 'loading'; ready: Promise<GraphObject | undefined>; fraction: number }
  | { state: 'ready'; graph: GraphObject; bytes: number }
  | { state: 'failed'; reason: string };

export class GraphStore {
  readonly #options: GraphStoreOptions;
  readonly #entries = new Map<string, Entry>();
  /**
   * `auto` solves under way that started before their rules' graph was ready (they run the DP),
   * so an estimate still stands in for them however soon the graph is ready now.
   */
  readonly withoutGraph = new SolvesWithoutGraph();
  /** Every graph of the store lives in this one shared memory (graph-memory.ts). */
  // Graphs, and each solving thread's scratch and held values (the memory plan sizes it).
  readonly #memory: GraphMemory;
  #heldBytes = 0;
  /** The rules each key was first asked for with (kept values are computed from them). */
  readonly #rules = new Map<string, unknown>();
  /** Kept values computed or under way, by key: whether the graph has them. */
  readonly #keeping = new Map<string, Promise<boolean>>();
  /** The region a file that failed its check was read into: the next load may use it. */
  #spare: MemoryRegion | undefined;
  /** The loads and builds, one after another (each is told what the store may still hold). */
  #queue: Promise<unknown> = Promise.resolve();
  /** Temporary files of dead processes are removed once, before the folder is first used. */
  #swept: Promise<void> | undefined;

  /** The process is closing the store: a load or build stopped now is no reason to report. */
  #stopped = false;

  constructor(options: GraphStoreOptions) {
    this.#options = options;
    this.#memory = createGraphMemory(options.memoryBytes ?? totalmem() / 2);
  }

  /** Marks the store as closing (before its lane's jobs are stopped). */
  stop(): void {
    this.#stopped = true;
  }

  /** Removes the temporary file of a build this process stopped (its thread was terminated). */
  async removeOwnTemporaries(): Promise<void> {
    if (this.#options.dir) await removeTemporaries(this.#options.dir, (pid) => pid === process.pid);
  }

  /** The graph of `rules` if it is ready; else starts loading it and answers undefined. */
  get(rules: unknown): GraphObject | undefined {
    const entry = this.#entry(rules);
    return entry.state === 'ready' ? entry.graph : undefined;
  }

  /** Resolves with the graph of `rules` once loaded or built, or undefined when it failed. */
  async ready(rules: unknown): Promise<GraphObject | undefined> {
    const entry = this.#entry(rules);
    if (entry.state === 'ready') return entry.graph;
    if (entry.state === 'failed') return undefined;
    return entry.ready;
  }

  /**
   * Where the graph of `rules` stands, without starting it: preparing (loading or building, with
   * the build's latest fraction), ready, refused (why), or undefined when never asked for.
   */
  state(rules: unknown): GraphState | undefined {
    const key = this.#options.keyOf(rules);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.state === 'ready') return { state: 'ready' };
    if (entry.state === 'failed') return { state: 'refused', reason: entry.reason };
    return { state: 'preparing', fraction: entry.fraction, key };
  }

  /** The graphs being read or built now, by rules key, with the build's latest fraction. */
  preparing(): { key: string; fraction: number }[] {
    const out: { key: string; fraction: number }[] = [];
    for (const [key, e] of this.#entries) {
      if (e.state === 'loading') out.push({ key, fraction: e.fraction });
    }
    return out;
  }

  /** The graphs loaded so far, by rules key (for the memory plan: they are in memory). */
  loaded(): [string, GraphObject][] {
    const out: [string, GraphObject][] = [];
    for (const [key, e] of this.#entries) if (e.state === 'ready') out.push([key, e.graph]);
    return out;
  }

  /** Why the graph of `rules` is not there (null when it is, or while it loads). */
  reason(rules: unknown): string | null {
    const state = this.state(rules);
    return state?.state === 'refused' ? state.reason : null;
  }

  /** The rules keys of the graphs held now, with their bytes in memory. */
  held(): { key: string; bytes: number }[] {
    const out: { key: string; bytes: number }[] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.state === 'ready') out.push({ key, bytes: entry.bytes });
    }
    return out;
  }

  /**
   * Computes the empty board's values of the loaded graph `key` once, on the store's thread (in
   * turn with loads), and attaches them to its graph object, so every job handed it after
   * carries them (the memory plan asks for them when some thread holds no values). Resolves
   * with whether the graph has them; a failure is said once in the log, and solves go on
   * without them.
   */
  keepValues(key: string): Promise<boolean> {
    const known = this.#keeping.get(key);
    if (known) return known;
    const entry = this.#entries.get(key);
    const { keep } = this.#options;
    if (entry?.state !== 'ready' || !keep) return Promise.resolve(false);
    const { graph } = entry;
    const turn = this.#queue.then(async () => {
      if (graph['keptForward'] instanceof Float64Array) return true;
      try {
        Object.assign(graph, await keep(graph, this.#rules.get(key)));
        return true;
      } catch (e) {
        if (!this.#stopped) {
          const why = e instanceof Error ? e.message : String(e);
          this.#log(
            `the empty board's values of ${key} are not kept (${why}): solves start from nothing`,
          );
        }
        return false;
      }
    });
    this.#queue = turn;
    this.#keeping.set(key, turn);
    return turn;
  }

  #entry(rules: unknown): Entry {
    const key = this.#options.keyOf(rules);
    const known = this.#entries.get(key);
    if (known) return known;
    this.#rules.set(key, rules);
    // Loading starts after the entry is in place: a file read at once must not be overwritten
    // by its own 'loading' entry.
    const entry: Entry = { state: 'loading', ready: this.#start(key, rules), fraction: 0 };
    this.#entries.set(key, entry);
    return entry;
  }

  #path(key: string): string {
    const { dir } = this.#options;
    return dir
      ? join(dir, graphFileName(key))
      : join(tmpdir(), `broadside-${fileName(key)}-${process.pid}.graph`);
  }

  /**
   * Queues the load of `key`'s graph behind the others; a folder in its file's place is said at
   * once (its graph could never be written), not after another rule set's build.
   */
  async #start(key: string, rules: unknown): Promise<GraphObject | undefined> {
    const path = this.#path(key);
    if (this.#options.dir && (await isFolder(path))) {
      return this.#fail(key, `cannot write the graph file ${path}: a folder stands in its place`);
    }
    const turn = this.#queue.then(() => this.#load(key, rules, path));
    this.#queue = turn;
    return turn;
  }

  #fail(key: string, reason: string): undefined {
    this.#entries.set(key, { state: 'failed', reason });
    if (this.#stopped) return undefined;
    this.#log(`the state graph of ${key} is not used: ${reason}; the DP answers its positions`);
    return undefined;
  }

  async #load(key: string, rules: unknown, path: string): Promise<GraphObject | undefined> {
    const { dir, engine } = this.#options;
    try {
      let loaded = dir ? await this.#read(path, key, engine) : { missing: true as const };
      if ('refused' in loaded) throw new GraphFileError(loaded.refused);
      if (!('graph' in loaded)) {
        if ('unusable' in loaded)
          this.#log(`the graph file ${path} is not used (${loaded.unusable}): it is rebuilt`);
        if (dir) {
          await mkdir(dir, { recursive: true });
          await this.#sweep(dir);
        }
        const { cacheBytes } = this.#options;
        await this.#options.build(rules, path, this.#room(), (fraction) => {
          const entry = this.#entries.get(key);
          if (entry?.state === 'loading') entry.fraction = fraction;
        });
        if (dir && cacheBytes !== undefined) {
          const kept = new Set([path, ...this.#inUsePaths()]);
          const removed = await evictGraphFiles(dir, cacheBytes, kept);
          for (const name of removed) {
            this.#log(
              `removed the graph file ${name}, least recently used, to keep the graph folder within ${Math.round(cacheBytes / 2 ** 20)} MB`,
            );
          }
        }
        loaded = await this.#read(path, key, engine);
        if (!dir) await rm(path, { force: true });
        if ('refused' in loaded) throw new GraphFileError(loaded.refused);
        if (!('graph' in loaded)) {
          const why = 'unusable' in loaded ? `: ${loaded.unusable}` : '';
          throw new GraphFileError(`the graph just built could not be read back${why}`);
        }
      }
      // Its last use, for the cache's order (the access time: the file's own time stays).
      if (dir) await markUsed(path);
      this.#heldBytes += loaded.bytes;
      // The memory travels with the graph: a worker runs the WebAssembly kernel over it.
      const graph = { ...loaded.graph, memory: this.#memory.memory, memoryId: this.#memory.id };
      this.#entries.set(key, { state: 'ready', graph, bytes: loaded.bytes });
      return graph;
    } catch (e) {
      return this.#fail(key, e instanceof Error ? e.message : String(e));
    }
  }

  /** The files of the graphs this process holds or is loading (the cache never removes them). */
  #inUsePaths(): string[] {
    const out: string[] = [];
    for (const [key, entry] of this.#entries)
      if (entry.state !== 'failed') out.push(this.#path(key));
    return out;
  }

  #room(): number {
    return Math.max(0, this.#options.maxBytes - this.#heldBytes);
  }

  async #read(path: string, key: string, engine: string): Promise<GraphLoadOutcome> {
    if (this.#options.dir) await this.#sweep(this.#options.dir);
    const load = this.#options.load ?? (async (m, r) => loadGraphInto(m, r));
    const spare = this.#spare;
    const request = { path, key, engine, maxBytes: this.#room(), ...(spare ? { spare } : {}) };
    const outcome = await load(this.#memory.memory, request);
    if ('graph' in outcome && outcome.usedSpare) this.#spare = undefined;
    if ('unusable' in outcome && outcome.spare) this.#spare = outcome.spare;
    return outcome;
  }

  #sweep(dir: string): Promise<void> {
    return (this.#swept ??= removeDeadTemporaries(dir));
  }

  #log(line: string): void {
    (this.#options.log ?? ((l: string) => console.error(l)))(`broadside: ${line}`);
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** A temporary graph file (graph-file.ts temporaryPath) and the process that was writing it. */
const TEMPORARY = /^.+\.graph\.(\d+)\.tmp$/;

/** Whether process `pid` is alive (on this machine: graph folders are not shared). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, it is someone else's.
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the temporary graph files of processes that died while writing them (a graph's
 * temporary file is as large as the graph); a live process's is left to it.
 */
export async function removeDeadTemporaries(dir: string): Promise<void> {
  await removeTemporaries(dir, (pid) => pid !== process.pid && !alive(pid));
}

/** Removes the temporary graph files in `dir` of the processes `whose` picks. */
async function removeTemporaries(dir: string, whose: (pid: number) => boolean): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return; // no folder yet: nothing left behind
  }
  for (const name of names) {
    const m = TEMPORARY.exec(name);
    if (!m || !whose(Number(m[1]))) continue;
    await rm(join(dir, name), { force: true }).catch(() => {});
  }
}

/** A rules key as a file name: letters, digits and a few safe marks only. */
function fileName(key: string): string {
  return key.replace(/[^A-Za-z0-9.,-]+/g, '_');
}

/** The name of the graph file of the rules `key` in a graphs folder. */
export function graphFileName(key: string): string {
  return `${fileName(key)}.graph`;
}

/** Names the folder of graph files instead of graphs/ beside the library (a shared cache). */
export const GRAPHS_DIR_ENV = 'BROADSIDE_GRAPHS_DIR';

/**
 * The data folder whose graphs/ keeps a process's graph files: the folder of its library file
 * (what --db names), or `fallback` (the app's data folder) for a library in memory.
 */
export function graphsDataDir(dbPath: string | undefined, fallback: string): string {
  return dbPath === undefined ? fallback : dirname(dbPath);
}

/**
 * Where the app keeps state graphs: the data folder's graphs/ (or the folder BROADSIDE_GRAPHS_DIR
 * names), within the memory plan (half its WebAssembly memory; that memory's maximum).
 */
export function defaultGraphOptions(
  dataDir: string,
  plan: MemoryPlan,
  env: NodeJS.ProcessEnv = process.env,
  cacheBytes?: number,
): { dir: string; maxBytes: number; memoryBytes: number; cacheBytes?: number } {
  return {
    dir: env[GRAPHS_DIR_ENV] || join(dataDir, 'graphs'),
    maxBytes: plan.graphBytes,
    memoryBytes: plan.memoryMaxBytes,
    ...(cacheBytes === undefined ? {} : { cacheBytes }),
  };
}

/**
 * The graph files in `dir` and their sizes, and the graphs `store` holds (none when no store has
 * started): names and sizes only, nothing is opened, so this is safe on the main thread whatever
 * stands in the folder.
 */
export function graphFilesInfo(
  dir: string,
  store: GraphStore | undefined,
  limit: { bytes: number | null; source: GraphFilesInfo['limitSource'] },
): GraphFilesInfo {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No folder yet: no files.
  }
  const files: { name: string; bytes: number }[] = [];
  let keptBytes = 0;
  for (const name of names.sort()) {
    const graph = name.endsWith('.graph') || TEMPORARY.test(name);
    // The kept solved positions: the SQLite file and its journal files.
    const kept = name.startsWith(SOLVED_POSITIONS_FILE);
    if (!graph && !kept) continue;
    try {
      const stats = lstatSync(join(dir, name));
      const bytes = stats.isFile() ? stats.size : 0;
      if (graph) files.push({ name, bytes });
      else keptBytes += bytes;
    } catch {
      // Gone meanwhile.
    }
  }
  return {
    dir,
    files,
    keptBytes,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    loaded: store?.held().map((h) => h.key) ?? [],
    preparing: store?.preparing() ?? [],
    limitBytes: limit.bytes,
    limitSource: limit.source,
    remove: `remove the folder ${dir}: graphs are rebuilt when next needed (best while Broadside is not running)`,
  };
}
