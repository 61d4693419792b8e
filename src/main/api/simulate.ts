// Simulation: the strategy lab's games, split into chunks over the whole worker pool by
// runSimulation, under the caller's key so that jobProgress and jobCancel reach it. The call is
// checked here, once, before any job starts: its fields by the contract's schema (at dispatch),
// and what depends on several of them by simulationPlan; the runner and the pool's jobs trust
// the plan. The other long pool jobs (learning priors, placement advice) run through long-job.ts.

import { InputError } from '../../core/errors';
import { parsePrior } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import { checkPlayable } from '../../core/simulate/run';
import { getStrategy } from '../../core/strategy';
import { DEFAULT_BOT_TIMEOUT_MS, type Answers, type SimulateParams } from '../../shared/api';
import { botSpec, checkBotNames, type BotCommand } from '../bots/spec';
import { runSimulation, type SimulationPlan } from '../simulate-runner';
import type { ApiContext } from './context';
import { eitherSignal, type ApiCall, type HandlersFor } from './handlers';
import { DEFAULT_LONG_JOB_TIMEOUT_MS } from './long-job';

/**
 * Refuses bots unless the call may start programs on this computer (the desktop app's window,
 * or the command line: the user's own process).
 */
function mayStartBots(params: SimulateParams, call: ApiCall): void {
  const placer = call.localBots?.placer;
  const given = (params.bots?.length ?? 0) > 0 ? 'bots' : placer ? 'placer' : undefined;
  if (given && call.desktop !== true) {
    throw new InputError(
      `simulate.${given}`,
      'start programs on this computer: only the desktop app may add them (refused over this transport)',
    );
  }
}

/**
 * Refuses bots in a game they cannot play: the bot protocol fires one shot per turn and answers
 * each shot as sunk or hit-miss.
 */
function checkBotsPlay(answers: Answers, salvo: number): void {
  if (salvo > 1) {
    throw new InputError('salvo', 'external bots fire one shot per turn: play salvos without bots');
  }
  if (answers !== 'sunk' && answers !== 'hit-miss') {
    throw new InputError(
      'answers',
      `external bots are told sunk or hit-miss answers only, not "${answers}"`,
    );
  }
}

const botCommands = (commands: BotCommand[] | undefined, where: string) =>
  (commands ?? []).map((b, i) => botSpec(b, `${where}[${i}]`));

/**
 * The checks of a simulate call that its fields' schemas cannot make: who may start bots, that
 * something plays, priors of the board's size, bots' names and the game they can play, and
 * strategies that can play these answers and salvos. Runs before any job starts.
 */
export function simulationPlan(params: SimulateParams, call: ApiCall): SimulationPlan {
  mayStartBots(params, call);
  const { answers = 'sunk', salvo = 1, fleets = 'uniform', alsoUninformed = false } = params;
  const rules = parseRules(params.rules);
  const bots = botCommands(params.bots, 'simulate.bots');
  const local = call.localBots;
  const placer = local?.placer ? botSpec(local.placer, 'simulate.placer') : null;
  if (params.strategies.length + bots.length === 0) {
    throw new InputError('simulate.strategies', 'must list at least one strategy or shooting bot');
  }
  checkBotNames(bots, params.strategies);
  const prior = params.prior ? parsePrior(params.prior, rules) : undefined;
  const shooterPrior = params.shooterPrior
    ? parsePrior(params.shooterPrior, rules, 'shooterPrior')
    : undefined;
  const withBots = bots.length > 0 || placer !== null;
  if (withBots) checkBotsPlay(answers, salvo);
  checkPlayable(rules, params.strategies.map(getStrategy), answers, salvo);
  return {
    games: params.games,
    firstGame: params.firstGame ?? 0,
    spec: {
      rules: params.rules,
      strategies: params.strategies,
      seed: params.seed,
      ...(params.prior ? { prior: params.prior } : {}),
      ...(params.shooterPrior ? { shooterPrior: params.shooterPrior } : {}),
      alsoUninformed,
      answers,
      salvo,
      fleets,
    },
    parsed: { rules, prior, shooterPrior },
    ...(withBots
      ? { bots: { bots, placer, botTimeoutMs: local?.botTimeoutMs ?? DEFAULT_BOT_TIMEOUT_MS } }
      : {}),
  };
}

export function simulateApi(ctx: ApiContext): HandlersFor<'simulate'> {
  return {
    simulate(params, call) {
      const plan = simulationPlan(params, call);
      const { key, keepPartial, perGameShots } = params;
      const chunkTimeoutMs = params.timeoutMs ?? DEFAULT_LONG_JOB_TIMEOUT_MS;
      if (key === undefined) {
        return runSimulation(ctx.pool, plan, {
          chunkTimeoutMs,
          signal: call.signal,
          keepPartial,
          perGameShots,
        });
      }
      return ctx.jobs.run(key, (signal, onProgress) =>
        runSimulation(ctx.pool, plan, {
          signal: eitherSignal(signal, call.signal),
          chunkTimeoutMs,
          keepPartial,
          perGameShots,
          onProgress: (p) =>
            onProgress(p.fraction, `${Math.floor(p.gamesDone)} of ${p.games} games`),
        }),
      );
    },
  };
}
