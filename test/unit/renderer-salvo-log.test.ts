// The recorder's views of a salvo log: the shot table shows a volley as one row (its cells and
// aggregated answer), and the board after a volley keeps its cells unknown while its volleys keep
// the ships they announced sunk.

import { describe, expect, it } from 'vitest';
import { snapshotFromLog } from '../../src/renderer/src/model/game-board';
import { shotRows } from '../../src/renderer/src/model/shot-log';
import type { GameLogJson } from '../../src/shared/api';
import { namedRules } from '../support/fixtures';

const log: GameLogJson = {
  opponent: 'Jo',
  rules: namedRules(4, 4, { Boat: 2, Buoy: 1 }),
  firedBy: 'me',
  shots: [
    { cell: [0, 0], result: 'hit', ship: 0 },
    {
      volley: {
        cells: [
          [0, 1],
          [2, 2],
        ],
        hits: { Boat: 1 },
        sunk: ['Boat'],
      },
    },
    {
      volley: {
        cells: [
          [3, 3],
          [1, 1],
        ],
        hitCount: 1,
        sunk: ['Buoy'],
      },
    },
  ],
};

describe('a salvo log in the recorder', () => {
  it('lists each volley as one row with its answer', () => {
    expect(shotRows(log, null)).toEqual([
      { side: 'me', n: 1, cell: 'A1', result: 'hit: Boat' },
      { side: 'me', n: 2, cell: 'B1 C3', result: 'Boat 1; sunk: Boat' },
      { side: 'me', n: 3, cell: 'D4 B2', result: '1 hit; sunk: Buoy' },
    ]);
  });

  it('replays a volley as unknown cells and counts the ships it sank', () => {
    const board = snapshotFromLog(log);
    expect(Array.from(board.cells.slice(0, 2))).toEqual([2, 0]);
    // A volley's sinkings have no cells of their own: the board's volleys carry them, and the
    // per-cell sunk list stays empty.
    expect(board.sunkShips).toEqual([]);
    expect((board.volleys ?? []).map((v) => v.sunk)).toEqual([['Boat'], ['Buoy']]);
  });
});
