// The piscina worker entry, built to out/main/worker.js; the pool points at that file.
// It dispatches a task to the job table by kind, forwards progress through the MessagePort the
// pool sent along, and turns thrown errors into plain data (name + message), because class
// identity does not survive the thread boundary; the pool rebuilds typed errors from it.

import { BroadcastChannel, threadId, type MessagePort } from 'node:worker_threads';
import { jobHandlers, type JobKind } from './jobs';

export interface WorkerTask {
  kind: JobKind;
  payload: unknown;
  port?: MessagePort;
  /** Set for a job with a time limit: where to say it starts running, so its clock starts. */
  start?: JobStart;
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
  if (task.start) announceStart(task.start);
  let last = 0;
  const ctx = {
    progress(fraction: number, label?: string) {
      const now = Date.now();
      if (!task.port || (now - last < PROGRESS_INTERVAL_MS && fraction < 1)) return;
      last = now;
      task.port.postMessage({ fraction, label });
    },
  };
  try {
    return { ok: true, value: await handler(task.payload, ctx), thread: threadId };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    return { ok: false, error: { name: error.name, message: error.message }, thread: threadId };
  } finally {
    task.port?.close();
  }
}
