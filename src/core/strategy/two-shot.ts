// The two-shot choice shared by `lookahead` and `phased`: each of the `candidates` cells most
// likely to hold a ship is scored, exactly, V(c) = P(hit c) + w * sum over answers a of
// P(a) * max_j P(hit j | a), and the cell with the largest V is fired at. An answer that sinks the
// last ship counts as a sure hit next (the game is over); a certain hit is fired at once (it
// never costs a shot); ties go to the likelier cell, then reading order. Each candidate costs two
// or three exact solves of the positions one shot ahead, kept in the posterior cache.

import type { Position } from '../position';
import { allShipsHit, shotOutcomes } from './outcomes';
import type { Posterior, PosteriorCache } from './posterior';
import { unknownCells } from './strategy';

const EPS = 1e-12;

function bestChance(post: Posterior, position: Position): number {
  let best = 0;
  for (let i = 0; i < position.cells.length; i++) {
    if (position.cells[i] === 0 && post.p[i]! > best) best = post.p[i]!;
  }
  return best;
}

/** The cell to fire at; `weight` is w above (0 fires the likeliest cell, as greedy does). */
export function twoShotChoice(
  name: string,
  posteriors: PosteriorCache,
  position: Position,
  candidates: number,
  weight: number,
): number {
  const post = posteriors.get(position);
  const ranked = unknownCells(position)
    .filter((c) => post.p[c]! > 0)
    .sort((a, b) => post.p[b]! - post.p[a]! || a - b);
  if (ranked.length === 0) throw new Error(`${name}: no cell can hold a ship`);
  if (post.p[ranked[0]!]! >= 1 - EPS || weight === 0) return ranked[0]!;
  let best = -1;
  let bestValue = -1;
  for (const cell of ranked.slice(0, candidates)) {
    let next = 0;
    for (const o of shotOutcomes(posteriors, position, post, cell)) {
      if (o.kind !== 'miss' && allShipsHit(o.position)) {
        next += o.probability; // game over: as good as a sure hit
        continue;
      }
      const after = posteriors.tryGet(o.position);
      if (after) next += o.probability * bestChance(after, o.position);
    }
    const value = post.p[cell]! + weight * next;
    // `ranked` is in decreasing chance, so a tie keeps the earlier (likelier) cell.
    if (value > bestValue + EPS) {
      best = cell;
      bestValue = value;
    }
  }
  return best;
}
