// Job `graphLoad`: one graph file read and checked into the process's shared graph memory, on the
// graph store's thread (pool.ts), so the main thread never reads or hashes graph data.

import { loadGraphInto, type GraphLoadOutcome, type GraphLoadRequest } from '../graphs/graph-load';

export interface GraphLoadPayload extends GraphLoadRequest {
  /** The store's shared memory: the file's arrays are read into a region grown in it. */
  memory: WebAssembly.Memory;
}

export function graphLoadJob(payload: GraphLoadPayload): GraphLoadOutcome {
  return loadGraphInto(payload.memory, payload);
}
