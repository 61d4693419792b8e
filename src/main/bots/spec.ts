// What a run is told about its bots: `NAME=COMMAND` from the command line, and the commands of a
// simulate call (their form checked by the contract) as the programs to start.

import { InputError } from '../../core/errors';
import { BOT_NAME, type SimulateParams } from '../../shared/api';
import type { BotSpec } from './session';
import { splitWords } from './words';

/** A bot as the contract takes it: its name and the command that starts it. */
export type BotCommand = NonNullable<SimulateParams['bots']>[number];

/** `NAME=COMMAND` (the --bot and --placer options), its command split as a check. */
export function parseBotOption(raw: string, option: string): BotCommand {
  const eq = raw.indexOf('=');
  if (eq < 0) throw new InputError(option, `needs NAME=COMMAND, got ${JSON.stringify(raw)}`);
  const name = raw.slice(0, eq).trim();
  if (!BOT_NAME.test(name)) {
    throw new InputError(
      option,
      `name ${JSON.stringify(name)} must be 1 to 40 letters, digits or _.+- (starting with a letter or digit)`,
    );
  }
  const command = raw.slice(eq + 1);
  splitWords(command, `${option} ${name}`);
  return { name, command };
}

/** A bot's command as the program and its arguments; `where` names the field in errors. */
export function botSpec({ name, command }: BotCommand, where: string): BotSpec {
  return { name, argv: splitWords(command, `${where}.command`) };
}

/** Refuses a shooting bot named like a strategy of the run or another bot. */
export function checkBotNames(bots: readonly BotSpec[], strategies: readonly string[]): void {
  const taken = new Set(strategies);
  for (const bot of bots) {
    if (taken.has(bot.name)) {
      throw new InputError('bots', `the name "${bot.name}" is taken (a strategy or another bot)`);
    }
    taken.add(bot.name);
  }
}
