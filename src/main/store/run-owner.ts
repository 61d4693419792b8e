// Is the process that started a batch run still the one running it? A run records its owner's
// pid and its own start time. "A process with that pid exists" is not enough: a process killed
// with -9 stays a zombie until its parent reaps it (and a parent that never waits keeps it so),
// and its pid can be handed to a new, unrelated process. Where the system tells (Linux /proc),
// a zombie counts as gone, and so does a process that started after the run did.

import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second in /proc (USER_HZ, 100 on every Linux architecture). */
const CLOCK_TICKS = 100;
/** Slack for clock steps between the two readings and /proc's hundredths of a second. */
const SLACK_MS = 2000;

let bootMs: number | undefined;

/**
 * When the system booted, on the clock Date.now() reads. From /proc/uptime (hundredths of a
 * second), not /proc/stat's btime: btime is cut to whole seconds, an error of up to a second that
 * made a process started 1.5 s after a run read as older than it.
 */
function bootTimeMs(): number | undefined {
  if (bootMs === undefined) {
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    if (Number.isFinite(uptime)) bootMs = Date.now() - uptime * 1000;
  }
  return bootMs;
}

/** The process's state and start time from /proc, or undefined where there is no /proc. */
function procInfo(pid: number): { zombie: boolean; startedMs: number } | 'gone' | undefined {
  if (process.platform !== 'linux') return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  // "pid (command) state ppid ..."; the command may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const boot = bootTimeMs();
  if (boot === undefined) return undefined;
  return {
    zombie: fields[0] === 'Z' || fields[0] === 'X',
    startedMs: boot + (Number(fields[19]) / CLOCK_TICKS) * 1000, // field 22 of the line
  };
}

/** Whether the run started at `runStartedAt` by process `pid` may still be driven by it. */
export function ownerAlive(pid: number, runStartedAt: string): boolean {
  const info = procInfo(pid);
  if (info === 'gone') return false;
  if (info !== undefined) {
    if (info.zombie) return false;
    return info.startedMs <= Date.parse(runStartedAt) + SLACK_MS;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
