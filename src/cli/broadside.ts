// The `broadside` command line (bin/broadside.mjs loads the built out/main/broadside.js).
// Parses and validates arguments, runs one command, and turns every expected failure into a
// one-line message and an exit code: 2 for bad usage or input, 1 when the position has no layout
// or a budget stops the solve. Never a stack trace for the user's mistakes.

import { parseArgs } from 'node:util';
import { BudgetError, InputError, NoLayoutError } from '../core/errors';
import { solverNames } from '../core/solve';
import { solveCommand } from './solve-command';

export const USAGE = `Usage: broadside solve FILE [--solver NAME] [--json]

Commands:
  solve FILE        per-cell probabilities and the best shot for the position in FILE

Options:
  --solver NAME     which solver to use (default: auto)
  --json            print machine-readable JSON
  -h, --help        show this help
  -v, --version     show the version`;

/** Runs the command line; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        solver: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    console.error(`broadside: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;

  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(__BROADSIDE_VERSION__);
    return 0;
  }

  const [command, file, ...extra] = positionals;
  try {
    if (command === 'solve' && file !== undefined && extra.length === 0) {
      const solver = values.solver ?? 'auto';
      if (!solverNames().includes(solver)) {
        throw new InputError('--solver', `unknown solver "${solver}" (known: ${solverNames().join(', ')})`);
      }
      return await solveCommand({ file, solver, json: values.json === true });
    }
  } catch (error) {
    return reportError(error);
  }
  console.error(USAGE);
  return 2;
}

function reportError(error: unknown): number {
  if (error instanceof InputError) {
    console.error(`broadside: ${error.message}`);
    return 2;
  }
  if (error instanceof NoLayoutError || error instanceof BudgetError) {
    console.error(`broadside: ${error.message}`);
    return 1;
  }
  throw error;
}
