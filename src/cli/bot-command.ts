// `broadside bot --strategy NAME [--prior NAME|FILE]`: a built-in strategy as a program speaking
// `broadside-bot/1` on standard input and output, so it can play in other people's harnesses (and
// in Broadside's own, through `simulate --bot`). Messages are handled one at a time, in order.
// A message it cannot understand ends it with a one-line error on standard error and exit code 2.

import { createBotPlayer } from '../core/simulate/bot-player';
import { MAX_LINE, formatMessage, parseHarnessLine } from '../core/bot-protocol';
import { InputError } from '../core/errors';
import { parseRules } from '../core/rules-json';
import { rulesKey, type Rules } from '../core/rules';
import { getStrategy } from '../core/strategy';
import { STRATEGY_NAMES, strategyName } from '../shared/api';
import type { Command } from './command';
import { boundedLines } from './line-reader';
import { loadPriorOption } from './prior-option';

export async function botCommand(strategyId: string, priorOption?: string): Promise<number> {
  const strategy = getStrategy(strategyId);
  /** The --prior for each rules met, loaded before the game starts (files are read once). */
  const priors = new Map<string, Float64Array | undefined>();
  const player = createBotPlayer(strategy, (rules) => priors.get(rulesKey(rules)));
  const lines = boundedLines(process.stdin, MAX_LINE, 'standard input');
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    const parsed = parseHarnessLine(line);
    if (!parsed.ok) throw new InputError(`standard input line ${lineNo}`, parsed.error);
    const message = parsed.value;
    if (message.type === 'game' && priorOption !== undefined) {
      const rules: Rules = parseRules(message.rules, 'game.rules');
      if (!priors.has(rulesKey(rules))) {
        priors.set(rulesKey(rules), await loadPriorOption(priorOption, rules));
      }
    }
    let reply;
    try {
      reply = player.handle(message);
    } catch (e) {
      if (e instanceof InputError) {
        throw new InputError(`standard input line ${lineNo}`, e.message);
      }
      throw e;
    }
    if (reply === 'bye') break;
    if (reply) process.stdout.write(formatMessage(reply) + '\n');
  }
  return 0;
}

export const botCliCommand: Command = {
  name: 'bot',
  usage: 'bot --strategy NAME [--prior NAME|FILE]',
  summary: 'plays a built-in strategy as a bot speaking broadside-bot/1 on stdin/stdout',
  options: {
    strategy: { type: 'string' },
    prior: { type: 'string' },
  },
  async run({ values, positionals }) {
    if (positionals.length > 0) {
      throw new InputError('bot', `takes no file, got ${positionals.join(' ')}`);
    }
    if (typeof values.strategy !== 'string' || values.strategy === '') {
      throw new InputError('--strategy', `needs a name (known: ${STRATEGY_NAMES.join(', ')})`);
    }
    const name = strategyName.parse(values.strategy, '--strategy');
    const prior = typeof values.prior === 'string' ? values.prior : undefined;
    if (prior === '') throw new InputError('--prior', 'needs a preset or a FILE');
    return botCommand(name, prior);
  },
};
