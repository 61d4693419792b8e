// One memory plan for a process that solves through state graphs: its graphs, their kept
// empty-board values, and each solving thread's held values (core/solve/graph/held.ts) or scratch
// are counted against one budget, the one shared WebAssembly memory they live in is sized by it,
// and the DP gets what is left. The plan is a pure function of the memory available, the user's
// budget, the thread count and the graphs in use; ResidentPlan keeps it for a pool and tells each
// worker thread whether it may hold values. Figures for a few machines are in docs/engine.md.

import { InputError } from '../core/errors';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../shared/settings';

const MIB = 2 ** 20;

/** What the process takes outside the plan: Node or Electron, V8's heaps, the library. */
export const PROCESS_BYTES = 200 * MIB;
/** A WebAssembly memory has 32-bit addresses. */
export const WASM_MAX_BYTES = 4 * 2 ** 30;
/** The least a DP solve is given, whatever the plan (see core/solve/memory.ts). */
export const MIN_DP_BYTES = 256 * MIB;
/** Room for the few small arrays of a position (its weights, its masses). */
const POSITION_BYTES = 64 * 1024;

/** A graph as the plan counts it. */
export interface GraphSize {
  states: number;
  /** Most states in one layer (the passes' layer buffers). */
  widestLayer: number;
  /** Bytes of the graph's arrays. */
  bytes: number;
  /** Kept values it came with (read from a file along with it), already in memory. */
  keptBytes?: number;
}

export interface MemoryPlanInput {
  /** Memory this process may use: the machine's, or less when a cgroup limits it. */
  availableBytes: number;
  /** The user's budget for the whole process (a flag, a setting); default half the available. */
  budgetBytes?: number;
  /** Solving threads. */
  threads: number;
  /** The graphs in use. */
  graphs: readonly GraphSize[];
  /** The most a DP solve may take, whatever the budget. */
  dpCapBytes?: number;
}

export interface MemoryPlan {
  /** The whole process's budget. */
  budgetBytes: number;
  /** The WebAssembly memory's maximum: graphs, kept values, held values and scratch. */
  memoryMaxBytes: number;
  /** Bytes the graph store may load (graphs with the kept values they come with). */
  graphBytes: number;
  /** Threads that hold values (one pass a shot from the position before). */
  holdingThreads: number;
  /** States the held arrays are made for: the largest graph in use, so every one fits. */
  holdStates: number;
  /** Bytes a holding thread takes (held values, its scratch), and one that does not (scratch). */
  threadBytes: { holding: number; other: number };
  /** Kept empty-board values are made: some threads do not hold and solve from them. */
  keptValues: boolean;
  /** Bytes of the WebAssembly memory the graphs in use and the threads take at most. */
  plannedBytes: number;
  /** The graphs in use leave every thread room to solve in the WebAssembly kernel. */
  fits: boolean;
  /** The DP's budget for one solve (each thread may run one). */
  dpBytes: number;
}

/** Bytes held values and their solves' scratch take (held.ts: heldBytes, asideBytes). */
export function holdingBytes(states: number, widestLayer: number): number {
  return 16 * states + 8 * states + 16 * widestLayer + POSITION_BYTES;
}

/** Bytes one position's passes take without held values (passes.ts passBytes). */
export function scratchBytes(states: number, widestLayer: number): number {
  return 8 * states + 24 * widestLayer + POSITION_BYTES;
}

/** The default budget: half the memory available (the rest is the system's and other programs'). */
export function defaultBudget(availableBytes: number): number {
  return Math.floor(availableBytes / 2);
}

export function memoryPlan(input: MemoryPlanInput): MemoryPlan {
  const threads = Math.max(1, input.threads);
  const budgetBytes = input.budgetBytes ?? defaultBudget(input.availableBytes);
  const pageAligned = (n: number) => Math.floor(n / 65536) * 65536;
  const memoryMaxBytes = pageAligned(
    Math.max(65536, Math.min(WASM_MAX_BYTES, budgetBytes - PROCESS_BYTES)),
  );
  const states = Math.max(0, ...input.graphs.map((g) => g.states));
  const widest = Math.max(0, ...input.graphs.map((g) => g.widestLayer));
  const holding = states > 0 ? holdingBytes(states, widest) : 0;
  const other = states > 0 ? scratchBytes(states, widest) : 0;
  let graphs = 0;
  let kept = 0;
  for (const g of input.graphs) {
    graphs += g.bytes + (g.keptBytes ?? 0);
    if (!g.keptBytes) kept += 16 * g.states;
  }

  // Every thread holds when it fits; else as many as fit beside the kept values the others
  // solve from, or, when those do not fit either, beside the others' scratch alone.
  const room = memoryMaxBytes - graphs;
  const holdersWith = (fixed: number) =>
    Math.min(threads - 1, Math.floor((room - fixed - threads * other) / (holding - other)));
  let holdingThreads = 0;
  let keptValues = false;
  let fits = true;
  if (room - threads * holding >= 0) {
    holdingThreads = threads;
  } else if (room - kept - threads * other >= 0) {
    keptValues = true;
    holdingThreads = holdersWith(kept);
  } else if (room - threads * other >= 0) {
    holdingThreads = holdersWith(0);
  } else {
    fits = false;
  }
  const plannedBytes = fits
    ? graphs +
      (keptValues ? kept : 0) +
      holdingThreads * holding +
      (threads - holdingThreads) * other
    : graphs;
  const share = Math.floor(Math.max(0, budgetBytes - PROCESS_BYTES - plannedBytes) / threads);
  const cap = input.dpCapBytes ?? Infinity;
  const dpBytes = Math.min(
    Math.floor(budgetBytes / 2),
    Math.max(MIN_DP_BYTES, Math.min(cap, share)),
  );
  return {
    budgetBytes,
    memoryMaxBytes,
    // Graphs may take half the memory: the threads' values and scratch the other half.
    graphBytes: Math.floor(memoryMaxBytes / 2),
    holdingThreads,
    holdStates: states,
    threadBytes: { holding, other },
    keptValues,
    plannedBytes,
    fits,
    dpBytes,
  };
}

/**
 * Where a pool's plan meets its worker threads: [holders allowed, states, then the thread id of
 * each holding place (0 when free)]. A place records its holder so that the pool can free it when
 * that thread exits (a thread terminated for ignoring a stop gives its place to its replacement).
 */
const ALLOWED = 0;
const STATES = 1;
const HOLDERS = 2;
/** Holding places a plan can record: far more threads than one process runs. */
const MAX_HOLDERS = 256;

/** The field of a graph sent to a worker that carries its pool's hold plan (shared). */
export const HOLD_PLAN_FIELD = 'holdPlan';

/**
 * A pool's memory plan, kept up to date with the graphs its solves use. Each graph handed to a
 * job carries the plan's shared counters (HOLD_PLAN_FIELD), through which a worker thread claims
 * one of the holding places (claimHolding); a graph that would leave the threads no room to
 * solve in the WebAssembly kernel is not handed out (the DP answers), and says why.
 */
export class ResidentPlan {
  readonly #input: Omit<MemoryPlanInput, 'graphs'>;
  readonly #inUse = new Map<string, GraphSize>();
  readonly #shared = new Int32Array(new SharedArrayBuffer((HOLDERS + MAX_HOLDERS) * 4));
  #plan: MemoryPlan;

  constructor(input: Omit<MemoryPlanInput, 'graphs'>) {
    this.#input = input;
    this.#plan = memoryPlan({ ...input, graphs: [] });
    this.#publish();
  }

  plan(): MemoryPlan {
    return this.#plan;
  }

  /**
   * The graph (a flat graph object) with the plan's counters, once the graphs in use with it
   * fit; undefined when it does not, with the reason in `refused`.
   */
  admit<G extends Record<string, unknown>>(
    key: string,
    graph: G | undefined,
  ): G | (G & { [HOLD_PLAN_FIELD]: Int32Array }) | undefined {
    if (!graph) return undefined;
    if (!this.#inUse.has(key)) {
      const size = sizeOf(graph);
      const plan = memoryPlan({ ...this.#input, graphs: [...this.#inUse.values(), size] });
      if (!plan.fits) return undefined;
      this.#inUse.set(key, size);
      this.#plan = plan;
      this.#publish();
    }
    // On the graph itself (one plan per pool, as one store per pool): no copy per solve.
    (graph as Record<string, unknown>)[HOLD_PLAN_FIELD] = this.#shared;
    return graph as G & { [HOLD_PLAN_FIELD]: Int32Array };
  }

  /** Whether the graph `key` counts as in use. */
  inUse(key: string): boolean {
    return this.#inUse.has(key);
  }

  /**
   * Counts the graph `key` in use again as it is now (its kept values attached: memoryPlan
   * counts them as the graph's, no longer as values to be made).
   */
  resize(key: string, graph: Record<string, unknown>): void {
    if (!this.#inUse.has(key)) return;
    this.#inUse.set(key, sizeOf(graph));
    const plan = memoryPlan({ ...this.#input, graphs: [...this.#inUse.values()] });
    // Kept values in memory only lower what is left: a plan that no longer fits keeps the last.
    if (!plan.fits) return;
    this.#plan = plan;
    this.#publish();
  }

  /** Why `graph` is not handed out (one line), or null when it is (or would be). */
  refused(graph: Record<string, unknown>): string | null {
    return planRefusal(this.#input, [...this.#inUse.values(), sizeOf(graph)]);
  }

  /**
   * What a build needs to refuse a graph this plan would not admit before it is finished: the
   * plan's input and the graphs in use (with `others`, graphs in memory not yet in use).
   */
  buildCheck(others: readonly [string, Record<string, unknown>][] = []): PlanCheck {
    const graphs = new Map(this.#inUse);
    for (const [key, g] of others) if (!graphs.has(key)) graphs.set(key, sizeOf(g));
    return { ...this.#input, inUse: [...graphs.values()] };
  }

  /** Frees the holding place of a thread that has exited (its replacement may take it). */
  release(owner: number): void {
    for (let i = HOLDERS; i < this.#shared.length; i++) {
      Atomics.compareExchange(this.#shared, i, owner, 0);
    }
  }

  #publish(): void {
    Atomics.store(this.#shared, ALLOWED, this.#plan.holdingThreads);
    Atomics.store(this.#shared, STATES, this.#plan.holdStates);
  }
}

const mb = (bytes: number): number => Math.round(bytes / MIB);

/** A plan's input and the graphs in use: enough to judge one more graph anywhere (a build job). */
export type PlanCheck = Omit<MemoryPlanInput, 'graphs'> & { inUse: GraphSize[] };

/**
 * Why a plan of `input` would not take `graphs` (one line), or null when it would. A graph only
 * grows as it is built, so a part of one refused here means the whole is refused too.
 */
export function planRefusal(
  input: Omit<MemoryPlanInput, 'graphs'>,
  graphs: readonly GraphSize[],
): string | null {
  const plan = memoryPlan({ ...input, graphs });
  if (plan.fits) return null;
  const bytes = graphs.reduce((sum, g) => sum + g.bytes + (g.keptBytes ?? 0), 0);
  const threads = Math.max(1, input.threads);
  return `the graphs in use (${mb(bytes)} MB) and ${threads} solving thread(s) (${mb(plan.threadBytes.other)} MB each at least) need more than the ${mb(plan.memoryMaxBytes)} MB a memory budget of ${mb(plan.budgetBytes)} MB leaves them (--memory, ${MEMORY_ENV})`;
}

function sizeOf(graph: Record<string, unknown>): GraphSize {
  const kept = graph['keptForward'];
  const keptBytes = kept instanceof Float64Array ? 2 * kept.byteLength : 0;
  return {
    states: Number(graph['states']),
    widestLayer: Number(graph['widestLayer']),
    bytes: Number(graph['bytes']),
    ...(keptBytes > 0 ? { keptBytes } : {}),
  };
}

/**
 * On a worker thread: takes one of the plan's holding places for thread `owner` if one is free
 * (a thread keeps its place for its life; the pool frees it when the thread exits). Returns the
 * states to make the held arrays for, or 0 when none is free.
 */
export function claimHolding(shared: Int32Array, owner: number): number {
  const allowed = Math.min(Atomics.load(shared, ALLOWED), shared.length - HOLDERS);
  for (let i = HOLDERS; i < HOLDERS + allowed; i++) {
    const holder = Atomics.load(shared, i);
    if (holder === owner) return Atomics.load(shared, STATES);
    if (holder === 0 && Atomics.compareExchange(shared, i, 0, owner) === 0) {
      return Atomics.load(shared, STATES);
    }
  }
  return 0;
}

/** The states a holding thread's arrays are made for now (the largest graph in use). */
export function plannedStates(shared: Int32Array): number {
  return Math.max(1, Atomics.load(shared, STATES));
}

/** The environment variable that sets the app's memory budget, in MB. */
export const MEMORY_ENV = 'BROADSIDE_MEMORY_MB';
/** The least budget taken, in MB, and the most (the settings' range too). */
export const MIN_BUDGET_MB = MIN_MEMORY_MB;
export const MAX_BUDGET_MB = MAX_MEMORY_MB;

/** The memory budget BROADSIDE_MEMORY_MB sets (for openServices), or none; InputError if bad. */
export function budgetFromEnv(env: NodeJS.ProcessEnv): { memoryBudgetBytes?: number } {
  const raw = env[MEMORY_ENV];
  if (raw === undefined || raw.trim() === '') return {};
  const mb = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(mb >= MIN_BUDGET_MB && mb <= MAX_BUDGET_MB)) {
    throw new InputError(
      MEMORY_ENV,
      `must be a whole number of MB from ${MIN_BUDGET_MB} to ${MAX_BUDGET_MB}, got ${JSON.stringify(raw)}`,
    );
  }
  return { memoryBudgetBytes: mb * MIB };
}
