// Logged games against one opponent with a placement habit (the edge hugger of the experiments),
// as learning reads them: most revealed their whole fleet, every `partialEvery`-th was left
// unfinished after some shots. Seeded, so every run learns from the same games.

import { gameLogToJson, type GameLogJson } from '../../src/core/game-log';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { edgeHuggerLayout, playedGame, revealedGame } from '../../experiments/opponents';

export interface LearnGamesOptions {
  seed?: number;
  /** Every this many games, one is left unfinished (0: none). */
  partialEvery?: number;
  /** Shots of an unfinished game. */
  partialShots?: number;
}

export function learnGames(rules: Rules, count: number, options: LearnGamesOptions = {}) {
  const random = seededRandom(options.seed ?? 1);
  const every = options.partialEvery ?? 4;
  const shots = options.partialShots ?? 20;
  return Array.from({ length: count }, (_, k): GameLogJson => {
    const layout = edgeHuggerLayout(rules, random);
    const partial = every > 0 && k % every === every - 1;
    return gameLogToJson(
      partial ? playedGame(rules, layout, random, shots) : revealedGame(rules, layout),
    );
  });
}
