// `npm run experiment -- NAME [ARGS...]`: the one entry to the research scripts in this folder.
// Each experiment is a TypeScript file built on the app's core modules; it is bundled for Node
// and run with the arguments that follow its name (so `process.argv[2]` is its first argument).

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const helpers = new Set(['human-data', 'opponents', 'small-boards']);
const names = readdirSync(here)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .filter((n) => !helpers.has(n))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  const what = name ? `unknown experiment "${name}"` : 'name an experiment';
  console.error(`experiment: ${what} (known: ${names.join(', ')})`);
  console.error('usage: npm run experiment -- NAME [ARGS...]   (see experiments/README.md)');
  process.exit(2);
}

const out = join(root, 'node_modules', '.tmp', `experiment-${name}.mjs`);
const rolldown = join(root, 'node_modules', '.bin', 'rolldown');
if (!existsSync(rolldown)) {
  console.error('experiment: rolldown is missing; run npm install first');
  process.exit(2);
}
const build = spawnSync(
  rolldown,
  [
    join(here, `${name}.ts`),
    '--platform',
    'node',
    '--format',
    'esm',
    '--file',
    out,
    '--logLevel',
    'silent',
  ],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
