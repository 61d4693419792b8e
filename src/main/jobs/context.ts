// What a job sees besides its payload: a way to report progress back to the caller.

export interface JobContext {
  /** Reports progress (a fraction 0..1 and an optional short label); throttled by the worker. */
  progress(fraction: number, label?: string): void;
}
