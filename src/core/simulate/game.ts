// One game: a hidden layout, a shooter, and the referee between them. Each shot is answered
// miss, hit, or sunk with the sunk ship's cells (the usual game), or only miss or hit (contests
// like Cubido's, seed 003, where the shooter must work out sinkings itself), recorded in the
// shooter's position and passed to the shooter; the game ends when every ship is sunk. A shooter that
// fires at a cell already shot (or off the board) is a bug, reported as an error, never scored.

import type { Shot } from '../game-log';
import type { Position } from '../position';
import type { Rules } from '../rules';
import type { Shooter } from '../strategy/strategy';
import { createReferee } from './referee';

export interface GameResult {
  shots: number;
  /** Milliseconds the shooter spent choosing its shots. */
  ms: number;
  /** The shooter's position at the end (every ship sunk, or after maxShots shots). */
  position: Position;
  /** Every ship was sunk (false when the game stopped at maxShots). */
  finished: boolean;
}

/** What the referee tells: sinkings with the sunk ship's cells (default), or hits and misses only. */
export const ANSWERS = ['sunk', 'hit-miss'] as const;
export type Answers = (typeof ANSWERS)[number];

export interface PlayOptions {
  answers?: Answers;
  /** Weight grid the shooter is told about (the prior the fleet was drawn from). */
  prior?: Float64Array;
  /** Name used in error messages. */
  name?: string;
  /** Called after each answered shot. */
  onShot?: (shot: Shot, position: Position) => void;
  /** Stop after this many shots (positions part-way through a game, e.g. for benchmarks). */
  maxShots?: number;
}

export function playGame(
  rules: Rules,
  layout: number[][],
  shooter: Shooter,
  options: PlayOptions = {},
): GameResult {
  const referee = createReferee(rules, layout, options.answers, options.prior);
  const position = referee.position;
  const who = options.name ?? 'the strategy';
  let shots = 0;
  let ms = 0;
  const maxShots = options.maxShots ?? Infinity;
  while (referee.afloat() > 0 && shots < maxShots) {
    const t0 = performance.now();
    const cell = shooter.next(position);
    ms += performance.now() - t0;
    const refused = referee.refuse(cell);
    if (refused === 'a cell already shot') {
      throw new Error(`${who} fired at cell ${cell} a second time (shot ${shots + 1})`);
    }
    if (refused) throw new Error(`${who} chose ${String(cell)}, which is not a cell of the board`);
    shots++;
    const shot = referee.fire(cell);
    if (shooter.observe) {
      const t1 = performance.now();
      shooter.observe(position, shot);
      ms += performance.now() - t1;
    }
    options.onShot?.(shot, position);
  }
  return { shots, ms, position, finished: referee.afloat() === 0 };
}
