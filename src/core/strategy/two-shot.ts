// The two-shot choice shared by `lookahead` and `phased`: each of the `candidates` cells most
// likely to hold a ship is scored V(c) = P(hit c) + w * sum over answers a of P(a) *
// max_j P(hit j | a), and the cell with the largest V is fired at. An answer that sinks the last
// ship counts as a sure hit next (the game is over); a certain hit is fired at once (it never
// costs a shot); ties go to the likelier cell, then reading order. The exact next-shot term costs
// two or three exact solves of the positions one shot ahead per candidate, kept in the posterior
// cache; `phased` with a thinking budget estimates it from drawn layouts (two-shot-sampled.ts).

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

/** The exact sum over the answers a of a shot at `cell` of P(a) * max_j P(hit j | a). */
export function exactNextChance(
  posteriors: PosteriorCache,
  position: Position,
  post: Posterior,
  cell: number,
): number {
  let next = 0;
  for (const o of shotOutcomes(posteriors, position, post, cell)) {
    if (o.kind !== 'miss' && allShipsHit(o.position)) {
      next += o.probability; // game over: as good as a sure hit
      continue;
    }
    const after = posteriors.tryGet(o.position);
    if (after) next += o.probability * bestChance(after, o.position);
  }
  return next;
}

/** Cells that can hold a ship, likeliest first (ties in reading order). */
export function rankedCells(name: string, position: Position, post: Posterior): number[] {
  const ranked = unknownCells(position)
    .filter((c) => post.p[c]! > 0)
    .sort((a, b) => post.p[b]! - post.p[a]! || a - b);
  if (ranked.length === 0) throw new Error(`${name}: no cell can hold a ship`);
  return ranked;
}

/** Is the choice settled without scoring: a sure hit, or no weight on the next shot? */
export function settled(post: Posterior, ranked: number[], weight: number): boolean {
  return post.p[ranked[0]!]! >= 1 - EPS || weight === 0;
}

/** The candidate with the largest V, given each candidate's next-shot term. */
export function bestByValue(
  post: Posterior,
  candidates: number[],
  next: number[],
  weight: number,
): number {
  let best = -1;
  let bestValue = -1;
  candidates.forEach((cell, k) => {
    const value = post.p[cell]! + weight * next[k]!;
    // Candidates come in decreasing chance, so a tie keeps the earlier (likelier) cell.
    if (value > bestValue + EPS) {
      best = cell;
      bestValue = value;
    }
  });
  return best;
}

/**
 * The two-shot choice, whichever way the next-shot term is found: the likeliest cell when the
 * choice is settled; else the `shortlist` of the ranked cells scored by V, with `nextChances`
 * giving each one's next-shot term (null when it cannot: the likeliest cell is fired at then).
 */
export function valuedChoice(
  name: string,
  posteriors: PosteriorCache,
  position: Position,
  weight: number,
  shortlist: (ranked: number[]) => number[],
  nextChances: (post: Posterior, scored: number[]) => number[] | null,
): number {
  const post = posteriors.get(position);
  const ranked = rankedCells(name, position, post);
  if (settled(post, ranked, weight)) return ranked[0]!;
  const scored = shortlist(ranked);
  const next = nextChances(post, scored);
  return next ? bestByValue(post, scored, next, weight) : ranked[0]!;
}

/** The cell to fire at, exactly; `weight` is w above (0 fires the likeliest cell, as greedy does). */
export function twoShotChoice(
  name: string,
  posteriors: PosteriorCache,
  position: Position,
  candidates: number,
  weight: number,
): number {
  const likeliest = (ranked: number[]): number[] => ranked.slice(0, candidates);
  const exactTerms = (post: Posterior, scored: number[]): number[] =>
    scored.map((cell) => exactNextChance(posteriors, position, post, cell));
  return valuedChoice(name, posteriors, position, weight, likeliest, exactTerms);
}
