// The import worker, built to out/main/import-worker.js: imports one bundle text into the library
// on its own thread and its own connection, so a large import (tens of megabytes, seconds of
// parsing and writing) never holds up the main thread's other requests; its memory goes with the
// thread when it ends. It answers one message: the summary, or the error as plain data.

import { parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../core/errors';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../core/json-text';
import { methodTable } from '../shared/api';
import { importBundle } from './store/bundle';
import { importStream, slices } from './store/bundle-import';
import { closeDatabase, openDatabase } from './store/open';
import { libraryError } from './store/sqlite-errors';

/** A bundle's text, or an importBundle request's raw body (JSON `{"text": ...}`) to read first. */
export type ImportTask = { dbPath: string; defaultName?: string } & (
  { text: string } | { body: Uint8Array }
);

/** The text of a task: a raw body is decoded, parsed and checked as the web server would. */
function textOf(task: ImportTask): string {
  if ('text' in task) return task.text;
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  const json = body.toString('utf8');
  if (jsonNestsDeeperThan(json)) {
    throw new InputError('', `the body nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  let params: unknown;
  try {
    params = JSON.parse(json);
  } catch {
    throw new InputError('', 'the body is not valid JSON');
  }
  return methodTable.importBundle.params.parse(params, 'importBundle').text;
}

export type ImportReply =
  | { ok: true; value: Awaited<ReturnType<typeof importStream>> }
  | { ok: false; error: { name: string; message: string } };

async function run(task: ImportTask): Promise<ImportReply> {
  try {
    const db = openDatabase(task.dbPath);
    try {
      const text = textOf(task);
      // Only an object streams; anything else is refused by the whole-text parser, as before.
      const value = text.trimStart().startsWith('{')
        ? await importStream(db, slices(text), task.defaultName)
        : importBundle(db, text, task.defaultName);
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
