// Runs an import on its own worker thread (import-worker.ts) and answers as if it ran here:
// the summary, or the error rebuilt with its name, so the API reports it like any other.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportReply, ImportTask } from './import-worker';
import { resolveWorkerFile } from './worker-file';
import type { ImportOutcome } from './store/bundle';

/** The built import worker: BROADSIDE_IMPORT_WORKER, else beside the pool's worker file. */
export function resolveImportWorker(): string {
  return (
    process.env['BROADSIDE_IMPORT_WORKER'] ?? join(dirname(resolveWorkerFile()), 'import-worker.js')
  );
}

export function importInWorker(
  task: ImportTask,
  workerFile = resolveImportWorker(),
): Promise<ImportOutcome> {
  if (!existsSync(workerFile)) {
    return Promise.reject(new Error(`the import worker ${workerFile} is missing (build the app)`));
  }
  return new Promise((resolve, reject) => {
    // A raw body is moved to the worker, not copied.
    const transferList = 'body' in task ? [task.body.buffer as ArrayBuffer] : [];
    const worker = new Worker(workerFile, { workerData: task, transferList });
    let answered = false;
    worker.once('message', (reply: ImportReply) => {
      answered = true;
      if (reply.ok) resolve(reply.value);
      else reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the import worker stopped (exit code ${code})`));
    });
  });
}
