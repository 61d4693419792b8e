// The graph memories of this process (the layout inside one: core/solve/graph/shared-memory.ts).
// The process keeps every memory it made, weakly, so that the pool can free a stopped thread's
// slots in all of them (releaseThreadSlots) without knowing which graphs the thread had touched.

import {
  MAX_PAGES,
  PAGE,
  freeSlotsOf,
  type GraphMemory,
} from '../../core/solve/graph/shared-memory';

/** The graph memories made in this process, for releaseThreadSlots (dropped ones are skipped). */
const memoriesMade = new Set<WeakRef<WebAssembly.Memory>>();

/** A graph memory that may grow to `maxBytes` (4 GiB at most), graphs and threads' regions. */
export function createGraphMemory(maxBytes = MAX_PAGES * PAGE): GraphMemory {
  const maximum = Math.max(1, Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE)));
  const memory = new WebAssembly.Memory({ initial: 1, maximum, shared: true });
  memoriesMade.add(new WeakRef(memory));
  return { memory, id: crypto.randomUUID() };
}

/**
 * Frees every slot thread `owner` held in this process's graph memories, for the next thread
 * to reuse. Call it only once the thread has stopped running (its 'exit' event): a thread still
 * writing into its regions would write into its successor's. Answers how many were freed.
 */
export function releaseThreadSlots(owner: number): number {
  let freed = 0;
  for (const ref of memoriesMade) {
    const memory = ref.deref();
    if (!memory) {
      memoriesMade.delete(ref);
      continue;
    }
    freed += freeSlotsOf(memory, owner);
  }
  return freed;
}
