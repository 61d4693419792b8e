// A prepared graph (prepare.ts) as one flat object of typed arrays and plain
// values, the form worker threads receive (graph files hold the graph's own arrays only), and
// back. The graph's own fields keep their names; kept empty-board values, where the memory plan
// makes them, take a `kept` prefix.

import type { RuleGraph } from './graph';
import type { PassKernel } from './kernel';
import type { PreparedGraph } from './prepare';

/** A graph as one flat object: its fields by name (the form graph files and threads carry). */
export type GraphObject = Record<string, unknown>;

export function flattenPrepared(prepared: PreparedGraph): GraphObject {
  const flat: GraphObject = { ...prepared.graph, keptMs: prepared.emptyMs };
  if (prepared.empty) {
    flat['keptForward'] = prepared.empty.forward;
    flat['keptBackward'] = prepared.empty.backward;
    flat['keptWeights'] = prepared.empty.masks.weights;
    flat['keptTarget'] = prepared.empty.masks.target;
  }
  return flat;
}

/**
 * The prepared graph of a flat one; with `kernelOf`, a graph that came with its shared memory
 * (shared-memory.ts) runs its passes in that memory's WebAssembly kernel.
 */
export function preparedFromFlat(
  flat: GraphObject,
  kernelOf?: (memory: WebAssembly.Memory, id: string) => PassKernel,
): PreparedGraph {
  const {
    keptMs,
    keptForward,
    keptBackward,
    keptWeights,
    keptTarget,
    memory,
    memoryId,
    ...fields
  } = flat;
  const graph = fields as unknown as RuleGraph;
  const kernel =
    kernelOf && memory instanceof WebAssembly.Memory && typeof memoryId === 'string'
      ? { kernel: kernelOf(memory, memoryId) }
      : {};
  if (!(keptForward instanceof Float64Array)) {
    return { graph, bytes: graph.bytes, emptyMs: 0, ...kernel };
  }
  const forward = keptForward;
  const backward = keptBackward as Float64Array;
  return {
    graph,
    empty: {
      forward,
      backward,
      masks: { weights: keptWeights as Float64Array, target: keptTarget as number },
    },
    bytes: graph.bytes + forward.byteLength + backward.byteLength,
    emptyMs: keptMs as number,
    ...kernel,
  };
}
