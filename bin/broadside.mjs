#!/usr/bin/env node
// Entry point of the `broadside` command: runs the built command line in out/main/broadside.js.

import { existsSync } from 'node:fs';

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
