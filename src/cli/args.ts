// Reads one command's arguments against its options. Node's parseArgs does the splitting (in its
// lenient mode, which reports every token instead of throwing); the checks are ours, so each
// mistake gets one line a user can act on: an unknown option with the closest real one, a value
// that is missing, a value given to a switch. A value that looks like a negative number
// ("--games -5") is kept as the value, so the option's own check can say its range.

import { parseArgs } from 'node:util';
import { InputError } from '../core/errors';
import { closestName } from './closest-name';
import type { Command, ParsedArgs } from './command';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** "--games N" from the usage line, so a missing value can be shown in place. */
function optionForm(usage: string, name: string): string {
  const match = new RegExp(`--${name}(?![\\w-])(?: ([^\\s\\]|]+(?:\\|[^\\s\\]]+)*))?`).exec(usage);
  return match?.[1] ? `--${name} ${match[1]}` : `--${name} VALUE`;
}

const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

function checkOption(command: Command, token: Extract<Token, { kind: 'option' }>): void {
  const spec = command.options[token.name];
  const known = Object.keys(command.options);
  if (!spec) {
    const guess = closestName(token.name, known);
    const hint = guess
      ? `did you mean --${guess}?`
      : known.length
        ? `${command.name} takes ${known.map((n) => `--${n}`).join(', ')}`
        : `${command.name} takes no options`;
    throw new InputError(command.name, `unknown option ${token.rawName} (${hint})`);
  }
  if (spec.type === 'boolean') {
    if (token.value !== undefined) {
      throw new InputError(
        command.name,
        `option --${token.name} is a switch and takes no value, got --${token.name}=${token.value}`,
      );
    }
    return;
  }
  const form = optionForm(command.usage, token.name);
  if (token.value === undefined) {
    throw new InputError(command.name, `option --${token.name} needs a value: ${form}`);
  }
  if (!token.inlineValue && token.value.startsWith('-') && token.value !== '-') {
    if (NEGATIVE_NUMBER.test(token.value)) return;
    throw new InputError(
      command.name,
      `option --${token.name} needs a value but is followed by ${token.value}: ${form} (write --${token.name}=VALUE for a value that starts with a dash)`,
    );
  }
}

/** The command's option values and positionals, or an InputError naming the first mistake. */
export function parseCommandArgs(command: Command, argv: string[]): ParsedArgs {
  const { tokens } = parseArgs({
    args: argv,
    options: command.options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const values: Record<string, string | boolean | string[] | undefined> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    checkOption(command, token);
    const spec = command.options[token.name]!;
    if (spec.type === 'boolean') values[token.name] = true;
    else if (spec.multiple) {
      const list = (values[token.name] as string[] | undefined) ?? [];
      list.push(token.value!);
      values[token.name] = list;
    } else values[token.name] = token.value;
  }
  return { values: values as ParsedArgs['values'], positionals };
}
