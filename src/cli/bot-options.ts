// The bot options of `simulate`: --bot NAME=COMMAND (repeatable), --placer NAME=COMMAND and
// --bot-timeout SECONDS, and the faults section of the terminal report.

import { escapeControls, type BotsReport } from '../core/bot-protocol';
import { InputError } from '../core/errors';
import { parseBotOption, type BotCommand } from '../main/bots/spec';
import { DEFAULT_BOT_TIMEOUT_MS, MAX_BOT_TIMEOUT_MS } from '../shared/api';
import type { ParsedArgs } from './command';

/** The shooting bots (a field of the API's simulate call), and what the command passes in
 * process beside it (ApiCall.localBots): the placing bot and the time limit. */
export interface BotOptions {
  bots: BotCommand[];
  placer: BotCommand | null;
  botTimeoutMs: number;
}

/** The bot options given, or undefined when the run has no bot. */
export function botOptions(values: ParsedArgs['values']): BotOptions | undefined {
  const raw = values['bot'] as unknown as string[] | undefined;
  const bots = (raw ?? []).map((b) => parseBotOption(b, '--bot'));
  const placer =
    typeof values['placer'] === 'string' ? parseBotOption(values['placer'], '--placer') : null;
  const timeout = values['bot-timeout'];
  let botTimeoutMs = DEFAULT_BOT_TIMEOUT_MS;
  if (timeout !== undefined) {
    const s = typeof timeout === 'string' && /^\d+(\.\d+)?$/.test(timeout) ? Number(timeout) : NaN;
    if (!(s > 0 && s * 1000 <= MAX_BOT_TIMEOUT_MS)) {
      throw new InputError(
        '--bot-timeout',
        `must be a number of seconds above 0 and at most ${MAX_BOT_TIMEOUT_MS / 1000}, got ${JSON.stringify(timeout)}`,
      );
    }
    botTimeoutMs = Math.round(s * 1000);
  }
  if (bots.length === 0 && !placer) {
    if (timeout !== undefined) throw new InputError('--bot-timeout', 'needs --bot or --placer');
    return undefined;
  }
  // Names taken twice, or by a strategy, are refused by the API's simulate call.
  return { bots, placer, botTimeoutMs };
}

/** Lines that tell which bots forfeited games, why, and what they wrote to standard error. */
export function formatBotFaults(report: BotsReport): string[] {
  const lines: string[] = [];
  const placer = report.placer
    ? `; fleets placed by ${report.placer.name} (${report.placer.faults} faults: those games use drawn fleets)`
    : '';
  lines.push(`bots (time limit ${report.timeoutMs / 1000} s per answer)${placer}:`);
  for (const [name, s] of Object.entries(report.shooters)) {
    const kinds = Object.entries(s.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    lines.push(
      `  ${name}: ${s.forfeits} games forfeited${kinds ? ` (${kinds})` : ''}, scored as W x H shots`,
    );
  }
  const shown = report.faults.slice(0, 10);
  for (const f of shown) {
    // escaped again here: a report merged from files may hold raw text
    lines.push(`  game ${f.game}, ${f.bot} (${f.role}): ${f.kind}: ${escapeControls(f.message)}`);
    for (const line of f.stderr.slice(0, 3)) lines.push(`      stderr: ${escapeControls(line)}`);
  }
  if (report.faultCount > shown.length) {
    lines.push(`  ... ${report.faultCount - shown.length} more faults (all in --json)`);
  }
  return lines;
}
