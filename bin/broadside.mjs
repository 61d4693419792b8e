#!/usr/bin/env node
// Entry point of the `broadside` command: runs the built command line in out/main/broadside.js.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The SQLite driver (better-sqlite3 13, N-API) crashes on Node 20 at the first database it opens,
// so an older Node hands the command to the project's own Node 22 (a dev dependency) instead.
const MIN_NODE = 22;
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
  });
  // Ctrl+C reaches the child from the terminal itself; a SIGTERM sent to us is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
} else {
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
