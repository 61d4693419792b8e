// `greedy`: always the cell most likely to hold a ship, by the exact posterior (every layout
// consistent with the answers so far equally likely, or weighted by the prior). It maximises the
// chance of a hit now and nothing more; the Habr write-up notes that the best first move of a
// whole game need not be this one. Ties (exact: equal layout counts) go to the first cell in
// reading order by default, which also makes the opening identical in every game, so the costly
// early solves are shared through the posterior cache; `random` ties are available.

import { randomInt } from '../random';
import { strategyInfo } from '../catalog/strategies';
import { topCells, type Strategy, type TieRule } from './strategy';

export function greedyStrategy(ties: TieRule = 'first'): Strategy {
  return {
    ...strategyInfo('greedy'),
    name: ties === 'first' ? 'greedy' : 'greedy-random-ties',
    create: ({ posteriors, random }) => ({
      next(position) {
        const best = posteriors.get(position).ties;
        if (best.length === 0) throw new Error('greedy: no unknown cell left to shoot');
        return ties === 'first' ? best[0]! : best[randomInt(random, best.length)]!;
      },
      // A salvo: the K likeliest unfired cells (as top-k).
      volley: (position, size) => topCells(position, posteriors.get(position).p, size),
    }),
  };
}
