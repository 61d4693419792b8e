// The state graphs of this process: one per rule set, loaded once into shared memory and handed
// to every solving job, so memory does not grow with the number of worker threads. A graph is
// looked for on disk first (the data folder's graphs/, keyed by rules and engine version, checked
// by graph-file.ts); missing or unusable, it is built by a job on the pool, which writes the file,
// and then read like any other. While a graph is loading or building, `get` answers nothing and
// the caller solves without it (the DP answers); a graph that failed is not tried again in this
// process, and why is kept for the note.

import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { GraphFileError, readGraphFile, type GraphObject } from './graph-file';
import { allocateIn, createGraphMemory, type GraphMemory } from './graph-memory';
import type { MemoryPlan } from '../memory-plan';

export interface GraphStoreOptions {
  /** Where graph files live; null keeps nothing on disk (each process builds its own). */
  dir: string | null;
  /** The engine version: a file built by another is rebuilt. */
  engine: string;
  /** The rules key of a rule set (two rule sets with one key share a graph). */
  keyOf: (rules: unknown) => string;
  /** Builds the graph of `rules` and writes it to `path` (on the pool, off this thread). */
  build: (rules: unknown, path: string) => Promise<void>;
  /** Bytes all graphs of this process may hold together. */
  maxBytes: number;
  /** Maximum of the shared memory graphs and threads' values live in (default half the machine's). */
  memoryBytes?: number;
}

type Entry =
  | { state: 'loading'; ready: Promise<GraphObject | undefined> }
  | { state: 'ready'; graph: GraphObject; bytes: number }
  | { state: 'failed'; reason: string };

export class GraphStore {
  readonly #options: GraphStoreOptions;
  readonly #entries = new Map<string, Entry>();
  /** Every graph of the store lives in this one shared memory (graph-memory.ts). */
  // Graphs, and each solving thread's scratch and held values (the memory plan sizes it).
  readonly #memory: GraphMemory;
  #heldBytes = 0;

  constructor(options: GraphStoreOptions) {
    this.#options = options;
    this.#memory = createGraphMemory(options.memoryBytes ?? totalmem() / 2);
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

  /** The graphs loaded so far, by rules key (for the memory plan: they are in memory). */
  loaded(): [string, GraphObject][] {
    const out: [string, GraphObject][] = [];
    for (const [key, e] of this.#entries) if (e.state === 'ready') out.push([key, e.graph]);
    return out;
  }

  /** Why the graph of `rules` is not there (null when it is, or while it loads). */
  reason(rules: unknown): string | null {
    const entry = this.#entries.get(this.#options.keyOf(rules));
    return entry?.state === 'failed' ? entry.reason : null;
  }

  #entry(rules: unknown): Entry {
    const key = this.#options.keyOf(rules);
    const known = this.#entries.get(key);
    if (known) return known;
    // Loading starts after the entry is in place: a file read at once must not be overwritten
    // by its own 'loading' entry.
    const entry: Entry = {
      state: 'loading',
      ready: Promise.resolve().then(() => this.#load(key, rules)),
    };
    this.#entries.set(key, entry);
    return entry;
  }

  async #load(key: string, rules: unknown): Promise<GraphObject | undefined> {
    const { dir, engine } = this.#options;
    const path = dir
      ? join(dir, `${fileName(key)}.graph`)
      : join(tmpdir(), `broadside-${fileName(key)}-${process.pid}.graph`);
    try {
      let graph = dir ? this.#read(path, key, engine) : undefined;
      if (!graph) {
        if (dir) mkdirSync(dir, { recursive: true });
        await this.#options.build(rules, path);
        graph = this.#read(path, key, engine);
        if (!dir) rmSync(path, { force: true });
        if (!graph) throw new GraphFileError('the graph just built could not be read back');
      }
      return graph;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      this.#entries.set(key, { state: 'failed', reason });
      return undefined;
    }
  }

  /** The file's graph, now held; undefined when there is none or it cannot be trusted. */
  #read(path: string, key: string, engine: string): GraphObject | undefined {
    let bytes = 0;
    try {
      const read = readGraphFile(path, key, engine, (n) => {
        if (this.#heldBytes + n > this.#options.maxBytes) {
          throw new RangeError(
            `the graph needs ${mb(n)} MB and this process may hold ${mb(this.#options.maxBytes - this.#heldBytes)} MB more of graphs`,
          );
        }
        bytes = n;
        return allocateIn(this.#memory.memory, n);
      });
      this.#heldBytes += bytes;
      // The memory travels with the graph: a worker runs the WebAssembly kernel over it.
      const graph = { ...read, memory: this.#memory.memory, memoryId: this.#memory.id };
      this.#entries.set(key, { state: 'ready', graph, bytes });
      return graph;
    } catch (e) {
      if (e instanceof RangeError) throw e;
      // Missing, damaged, foreign or stale: rebuilt, never trusted.
      return undefined;
    }
  }
}

const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);

/** A rules key as a file name: letters, digits and a few safe marks only. */
function fileName(key: string): string {
  return key.replace(/[^A-Za-z0-9.,-]+/g, '_');
}

/**
 * Where the app keeps state graphs: the data folder's graphs/, within the memory plan (half its
 * WebAssembly memory; that memory's maximum).
 */
export function defaultGraphOptions(
  dataDir: string,
  plan: MemoryPlan,
): { dir: string; maxBytes: number; memoryBytes: number } {
  return {
    dir: join(dataDir, 'graphs'),
    maxBytes: plan.graphBytes,
    memoryBytes: plan.memoryMaxBytes,
  };
}

/**
 * Loads, or builds one after another in the background, the graphs of `rules` (the presets at
 * first start), so their first solves are the graph's; a failure is kept as the graph's reason.
 */
export function warmGraphs(store: GraphStore, rules: readonly unknown[]): void {
  void rules.reduce<Promise<unknown>>(
    (before, r) => before.then(() => store.ready(r)),
    Promise.resolve(),
  );
}
