// The piscina worker entry, built to out/main/worker.js; the pool points at that file.
// It dispatches a task to the job table by kind, forwards progress through the MessagePort the
// pool sent along, and turns thrown errors into plain data (name + message), because class
// identity does not survive the thread boundary; the pool rebuilds typed errors from it.

import type { MessagePort } from 'node:worker_threads';
import { jobHandlers, type JobKind } from './jobs';

export interface WorkerTask {
  kind: JobKind;
  payload: unknown;
  port?: MessagePort;
}

export type WorkerReply =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

const PROGRESS_INTERVAL_MS = 50;

export default async function runTask(task: WorkerTask): Promise<WorkerReply> {
  const handler = jobHandlers[task.kind] as
    ((payload: unknown, ctx: unknown) => unknown) | undefined;
  if (!handler)
    return { ok: false, error: { name: 'InputError', message: `unknown job kind "${task.kind}"` } };
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
    return { ok: true, value: await handler(task.payload, ctx) };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    return { ok: false, error: { name: error.name, message: error.message } };
  } finally {
    task.port?.close();
  }
}
