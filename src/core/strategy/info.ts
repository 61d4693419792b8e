// `info`: the shot with the largest expected information gain under the exact posterior. A shot's
// answer (miss, hit, or the sinking of one particular ship) is a function of the hidden layout,
// so the information it gives about the layout is the entropy of the answer's distribution
// (outcomes.ts computes it exactly; sinking probabilities need one small exact solve per ship the
// shot could complete). Unlike greedy it prefers an uncertain cell (a hit chance near one half,
// or a likely sink) over a likely hit. Ties go to the higher hit chance, then to the first cell in
// reading order, so at the end, when every answer is certain, it fires at the certain hits.

import { entropy, shotOutcomes } from './outcomes';
import { unknownCells, type Strategy } from './strategy';

/** Gains closer than this count as equal. */
const EPS = 1e-12;

export const infoStrategy: Strategy = {
  name: 'info',
  summary: 'largest expected information gain (entropy of the answer) from the exact posterior',
  exact: true,
  create: ({ posteriors }) => ({
    next(position) {
      const post = posteriors.get(position);
      let best = -1;
      let bestGain = -1;
      for (const cell of unknownCells(position)) {
        const p = post.p[cell]!;
        if (p <= 0) continue;
        const gain = entropy(shotOutcomes(posteriors, position, post, cell));
        if (gain > bestGain + EPS || (gain > bestGain - EPS && p > post.p[best]!)) {
          best = cell;
          bestGain = Math.max(gain, bestGain);
        }
      }
      if (best < 0) throw new Error('info: no cell can hold a ship');
      return best;
    },
  }),
};
