// The import worker, built to out/main/import-worker.js: imports one bundle text into the library
// on its own thread and its own connection, so a large import (tens of megabytes, seconds of
// parsing and writing) never holds up the main thread's other requests; its memory goes with the
// thread when it ends. It answers one message: the summary, or the error as plain data.

import { parentPort, workerData } from 'node:worker_threads';
import { importBundle } from './store/bundle';
import { importStream, slices } from './store/bundle-import';
import { closeDatabase, openDatabase } from './store/open';
import { libraryError } from './store/sqlite-errors';

export interface ImportTask {
  dbPath: string;
  text: string;
  defaultName?: string;
}

export type ImportReply =
  | { ok: true; value: Awaited<ReturnType<typeof importStream>> }
  | { ok: false; error: { name: string; message: string } };

async function run(task: ImportTask): Promise<ImportReply> {
  try {
    const db = openDatabase(task.dbPath);
    try {
      // Only an object streams; anything else is refused by the whole-text parser, as before.
      const value = task.text.trimStart().startsWith('{')
        ? await importStream(db, slices(task.text), task.defaultName)
        : importBundle(db, task.text, task.defaultName);
      return { ok: true, value };
    } finally {
      closeDatabase(db);
    }
  } catch (e) {
    const error = libraryError(e, task.dbPath);
    const plain = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { name: plain.name, message: plain.message } };
  }
}

parentPort?.postMessage(await run(workerData as ImportTask));
