// One command of the `broadside` command line: its usage line, its options (node:util parseArgs
// form, validated strictly) and what it runs. Commands register in ./commands.ts.

import type { ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  /** e.g. "solve FILE [--solver NAME] [--json]" */
  usage: string;
  summary: string;
  /** More for `COMMAND --help` (the names an option takes, say), after the summary. */
  details?: string;
  options: OptionSpec;
  /** Returns the exit code. Throw InputError for bad arguments or input. */
  run(args: ParsedArgs): Promise<number>;
}
