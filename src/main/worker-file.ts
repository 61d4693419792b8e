// Where the built worker is: the pool's lanes, the graph lane and the import worker start it.

import { basename, dirname, join } from 'node:path';

/**
 * Resolves the worker file: explicit option, BROADSIDE_WORKER, or out/main/worker.js beside the
 * built entry. In a packaged app the worker is unpacked beside the asar archive (asarUnpack), since
 * worker threads cannot load ESM from inside it: `app.asar/` becomes `app.asar.unpacked/`.
 */
export function resolveWorkerFile(explicit?: string): string {
  const file =
    explicit ??
    process.env['BROADSIDE_WORKER'] ??
    join(builtMainDir(import.meta.dirname), 'worker.js');
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** out/main, also when this module was bundled into out/main/chunks/. */
export function builtMainDir(moduleDir: string): string {
  return basename(moduleDir) === 'chunks' ? dirname(moduleDir) : moduleDir;
}
