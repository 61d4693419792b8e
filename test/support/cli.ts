// Runs the built command line as a user would: a child process, its exit code and both streams.

import { spawnSync } from 'node:child_process';
import { CLI } from './paths';

/** `broadside ARGS` with `input` on standard input and `env` added to this process's environment. */
export function broadside(args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
