// Checking what a run is told about its bots: `NAME=COMMAND` from the command line, the bot list
// of a simulation request (names unique, none a built-in strategy's), and the time limit.

import { InputError } from '../../core/errors';
import { isRecord } from '../../core/plain-data';
import type { BotSpec } from './session';
import { splitWords } from './words';

export const DEFAULT_BOT_TIMEOUT_MS = 2000;
export const MAX_BOT_TIMEOUT_MS = 600_000;
export const MAX_BOTS = 16;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;

/** `NAME=COMMAND` (the --bot and --placer options). */
export function parseBotOption(raw: string, option: string): BotSpec {
  const eq = raw.indexOf('=');
  if (eq < 0) throw new InputError(option, `needs NAME=COMMAND, got ${JSON.stringify(raw)}`);
  const name = raw.slice(0, eq).trim();
  if (!NAME.test(name)) {
    throw new InputError(
      option,
      `name ${JSON.stringify(name)} must be 1 to 40 letters, digits or _.+- (starting with a letter or digit)`,
    );
  }
  return { name, argv: splitWords(raw.slice(eq + 1), `${option} ${name}`) };
}

function checkSpec(value: unknown, where: string): BotSpec {
  if (!isRecord(value)) throw new InputError(where, 'must be {"name": ..., "argv": [...]}');
  const { name, argv } = value;
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new InputError(`${where}.name`, 'must be 1 to 40 letters, digits or _.+-');
  }
  if (
    !Array.isArray(argv) ||
    argv.length === 0 ||
    !argv.every((a) => typeof a === 'string') ||
    argv[0] === ''
  ) {
    throw new InputError(`${where}.argv`, 'must list the program and its arguments as strings');
  }
  return { name, argv: argv as string[] };
}

/** The shooting bots of a request; their names must differ from each other and the strategies'. */
export function checkBots(value: unknown, strategies: readonly string[]): BotSpec[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_BOTS) {
    throw new InputError('bots', `must be a list of at most ${MAX_BOTS} bots`);
  }
  const bots = value.map((v, i) => checkSpec(v, `bots[${i}]`));
  const taken = new Set(strategies);
  for (const bot of bots) {
    if (taken.has(bot.name)) {
      throw new InputError('bots', `the name "${bot.name}" is taken (a strategy or another bot)`);
    }
    taken.add(bot.name);
  }
  return bots;
}

export function checkPlacer(value: unknown): BotSpec | undefined {
  return value === undefined || value === null ? undefined : checkSpec(value, 'placer');
}

export function checkBotTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_BOT_TIMEOUT_MS;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 1 ||
    value > MAX_BOT_TIMEOUT_MS
  ) {
    throw new InputError(
      'botTimeoutMs',
      `must be a number of milliseconds from 1 to ${MAX_BOT_TIMEOUT_MS}, got ${String(value)}`,
    );
  }
  return value;
}
