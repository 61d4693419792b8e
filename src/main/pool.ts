// The worker pool: every solve, batch, simulation and learning job runs here, never on the main
// thread. A thin layer over piscina that adds what the app needs:
//   - progress through a MessagePort for each job whose caller listens;
//   - a bounded two-level queue in front of piscina (job-queue.ts): interactive jobs go ahead of
//     background ones, and past its bound a job is refused as busy;
//   - cancellation (AbortSignal) and a per-job time limit, both of which stop the job
//     cooperatively: each task carries control words in shared memory (worker.ts), the pool sets
//     the stop word and the job's solvers, which poll it, end with CancelledError; the thread
//     lives on with its memory and held values, and the caller is answered when the job has
//     settled. Only a job that ignores the stop past STOP_DEADLINE_MS has its thread terminated;
//     piscina replaces the thread, so the pool keeps its size, and what the terminated thread
//     held in the graph memory is freed for its replacement once it has exited (thread slots,
//     graphs/graph-memory.ts). The time limit counts from when the job starts running on its
//     thread: not the time it waited in the queue, nor the time a replacement thread took to
//     start;
//   - a per-thread heap limit, so a runaway solve fails its own job with a clear error;
//   - errors rebuilt from the worker's plain data into the app's typed errors.

import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { CancelledError } from '../core/errors';
import {
  createJobQueue,
  DEFAULT_QUEUE_BOUNDS,
  type JobPriority,
  type QueueBounds,
} from './job-queue';
import { BusyError } from './errors';
import type { JobKind, JobPayload, JobResult } from './jobs';
import type { GraphObject } from './graphs/graph-file';
import { releaseThreadSlots } from './graphs/graph-memory';
import type { GraphStore } from './graphs/graph-store';
import { graphStoreFor, type PoolGraphOptions } from './graphs/graph-lane';
import type { Rules } from '../core/rules';
import { graphKey } from '../core/solve/graph/graph';
import { jobControl, STOP_WORD, THREAD_WORD } from './job-control';
import type { JobStart, WorkerReply, WorkerTask } from './worker';
import { availableMemory } from './memory-budget';
import { ResidentPlan, type MemoryPlan } from './memory-plan';
import { rebuildError, TYPED_ERRORS } from './worker-errors';
import { resolveWorkerFile } from './worker-file';
import { progressPort } from './progress-port';
import { SOLVED_POSITIONS_FILE } from './store/solved-positions';

export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number, label?: string) => void;
  /** Stop the job (with JobTimeoutError) after it has run this many milliseconds. */
  timeoutMs?: number;
  /**
   * Default: 'interactive' for a solve (someone waits for it), 'background' for every other kind
   * (simulations, learning, advice). A solve nobody waits for (a batch's, one solved ahead) says
   * 'background'.
   */
  priority?: JobPriority;
}

/** A job's value with the id of the worker thread that ran it. */
export interface JobOutcome<T> {
  value: T;
  thread: number;
}

export interface JobPool {
  readonly threads: number;
  /** The most memory one solve job may hold on this pool, whatever the machine (bytes). */
  readonly maxSolveBytes: number | undefined;
  run<K extends JobKind>(
    kind: K,
    payload: JobPayload<K>,
    options?: JobOptions,
  ): Promise<JobResult<K>>;
  /** As run, plus which worker thread ran the job. */
  runDetailed<K extends JobKind>(
    kind: K,
    payload: JobPayload<K>,
    options?: JobOptions,
  ): Promise<JobOutcome<JobResult<K>>>;
  /**
   * The state graph of `rules` in shared memory, when this pool keeps graphs and it is ready;
   * otherwise undefined, and the graph is loaded or built in the background meanwhile.
   */
  graphFor(rules: Rules): GraphObject | undefined;
  /** The graphs this pool keeps, loading, ready or refused; undefined when it keeps none. */
  readonly graphs: GraphStore | undefined;
  /**
   * The kept solved positions simulations read and add to (store/solved-positions.ts), in the
   * graphs folder; null when the pool keeps no graphs on disk or was told not to keep them.
   */
  readonly solvedFile: string | null;
  /** Solves someone waits for that are waiting for a thread now (none start at once). */
  solvesWaiting(): number;
  /** The pool's memory plan for the graphs its solves use (memory-plan.ts). */
  memoryPlan(): MemoryPlan | undefined;
  /**
   * Starts the solving threads now, as the first job would: a caller that knows a job is coming
   * (the app once it listens) spares that job the threads' start.
   */
  start(): void;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Path of the built worker (out/main/worker.js); defaults to the file beside this module. */
  workerFile?: string;
  /** Worker threads; default: all cores but one (kept for the UI), at least one. */
  threads?: number;
  /** Heap limit per worker thread in MB. */
  maxMemoryMb?: number;
  /** Jobs that may wait for a thread, per priority; default DEFAULT_QUEUE_BOUNDS. */
  queueBounds?: QueueBounds;
  /**
   * Keep state graphs for the `auto` solver, one per rule set shared by every thread, built on a
   * thread of their own; without this the pool keeps none and the DP answers.
   */
  graphs?: PoolGraphOptions;
  /** Caps the memory budget of each solve on this pool (the command line's is smaller). */
  maxSolveBytes?: number;
  /** The process's memory budget (memory-plan.ts); default half the memory available. */
  memoryBudgetBytes?: number;
}

/** The job went over its time limit. */
export class JobTimeoutError extends Error {
  constructor(ms: number) {
    const limit = ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
    super(`the job took longer than its ${limit} limit and was stopped`);
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

/** What each kind of job is called when it is cancelled ("simulation cancelled"). */
const JOB_WORK: Record<JobKind, string> = {
  solve: 'solve',
  estimate: 'estimate',
  simulate: 'simulation',
  learn: 'learning',
  advise: 'advice',
  propose: 'proposal',
  graphBuild: 'graph build',
  graphLoad: 'graph load',
  graphKeep: 'kept values',
};

/**
 * How long a job may take to stop once asked before its thread is terminated. A cooperating job
 * stops within milliseconds (the graph passes poll every 16 layers, the DP and the enumerator
 * between their steps, other jobs at each progress report); this is far past that, and short
 * enough that a job with no point to stop at (advice) does not hold its thread long after it
 * was given up.
 */
export const STOP_DEADLINE_MS = 3_000;

/**
 * Frees what each thread of `lane` held in the graph memories (its thread slots) once it has
 * exited, however it ended (terminated for ignoring a stop, crashed, retired when idle): its
 * replacement reuses those pages instead of growing the memory again. Only after 'exit', never
 * at termination's start: a thread still running would write into its successor's regions.
 */
function releaseSlotsOnExit(lane: Piscina, onExit: (thread: number) => void = () => {}): Piscina {
  // piscina names a thread by its thread id as `id`.
  lane.on('workerCreate', ({ id }: { id: number }) => {
    const worker = lane.threads.find((t) => t.threadId === id);
    worker?.once('exit', () => {
      releaseThreadSlots(id);
      onExit(id);
    });
  });
  return lane;
}

/** Estimates that may wait for the quick lane's thread before new ones are refused as busy. */
const ESTIMATES_WAITING = 16;

/** Pools made in this process: each names its own channel for the jobs' start signals. */
let poolsMade = 0;

export function createPool(options: PoolOptions = {}): JobPool {
  const threads = options.threads ?? defaultThreadCount();
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  const resident = residentPlan(threads, options);
  // The solving threads start with the pool's first job, not when it is made: a command that
  // only reads the library never starts them. A thread that exits leaves its slots and its
  // holding place to its replacement.
  let mainLane: Piscina | undefined;
  const main = (): Piscina => {
    if (mainLane) return mainLane;
    const lane = releaseSlotsOnExit(
      new Piscina({
        filename: resolveWorkerFile(options.workerFile),
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
      }),
      (thread) => resident.plan.release(thread),
    );
    // A job stopped (its thread terminated) just as the thread posted its answer: piscina reports
    // the orphaned answer as an 'error' event, which with no listener would throw in this process
    // (the app's main process). The job has been answered as cancelled already; nothing is lost.
    lane.on('error', (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      if (message.startsWith('Unexpected message from Worker')) return;
      console.error(`broadside: worker pool: ${message.split('\n')[0]}`);
    });
    return (mainLane = lane);
  };
  const queue = createJobQueue(threads, options.queueBounds ?? DEFAULT_QUEUE_BOUNDS);
  // Estimates stand in for an exact solve while it runs, so they cannot wait behind it for one
  // of its threads: they have a lane of their own, one thread started on first use, gone when
  // idle (each is bounded in time by its caller).
  let quickLane: Piscina | undefined;
  const quick = (): Piscina =>
    (quickLane ??= releaseSlotsOnExit(
      new Piscina({
        filename: resolveWorkerFile(options.workerFile),
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 10_000,
        maxQueue: ESTIMATES_WAITING,
        resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
      }),
    ));
  // Jobs with a time limit say when they start running on their thread (one channel for all,
  // not a MessagePort per job: a batch of thousands would pile up the ports' native memory).
  const startChannel = `broadside-job-start-${process.pid}-${++poolsMade}`;
  const starts = new BroadcastChannel(startChannel);
  starts.unref();
  /** Job number -> starts its time limit. */
  const startClocks = new Map<number, () => void>();
  let jobsNumbered = 0;
  starts.onmessage = (event) => startClocks.get((event as { data: number }).data)?.();

  // Closing stops the jobs on the threads and waits for them to settle before piscina closes:
  // piscina's forced close, started while a stopped job's thread is still being terminated,
  // never settled, and a process stopping on SIGTERM then hung with nothing left to run.
  const closing = new AbortController();
  const onThreads = new Set<Promise<unknown>>();

  async function runTask(
    kind: JobKind,
    payload: unknown,
    jobOptions: JobOptions = {},
  ): Promise<JobOutcome<unknown>> {
    if (kind === 'estimate') return runOnLane(kind, payload, jobOptions);
    const priority = jobOptions.priority ?? (kind === 'solve' ? 'interactive' : 'background');
    try {
      await queue.acquire(priority, jobOptions.signal);
    } catch (e) {
      throw e instanceof CancelledError ? new CancelledError(JOB_WORK[kind]) : e;
    }
    const signal = jobOptions.signal
      ? AbortSignal.any([jobOptions.signal, closing.signal])
      : closing.signal;
    const job = runOnThread(kind, payload, { ...jobOptions, signal });
    onThreads.add(job);
    try {
      return await job;
    } finally {
      onThreads.delete(job);
      queue.release();
    }
  }

  /** Runs an estimate on the quick lane, beside whatever holds the pool's threads. */
  async function runOnLane(
    kind: JobKind,
    payload: unknown,
    jobOptions: JobOptions,
  ): Promise<JobOutcome<unknown>> {
    if (closing.signal.aborted) throw new CancelledError(JOB_WORK[kind]);
    const signal = jobOptions.signal
      ? AbortSignal.any([jobOptions.signal, closing.signal])
      : closing.signal;
    const job = runOnThread(kind, payload, { ...jobOptions, signal }, quick());
    onThreads.add(job);
    try {
      return await job;
    } catch (e) {
      if (e instanceof Error && /queue is at limit/i.test(e.message)) {
        throw new BusyError(
          `busy: ${ESTIMATES_WAITING} estimates are already waiting; try again in a moment`,
        );
      }
      throw e;
    } finally {
      onThreads.delete(job);
    }
  }

  /** Runs a job that holds a thread of the queue (or the quick lane): piscina starts it at once. */
  async function runOnThread(
    kind: JobKind,
    payload: unknown,
    { signal, onProgress, timeoutMs }: JobOptions,
    lane: Piscina = main(),
  ): Promise<JobOutcome<unknown>> {
    if (signal?.aborted) throw new CancelledError(JOB_WORK[kind]);
    const progress = progressPort<{ fraction: number; label?: string }>(
      onProgress && ((m) => onProgress(m.fraction, m.label)),
    );
    // The job's control words, shared with its thread (job-control.ts): the stop word asks it
    // to stop, the thread word says which thread runs it (0 until it starts).
    const control = jobControl();
    // piscina's own signal terminates the thread: the last resort, after the deadline.
    const terminate = new AbortController();
    let deadline: ReturnType<typeof setTimeout> | undefined;
    /** Once a thread has been terminated: its exit (its slots freed for the next thread). */
    let exited: Promise<unknown> | undefined;
    const kill = (): void => {
      const id = Atomics.load(control, THREAD_WORD);
      const worker = id === 0 ? undefined : lane.threads.find((t) => t.threadId === id);
      if (worker) exited = once(worker, 'exit').catch(() => undefined);
      terminate.abort();
    };
    const stop = (): void => {
      if (Atomics.exchange(control, STOP_WORD, 1) !== 0) return;
      // Not on a thread yet: piscina drops it from its queue (or stops a thread still starting).
      if (Atomics.load(control, THREAD_WORD) === 0) kill();
      else deadline = setTimeout(kill, STOP_DEADLINE_MS);
    };
    signal?.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let start: JobStart | undefined;
    if (timeoutMs !== undefined) {
      start = { channel: startChannel, job: ++jobsNumbered };
      startClocks.set(start.job, () => {
        timer ??= setTimeout(() => {
          timedOut = true;
          stop();
        }, timeoutMs);
      });
    }
    const task: WorkerTask = {
      kind,
      payload,
      control,
      ...progress.task,
      ...(start ? { start } : {}),
    };
    try {
      const reply = (await lane.run(task, {
        signal: terminate.signal,
        transferList: progress.transferList,
      })) as WorkerReply;
      // Asked to stop, the job is answered as stopped even when it finished just before.
      if (timedOut) throw new JobTimeoutError(timeoutMs!);
      if (signal?.aborted) throw new CancelledError(JOB_WORK[kind]);
      if (!reply.ok) throw rebuildError(reply.error);
      return { value: reply.value, thread: reply.thread };
    } catch (e) {
      // The job's place in the queue is given up only once its terminated thread has exited, so
      // the next job's thread finds that thread's slots free (releaseSlotsOnExit).
      if (exited) await exited;
      if (timedOut) throw new JobTimeoutError(timeoutMs!);
      if (signal?.aborted) throw new CancelledError(JOB_WORK[kind]);
      if (e instanceof Error && !Object.hasOwn(TYPED_ERRORS, e.name) && isWorkerDeath(e)) {
        throw new WorkerCrashError(describeDeath(e, maxMemoryMb));
      }
      throw e;
    } finally {
      if (start) startClocks.delete(start.job);
      if (timer) clearTimeout(timer);
      if (deadline) clearTimeout(deadline);
      signal?.removeEventListener('abort', stop);
      progress.close();
    }
  }

  const graphs = options.graphs
    ? graphStoreFor(options.graphs, options.workerFile, (others) =>
        resident.plan.buildCheck(others),
      )
    : undefined;

  return {
    threads,
    graphFor: (rules) =>
      resident.graphFor(rules, graphs?.store.get(rules), graphs?.store.loaded() ?? [], (key) =>
        graphs ? graphs.store.keepValues(key) : Promise.resolve(false),
      ),
    memoryPlan: () => resident.plan.plan(),
    solvesWaiting: () => queue.waiting('interactive'),
    graphs: graphs?.store,
    solvedFile:
      options.graphs?.dir && options.graphs.keepSolved !== false
        ? join(options.graphs.dir, SOLVED_POSITIONS_FILE)
        : null,
    maxSolveBytes: options.maxSolveBytes,
    run: async (kind, payload, options) => (await runTask(kind, payload, options)).value as never,
    runDetailed: (kind, payload, options) => runTask(kind, payload, options) as never,
    start: () => void main(),
    close: async () => {
      queue.close();
      closing.abort();
      await Promise.allSettled([...onThreads]);
      starts.close();
      await Promise.all([
        mainLane?.close({ force: true }),
        quickLane?.close({ force: true }),
        graphs?.close(),
      ]);
    },
  };
}

/**
 * The pool's memory plan: a graph goes to a job with the plan's holding counters, or not at all
 * when it would leave the threads no room to solve in the WebAssembly kernel (said once).
 */
function residentPlan(threads: number, options: PoolOptions) {
  const plan = new ResidentPlan({
    availableBytes: availableMemory(),
    threads,
    ...(options.memoryBudgetBytes === undefined ? {} : { budgetBytes: options.memoryBudgetBytes }),
    ...(options.maxSolveBytes === undefined ? {} : { dpCapBytes: options.maxSolveBytes }),
  });
  const told = new Set<string>();
  const keeping = new Set<string>();
  return {
    plan,
    graphFor(
      rules: Rules,
      graph: GraphObject | undefined,
      loaded: [string, GraphObject][],
      keep: (key: string) => Promise<boolean>,
    ): GraphObject | undefined {
      if (!graph) return undefined;
      const key = graphKey(rules);
      // Graphs in memory count before their first solve: held arrays made now fit them too.
      for (const [other, g] of loaded) if (other !== key) plan.admit(other, g);
      const admitted = plan.admit(key, graph);
      if (!admitted && !told.has(key)) {
        told.add(key);
        console.error(`broadside: the state graph of ${key} is not used: ${plan.refused(graph)}`);
      }
      // Some threads hold no values: each graph in use gets its empty board's values, once,
      // on the graph lane; the plan then counts them as part of the graph.
      if (plan.plan().keptValues) {
        for (const [k, g] of [...loaded, [key, graph] as [string, GraphObject]]) {
          if (!plan.inUse(k) || keeping.has(k)) continue;
          keeping.add(k);
          void keep(k).then((kept) => kept && plan.resize(k, g));
        }
      }
      return admitted;
    },
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
