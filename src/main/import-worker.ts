// The import worker, built to out/main/import-worker.js: imports one bundle text into the library
// on its own thread and its own connection, so a large import (tens of megabytes, seconds of
// parsing and writing) never holds up the main thread's other requests; its memory goes with the
// thread when it ends. It answers one message: the summary, or the error as plain data.

import { parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../core/errors';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../core/json-text';
import { methodTable } from '../shared/api';
import { importRecords, type ImportOutcome } from './store/bundle';
import { importStream, slices } from './store/bundle-import';
import { closeDatabase, openDatabase } from './store/open';
import { libraryError } from './store/sqlite-errors';

/** A bundle's text, or an importBundle request's raw body (JSON `{"text": ...}`) to read first. */
export type ImportTask = { dbPath: string; defaultName?: string } & (
  { text: string } | { body: Uint8Array }
);

/**
 * The text of a task and the name a lone position takes: a raw body is decoded, parsed and
 * checked as the web server would.
 */
function textOf(task: ImportTask): { text: string; name?: string } {
  if ('text' in task) return { text: task.text, name: task.defaultName };
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
  return methodTable.importBundle.params.parse(params, 'importBundle');
}

export type ImportReply =
  { ok: true; value: ImportOutcome } | { ok: false; error: { name: string; message: string } };

async function run(task: ImportTask): Promise<ImportReply> {
  try {
    const db = openDatabase(task.dbPath);
    try {
      const { text, name } = textOf(task);
      // Only an object streams; anything else (a position's text form, or no JSON at all) is
      // read by the whole-text parser, as before.
      const value = text.trimStart().startsWith('{')
        ? await importStream(db, slices(text), name)
        : importRecords(db, text, name);
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
