// What a strategy is: a policy that picks the next shot from the position (rules plus every
// answer so far). The simulator makes one shooter per game, asks it for a shot, applies the
// answer, and tells it what happened; a shooter may keep state between shots (hunt/target keeps
// its queue of cells to try), but most read everything they need from the position.

import type { Shot } from '../game-log';
import type { Position } from '../position';
import type { Random } from '../random';
import type { Rules } from '../rules';
import type { PosteriorCache } from './posterior';

export interface StrategyContext {
  rules: Rules;
  /** This game's own random stream (hunting shots, random tie-breaks). */
  random: Random;
  /** Exact posteriors, shared by every game played with these rules (and prior) in this thread. */
  posteriors: PosteriorCache;
}

export interface Shooter {
  /** The next cell to shoot: an unknown cell of the position. */
  next(position: Position): number;
  /** Called after each shot with the position that now includes its answer. */
  observe?(position: Position, shot: Shot): void;
}

export interface Strategy {
  /** Stable name (command line, saved simulations). */
  name: string;
  /** One line for listings. */
  summary: string;
  /** Reads the exact posterior: exact but costly while the board is still open. */
  exact: boolean;
  create(ctx: StrategyContext): Shooter;
}

/** How a strategy chooses among equally good cells. */
export type TieRule = 'first' | 'random';

/** Unknown cells of a position, in cell order. */
export function unknownCells(position: Position): number[] {
  const out: number[] = [];
  for (let i = 0; i < position.cells.length; i++) if (position.cells[i] === 0) out.push(i);
  return out;
}
