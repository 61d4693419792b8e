#!/usr/bin/env node
// Entry point of the `broadside` command: runs the built command line in out/main/broadside.js.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// The SQLite driver (better-sqlite3 13, N-API) crashes on Node 20 at the first database it opens,
// so an older Node hands the command to the project's own Node 22 (a dev dependency) instead.
const MIN_NODE = 22;
/** Set in the re-executed child: the pid of the process that started it. */
const PARENT_ENV = 'BROADSIDE_PARENT_PID';
/** Catchable signals that stop a command; job control (SIGTSTP, SIGCONT) is left to the shell. */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'].concat(
  process.platform === 'win32' ? ['SIGBREAK'] : [],
);
const major = Number(process.versions.node.split('.')[0]);
if (major < MIN_NODE) {
  const projectNode = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(projectNode)) {
    console.error(
      `broadside: needs Node ${MIN_NODE} or newer, this is Node ${process.versions.node} ` +
        '(its SQLite driver crashes on older Node).\n' +
        'Run npm install in the project (it brings Node 22 along) or install a newer Node.',
    );
    process.exit(1);
  }
  const child = spawn(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [PARENT_ENV]: String(process.pid) },
  });
  // We only wait for the child: every signal we can catch is passed on (a SIGINT sent to us
  // alone, as a script or process manager sends it, must stop the work too; a Ctrl+C from the
  // terminal reaches the child directly as well, and its handlers take a repeat in their stride).
  // kill -9 cannot be caught: the child watches for our death itself (watchParent below).
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('exit', (code, signal) => {
    for (const s of FORWARDED) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
} else {
  if (process.env[PARENT_ENV]) watchParent(Number(process.env[PARENT_ENV]));
  const built = new URL('../out/main/broadside.js', import.meta.url);
  if (!existsSync(built)) {
    console.error(
      'broadside: the command line has not been built (out/main/broadside.js is missing).\n' +
        'Run npm install (or npm run build) first.',
    );
    process.exit(1);
  }
  const { main } = await import(built.href);
  process.exitCode = await main(process.argv.slice(2));
}

/**
 * The re-executed child ends when the process that started it dies (killed with -9, say), instead
 * of running its job to completion unseen. A thread polls our parent's pid, since the main thread
 * may be busy for seconds (a large import is one synchronous transaction). On the parent's death
 * it sends us SIGTERM: commands that handle it stop cleanly (batch keeps what it stored), the rest
 * end at once, and an open transaction rolls back. If we still run after a grace period, SIGKILL,
 * which SQLite's journal also survives.
 *
 * @param {number} parentPid
 */
function watchParent(parentPid) {
  const source = `
    const { workerData } = require('node:worker_threads');
    const timer = setInterval(() => {
      if (process.ppid === workerData.parentPid) return;
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), workerData.graceMs);
    }, workerData.pollMs);
  `;
  const watcher = new Worker(source, {
    eval: true,
    workerData: { parentPid, pollMs: 100, graceMs: 5000 },
  });
  watcher.unref();
}
