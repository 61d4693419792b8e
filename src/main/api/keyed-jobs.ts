// Jobs that run under a caller's key (a board being edited, a simulation panel): starting a job
// with a key cancels the one still running under it, because its answer is stale; the stale
// call fails with CancelledError and its worker thread is stopped at once. Progress is kept per
// key so any transport can poll it.

import type { JobProgress } from '../../shared/records';

interface Running {
  controller: AbortController;
  fraction: number;
  label?: string;
}

export type KeyedRun<T> = (
  signal: AbortSignal,
  onProgress: (fraction: number, label?: string) => void,
) => Promise<T>;

export interface KeyedJobs {
  /** Runs `job` under `key`, cancelling the job that holds the key now. */
  run<T>(key: string, job: KeyedRun<T>): Promise<T>;
  progress(key: string): JobProgress;
  /** Cancels the job under `key`; false when none runs. */
  cancel(key: string): boolean;
  cancelAll(): void;
}

export function createKeyedJobs(): KeyedJobs {
  const running = new Map<string, Running>();
  return {
    async run(key, job) {
      running.get(key)?.controller.abort();
      const entry: Running = { controller: new AbortController(), fraction: 0 };
      running.set(key, entry);
      try {
        return await job(entry.controller.signal, (fraction, label) => {
          entry.fraction = fraction;
          entry.label = label;
        });
      } finally {
        if (running.get(key) === entry) running.delete(key);
      }
    },
    progress(key) {
      const entry = running.get(key);
      if (!entry) return { running: false, fraction: 0 };
      return entry.label === undefined
        ? { running: true, fraction: entry.fraction }
        : { running: true, fraction: entry.fraction, label: entry.label };
    },
    cancel(key) {
      const entry = running.get(key);
      if (!entry) return false;
      entry.controller.abort();
      running.delete(key);
      return true;
    },
    cancelAll() {
      for (const entry of running.values()) entry.controller.abort();
      running.clear();
    },
  };
}
