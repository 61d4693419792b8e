// The exact expected shots of a deterministic strategy: its real shooter is asked for a shot at
// each position of its decision tree, the layouts reaching that position are split by the answer
// (miss, hit, or the sinking of one ship), and each branch is followed until every ship is sunk.
// That is playing every legal layout once, uniformly weighted, with the positions the games share
// visited once instead of once per game. Only shooters that read everything from the position
// fit: one that keeps state between shots (`observe`) or draws random numbers is refused.

import { InputError } from '../errors';
import { emptyPosition, UNKNOWN, type Position } from '../position';
import type { Random } from '../random';
import { afterShot, PosteriorCache } from '../strategy/posterior';
import type { Strategy } from '../strategy/strategy';
import type { LayoutTable } from './layouts';

export interface StrategyValue {
  name: string;
  /** Shots summed over every layout (a whole number). */
  totalShots: number;
  /** totalShots / layouts. */
  expectedShots: number;
  /** Decision-tree positions the shooter was asked about. */
  positions: number;
  ms: number;
}

export function strategyValue(table: LayoutTable, strategy: Strategy): StrategyValue {
  const t0 = performance.now();
  const { rules, cells: n, shipCells: T, owner, placements } = table;
  const random: Random = () => {
    throw new InputError(
      'strategy',
      `"${strategy.name}" draws random numbers, so it has no single exact value; choose a deterministic strategy`,
    );
  };
  const shooter = strategy.create({ rules, random, posteriors: new PosteriorCache(n) });
  if (shooter.observe) {
    throw new InputError(
      'strategy',
      `"${strategy.name}" keeps state between shots; the exact table needs one that reads only the position`,
    );
  }
  let totalShots = 0;
  let positions = 0;

  const walk = (position: Position, layouts: number[], shots: number, hits: number): void => {
    if (hits === T) {
      totalShots += shots * layouts.length;
      return;
    }
    positions++;
    const cell = shooter.next(position);
    if (!Number.isInteger(cell) || cell < 0 || cell >= n || position.cells[cell] !== UNKNOWN) {
      throw new Error(`${strategy.name} chose ${String(cell)}, which is not an unknown cell`);
    }
    const miss: number[] = [];
    const hit: number[] = [];
    const sunk = new Map<number, number[]>();
    for (const l of layouts) {
      const p = owner[l * n + cell]!;
      if (p < 0) miss.push(l);
      else if (placements[p]!.cells.every((c) => c === cell || position.cells[c] !== UNKNOWN)) {
        const list = sunk.get(p);
        if (list) list.push(l);
        else sunk.set(p, [l]);
      } else hit.push(l);
    }
    if (miss.length) walk(afterShot(position, cell, false), miss, shots + 1, hits);
    if (hit.length) walk(afterShot(position, cell, true), hit, shots + 1, hits + 1);
    for (const [p, list] of sunk) {
      const ship = placements[p]!.cells.slice();
      walk(afterShot(position, cell, true, ship), list, shots + 1, hits + 1);
    }
  };

  walk(
    emptyPosition(rules),
    Array.from({ length: table.size }, (_, i) => i),
    0,
    0,
  );
  return {
    name: strategy.name,
    totalShots,
    expectedShots: totalShots / table.size,
    positions,
    ms: performance.now() - t0,
  };
}
