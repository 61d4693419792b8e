// The pool's waiting room: jobs wait here until a worker thread is free, so that a job's time
// limit counts only the time it runs, interactive jobs (a solve the user waits for) go ahead of
// background work (batches, simulations, learning), and the queue cannot grow without bound.
// piscina gets at most one job per thread and so never queues anything itself.

import { CancelledError } from '../core/errors';
import { BusyError } from './errors';

export type JobPriority = 'interactive' | 'background';

/** How many jobs of each priority may wait for a thread before new ones are refused as busy. */
export type QueueBounds = Record<JobPriority, number>;

export const DEFAULT_QUEUE_BOUNDS: QueueBounds = { interactive: 64, background: 256 };

interface Waiter {
  start: () => void;
  /** Leaves the queue without running (the pool is closing). */
  cancel: () => void;
}

export interface JobQueue {
  /**
   * Resolves when the job may run on a thread (the caller must call release() after it);
   * rejects with BusyError at once when `priority` already has its bound of waiting jobs, and
   * with CancelledError when `signal` aborts while the job waits (it then leaves the queue).
   */
  acquire(priority: JobPriority, signal?: AbortSignal): Promise<void>;
  release(): void;
  /** Jobs of `priority` waiting for a thread now. */
  waiting(priority: JobPriority): number;
  /**
   * Cancels every waiting job and refuses new ones (CancelledError): the pool is closing, and a
   * waiting job must not start on it (closing would wait for it).
   */
  close(): void;
}

export function createJobQueue(slots: number, bounds: QueueBounds): JobQueue {
  const queues: Record<JobPriority, Waiter[]> = { interactive: [], background: [] };
  let running = 0;
  let closed = false;

  const next = (): Waiter | undefined => queues.interactive.shift() ?? queues.background.shift();

  return {
    acquire(priority, signal) {
      if (signal?.aborted || closed) return Promise.reject(new CancelledError());
      if (running < slots && queues.interactive.length + queues.background.length === 0) {
        running++;
        return Promise.resolve();
      }
      const queue = queues[priority];
      if (queue.length >= bounds[priority]) {
        const what = priority === 'interactive' ? 'solves' : 'background jobs';
        return Promise.reject(
          new BusyError(
            `busy: the queue of ${what} waiting for a worker is full (${queue.length}); try again in a moment`,
          ),
        );
      }
      return new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new CancelledError());
        };
        const waiter: Waiter = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          cancel: () => {
            signal?.removeEventListener('abort', onAbort);
            reject(new CancelledError());
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
    release() {
      running--;
      if (closed) return;
      const waiter = next();
      if (waiter) {
        running++;
        waiter.start();
      }
    },
    waiting: (priority) => queues[priority].length,
    close() {
      closed = true;
      for (const waiter of [...queues.interactive, ...queues.background]) waiter.cancel();
      queues.interactive = [];
      queues.background = [];
    },
  };
}
