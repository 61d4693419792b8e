// `independent`: Over 9000. Per-ship placement chances combined as 1 - prod(1 - p_s) (solver
// `independent`), multiplied by a weight grid and nudged by a small random number before taking
// the largest. The grid is the run's prior when there is one; otherwise Over 9000's own idea that
// people hide ships along the sides: border cells weigh EDGE_WEIGHT, the rest 1 (the write-up
// gives no numbers; 1.1 is ours). The noise (up to NOISE) breaks ties at random and makes the
// shooter unpredictable; against uniformly placed fleets both cost a little, as the author
// expected. `bob` (bob.ts) is the plain count on hits and misses alone.

import type { Rules } from '../rules';
import { solveIndependent } from '../solve/heuristics/independent';
import { heatmapShooter } from './heatmap';
import type { Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const EDGE_WEIGHT = 1.1;
export const NOISE = 1e-3;

/** Over 9000's weight grid: border cells EDGE_WEIGHT, inner cells 1. */
export function edgeWeights(rules: Rules, edge = EDGE_WEIGHT): Float64Array {
  const { width: W, height: H } = rules;
  return Float64Array.from({ length: W * H }, (_, i) => {
    const r = Math.floor(i / W);
    const c = i % W;
    return r === 0 || c === 0 || r === H - 1 || c === W - 1 ? edge : 1;
  });
}

export const independentStrategy: Strategy = {
  ...strategyInfo('independent'),
  create: ({ rules, random }) => {
    const edges = edgeWeights(rules);
    return heatmapShooter(
      (p) =>
        solveIndependent(p, {
          // Told a prior, the solver's own scaled copy of it (undefined); else the edge grid.
          weights: p.prior ? undefined : edges,
          noise: NOISE,
          random,
        }),
      'first',
      random,
    );
  },
};
