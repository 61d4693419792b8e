// The memory a process's graphs live in: one shared WebAssembly memory, so that every worker
// thread reads the same copy (a structured clone of it, or of a view on it, shares, not copies)
// and the WebAssembly kernel (core/solve/graph/kernel-wasm.ts) can run over it. Regions are handed
// out by growing the memory, which is atomic: a worker thread grows its own scratch region in the
// same way. Page 0 is never handed out, so no array starts at address 0.

import { wasmKernel, compileWasmKernel } from '../../core/solve/graph/kernel-wasm';
import type { PassKernel } from '../../core/solve/graph/kernel';
import type { GraphObject } from './graph-file';

const PAGE = 65536;
/** A 32-bit address reaches 4 GiB: the graphs and every thread's scratch region share them. */
const MAX_PAGES = 65536;

export interface GraphMemory {
  memory: WebAssembly.Memory;
  /** Tells one process's memory from another's in a worker, which receives a new object each job. */
  id: string;
}

/** A graph memory that may grow to `maxBytes` (4 GiB at most), graphs and threads' regions. */
export function createGraphMemory(maxBytes = MAX_PAGES * PAGE): GraphMemory {
  const maximum = Math.max(1, Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE)));
  return {
    memory: new WebAssembly.Memory({ initial: 1, maximum, shared: true }),
    id: crypto.randomUUID(),
  };
}

/** `bytes` of fresh, zeroed memory on a page boundary; RangeError when the memory is full. */
export function allocateIn(memory: WebAssembly.Memory, bytes: number): Uint8Array {
  const start = memory.grow(Math.ceil(bytes / PAGE)) * PAGE;
  return new Uint8Array(memory.buffer, start, bytes);
}

/** A flat graph (graph-transfer.ts) with every array copied into `memory`, and the memory named. */
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

/**
 * The WebAssembly kernel of this thread over a graph memory, made once per memory: its scratch
 * region is grown once and reused by every job after.
 */
export function kernelCache(): (memory: WebAssembly.Memory, id: string) => PassKernel {
  const kernels = new Map<string, PassKernel>();
  let module: WebAssembly.Module | undefined;
  return (memory, id) => {
    let kernel = kernels.get(id);
    if (!kernel) {
      module ??= compileWasmKernel();
      kernel = wasmKernel(memory, module);
      kernels.set(id, kernel);
    }
    return kernel;
  };
}
