// The guard that makes a bot die with whatever started it. A bot is launched through /bin/sh,
// which first forks a watcher into the bot's process group and then replaces itself with the bot
// (same pid, so exit codes and signals read as the bot's own). The watcher blocks reading an
// extra pipe from the harness that nobody ever writes to; the read ends when the harness's end
// closes, which the OS does when the harness process or its worker thread dies (kill -9 too),
// and the harness does when the bot exits. The watcher then kills the whole group with SIGKILL,
// itself included. It ignores SIGTERM so that the harness's polite signal to the group cannot
// end the watch before a bot that ignores SIGTERM is gone.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The child's descriptor of the lifeline pipe (none on Windows, where there is no guard). */
export const LIFELINE_FD: number | null = process.platform === 'win32' ? null : 3;

const GUARD_SCRIPT =
  `( trap '' TERM INT HUP; read -r _ <&${LIFELINE_FD}; kill -KILL 0 ) </dev/null >/dev/null 2>&1 & ` +
  `exec ${LIFELINE_FD}<&-; exec "$@"`;

/** The argument vector that runs `argv` under the guard. */
export function guardedLaunch(argv: readonly string[]): string[] {
  if (LIFELINE_FD === null) return [...argv];
  return ['/bin/sh', '-c', GUARD_SCRIPT, 'broadside-bot', ...argv];
}

/** null when `path` is a file we may execute, else what is wrong with it. */
function fileProblem(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return 'EACCES (not a file)';
    accessSync(path, constants.X_OK);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'ENOENT (no such file)'
      : 'EACCES (not executable)';
  }
}

/**
 * Why `program` cannot be started, worded as spawn words it (null when it can). Checked before
 * launching because under the guard a missing program would only show as the shell's exit 127.
 */
export function programProblem(program: string): string | null {
  if (LIFELINE_FD === null) return null;
  if (program.includes('/')) {
    const problem = fileProblem(program);
    return problem ? `spawn ${program} ${problem}` : null;
  }
  const dirs = (process.env['PATH'] ?? '').split(delimiter).filter(Boolean);
  if (dirs.some((dir) => fileProblem(join(dir, program)) === null)) return null;
  return `spawn ${program} ENOENT (not found on PATH)`;
}
