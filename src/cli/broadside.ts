// The `broadside` command line (bin/broadside.mjs loads the built out/main/broadside.js).
// Finds the command, validates its arguments strictly, runs it, and turns every expected failure
// into a one-line message and its kind's exit code (src/shared/errors.ts): 2 for bad usage or
// input, 1 when the position has no layout, a budget stops the work or the library refuses.
// Never a stack trace for the user's mistakes.

import { isExpectedError } from '../main/api';
import { ERROR_KINDS } from '../shared/errors';
import { libraryError } from '../main/store/sqlite-errors';
import { parseCommandArgs } from './args';
import { closestName } from './closest-name';
import type { Command } from './command';
import { commands } from './commands';
import { commandHelp, usage as commandList } from './help';
import { ApiCallError } from './services';

export function usage(): string {
  return commandList(commands);
}

/** Runs the command line; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '-v' || name === '--version') {
    console.log(__BROADSIDE_VERSION__);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const guess = closestName(
      name,
      commands.map((c) => c.name),
    );
    const hint = guess ? ` (did you mean ${guess}?)` : '';
    // One line, as every other mistake: the command list is one --help away.
    console.error(`broadside: unknown command "${name}"${hint}; see broadside --help`);
    return 2;
  }
  try {
    const args = parse(command, rest);
    if (args === 'help') {
      console.log(commandHelp(command));
      return 0;
    }
    return await command.run(args);
  } catch (error) {
    return reportError(error);
  }
}

function parse(command: Command, argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) return 'help' as const;
  return parseCommandArgs(command, argv);
}

function reportError(thrown: unknown): number {
  // An SQLite failure that escaped the services still gets its one line (no path known here).
  const error = libraryError(thrown, 'the library');
  // Every kind of the contract (bad input, no layout, a budget, a newer or damaged library, a
  // record in use, a crashed worker, a busy pool): one line, the kind's exit code.
  if (isExpectedError(error) || error instanceof ApiCallError) {
    console.error(`broadside: ${error.message}`);
    return ERROR_KINDS[error.name].exit;
  }
  throw error;
}
