// One game: a hidden layout, a shooter, and the referee between them. Each shot is answered
// miss, hit, or sunk with the sunk ship's cells (the usual game), or only miss or hit (contests
// like Cubido's, seed 003, where the shooter must work out sinkings itself), recorded in the
// shooter's position and passed to the shooter; the game ends when every ship is sunk. A shooter that
// fires at a cell already shot (or off the board) is a bug, reported as an error, never scored.

import type { Shot } from '../game-log';
import { HIT, MISS, UNKNOWN, emptyPosition, type Position } from '../position';
import type { Rules } from '../rules';
import type { Shooter } from '../strategy/strategy';

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
  const n = rules.width * rules.height;
  const owner = new Int32Array(n).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const left = layout.map((ship) => ship.length);
  const position = emptyPosition(rules);
  if (options.prior) position.prior = options.prior;
  const reportSinks = options.answers !== 'hit-miss';
  position.sunkReported = reportSinks;
  const who = options.name ?? 'the strategy';
  let afloat = layout.length;
  let shots = 0;
  let ms = 0;
  const maxShots = options.maxShots ?? Infinity;
  while (afloat > 0 && shots < maxShots) {
    const t0 = performance.now();
    const cell = shooter.next(position);
    ms += performance.now() - t0;
    if (!Number.isInteger(cell) || cell < 0 || cell >= n) {
      throw new Error(`${who} chose ${String(cell)}, which is not a cell of the board`);
    }
    if (position.cells[cell] !== UNKNOWN) {
      throw new Error(`${who} fired at cell ${cell} a second time (shot ${shots + 1})`);
    }
    shots++;
    const k = owner[cell]!;
    let shot: Shot;
    if (k < 0) {
      position.cells[cell] = MISS;
      shot = { cell, result: 'miss' };
    } else {
      position.cells[cell] = HIT;
      left[k]! -= 1;
      if (left[k] === 0) afloat--;
      if (left[k] === 0 && reportSinks) {
        const sunk = layout[k]!.slice();
        position.sunk.push(sunk);
        shot = { cell, result: 'sunk', sunk };
      } else {
        shot = { cell, result: 'hit' };
      }
    }
    if (shooter.observe) {
      const t1 = performance.now();
      shooter.observe(position, shot);
      ms += performance.now() - t1;
    }
    options.onShot?.(shot, position);
  }
  return { shots, ms, position, finished: afloat === 0 };
}
