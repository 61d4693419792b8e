// Runs the built command line as a user would: a child process, its exit code and both streams.

import { spawnSync } from 'node:child_process';
import { CLI } from './paths';

export function broadside(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
