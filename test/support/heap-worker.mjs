// The pool's worker for the heap-limit tests: the app's own built worker, except that a solve
// asking for the solver "exhaust-heap" fills the JS heap with small arrays until the thread's
// heap limit stops it (the app has no job that does so on purpose).

// Loaded by URL so the type checker does not read the built bundle.
const builtWorker = new URL('../../out/main/worker.js', import.meta.url).href;
/** @type {(task: unknown) => Promise<unknown>} */
const runTask = (await import(builtWorker)).default;

export const EXHAUST_HEAP = 'exhaust-heap';

/** @param {{ kind: string, payload: { solver?: string } }} task */
export default async function heapTask(task) {
  if (task.kind === 'solve' && task.payload.solver === EXHAUST_HEAP) {
    // A linked list of small arrays: every allocation is small, so the thread's heap limit stops
    // it cleanly. (One growing array doubles its backing store in single huge allocations, and
    // one of those past the limit can take the whole process down instead of the thread.)
    let kept = null;
    for (let i = 0; ; i++) kept = [kept, i, 2, 3];
  }
  return runTask(task);
}
