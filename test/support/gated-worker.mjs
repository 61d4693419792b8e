// The pool's worker for the time-limit tests: the app's own built worker, except that a thread
// does not finish starting while the file named by BROADSIDE_TEST_START_GATE is missing. A test
// removes the file to hold a replacement thread in its start for as long as it likes.

import { existsSync } from 'node:fs';

const gate = process.env['BROADSIDE_TEST_START_GATE'];
const pause = new Int32Array(new SharedArrayBuffer(4));
while (gate && !existsSync(gate)) Atomics.wait(pause, 0, 0, 20);

// Loaded by URL so the type checker does not read the built bundle.
const builtWorker = new URL('../../out/main/worker.js', import.meta.url).href;
export default (await import(builtWorker)).default;
