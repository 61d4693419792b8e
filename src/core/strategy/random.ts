// `random`: every shot at a cell drawn uniformly from those not yet shot. The baseline of the
// DataGenetics write-up (median 97 shots on the classic fleet): it learns nothing from hits, so
// a game ends only when the last ship cell happens to come up, usually near the end of the board.

import { randomInt } from '../random';
import { unknownCells, type Strategy } from './strategy';

export const randomStrategy: Strategy = {
  name: 'random',
  summary: 'uniformly random unknown cells (DataGenetics baseline)',
  exact: false,
  create: ({ random }) => ({
    next(position) {
      const cells = unknownCells(position);
      return cells[randomInt(random, cells.length)]!;
    },
  }),
};
