// `parity`: hunt/target with the DataGenetics parity filter. Every ship is at least as long as
// the shortest one in the fleet, so hunting only on cells whose (row + column) is a multiple of
// that length still meets every ship; for the classic fleet (shortest 2) that is the checkerboard,
// half the board. Target mode is the plain hunt/target queue; the filter never widens as ships
// sink (that refinement leads to the density methods). Median 62 over 10,000 uniform classic
// fleets (the write-up says about 64; see the README).

import { huntTargetShooter } from './hunt-target';
import type { Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const parityStrategy: Strategy = {
  ...strategyInfo('parity'),
  create: ({ rules, random }) =>
    huntTargetShooter(rules, random, Math.min(...rules.fleet.map((s) => s.length))),
};
