// One game: a hidden layout, a shooter, and the referee between them. The shooter fires one shot
// per turn (the usual game) or a salvo of K shots per turn. Each shot is answered miss, hit, or
// sunk with the sunk ship's cells (the usual game), or only miss or hit (contests like Cubido's,
// seed 003, where the shooter must work out sinkings itself), or with the ship named on every
// hit; or a turn's cells are answered together as one volley (answers.ts). Every answer is
// recorded in the shooter's position and passed to the shooter; the game ends when every ship is
// sunk. A shooter that fires at a cell already shot (or off the board), or a salvo of the wrong
// size, is a bug, reported as an error, never scored.

import type { Shot } from '../game-log';
import type { Position } from '../position';
import type { Rules } from '../rules';
import type { Shooter } from '../strategy/strategy';
import { isVolleyAnswer, type Answers } from '../answers';
import { createReferee, type Referee } from './referee';

export { ANSWERS, type Answers } from '../answers';

export interface GameResult {
  /** Cells fired at (every cell of every turn). */
  shots: number;
  /** Turns played (equal to shots with one shot per turn). */
  turns: number;
  /** Milliseconds the shooter spent choosing its shots. */
  ms: number;
  /** The shooter's position at the end (every ship sunk, or after maxShots shots). */
  position: Position;
  /** Every ship was sunk (false when the game stopped at maxShots). */
  finished: boolean;
  /** The cells fired at, in firing order (with `recordCells` only). */
  cells?: number[];
}

export interface PlayOptions {
  answers?: Answers;
  /** Shots per turn (default 1). */
  salvo?: number;
  /** Weight grid the shooter is told about (the prior the fleet was drawn from). */
  prior?: Float64Array;
  /** Name used in error messages. */
  name?: string;
  /** Called after each shot answered on its own. */
  onShot?: (shot: Shot, position: Position) => void;
  /** Stop after this many shots (positions part-way through a game, e.g. for benchmarks). */
  maxShots?: number;
  /** Keep the cells fired at, in order (GameResult.cells). */
  recordCells?: boolean;
}

export function playGame(
  rules: Rules,
  layout: number[][],
  shooter: Shooter,
  options: PlayOptions = {},
): GameResult {
  const answers = options.answers ?? 'sunk';
  const referee = createReferee(rules, layout, answers, options.prior);
  const position = referee.position;
  const who = options.name ?? 'the strategy';
  const salvo = options.salvo ?? 1;
  const volleys = isVolleyAnswer(answers);
  let shots = 0;
  let turns = 0;
  let ms = 0;
  const maxShots = options.maxShots ?? Infinity;
  const fired: number[] | undefined = options.recordCells ? [] : undefined;
  while (referee.afloat() > 0 && shots < maxShots) {
    const size = Math.min(salvo, referee.unfired(), maxShots - shots);
    const t0 = performance.now();
    let cells: number[];
    if (salvo === 1 && !volleys) cells = [shooter.next(position)];
    else if (shooter.volley) cells = shooter.volley(position, size);
    else throw new Error(`${who} chooses one shot at a time and cannot fire a salvo`);
    ms += performance.now() - t0;
    checkTurn(referee, cells, size, who, shots);
    turns++;
    shots += cells.length;
    fired?.push(...cells);
    if (volleys) {
      referee.fireVolley(cells);
      continue;
    }
    for (const cell of cells) {
      const shot = referee.fire(cell);
      if (shooter.observe) {
        const t1 = performance.now();
        shooter.observe(position, shot);
        ms += performance.now() - t1;
      }
      options.onShot?.(shot, position);
    }
  }
  const result: GameResult = { shots, turns, ms, position, finished: referee.afloat() === 0 };
  if (fired) result.cells = fired;
  return result;
}

/** Throws when a turn's cells are not `size` distinct cells that may still be shot. */
function checkTurn(
  referee: Referee,
  cells: number[],
  size: number,
  who: string,
  before: number,
): void {
  if (cells.length !== size) {
    throw new Error(`${who} chose ${cells.length} cells for a turn of ${size} shots`);
  }
  cells.forEach((cell, k) => {
    const refused =
      referee.refuse(cell) ?? (cells.indexOf(cell) < k ? 'a cell already shot' : null);
    if (refused === 'a cell already shot') {
      throw new Error(`${who} fired at cell ${cell} a second time (shot ${before + k + 1})`);
    }
    if (refused) throw new Error(`${who} chose ${String(cell)}, which is not a cell of the board`);
  });
}
