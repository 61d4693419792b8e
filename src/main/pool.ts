// The worker pool: every solve, batch, simulation and learning job runs here, never on the main
// thread. A thin layer over piscina that adds what the app needs:
//   - progress through a MessagePort per job;
//   - cancellation (AbortSignal) and a per-job time limit, both of which terminate the worker
//     thread running the job (synchronous solvers cannot be interrupted otherwise); piscina
//     replaces the thread, so the pool keeps its size;
//   - a per-thread heap limit, so a runaway solve fails its own job with a clear error;
//   - errors rebuilt from the worker's plain data into the app's typed errors.

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { BudgetError, CancelledError, InputError, NoLayoutError } from '../core/errors';
import type { JobKind, JobPayload, JobResult } from './jobs';
import type { WorkerReply, WorkerTask } from './worker';

export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number, label?: string) => void;
  /** Fail the job (and recycle its thread) after this many milliseconds. */
  timeoutMs?: number;
}

export interface JobPool {
  readonly threads: number;
  run<K extends JobKind>(
    kind: K,
    payload: JobPayload<K>,
    options?: JobOptions,
  ): Promise<JobResult<K>>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Path of the built worker (out/main/worker.js); defaults to the file beside this module. */
  workerFile?: string;
  /** Worker threads; default: all cores but one (kept for the UI), at least one. */
  threads?: number;
  /** Heap limit per worker thread in MB. */
  maxMemoryMb?: number;
}

/** The job went over its time limit. */
export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`the job took longer than its ${Math.round(ms / 1000)} s limit and was stopped`);
    this.name = 'JobTimeoutError';
  }
}

/** The worker thread died (out of memory, crash); the pool replaced it. */
export class WorkerCrashError extends Error {
  constructor(detail: string) {
    super(`the worker running this job stopped: ${detail}`);
    this.name = 'WorkerCrashError';
  }
}

export const DEFAULT_MAX_MEMORY_MB = 4096;

export function defaultThreadCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Resolves the worker file: explicit option, BROADSIDE_WORKER, or beside the built module. */
export function resolveWorkerFile(explicit?: string): string {
  return explicit ?? process.env['BROADSIDE_WORKER'] ?? join(import.meta.dirname, 'worker.js');
}

const TYPED_ERRORS: Record<string, (message: string) => Error> = {
  InputError: (m) => new InputError('', m),
  NoLayoutError: (m) => Object.assign(new NoLayoutError(), { message: m }),
  BudgetError: (m) => Object.assign(new BudgetError(m, ''), { message: m }),
  CancelledError: () => new CancelledError(),
};

function rebuildError(error: { name: string; message: string }): Error {
  const make = TYPED_ERRORS[error.name];
  if (make) return make(error.message);
  const e = new Error(error.message);
  e.name = error.name;
  return e;
}

export function createPool(options: PoolOptions = {}): JobPool {
  const threads = options.threads ?? defaultThreadCount();
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  const piscina = new Piscina({
    filename: resolveWorkerFile(options.workerFile),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
  });

  async function run<K extends JobKind>(
    kind: K,
    payload: JobPayload<K>,
    jobOptions: JobOptions = {},
  ): Promise<JobResult<K>> {
    const { signal, onProgress, timeoutMs } = jobOptions;
    if (signal?.aborted) throw new CancelledError();
    const channel = new MessageChannel();
    channel.port1.on('message', (m: { fraction: number; label?: string }) =>
      onProgress?.(m.fraction, m.label),
    );
    const abort = new AbortController();
    const onAbort = (): void => abort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            abort.abort();
          }, timeoutMs);
    const task: WorkerTask = { kind, payload, port: channel.port2 };
    try {
      const reply = (await piscina.run(task, {
        signal: abort.signal,
        transferList: [channel.port2],
      })) as WorkerReply;
      if (!reply.ok) throw rebuildError(reply.error);
      return reply.value as JobResult<K>;
    } catch (e) {
      if (timedOut) throw new JobTimeoutError(timeoutMs!);
      if (signal?.aborted) throw new CancelledError();
      if (e instanceof Error && !(e.name in TYPED_ERRORS) && isWorkerDeath(e)) {
        throw new WorkerCrashError(describeDeath(e, maxMemoryMb));
      }
      throw e;
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      channel.port1.close();
    }
  }

  return {
    threads,
    run,
    close: () => piscina.close({ force: true }),
  };
}

function isWorkerDeath(e: Error): boolean {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return code.startsWith('ERR_WORKER') || /worker.*(exit|terminat)/i.test(e.message);
}

function describeDeath(e: Error, maxMemoryMb: number): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return `it ran out of memory (limit ${maxMemoryMb} MB per worker); try solver 'sample' for this position`;
  }
  return e.message;
}
