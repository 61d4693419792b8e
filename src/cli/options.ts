// Option parsers the commands share: strict whole numbers, `--rules` (a preset or a file) and
// `--strategy` lists.

import { InputError } from '../core/errors';
import { parseRules } from '../core/rules-json';
import { PRESETS, type Rules } from '../core/rules';
import { parseJsonText } from '../core/json-text';
import {
  SOLVER_NAMES,
  STRATEGY_NAMES,
  solverName,
  strategies,
  type SolverName,
} from '../shared/api';
import { didYouMean } from './closest-name';
import { readInput } from './io';

/** A whole number option in [min, max], strictly (no signs, decimals or exponents). */
export function wholeNumber(
  name: string,
  raw: string | boolean | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new InputError(
      name,
      `must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/**
 * An option that names one of `allowed` (the first when the option is absent); the message says
 * what each choice means.
 */
export function choice<T extends string>(
  name: string,
  raw: string | boolean | undefined,
  allowed: readonly T[],
  meanings: string,
): T {
  if (raw === undefined) return allowed[0]!;
  if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
    throw new InputError(name, `must be ${allowed.join(' or ')} (${meanings}), got ${String(raw)}`);
  }
  return raw as T;
}

/** `--rules`: a preset name, or a JSON file with a rules object (or a position holding one). */
export async function loadRules(value: string): Promise<Rules> {
  if (Object.hasOwn(PRESETS, value)) return parseRules(value);
  let text: string;
  try {
    text = await readInput(value);
  } catch {
    const presets = Object.keys(PRESETS);
    throw new InputError(
      '--rules',
      `"${value}" is neither a preset (${presets.join(', ')}) nor a readable file${didYouMean(value, presets)}`,
    );
  }
  const raw = parseJsonText(text, `--rules ${value}`);
  const wrapped = typeof raw === 'object' && raw !== null && 'rules' in raw && !('width' in raw);
  try {
    return parseRules(wrapped ? (raw as { rules: unknown }).rules : raw);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`--rules ${value}`, e.message);
    throw e;
  }
}

/** `--solver NAME` (default `auto`): the contract's check, with the name that was likely meant. */
export function solverOption(raw: string | boolean | undefined): SolverName {
  const value = raw ?? 'auto';
  if (typeof value === 'string' && !(SOLVER_NAMES as readonly string[]).includes(value)) {
    throw new InputError(
      '--solver',
      `unknown solver "${value}"${didYouMean(value, SOLVER_NAMES)}; the solvers are ${SOLVER_NAMES.join(', ')}`,
    );
  }
  return solverName.parse(value, '--solver');
}

/** `--strategy a,b,c`: the contract's strategy list (names known, none twice), naming the option. */
export function strategyListOption(raw: string | boolean | undefined): string[] {
  if (typeof raw !== 'string' || raw.trim() === '') {
    const known = STRATEGY_NAMES.join(', ');
    throw new InputError('--strategy', `needs a comma-separated list (known: ${known})`);
  }
  const names = raw.split(',').map((s) => s.trim());
  if (names.includes('')) throw new InputError('--strategy', `has an empty name in "${raw}"`);
  try {
    return strategies.parse(names, '--strategy');
  } catch (e) {
    // A name's error names its place in the list: on the command line the option is enough.
    if (!(e instanceof InputError)) throw e;
    const unknown = /unknown strategy "([^"]*)"/.exec(e.message)?.[1];
    const hint = unknown === undefined ? '' : didYouMean(unknown, STRATEGY_NAMES);
    throw new InputError('--strategy', e.message.slice(e.where.length + 2) + hint);
  }
}
