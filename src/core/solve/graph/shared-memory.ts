// The layout of the memory a process's graphs live in: one shared WebAssembly memory, so that
// every worker thread reads the same copy (a structured clone of it, or of a view on it, shares,
// not copies) and the WebAssembly kernel (kernel-wasm.ts) can run over it. Regions are handed out
// by growing the memory, which is atomic. Page 0 is never handed out, so no array starts at
// address 0; it holds the thread-slot table instead. Making the memories and freeing a stopped
// thread's slots in all of them is the process's business (main/graphs/graph-memory.ts).
//
// Thread slots: what a worker thread keeps in the memory (its kernel's scratch region and its
// held values, thread-graphs.ts) belongs to a slot, not to the thread. A thread claims a free
// slot when it first runs the kernel over the memory (a compare-and-swap of its thread id into
// the slot's owner field) and from then on takes its regions from the slot, which records them.
// When a thread exits (terminated for ignoring a stop, crashed, or retired by the pool), the pool
// frees its slots (freeSlotsOf, once the thread has stopped running), and the next thread
// to claim one reuses its pages: a stopped thread leaks nothing. Slots are claimed lowest first,
// so a freed slot, which has pages, is taken before a never-used one. A slot's region grows only
// when a larger one is asked for (a larger graph): the smaller one it had is left unused, which
// bounds the waste by the number of distinct sizes, not by the number of threads.

import { wasmKernel, compileWasmKernel } from './kernel-wasm';
import type { PassKernel } from './kernel';
import type { GraphObject } from './transfer';

export const PAGE = 65536;
/** A 32-bit address reaches 4 GiB: the graphs and every thread's regions share them. */
export const MAX_PAGES = 65536;

/** Int32 fields of one slot: its owner's thread id (0 when free), then [page, pages] per use. */
const OWNER = 0;
const REGION_FIELDS: Record<SlotUse, number> = { scratch: 1, held: 3 };
const SLOT_FIELDS = 8;
/** Slots per memory: far more than the threads of one process (the table takes 16 kB of page 0). */
const THREAD_SLOTS = 512;

export type SlotUse = 'scratch' | 'held';

export interface GraphMemory {
  memory: WebAssembly.Memory;
  /** Tells one process's memory from another's in a worker, which receives a new object each job. */
  id: string;
}

/** `bytes` of fresh, zeroed memory on a page boundary; RangeError when the memory is full. */
export function allocateIn(memory: WebAssembly.Memory, bytes: number): Uint8Array {
  const start = memory.grow(Math.ceil(bytes / PAGE)) * PAGE;
  return new Uint8Array(memory.buffer, start, bytes);
}

/** A flat graph (transfer.ts) with every array copied into `memory`, and the memory named. */
export function copyIntoMemory(flat: GraphObject, target: GraphMemory): GraphObject {
  const out: GraphObject = { memory: target.memory, memoryId: target.id };
  for (const [name, value] of Object.entries(flat)) {
    if (!ArrayBuffer.isView(value)) {
      out[name] = value;
      continue;
    }
    const region = allocateIn(target.memory, value.byteLength);
    region.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    const View = value.constructor as new (b: ArrayBufferLike, o: number, n: number) => unknown;
    const length =
      value.byteLength / (value as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    out[name] = new View(region.buffer, region.byteOffset, length);
  }
  return out;
}

/** The slot table in page 0 of a memory (a view on the shared buffer: every thread sees it). */
function slotTable(memory: WebAssembly.Memory): Int32Array {
  return new Int32Array(memory.buffer, 0, THREAD_SLOTS * SLOT_FIELDS);
}

/** One thread's slot in a graph memory: where its scratch and held values live. */
export class ThreadSlot {
  readonly #memory: WebAssembly.Memory;
  readonly #table: Int32Array;
  readonly index: number;

  constructor(memory: WebAssembly.Memory, table: Int32Array, index: number) {
    this.#memory = memory;
    this.#table = table;
    this.index = index;
  }

  /**
   * The byte address of the slot's region for `use`, at least `bytes` long: the pages it had
   * (left by this thread or by a thread before it, contents undefined) when they are enough,
   * else new ones, recorded in the slot. RangeError when the memory is full.
   */
  region(use: SlotUse, bytes: number): { at: number; bytes: number } {
    const field = this.index * SLOT_FIELDS + REGION_FIELDS[use];
    const pages = Atomics.load(this.#table, field + 1);
    if (pages * PAGE >= bytes) {
      return { at: Atomics.load(this.#table, field) * PAGE, bytes: pages * PAGE };
    }
    const wanted = Math.ceil(bytes / PAGE);
    const page = this.#memory.grow(wanted);
    Atomics.store(this.#table, field, page);
    Atomics.store(this.#table, field + 1, wanted);
    return { at: page * PAGE, bytes: wanted * PAGE };
  }
}

/** Claims the lowest free slot of `memory` for thread `owner`; undefined when all are taken. */
export function claimSlot(memory: WebAssembly.Memory, owner: number): ThreadSlot | undefined {
  const table = slotTable(memory);
  for (let i = 0; i < THREAD_SLOTS; i++) {
    if (Atomics.compareExchange(table, i * SLOT_FIELDS + OWNER, 0, owner) === 0) {
      return new ThreadSlot(memory, table, i);
    }
  }
  return undefined;
}

/**
 * Frees every slot thread `owner` holds in `memory`, for the next thread to reuse. Only once the
 * thread has stopped running: a thread still writing into its regions would write into its
 * successor's. Answers how many were freed.
 */
export function freeSlotsOf(memory: WebAssembly.Memory, owner: number): number {
  const table = slotTable(memory);
  let freed = 0;
  for (let i = 0; i < THREAD_SLOTS; i++) {
    if (Atomics.compareExchange(table, i * SLOT_FIELDS + OWNER, owner, 0) === owner) freed++;
  }
  return freed;
}

/** Slots of `memory` owned now (for tests and diagnostics). */
export function slotsInUse(memory: WebAssembly.Memory): number {
  const table = slotTable(memory);
  let used = 0;
  for (let i = 0; i < THREAD_SLOTS; i++) if (Atomics.load(table, i * SLOT_FIELDS) !== 0) used++;
  return used;
}

/** This thread's kernels by memory id, and the slot of each memory it claimed. */
export interface KernelCache {
  (memory: WebAssembly.Memory, id: string): PassKernel;
  /** The slot this thread holds in the memory named `id` (undefined before its kernel, or none free). */
  slotOf(id: string): ThreadSlot | undefined;
}

/**
 * The WebAssembly kernel of this thread over a graph memory, made once per memory, with a slot
 * claimed for `owner` (this thread's id): the kernel's scratch region is the slot's, grown when
 * too small and reused by every job after. Without a free slot (or an owner) the kernel grows
 * its own.
 */
export function kernelCache(owner?: number): KernelCache {
  const kernels = new Map<string, { kernel: PassKernel; slot: ThreadSlot | undefined }>();
  let module: WebAssembly.Module | undefined;
  const of = (memory: WebAssembly.Memory, id: string): PassKernel => {
    let entry = kernels.get(id);
    if (!entry) {
      module ??= compileWasmKernel();
      // Thread id 0 is the main thread, which no pool terminates: it keeps the regions it grows.
      const slot = owner ? claimSlot(memory, owner) : undefined;
      const room = slot ? (bytes: number) => slot.region('scratch', bytes) : undefined;
      entry = { kernel: wasmKernel(memory, module, room), slot };
      kernels.set(id, entry);
    }
    return entry.kernel;
  };
  return Object.assign(of, { slotOf: (id: string) => kernels.get(id)?.slot });
}
