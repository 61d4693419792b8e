// Job `graphKeep`: the empty board's values of one graph (f and b of every state, passes.ts
// emptyValueSteps), computed once on the graph store's thread, in the WebAssembly kernel over the
// store's shared memory, for a pool whose memory plan has threads that hold no values: they start
// each position from these instead of from nothing. The arrays are grown in the shared memory and
// come back as views on it (a structured clone of a view on shared memory shares it), named as
// core/solve/graph/transfer.ts reads them, to be attached to the store's graph object.

import { emptyPosition } from '../../core/position';
import { parseRules, type RulesJson } from '../../core/rules-json';
import { buildBoard } from '../../core/solve/board';
import { finish } from '../../core/solve/graph/build';
import type { RuleGraph } from '../../core/solve/graph/graph';
import { compileWasmKernel, wasmKernel } from '../../core/solve/graph/kernel-wasm';
import { graphMasks } from '../../core/solve/graph/masks';
import { emptyValueSteps } from '../../core/solve/graph/passes';
import type { GraphObject } from '../graphs/graph-file';
import { allocateIn } from '../../core/solve/graph/shared-memory';
import type { JobContext } from './context';

export interface GraphKeepPayload {
  /** The store's graph: views on its shared memory, with the memory itself. */
  graph: GraphObject;
  rules: RulesJson;
}

/** The kept values as graph fields (transfer.ts preparedFromFlat). */
export interface KeptFields {
  keptForward: Float64Array;
  keptBackward: Float64Array;
  keptWeights: Float64Array;
  keptTarget: number;
  keptMs: number;
}

/** `n` doubles grown in `memory` (RangeError when it is full). */
function doublesIn(memory: WebAssembly.Memory, n: number): Float64Array {
  const bytes = allocateIn(memory, 8 * n);
  return new Float64Array(bytes.buffer, bytes.byteOffset, n);
}

export function graphKeepJob(payload: GraphKeepPayload, ctx: JobContext): KeptFields {
  const { memory, ...fields } = payload.graph;
  if (!(memory instanceof WebAssembly.Memory)) {
    throw new Error('the graph to keep values for has no shared memory');
  }
  const graph = fields as unknown as RuleGraph;
  const t0 = performance.now();
  const masks = graphMasks(graph, buildBoard(emptyPosition(parseRules(payload.rules))));
  // The kernel reads the weights from its memory too.
  const weights = doublesIn(memory, masks.weights.length);
  weights.set(masks.weights);
  const into = {
    forward: doublesIn(memory, graph.states),
    backward: doublesIn(memory, graph.states),
  };
  // No scratch: the passes read and write only the arrays above.
  const kernel = wasmKernel(memory, compileWasmKernel());
  const empty = finish(
    emptyValueSteps(graph, { weights, target: masks.target }, ctx.signal, kernel, into),
  );
  return {
    keptForward: empty.forward,
    keptBackward: empty.backward,
    keptWeights: weights,
    keptTarget: masks.target,
    keptMs: performance.now() - t0,
  };
}
