// `margin-count`: the Cubido C# Pirates trial shot. The cell over which the ships afloat can lie
// in the most ways, counting only unknown cells the touch rule still allows (cells next to sunk
// ships, and under no-touch diagonal to hits, are "impossible"); once a ship is hit, only the
// ways through the hits count (solver `margin-count`). Ties are broken at random (the write-up's
// own tie rule is in a part we do not have).

import { solveMarginCount } from '../solve/heuristics/margin-count';
import { heatmapShooter } from './heatmap';
import type { Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const marginCountStrategy: Strategy = {
  ...strategyInfo('margin-count'),
  create: ({ random }) => heatmapShooter((p) => solveMarginCount(p), 'random', random),
};
