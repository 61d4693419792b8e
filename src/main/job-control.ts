// A job's control words: a small Int32Array on a SharedArrayBuffer that the pool (pool.ts) makes
// for each task and the worker thread running it (worker.ts) shares. Through it the pool asks a
// job to stop without terminating its thread, and learns which thread runs it.

/** Set to 1 by the pool to ask the job to stop; the job's signal reads it. */
export const STOP_WORD = 0;
/** The id of the thread running the task, written by the worker when it starts (0 before). */
export const THREAD_WORD = 1;
export const JOB_CONTROL_WORDS = 2;

export function jobControl(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * JOB_CONTROL_WORDS));
}
