// Test-only child scripts (TypeScript under test/support importing the real src modules) built
// into one ES module with the project's bundler, to run as a separate process that a test can
// kill. Native and worker dependencies stay external, loaded from node_modules as the app does.

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './paths';

/** Bundles test/support/<name>.ts; returns the path of the built module. */
export function buildChild(name: string): string {
  const dir = join(ROOT, 'node_modules/.tmp');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `broadside-test-${basename(name)}-${process.pid}.mjs`);
  execFileSync(
    join(ROOT, 'node_modules/.bin/rolldown'),
    [
      join(ROOT, 'test/support', `${name}.ts`),
      '--platform',
      'node',
      '--format',
      'esm',
      '--external',
      'better-sqlite3',
      '--external',
      'piscina',
      '--file',
      out,
      '--logLevel',
      'silent',
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  return out;
}
