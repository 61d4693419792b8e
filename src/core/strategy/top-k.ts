// `top-k`: a salvo of the K cells most likely to hold a ship, by the posterior of everything told
// so far (named hits and volleys included): exact, or the `sample` estimate where the exact solver
// cannot hold the position (posterior.ts). It maximises the expected hits of the turn and ignores
// that an aggregated answer does not say which of the turn's cells hit. With K = 1 it is greedy.
// Ties go to the first cell in reading order; cells of earlier volleys are never chosen again.

import { topCells, type Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const topKStrategy: Strategy = {
  ...strategyInfo('top-k'),
  create: ({ posteriors }) => ({
    next: (position) => topCells(position, posteriors.get(position).p, 1)[0]!,
    volley: (position, size) => topCells(position, posteriors.get(position).p, size),
  }),
};
