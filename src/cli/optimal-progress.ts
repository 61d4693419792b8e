// What `broadside optimal` shows while a search runs: on standard error, each report of the
// search (every few thousand knowledge states) as one line with the states, the share settled
// and the time left at the rate so far. On a terminal the line is rewritten in place.

import type { OptimalProgress } from '../core/optimal';

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  return min < 90 ? `${min} min` : `${(min / 60).toFixed(1)} h`;
}

/** One progress line: states, share settled, time so far and the estimate of what is left. */
export function progressLine(p: OptimalProgress): string {
  const percent = (p.settled * 100).toFixed(p.settled < 0.1 ? 2 : 1);
  const left = p.settled > 0 ? p.ms * (p.projectedWork / p.work - 1) : Infinity;
  const estimate = Number.isFinite(left)
    ? `at most about ${duration(left)} left`
    : 'no estimate yet';
  return `optimal: ${p.states.toLocaleString('en-US')} knowledge states, ${percent}% of the search settled in ${duration(p.ms)}, ${estimate}`;
}

/** A progress reporter writing to `stream`, and `done` to end its line. */
export function progressReporter(stream: NodeJS.WriteStream): {
  report: (p: OptimalProgress) => void;
  done: () => void;
} {
  let shown = false;
  return {
    report(p) {
      const line = progressLine(p);
      if (stream.isTTY) stream.write(`\r${line}\x1b[K`);
      else stream.write(`${line}\n`);
      shown = true;
    },
    done() {
      if (shown && stream.isTTY) stream.write('\n');
    },
  };
}
