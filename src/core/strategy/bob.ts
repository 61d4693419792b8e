// `bob`: the Bob entry of the Over 9000 write-up. The same per-ship count combined as
// 1 - prod(1 - p_s), from hits and misses alone: sink reports are ignored, so every ship stays in
// the count and the hits of sunk ships keep drawing fire around them. No weight grid, no noise;
// ties go to the first cell in reading order.

import { solveBob } from '../solve/heuristics/independent';
import { heatmapShooter } from './heatmap';
import type { Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const bobStrategy: Strategy = {
  ...strategyInfo('bob'),
  create: ({ random }) => heatmapShooter((p) => solveBob(p), 'first', random),
};
