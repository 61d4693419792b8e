// `npm test`: every check in order, each run even when an earlier one failed, so one failing unit
// test does not hide what the browser tests would say. The build comes first and is the one step
// that stops the run: the tests load the built worker, import worker and command line from out/.
// Exits 1 when any step failed, after a summary naming them.

import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @type {{ name: string, args: string[], required?: boolean }[]} */
const steps = [
  { name: 'build', args: ['run', 'build'], required: true },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'format', args: ['run', 'format:check'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'unit and integration tests', args: ['exec', '--', 'vitest', 'run'] },
  { name: 'browser tests', args: ['run', 'test:e2e'] },
];

/** @type {string[]} */
const failed = [];
for (const step of steps) {
  console.log(`\n== ${step.name}`);
  const r = spawnSync(npm, step.args, { stdio: 'inherit' });
  if (r.status === 0) continue;
  failed.push(step.name);
  if (step.required) {
    console.error(`\nnpm test: ${step.name} failed; the tests need it, so none ran.`);
    process.exit(1);
  }
}

if (failed.length) {
  console.error(`\nnpm test: failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every step passed');
