// Builds the app once before the suite (about a second): integration tests run the real bundled
// worker (out/main/worker.js) in a real piscina pool, the import worker and the real built
// command line. A build that leaves one of them out stops the suite here, with its name, instead
// of failing tests one by one later.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const NEEDED = ['out/main/worker.js', 'out/main/import-worker.js', 'out/main/broadside.js'];

export default function setup(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(resolve(root, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: root,
    stdio: 'pipe',
  });
  const missing = NEEDED.filter((file) => !existsSync(resolve(root, file)));
  if (missing.length) {
    throw new Error(`the build did not write ${missing.join(', ')}; run npm run build`);
  }
}
