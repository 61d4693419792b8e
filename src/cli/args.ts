// Reads one command's arguments against its options. Node's parseArgs does the splitting (in its
// lenient mode, which reports every token instead of throwing); the checks are ours, so each
// mistake gets one line a user can act on: an unknown option with the closest real one, a value
// that is missing, a value given to a switch. A value that looks like a negative number
// ("--games -5") is kept as the value, so the option's own check can say its range.

import { parseArgs } from 'node:util';
import { InputError } from '../core/errors';
import type { Command, ParsedArgs } from './command';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** Edits (insert, delete, replace, swap neighbours) turning `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name a mistyped one most likely meant: the nearest within a third of its length (at
 * least one edit), else the only name it begins; undefined when nothing is close.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(typed.length / 3))) return best;
  const prefixed = known.filter((name) => lower.length >= 2 && name.startsWith(lower));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

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
