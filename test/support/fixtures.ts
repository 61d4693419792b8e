// The small worked examples many tests share, written once: the 5x5 position of the Over 9000
// write-up (seven layouts, probabilities known by hand) and a game on a 4x4 board (ships of 2
// and 1, layout A1-B1 and D4), and empty boards whose exact solve outlasts what a test waits for
// (jobs to cancel, time out or replace). Tests spread and override them rather than copying them.

import { emptyPosition, positionToJson, type PositionJson } from '../../src/core/position';
import { presetRules, validateRules, type Rules, type TouchRule } from '../../src/core/rules';

/**
 * The 5x5 single-ship example of the Over 9000 write-up: xxx0x / 4440x / xx0xx / x5xxx / xxx0x.
 * Ships 4 (length 3) and 5 (length 1) are sunk; the other length-3 ship fits in 7 places, so the
 * top-left cell is 1/7, the middle of the right column 3/7, and the best shots are C5 and D5.
 */
export const OVER9000_EXAMPLE: PositionJson = {
  rules: { width: 5, height: 5, fleet: [3, 3, 1], touch: 'allowed' },
  board: ['...o.', 'xxxo.', '..o..', '.x...', '...o.'],
  sunk: [
    [
      [1, 0],
      [1, 1],
      [1, 2],
    ],
    [[3, 1]],
  ],
};

/** The empty classic board: its exact solve takes seconds of DP and an endless enumeration. */
export const EMPTY_CLASSIC = positionToJson(emptyPosition(presetRules('classic')));

/** An empty 14x14 board of ships 5, 4, 3, 3, 2: its exact enumeration takes many minutes. */
export const EMPTY_14X14 = positionToJson(
  emptyPosition(
    validateRules({
      width: 14,
      height: 14,
      fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
      touch: 'allowed',
    }),
  ),
);

/** 20x20, ten single-cell ships: binomial(400, 10) layouts, past 2^53; binomial(399, 9) per cell. */
export const TEN_SINGLES_20X20: Rules = {
  width: 20,
  height: 20,
  fleet: Array.from({ length: 10 }, () => ({ length: 1 })),
  touch: 'allowed',
};

/** n choose k, exactly. */
export function binomial(n: bigint, k: bigint): bigint {
  let r = 1n;
  for (let i = 0n; i < k; i++) r = (r * (n - i)) / (i + 1n);
  return r;
}

/** 4x4, ships of 2 and 1, touching allowed. */
export const RULES_4X4 = { width: 4, height: 4, fleet: [2, 1], touch: 'allowed' as const };

type Cell = [number, number];

/** Our shots that sink a ship lying on `cells`, in that order: a hit on each, the last sinks it. */
export function sinkShipShots(cells: Cell[]): { cell: Cell; result: string; sunk?: Cell[] }[] {
  const last = cells[cells.length - 1]!;
  return [
    ...cells.slice(0, -1).map((cell) => ({ cell, result: 'hit' })),
    { cell: last, result: 'sunk', sunk: cells },
  ];
}

/** Our shots on RULES_4X4 that sink their 2-ship at A1-B1: a hit on A1, then B1. */
export const SINK_A1_B1 = sinkShipShots([
  [0, 0],
  [0, 1],
]);

/** One shot that sinks a 1-ship at `cell`. */
export const sinkSingle = (cell: Cell) => ({ cell, result: 'sunk', sunk: [cell] });

/** The whole game against layout A1-B1 and D4: hit A1, miss A2, sink B1, sink D4. */
export const FINISHED_GAME = {
  opponent: 'Ann',
  rules: RULES_4X4,
  shots: [SINK_A1_B1[0]!, { cell: [1, 0], result: 'miss' }, SINK_A1_B1[1]!, sinkSingle([3, 3])],
  playedAt: '2026-11-20T18:00:00Z',
};

/** The layout of FINISHED_GAME, as its log reveals it at the end. */
export const LAYOUT_4X4 = [
  [
    [0, 0],
    [0, 1],
  ],
  [[3, 3]],
];

export const FINISHED_GAME_WITH_LAYOUT = { ...FINISHED_GAME, layout: LAYOUT_4X4 };

/** 4x4, touching allowed, three named ships (salvo logs): Boat A1-B1, Raft A3-B3, Buoy D4. */
export const SALVO_RULES = {
  width: 4,
  height: 4,
  fleet: [
    { length: 2, name: 'Boat' },
    { length: 2, name: 'Raft' },
    { length: 1, name: 'Buoy' },
  ],
  touch: 'allowed',
};
/** Where SALVO_RULES' ships lie, in fleet order: cells 0-1, 8-9 and 15. */
export const SALVO_LAYOUT = [
  [
    [0, 0],
    [0, 1],
  ],
  [
    [2, 0],
    [2, 1],
  ],
  [[3, 3]],
];

/**
 * Entries of a salvo game on SALVO_RULES, one of each kind: a named hit and a miss fired as turn 1,
 * then volleys answered by hits per ship (sinking the Boat), by the ships hit, and by a count
 * (sinking the Buoy).
 */
export const SALVO_ENTRIES = [
  { cell: [0, 0], result: 'hit', ship: 0, turn: 1 },
  { cell: [3, 0], result: 'miss', turn: 1 },
  {
    volley: {
      cells: [
        [0, 1],
        [1, 1],
      ],
      hits: { Boat: 1 },
      sunk: ['Boat'],
    },
  },
  {
    volley: {
      cells: [
        [2, 0],
        [2, 2],
      ],
      hitShips: ['Raft'],
    },
  },
  {
    volley: {
      cells: [
        [3, 2],
        [3, 3],
      ],
      hitCount: 1,
      sunk: ['Buoy'],
    },
  },
];

/** Rules whose ships all have names, in fleet order: namedRules(5, 5, { Cruiser: 3, Destroyer: 2 }). */
export function namedRules(
  width: number,
  height: number,
  ships: Record<string, number>,
  touch: TouchRule = 'allowed',
) {
  const fleet = Object.entries(ships).map(([name, length]) => ({ length, name }));
  return { width, height, fleet, touch };
}

/** 8x8, ships 4,3,3,2 that may not touch, four scattered misses: too many layouts to enumerate. */
export const OPEN_8X8_NO_TOUCH: PositionJson = {
  rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'no-touch' },
  board: [
    'o.......',
    '........',
    '..o.....',
    '........',
    '.....o..',
    '........',
    '........',
    '.......o',
  ],
  sunk: [],
};
