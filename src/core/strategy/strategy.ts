// What a strategy is: a policy that picks the next shot from the position (rules plus every
// answer so far). The simulator makes one shooter per game, asks it for a shot, applies the
// answer, and tells it what happened; a shooter may keep state between shots (hunt/target keeps
// its queue of cells to try), but most read everything they need from the position.

import type { Shot } from '../game-log';
import type { Position } from '../position';
import type { Random } from '../random';
import type { Rules } from '../rules';
import type { Answers } from '../answers';
import type { StrategyInfo } from '../catalog/strategies';
import type { PosteriorCache } from './posterior';

export interface StrategyContext {
  rules: Rules;
  /** This game's own random stream (hunting shots, random tie-breaks). */
  random: Random;
  /** Exact posteriors, shared by every game played with these rules (and prior) in this thread. */
  posteriors: PosteriorCache;
  /** How the game answers shots or turns (absent: each shot on its own, `sunk`). */
  answers?: Answers;
}

export interface Shooter {
  /** The next cell to shoot: an unknown cell of the position. */
  next(position: Position): number;
  /**
   * The `size` cells of a salvo turn, all unfired (not marked, not in a volley) and distinct.
   * Only shooters of strategies that play salvos have it.
   */
  volley?(position: Position, size: number): number[];
  /** Called after each shot answered on its own with the position that includes its answer. */
  observe?(position: Position, shot: Shot): void;
}

/** A strategy: its catalog entry (name, summary, what it reads) and how it makes shooters. */
export interface Strategy extends StrategyInfo {
  create(ctx: StrategyContext): Shooter;
}

/** How a strategy chooses among equally good cells. */
export type TieRule = 'first' | 'random';

/** Unfired cells of a position (not marked, not in a volley), in cell order. */
export function unfiredCells(position: Position): number[] {
  const fired = new Uint8Array(position.cells.length);
  for (const v of position.volleys ?? []) for (const c of v.cells) fired[c] = 1;
  const out: number[] = [];
  for (let i = 0; i < position.cells.length; i++) {
    if (position.cells[i] === 0 && fired[i] === 0) out.push(i);
  }
  return out;
}

/**
 * The `size` unfired cells with the highest `score`, best first; equal scores (within a relative
 * 1e-12, so float noise does not decide) go to the first cell in reading order.
 */
export function topCells(position: Position, score: ArrayLike<number>, size: number): number[] {
  const cells = unfiredCells(position);
  const ranked = cells.map((cell) => ({ cell, s: score[cell]! }));
  ranked.sort((a, b) => {
    const tol = 1e-12 * Math.max(Math.abs(a.s), Math.abs(b.s));
    return Math.abs(a.s - b.s) > tol ? b.s - a.s : a.cell - b.cell;
  });
  return ranked.slice(0, size).map((r) => r.cell);
}

/** Unknown cells of a position, in cell order. */
export function unknownCells(position: Position): number[] {
  const out: number[] = [];
  for (let i = 0; i < position.cells.length; i++) if (position.cells[i] === 0) out.push(i);
  return out;
}
