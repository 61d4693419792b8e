// The pool's worker for the stop tests: the app's own built worker (held in its start by a gate
// file as gated-worker.mjs holds it), except that a solve asking for the solver "ignore-stop"
// blocks its thread for a minute without ever reading its stop signal (the app's jobs all have
// points to stop at), so the pool must terminate the thread.

import { threadId } from 'node:worker_threads';

import gatedWorker from './gated-worker.mjs';

/** @type {(task: unknown) => Promise<unknown>} */
const runTask = gatedWorker;

export const IGNORE_STOP = 'ignore-stop';

/** @param {{ kind: string, payload: { solver?: string }, control?: Int32Array }} task */
export default async function stubbornTask(task) {
  if (task.kind === 'solve' && task.payload.solver === IGNORE_STOP) {
    // Says it runs (as the built worker does first), then sleeps through any stop.
    if (task.control) Atomics.store(task.control, 1, threadId); // job-control.ts: THREAD_WORD
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
  return runTask(task);
}
