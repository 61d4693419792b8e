// The piscina worker entry, built to out/main/worker.js; the pool points at that file.
// It dispatches a task to the job table by kind, forwards progress through the MessagePort the
// pool sent along, and turns thrown errors into plain data (name + message), because class
// identity does not survive the thread boundary; the pool rebuilds typed errors from it.
// A task's control words (shared with the pool) say which thread runs it and whether the pool
// wants it stopped: the job's signal reads the stop word, so a stopped job ends with
// CancelledError and the thread goes on, its memory and held values intact.

import { BroadcastChannel, threadId, type MessagePort } from 'node:worker_threads';
import { CancelledError } from '../core/errors';
import type { CancelSignal } from '../core/solve/cancel';
import { STOP_WORD, THREAD_WORD } from './job-control';
import { jobHandlers, type JobKind } from './jobs';

export interface WorkerTask {
  kind: JobKind;
  payload: unknown;
  port?: MessagePort;
  /** Set for a job with a time limit: where to say it starts running, so its clock starts. */
  start?: JobStart;
  /** The job's control words, shared with the pool (job-control.ts). */
  control?: Int32Array;
}

export interface JobStart {
  channel: string;
  job: number;
}

/** `thread`: the worker thread that ran the task (for diagnostics and load checks). */
export type WorkerReply =
  | { ok: true; value: unknown; thread: number }
  | { ok: false; error: { name: string; message: string }; thread: number };

const PROGRESS_INTERVAL_MS = 50;

/** This thread's end of each pool's start channel (a thread serves one pool, so one entry). */
const startChannels = new Map<string, BroadcastChannel>();

function announceStart({ channel, job }: JobStart): void {
  let sender = startChannels.get(channel);
  if (!sender) {
    sender = new BroadcastChannel(channel);
    sender.unref();
    startChannels.set(channel, sender);
  }
  sender.postMessage(job);
}

export default async function runTask(task: WorkerTask): Promise<WorkerReply> {
  const handlers = jobHandlers as Record<string, (payload: unknown, ctx: unknown) => unknown>;
  const handler = Object.hasOwn(handlers, task.kind) ? handlers[task.kind] : undefined;
  if (!handler) {
    // Only the pool sends tasks, typed by the job table: another kind is a fault of the program.
    const message = `unknown job kind "${String(task.kind)}"`;
    return { ok: false, error: { name: 'InternalError', message }, thread: threadId };
  }
  const control = task.control;
  if (control) Atomics.store(control, THREAD_WORD, threadId);
  if (task.start) announceStart(task.start);
  const signal: CancelSignal = {
    get aborted() {
      return control !== undefined && Atomics.load(control, STOP_WORD) !== 0;
    },
  };
  let last = 0;
  const ctx = {
    signal,
    progress(fraction: number, label?: string) {
      if (signal.aborted) throw new CancelledError();
      const now = Date.now();
      if (!task.port || (now - last < PROGRESS_INTERVAL_MS && fraction < 1)) return;
      last = now;
      task.port.postMessage({ fraction, label });
    },
  };
  try {
    // Stopped before it started (the pool saw it on this thread only after asking).
    if (signal.aborted) throw new CancelledError();
    return { ok: true, value: await handler(task.payload, ctx), thread: threadId };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    return { ok: false, error: { name: error.name, message: error.message }, thread: threadId };
  } finally {
    task.port?.close();
  }
}
