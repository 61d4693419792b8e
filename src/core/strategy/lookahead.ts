// `lookahead`: plans two shots ahead. For each of the `candidates` cells most likely to hold a
// ship it computes, exactly, the expected number of hits from this shot and the best next shot
// after each possible answer: V(c) = P(hit c) + sum over answers a of P(a) * max_j P(hit j | a).
// An answer that sinks the last ship counts as a sure hit next (the game is over). It fires at
// the cell with the largest V; ties go to the higher hit chance, then reading order. A certain
// hit is fired at once (it never costs a shot). The Habr write-up points out that the greedy
// first move need not be the best; this finds the cases where giving up a little hit chance now
// buys a better next shot. Each candidate costs two or three exact solves of the positions one
// shot ahead; the one the game reaches is then already in the posterior cache.

import { LOOKAHEAD_CANDIDATES, lookaheadSummary, strategyInfo } from '../catalog/strategies';
import type { Strategy } from './strategy';
import { twoShotChoice } from './two-shot';

export { LOOKAHEAD_CANDIDATES };

export function lookaheadStrategy(candidates = LOOKAHEAD_CANDIDATES): Strategy {
  return {
    ...strategyInfo('lookahead'),
    summary: lookaheadSummary(candidates),
    create: ({ posteriors }) => ({
      next: (position) => twoShotChoice('lookahead', posteriors, position, candidates, 1),
    }),
  };
}
