// The bots' part of a simulation report: per shooting bot its forfeits by kind of fault, the
// placer's faults, and the faults themselves in game order (bounded), plus ending a run's bots.

import { MAX_REPORTED_FAULTS, type BotFaultRecord, type BotsReport } from '../../core/bot-protocol';
import { killBots } from './registry';
import type { BotSpec } from './session';

export function botsReport(
  bots: BotSpec[],
  placer: BotSpec | undefined,
  timeoutMs: number,
  faults: BotFaultRecord[],
): BotsReport {
  const ordered = [...faults].sort((a, b) => a.game - b.game);
  const shooters: BotsReport['shooters'] = {};
  for (const bot of bots) {
    const own = ordered.filter((f) => f.role === 'shooter' && f.bot === bot.name);
    const byKind: BotsReport['shooters'][string]['byKind'] = {};
    for (const f of own) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    shooters[bot.name] = { argv: bot.argv, forfeits: own.length, byKind };
  }
  return {
    timeoutMs,
    shooters,
    placer: placer
      ? {
          name: placer.name,
          argv: placer.argv,
          faults: ordered.filter((f) => f.role === 'placer').length,
        }
      : null,
    faults: ordered.slice(0, MAX_REPORTED_FAULTS),
    faultCount: ordered.length,
  };
}

/**
 * Kills whatever is left of a run's bots: the chunks close theirs, but a cancelled chunk's
 * thread is terminated mid-game. The threads' last announcements are let in first.
 */
export async function endBots(runId: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  killBots(runId);
}
