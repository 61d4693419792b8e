// Shooters that fire at the top of a heatmap: the heuristic strategies (pdf, independent, bob,
// margin-count) are each a solver plus a rule for ties.

import type { Position } from '../position';
import { randomInt, type Random } from '../random';
import type { SolveResult } from '../solve/result';
import { topCells, type Shooter, type TieRule } from './strategy';

export function heatmapShooter(
  solve: (position: Position) => SolveResult,
  ties: TieRule,
  random: Random,
): Shooter {
  return {
    next(position) {
      const r = solve(position);
      if (r.best === null) throw new Error(`${r.solver}: no unknown cell left to shoot`);
      return ties === 'first' ? r.best : r.ties[randomInt(random, r.ties.length)]!;
    },
    // A salvo: the heatmap's top cells (ties to reading order), from one solve per turn.
    volley: (position, size) => topCells(position, solve(position).probabilities, size),
  };
}
