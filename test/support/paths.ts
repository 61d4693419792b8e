import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The worker as electron-vite builds it (the global setup builds before the suite). */
export const BUILT_WORKER = resolve(ROOT, 'out/main/worker.js');
/** The built worker plus a solve that exhausts the heap (solver "exhaust-heap"), for limits. */
export const HEAP_WORKER = resolve(ROOT, 'test/support/heap-worker.mjs');
/** The command line as users run it. */
export const CLI = resolve(ROOT, 'bin/broadside.mjs');
/** The built worker, held in its start while a gate file is missing (time-limit tests). */
export const GATED_WORKER = resolve(ROOT, 'test/support/gated-worker.mjs');
/** The gated worker plus a solve that never reads its stop signal (solver "ignore-stop"). */
export const STUBBORN_WORKER = resolve(ROOT, 'test/support/stubborn-worker.mjs');

/**
 * The machine's own Node when it is older than 22 (the command then re-executes itself under the
 * project's Node 22), or undefined.
 */
export const OLDER_SYSTEM_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  if (!existsSync(path)) return false;
  const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout;
  return Number(version.split('.')[0]) < 22;
});
