// The WebAssembly kernel (compiled from src/wasm/passes.ts; its bytes are generated into
// kernel-wasm-bytes.ts by scripts/build-wasm.mjs). It runs over one WebAssembly memory, imported,
// which must hold everything a pass reads: the graph's arrays and kept values (placed there by
// whoever owns the graph) and a position's value arrays, which the kernel takes from a scratch
// region of its own, grown once in that memory and reused by every position after.

import { PASS_KERNEL_WASM } from './kernel-wasm-bytes';
import type { RuleGraph } from './graph';
import type { LayerValues, PassKernel } from './kernel';

const PAGE = 65536;

type LayerPass = (
  layer: number,
  labels: number,
  weightsAt: number,
  groupStartAt: number,
  singleStartAt: number,
  runLenAt: number,
  singleReadAt: number,
  singleWriteAt: number,
  runReadAt: number,
  runWriteAt: number,
  fromAt: number,
  toAt: number,
  size: number,
  masses: number,
  otherAt: number,
  startMassAt: number,
) => void;

/** The compiled kernel; compile once per thread and instantiate per memory. */
export function compileWasmKernel(): WebAssembly.Module {
  const text = atob(PASS_KERNEL_WASM);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new WebAssembly.Module(bytes);
}

/**
 * Where a kernel's scratch region lies: a byte address and the bytes there, at least `bytes`,
 * this kernel's alone until it asks again.
 */
export type ScratchRoom = (bytes: number) => { at: number; bytes: number };

/**
 * A kernel over `memory` (shared, laid out as shared-memory.ts says). Its passes only read
 * arrays that lie in that memory: the caller attaches it to graphs placed there, never others.
 * `room` gives its scratch region (the owner of the memory reuses regions of stopped threads);
 * without it the kernel grows the memory for its own.
 */
export function wasmKernel(
  memory: WebAssembly.Memory,
  module = compileWasmKernel(),
  room?: ScratchRoom,
): PassKernel {
  const { layerPass } = new WebAssembly.Instance(module, { env: { memory } }).exports as {
    layerPass: LayerPass;
  };
  const grown: ScratchRoom = (bytes) => {
    const pages = Math.ceil(bytes / PAGE);
    return { at: memory.grow(pages) * PAGE, bytes: pages * PAGE };
  };
  let base = 0;
  let capacity = 0;
  let cursor = 0;
  const at = (v: LayerValues): number => v.values.byteOffset + 8 * v.offset;
  // Forward reads sources and writes targets; backward the other way round (kernel.ts).
  const run = (
    graph: RuleGraph,
    weights: Float64Array,
    i: number,
    forward: boolean,
    from: LayerValues,
    to: LayerValues,
    other: LayerValues | null,
    startMass: Float64Array,
    size: number,
  ): void => {
    const { singleSrc, singleDst, runSrc, runDst } = graph;
    layerPass(
      i,
      graph.labels,
      weights.byteOffset,
      graph.groupStart.byteOffset,
      graph.singleStart.byteOffset,
      graph.runLen.byteOffset,
      (forward ? singleSrc : singleDst).byteOffset,
      (forward ? singleDst : singleSrc).byteOffset,
      (forward ? runSrc : runDst).byteOffset,
      (forward ? runDst : runSrc).byteOffset,
      at(from),
      at(to),
      size,
      other === null ? 0 : 1,
      other === null ? 0 : at(other),
      startMass.byteOffset,
    );
  };
  return {
    name: 'WebAssembly',
    begin(bytes) {
      if (bytes > capacity) {
        // Growing a shared memory is atomic: the pages it returns are this thread's alone. A
        // smaller region had before is left unused.
        const region = room ? room(bytes) : grown(bytes);
        base = region.at;
        capacity = region.bytes;
      }
      cursor = base;
    },
    values(n, zero) {
      if (cursor + 8 * n > base + capacity) {
        throw new RangeError('the kernel was asked for more values than it made room for');
      }
      const a = new Float64Array(memory.buffer, cursor, n);
      cursor += 8 * n;
      if (zero) a.fill(0);
      return a;
    },
    lasting(n) {
      // Pages of its own, never reused: the caller keeps the array for the thread's life.
      const start = memory.grow(Math.ceil((8 * n) / PAGE)) * PAGE;
      return new Float64Array(memory.buffer, start, n);
    },
    forwardLayer(graph, weights, i, from, to, back, startMass) {
      const size = graph.layerStart[i + 2]! - graph.layerStart[i + 1]!;
      run(graph, weights, i, true, from, to, back, startMass, size);
    },
    backwardLayer(graph, weights, i, from, to, fwd, startMass) {
      const size = graph.layerStart[i + 1]! - graph.layerStart[i]!;
      run(graph, weights, i, false, from, to, fwd, startMass, size);
    },
  };
}
