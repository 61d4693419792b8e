// One graph file read into a process's graph memory (graph-memory.ts), with what became of it:
// the graph, or why not. Runs on the graph store's own thread (jobs/graph-load-job.ts), never the
// main one: the file is read and its digest checked there, straight into the shared memory the
// job received, and the graph that comes back is views on that memory (a structured clone of a
// view on shared memory shares it, it does not copy).

import { allocateIn } from '../../core/solve/graph/shared-memory';
import { GraphFileError, readGraphFile, type GraphObject } from './graph-file';

export type GraphLoadOutcome =
  /** Read and checked: `bytes` of the memory now hold it (in the spare region, `usedSpare`). */
  | { graph: GraphObject; bytes: number; usedSpare?: boolean }
  /** No file yet: build it. */
  | { missing: true }
  /**
   * A file that cannot be trusted (damaged, stale, foreign, not a file): rebuild it. `spare`: the
   * region it was read into before its digest failed (the memory cannot shrink), for the next load.
   */
  | { unusable: string; spare?: MemoryRegion }
  /** A good file this process may not hold (its memory allowance or the memory is full). */
  | { refused: string };

/** A region of the graph memory: `bytes` from byte `offset`. */
export interface MemoryRegion {
  offset: number;
  bytes: number;
}

export interface GraphLoadRequest {
  path: string;
  key: string;
  engine: string;
  /** Bytes of graphs the store may still hold. */
  maxBytes: number;
  /** A region a refused file left, used again when the graph fits in it. */
  spare?: MemoryRegion;
}

const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);

/** Reads the graph file of `request` into `memory`; never throws for the file's sake. */
export function loadGraphInto(
  memory: WebAssembly.Memory,
  request: GraphLoadRequest,
): GraphLoadOutcome {
  let bytes = 0;
  let refused: string | undefined;
  let region: MemoryRegion | undefined;
  try {
    const graph = readGraphFile(request.path, request.key, request.engine, (n) => {
      if (n > request.maxBytes) {
        refused = `the graph needs ${mb(n)} MB and this process may hold ${mb(request.maxBytes)} MB more of graphs`;
        throw new RangeError(refused);
      }
      try {
        bytes = n;
        const { spare } = request;
        const into =
          spare && n <= spare.bytes
            ? new Uint8Array(memory.buffer, spare.offset, n)
            : allocateIn(memory, n);
        region = spare && n <= spare.bytes ? spare : { offset: into.byteOffset, bytes: n };
        return into;
      } catch (e) {
        refused = `the graph needs ${mb(n)} MB and the graphs' memory is full`;
        throw e;
      }
    });
    return { graph, bytes, ...(region === request.spare && region ? { usedSpare: true } : {}) };
  } catch (e) {
    if (refused !== undefined) return { refused };
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT') return { missing: true };
    if (e instanceof GraphFileError) {
      return region ? { unusable: e.message, spare: region } : { unusable: e.message };
    }
    return {
      unusable: `the file cannot be read (${code ?? (e instanceof Error ? e.message : String(e))})`,
    };
  }
}
