// `random`: every shot at a cell drawn uniformly from those not yet shot. The baseline of the
// DataGenetics write-up (median 97 shots on the classic fleet): it learns nothing from hits, so
// a game ends only when the last ship cell happens to come up, usually near the end of the board.

import { randomInt } from '../random';
import { unfiredCells, unknownCells, type Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

export const randomStrategy: Strategy = {
  ...strategyInfo('random'),
  create: ({ random }) => ({
    next(position) {
      const cells = unknownCells(position);
      return cells[randomInt(random, cells.length)]!;
    },
    volley(position, size) {
      // A partial shuffle: `size` distinct cells, each drawn uniformly from those left.
      const cells = unfiredCells(position);
      for (let k = 0; k < size; k++) {
        const j = k + randomInt(random, cells.length - k);
        [cells[k], cells[j]] = [cells[j]!, cells[k]!];
      }
      return cells.slice(0, size);
    },
  }),
};
