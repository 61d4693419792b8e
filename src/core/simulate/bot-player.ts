// A built-in strategy on the bot side of `broadside-bot/1` (what `broadside bot` runs): it keeps
// the position exactly as the simulator's referee would (same marks, same sunk-ship cell order,
// sinkings reported or not), creates the shooter with the random stream the simulator gives that
// strategy in that game (from the seed and game number the harness sends), and so fires, game for
// game, the shots the built-in fires in `simulate`. Asked to place, it hides the fleet the
// simulator would have drawn for that game (uniform over legal layouts, or by the prior).

import { InputError } from '../errors';
import type { Shot } from '../game-log';
import { HIT, MISS, UNKNOWN, emptyPosition, validateSunk, type Position } from '../position';
import {
  PROTOCOL,
  toBotCell,
  type BotCell,
  type BotMessage,
  type HarnessMessage,
} from '../bot-protocol';
import { parseRules } from '../rules-json';
import { rulesKey, type Rules } from '../rules';
import { fleetRandom, fleetSampler, strategyRandom, type FleetSampler } from './fleets';
import { inFleetOrder } from './referee';
import type { Shooter, Strategy } from '../strategy/strategy';
import { PosteriorCache } from '../strategy/posterior';

interface Game {
  rules: Rules;
  seed: number;
  game: number;
  prior?: Float64Array;
  position: Position;
  shooter: Shooter | null;
}

export interface BotPlayer {
  /**
   * The answer to one harness message (null when none is due; 'bye' to stop). `prior` is the
   * weight grid for a game's rules (the bot's --prior), asked once per rules.
   */
  handle(message: HarnessMessage): BotMessage | null | 'bye';
}

export function createBotPlayer(
  strategy: Strategy,
  priorFor: (rules: Rules) => Float64Array | undefined,
): BotPlayer {
  let game: Game | null = null;
  const caches = new Map<string, PosteriorCache>();
  const samplers = new Map<string, FleetSampler>();
  const current = (what: string): Game => {
    if (!game) throw new InputError(what, 'came before any "game" message');
    return game;
  };
  const cell = ([row, col]: BotCell, rules: Rules, what: string): number => {
    if (row < 0 || row >= rules.height || col < 0 || col >= rules.width) {
      throw new InputError(what, `names [${row}, ${col}], off the board`);
    }
    return row * rules.width + col;
  };

  return {
    handle(message) {
      switch (message.type) {
        case 'hello':
          if (message.protocol !== PROTOCOL) {
            throw new InputError('hello', `speaks ${message.protocol}, this bot ${PROTOCOL}`);
          }
          return { type: 'hello', name: `broadside ${strategy.name}` };
        case 'game': {
          const rules = parseRules(message.rules, 'game.rules');
          const prior = priorFor(rules);
          const position = emptyPosition(rules);
          if (prior) position.prior = prior;
          position.sunkReported = message.answers !== 'hit-miss';
          game = { rules, seed: message.seed, game: message.game, prior, position, shooter: null };
          return null;
        }
        case 'shoot': {
          const g = current('shoot');
          // a strategy asked to fire at a full board has no cell to name
          if (!g.position.cells.includes(UNKNOWN)) {
            throw new InputError('shoot', 'came when every cell has been answered');
          }
          if (!g.shooter) {
            const key = rulesKey(g.rules) + (g.prior ? JSON.stringify(Array.from(g.prior)) : '');
            let posteriors = caches.get(key);
            if (!posteriors) {
              posteriors = new PosteriorCache(g.rules.width * g.rules.height);
              caches.set(key, posteriors);
            }
            g.shooter = strategy.create({
              rules: g.rules,
              random: strategyRandom(g.seed, g.game, strategy.name),
              posteriors,
            });
          }
          return { type: 'shot', cell: toBotCell(g.shooter.next(g.position), g.rules.width) };
        }
        case 'result': {
          const g = current('result');
          const { position, rules } = g;
          const c = cell(message.cell, rules, 'result.cell');
          if (position.cells[c] !== UNKNOWN) {
            throw new InputError('result.cell', `[${message.cell.join(', ')}] was answered before`);
          }
          let shot: Shot = { cell: c, result: message.result };
          if (message.result === 'sunk') {
            const sunk = message.sunk!.map((x) => cell(x, rules, 'result.sunk'));
            checkSunkShip(rules, position, c, sunk);
            position.sunk.push(sunk);
            shot = { cell: c, result: 'sunk', sunk };
          }
          position.cells[c] = message.result === 'miss' ? MISS : HIT;
          g.shooter?.observe?.(position, shot);
          return null;
        }
        case 'place': {
          const g = current('place');
          const key = rulesKey(g.rules) + (g.prior ? JSON.stringify(Array.from(g.prior)) : '');
          let sampler = samplers.get(key);
          if (!sampler) {
            sampler = fleetSampler(g.rules, g.prior);
            samplers.set(key, sampler);
          }
          const layout = inFleetOrder(g.rules, sampler.draw(fleetRandom(g.seed, g.game)));
          return {
            type: 'layout',
            ships: layout.map((ship) => ship.map((c) => toBotCell(c, g.rules.width))),
          };
        }
        case 'end':
          game = null;
          return null;
        case 'bye':
          return 'bye';
      }
    },
  };
}

/**
 * A sunk ship as the harness names it must be one the rules allow: its cells distinct hits (the
 * shot that sank it included), a straight run, none in another sunk ship, a length still afloat.
 */
function checkSunkShip(rules: Rules, position: Position, shot: number, sunk: number[]): void {
  const name = (c: number) => `[${toBotCell(c, rules.width).join(', ')}]`;
  if (sunk.length === 0) throw new InputError('result.sunk', 'lists no cells');
  if (!sunk.includes(shot)) {
    throw new InputError('result.sunk', `leaves out the shot's own cell ${name(shot)}`);
  }
  if (new Set(sunk).size !== sunk.length) {
    const twice = sunk.find((c, i) => sunk.indexOf(c) !== i)!;
    throw new InputError('result.sunk', `lists ${name(twice)} twice`);
  }
  const notHit = sunk.find((c) => c !== shot && position.cells[c] !== HIT);
  if (notHit !== undefined) {
    throw new InputError('result.sunk', `lists ${name(notHit)}, which was not answered a hit`);
  }
  const cells = position.cells.slice();
  cells[shot] = HIT;
  try {
    validateSunk(rules, cells, [...position.sunk, sunk]);
  } catch (e) {
    if (e instanceof InputError) throw new InputError('result.sunk', e.message);
    throw e;
  }
}
