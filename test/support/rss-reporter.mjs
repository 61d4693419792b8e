// Preloaded into a child process (`node --import`) by tests that watch its memory: writes the
// process's resident set size in kB to file descriptor 3 every 200 ms. process.memoryUsage.rss()
// works on every platform, so no test has to read /proc (Linux only).

import { writeSync } from 'node:fs';

const report = () => {
  try {
    writeSync(3, `${Math.round(process.memoryUsage.rss() / 1024)}\n`);
  } catch {
    // The parent stopped listening: nothing left to report to.
  }
};
report();
setInterval(report, 200).unref();
