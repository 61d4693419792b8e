// `npm run bench -- bots`: what the bot protocol costs per shot. The same strategy plays the same
// classic games twice in one run: in-process (the simulator's game loop, as a pool worker plays
// it) and as a separate program through broadside-bot/1 (`broadside bot --strategy NAME`, driven
// by the simulator's bot session over pipes: a JSON line each way per shot plus the result line).
// The shots are checked equal game for game, so the difference is the protocol alone: encoding,
// two pipe writes and a process switch per shot. `random` thinks almost nothing, so its ratio is
// close to the pure overhead; `pdf` shows it against a real strategy's thinking.

import { resolve } from 'node:path';
import { presetRules } from '../src/core/rules';
import { fleetRandom, fleetSampler, strategyRandom } from '../src/core/simulate/fleets';
import { playGame } from '../src/core/simulate/game';
import { getStrategy } from '../src/core/strategy';
import { PosteriorCache } from '../src/core/strategy/posterior';
import { playBotGame } from '../src/main/bots/play';
import { BotSession } from '../src/main/bots/session';

const SEED = 1;

export async function benchBots(games = 300): Promise<void> {
  const rules = presetRules('classic');
  const sampler = fleetSampler(rules);
  const layouts = Array.from({ length: games }, (_, g) => sampler.draw(fleetRandom(SEED, g)));
  const cli = resolve('bin/broadside.mjs');
  console.log(
    `bot protocol overhead, classic rules, ${games} games, seed ${SEED}: in-process vs \`broadside bot\` over pipes`,
  );
  console.log(
    'strategy  shots   in-process us/shot   via protocol us/shot   overhead us/shot   ratio',
  );
  for (const name of ['random', 'pdf']) {
    const strategy = getStrategy(name);
    const posteriors = new PosteriorCache(100);
    let shots = 0;
    const direct: number[] = [];
    const t0 = performance.now();
    for (let g = 0; g < games; g++) {
      const shooter = strategy.create({ rules, random: strategyRandom(SEED, g, name), posteriors });
      const r = playGame(rules, layouts[g]!, shooter);
      direct.push(r.shots);
      shots += r.shots;
    }
    const inProcess = performance.now() - t0;
    const session = new BotSession(
      { name, argv: [process.execPath, cli, 'bot', '--strategy', name] },
      { timeoutMs: 10_000 },
    );
    await session.start(); // start-up is not per shot: not timed
    const t1 = performance.now();
    for (let g = 0; g < games; g++) {
      const r = await playBotGame(
        session,
        { rules, seed: SEED, game: g, answers: 'sunk' },
        layouts[g]!,
      );
      if (r.fault) throw new Error(`${name} via protocol: ${r.fault.kind}: ${r.fault.message}`);
      if (r.shots !== direct[g]) throw new Error(`${name}: game ${g} differs through the protocol`);
    }
    const viaProtocol = performance.now() - t1;
    await session.close();
    const us = (ms: number) => ((ms * 1000) / shots).toFixed(1);
    console.log(
      [
        name.padEnd(8),
        String(shots).padStart(6),
        us(inProcess).padStart(20),
        us(viaProtocol).padStart(22),
        us(viaProtocol - inProcess).padStart(18),
        (viaProtocol / inProcess).toFixed(1).padStart(7),
      ].join(' '),
    );
  }
}
