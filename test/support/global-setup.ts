// Builds the app once before the suite (about a second): integration tests run the real bundled
// worker (out/main/worker.js) in a real piscina pool and the real built command line.

import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(resolve(root, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: root,
    stdio: 'pipe',
  });
}
