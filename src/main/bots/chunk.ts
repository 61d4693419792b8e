// One chunk of a simulation with bots, on a worker thread: the chunk's hidden fleets (drawn as
// always, or asked of a placement bot and checked), the built-in strategies on them as in any
// chunk, then each bot on the same fleets, one process per bot in this thread, started for the
// chunk and said `bye` to at its end. Game k's fleet and every strategy's random stream still
// depend on (seed, k) alone, and a bot is told both, so a run with bots is as reproducible as one
// without (as far as the bot itself is).

import type { Rules } from '../../core/rules';
import { fleetRandom } from '../../core/simulate/fleets';
import type { Answers } from '../../core/simulate/game';
import {
  simulateChunk,
  type ChunkOptions,
  type SimulationContexts,
  type SimulationSpec,
  type StrategyGames,
} from '../../core/simulate/run';
import type { BotFaultRecord } from '../../core/bot-protocol';
import { askLayout, playBotGame } from './play';
import { BotSession, type BotSpec } from './session';

export interface BotChunkSpec {
  /** Shooting bots, reported beside the built-in strategies under their names. */
  bots: BotSpec[];
  /** A placement bot that hides the fleets instead of the sampler. */
  placer?: BotSpec;
  /** Time limit per answer, ms. */
  timeoutMs: number;
  runId?: string;
}

export interface BotChunkResult {
  /** The built-ins (as simulateChunk gives them), then one entry per bot. */
  games: StrategyGames[];
  faults: BotFaultRecord[];
}

export async function simulateChunkWithBots(
  spec: SimulationSpec & { rules: Rules; answers?: Answers },
  bots: BotChunkSpec,
  from: number,
  to: number,
  options: ChunkOptions & { contexts: SimulationContexts },
): Promise<BotChunkResult> {
  const sessionOptions = { timeoutMs: bots.timeoutMs, runId: bots.runId };
  const faults: BotFaultRecord[] = [];
  const answers = spec.answers ?? 'sunk';
  const setup = (game: number) => ({ rules: spec.rules, seed: spec.seed, game, answers });
  const ctx = options.contexts.context(spec.rules, spec.prior, undefined, spec.fleets);
  const sessions: BotSession[] = [];
  try {
    const layouts: number[][][] = [];
    const placer = bots.placer && new BotSession(bots.placer, sessionOptions);
    if (placer) sessions.push(placer);
    for (let game = from; game < to; game++) {
      let layout: number[][] | undefined;
      if (placer) {
        const placed = await askLayout(placer, setup(game));
        // A placer's fault costs it the game: the fleet is the one drawn without it.
        if ('fault' in placed) faults.push(placed.fault);
        else layout = placed.layout;
      }
      layouts.push(layout ?? ctx.fleets.draw(fleetRandom(spec.seed, game)));
    }
    const share = bots.bots.length > 0 ? 0.5 : 1;
    const games = simulateChunk(spec, from, to, {
      ...options,
      layoutOf: (game) => layouts[game - from]!,
      onProgress: (done) => options.onProgress?.(done * share),
    });
    const shooters = bots.bots.map((bot) => new BotSession(bot, sessionOptions));
    sessions.push(...shooters);
    const played: StrategyGames[] = bots.bots.map((bot) => ({
      strategy: bot.name,
      shots: [],
      ms: [],
    }));
    for (let game = from; game < to; game++) {
      for (let b = 0; b < shooters.length; b++) {
        const r = await playBotGame(shooters[b]!, setup(game), layouts[game - from]!);
        played[b]!.shots.push(r.shots);
        played[b]!.ms.push(r.ms);
        if (r.fault) faults.push(r.fault);
      }
      options.onProgress?.((to - from) * share + (game - from + 1) * (1 - share));
    }
    return { games: [...games, ...played], faults };
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}
