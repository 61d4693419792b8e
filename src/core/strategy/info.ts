// `info`: the shot with the largest expected information gain under the exact posterior, per
// expected miss. A shot's answer (miss, hit, or the sinking of one particular ship) is a function
// of the hidden layout, so the information it gives about the layout is the entropy of the
// answer's distribution (outcomes.ts computes it exactly; sinking probabilities need one small
// exact solve per ship the shot could complete).
//
// Why per expected miss: every ship cell must be shot before the game ends, so a hit costs
// nothing; only misses add to the shot count. Pure entropy fires at a coin-flip cell while a
// near-certain hit beside it would have answered the same question for free, and on the classic
// board that costs it about half a shot a game against greedy. Dividing the gain by the chance
// of a miss fixes that: a certain hit is free (fired first, the most informative of them first),
// and in hunting, where every chance is below one half, it still prefers the cells whose answer
// is least predictable. Ties go to the higher hit chance, then to the first cell in reading order.

import { entropy, shotOutcomes } from './outcomes';
import { unknownCells, type Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

/** Gains (and chances) closer than this count as equal. */
const EPS = 1e-12;

export const infoStrategy: Strategy = {
  ...strategyInfo('info'),
  create: ({ posteriors }) => ({
    next(position) {
      const post = posteriors.get(position);
      let best: Ranked | null = null;
      for (const cell of unknownCells(position)) {
        const p = post.p[cell]!;
        if (p <= 0) continue;
        const gain = entropy(shotOutcomes(posteriors, position, post, cell));
        const ranked = { cell, p, free: p >= 1 - EPS, value: p >= 1 - EPS ? gain : gain / (1 - p) };
        if (best === null || outranks(ranked, best)) best = ranked;
      }
      if (best === null) throw new Error('info: no cell can hold a ship');
      return best.cell;
    },
  }),
};

interface Ranked {
  cell: number;
  p: number;
  /** A certain hit: it costs no shot. */
  free: boolean;
  /** Bits per expected miss, or plain bits for a free shot. */
  value: number;
}

/** Free shots first; then the larger value; then the likelier hit (cells come in reading order). */
function outranks(a: Ranked, b: Ranked): boolean {
  if (a.free !== b.free) return a.free;
  if (Math.abs(a.value - b.value) > EPS * Math.max(1, b.value)) return a.value > b.value;
  return a.p > b.p + EPS;
}
