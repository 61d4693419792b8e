// `lookahead`: plans two shots ahead. For each of the `candidates` cells most likely to hold a
// ship it computes, exactly, the expected number of hits from this shot and the best next shot
// after each possible answer: V(c) = P(hit c) + sum over answers a of P(a) * max_j P(hit j | a).
// An answer that sinks the last ship counts as a sure hit next (the game is over). It fires at
// the cell with the largest V; ties go to the higher hit chance, then reading order. A certain
// hit is fired at once (it never costs a shot). The Habr write-up points out that the greedy
// first move need not be the best; this finds the cases where giving up a little hit chance now
// buys a better next shot. Each candidate costs two or three exact solves of the positions one
// shot ahead; the one the game reaches is then already in the posterior cache.

import type { Position } from '../position';
import { allShipsHit, shotOutcomes } from './outcomes';
import type { Posterior } from './posterior';
import { unknownCells, type Strategy } from './strategy';

export const LOOKAHEAD_CANDIDATES = 3;
const EPS = 1e-12;

function bestChance(post: Posterior, position: Position): number {
  let best = 0;
  for (let i = 0; i < position.cells.length; i++) {
    if (position.cells[i] === 0 && post.p[i]! > best) best = post.p[i]!;
  }
  return best;
}

export function lookaheadStrategy(candidates = LOOKAHEAD_CANDIDATES): Strategy {
  return {
    name: 'lookahead',
    summary: `two-shot lookahead: expected hits of this shot and the best next one (top ${candidates} cells)`,
    exact: true,
    create: ({ posteriors }) => ({
      next(position) {
        const post = posteriors.get(position);
        const ranked = unknownCells(position)
          .filter((c) => post.p[c]! > 0)
          .sort((a, b) => post.p[b]! - post.p[a]! || a - b);
        if (ranked.length === 0) throw new Error('lookahead: no cell can hold a ship');
        if (post.p[ranked[0]!]! >= 1 - EPS) return ranked[0]!;
        let best = -1;
        let bestValue = -1;
        for (const cell of ranked.slice(0, candidates)) {
          let value = post.p[cell]!;
          for (const o of shotOutcomes(posteriors, position, post, cell)) {
            if (o.kind !== 'miss' && allShipsHit(o.position)) {
              value += o.probability; // game over: as good as a sure hit
              continue;
            }
            const next = posteriors.tryGet(o.position);
            if (next) value += o.probability * bestChance(next, o.position);
          }
          // `ranked` is in decreasing chance, so a tie keeps the earlier (likelier) cell.
          if (value > bestValue + EPS) {
            best = cell;
            bestValue = value;
          }
        }
        return best;
      },
    }),
  };
}
