// What a job sees besides its payload: a way to report progress back to the caller, and the
// signal that the pool wants it to stop.

import type { CancelSignal } from '../../core/solve/cancel';

export interface JobContext {
  /**
   * Reports progress (a fraction 0..1 and an optional short label); throttled by the worker.
   * Throws CancelledError once the pool has asked the job to stop: a job that reports progress
   * between units of work stops there, with whatever it keeps between jobs consistent.
   */
  progress(fraction: number, label?: string): void;
  /**
   * Set when the pool asks the job to stop (replaced, cancelled, past its time). Solvers poll it
   * and end with CancelledError, and the thread lives on; one that ignores it long enough has
   * its thread terminated (pool.ts).
   */
  readonly signal?: CancelSignal;
}
