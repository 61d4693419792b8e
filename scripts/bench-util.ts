// Helpers every bench shares: this process's CPU time, another process's, and the median.

import { readFileSync } from 'node:fs';

/** CPU milliseconds this process has used, all its threads. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * CPU seconds the process `pid` has used, all its threads (Linux's /proc; NaN elsewhere): on a
 * busy machine its wall clock says more about the neighbours than about it.
 */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime, the 12th and 13th, in
    // clock ticks (USER_HZ: 100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
