// `pdf`: DataGenetics probability-density hunting. Every shot goes to the cell with the largest
// placement density (solver `pdf`: each ship afloat tried alone at every place it fits,
// placements through unsunk hits weighted heavily), so hunting and targeting are one rule; sink
// reports take sunk ships out of the count. Ties go to the first cell in reading order, as in the
// original ("the next numeric one, starting from the top-left"). Median 44 over 10,000 uniform
// classic fleets (the write-up says 42; see the README).

import { solvePdf } from '../solve/heuristics/pdf';
import { heatmapShooter } from './heatmap';
import type { Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const pdfStrategy: Strategy = {
  ...strategyInfo('pdf'),
  create: ({ random }) => heatmapShooter((p) => solvePdf(p), 'first', random),
};
