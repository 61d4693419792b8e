// Game logs of named hits, salvo turns and volleys: the JSON form round-trips, replay builds the
// position the position format reads, and every inconsistency is refused naming the shot.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  gameLogToJson,
  isFinished,
  knownLayout,
  parseGameLog,
  replay,
  replaySingleShots,
} from '../../src/core/game-log';
import { HIT, UNKNOWN, parsePosition, positionToJson } from '../../src/core/position';
import { ROOT } from '../support/paths';
import { SALVO_RULES as rules, SALVO_LAYOUT } from '../support/fixtures';
import { inputErrorOf } from '../support/input-error';

const layout = SALVO_LAYOUT;

/** Boat named on its first hit, sunk by a volley; Raft sunk by single shots; Buoy by a volley. */
const game = {
  opponent: 'Cy',
  rules,
  firedBy: 'me',
  shots: [
    { cell: [0, 0], result: 'hit', ship: 0 },
    {
      volley: {
        cells: [
          [1, 1],
          [0, 1],
        ],
        hits: { Boat: 1 },
        sunk: ['Boat'],
      },
    },
    { cell: [2, 0], result: 'hit', turn: 3 },
    {
      cell: [2, 1],
      result: 'sunk',
      sunk: [
        [2, 0],
        [2, 1],
      ],
      ship: 1,
      turn: 3,
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
  ],
};

const errorOf = (raw: unknown): string => inputErrorOf(() => parseGameLog(raw));

const withShots = (shots: unknown[], extra: object = {}): unknown => ({
  ...game,
  ...extra,
  shots,
});

describe('game logs with named hits, turns and volleys', () => {
  it('round-trip through the JSON form, volley cells sorted', () => {
    const log = parseGameLog(game);
    const json = gameLogToJson(log);
    expect(json.shots[0]).toEqual({ cell: [0, 0], result: 'hit', ship: 0 });
    expect(json.shots[1]).toEqual({
      volley: {
        cells: [
          [0, 1],
          [1, 1],
        ],
        hits: { Boat: 1 },
        sunk: ['Boat'],
      },
    });
    expect(json.shots[3]).toEqual({
      cell: [2, 1],
      result: 'sunk',
      sunk: [
        [2, 0],
        [2, 1],
      ],
      ship: 1,
      turn: 3,
    });
    expect(json.shots[4]).toEqual({
      volley: {
        cells: [
          [3, 2],
          [3, 3],
        ],
        hitCount: 1,
        sunk: ['Buoy'],
      },
    });
    expect(parseGameLog(JSON.parse(JSON.stringify(json)))).toEqual(log);
  });

  it('replay: marks, named hits (every cell of a named sinking), volleys in order', () => {
    const log = parseGameLog(game);
    const first = replay(log, 1);
    expect(first.named).toEqual([{ cell: 0, ship: 'Boat' }]);
    expect(first.volleys).toBeUndefined();
    const two = replay(log, 2);
    expect(two.volleys).toHaveLength(1);
    expect(two.volleys![0]!.cells).toEqual([1, 5]);
    expect(two.cells[1]).toBe(UNKNOWN); // a volley cell stays '.'
    expect(two.cells[5]).toBe(UNKNOWN);
    const all = replay(log);
    expect(all.sunk).toEqual([[8, 9]]);
    expect(all.named).toEqual([
      { cell: 0, ship: 'Boat' },
      { cell: 8, ship: 'Raft' },
      { cell: 9, ship: 'Raft' },
    ]);
    expect(all.volleys!.map((v) => v.sunk)).toEqual([['Boat'], ['Buoy']]);
    expect(all.cells[8]).toBe(HIT);
    // The position format reads what replay builds, unchanged.
    expect(parsePosition(JSON.parse(JSON.stringify(positionToJson(all))))).toEqual(all);
  });

  it('the single shots alone leave volley cells unknown and drop the names', () => {
    const p = replaySingleShots(parseGameLog(game));
    expect(p.named).toBeUndefined();
    expect(p.volleys).toBeUndefined();
    expect([p.cells[1], p.cells[5], p.cells[14], p.cells[15]]).toEqual([0, 0, 0, 0]);
    expect(p.cells[0]).toBe(HIT);
  });

  it('a game finished by volleys reveals its layout only when the layout is given', () => {
    const log = parseGameLog(game);
    expect(isFinished(log)).toBe(true);
    expect(knownLayout(log)).toBeUndefined();
    expect(knownLayout(parseGameLog({ ...game, layout }))).toEqual([[0, 1], [8, 9], [15]]);
    expect(isFinished(parseGameLog(withShots(game.shots.slice(0, 4))))).toBe(false);
  });

  it("names the shot at fault in a volley's fields", () => {
    const volleyShot = (volley: unknown): unknown => withShots([game.shots[0], { volley }]);
    expect(
      errorOf(
        volleyShot({
          cells: [
            [0, 1],
            [0, 9],
          ],
          hitCount: 0,
        }),
      ),
    ).toBe('game shot 2 volley.cells[1]: cell [0, 9] is outside the 4x4 board');
    expect(errorOf(volleyShot({ cells: [[0, 1]], hits: { Cruiser: 1 } }))).toMatch(
      /^game shot 2 volley\.hits\.Cruiser: unknown ship "Cruiser" \(the fleet's names: Boat, Raft, Buoy\)$/,
    );
    expect(errorOf(volleyShot({ cells: [[0, 1]] }))).toBe(
      'game shot 2 volley: has no answer: give one of "hits", "hitShips" or "hitCount"',
    );
    expect(errorOf(volleyShot({ cells: [[0, 1]], hitCount: 0, sunk: ['Buoy'] }))).toBe(
      'game shot 2 volley.sunk: 1 ships sank, but the volley hit only 0 cells',
    );
    expect(
      errorOf(
        withShots([{ cell: [0, 0], result: 'hit', volley: { cells: [[0, 1]], hitCount: 1 } }]),
      ),
    ).toBe(
      'game shot 1: is a volley and cannot also give "cell" (a volley entry holds only "volley")',
    );
  });

  it('refuses cells fired twice, by volleys and single shots alike', () => {
    expect(
      errorOf(
        withShots([
          game.shots[0],
          {
            volley: {
              cells: [
                [1, 1],
                [0, 0],
              ],
              hitCount: 0,
            },
          },
        ]),
      ),
    ).toBe('game shot 2 (volley): fires at A1, already shot (shot 1)');
    expect(
      errorOf(withShots([game.shots[0], game.shots[1], { cell: [1, 1], result: 'miss' }])),
    ).toBe('game shot 3 (B2): fires at B2, already fired at in the volley of shot 2');
    expect(
      errorOf(
        withShots([
          { volley: { cells: [[1, 1]], hitCount: 0 } },
          {
            volley: {
              cells: [
                [2, 2],
                [1, 1],
              ],
              hitCount: 0,
            },
          },
        ]),
      ),
    ).toBe('game shot 2 (volley): fires at B2, already fired at in the volley of shot 1');
  });

  it('refuses turns that go back', () => {
    expect(
      errorOf(
        withShots([
          { cell: [0, 0], result: 'hit', turn: 2 },
          { cell: [3, 0], result: 'miss', turn: 1 },
        ]),
      ),
    ).toBe('game shot 2 (A4): is in turn 1, after a shot of turn 2: turns never go back');
    expect(errorOf(withShots([{ cell: [3, 0], result: 'miss', turn: -1 }]))).toBe(
      'game shot 1 turn: must be a whole number from 0 to 16, got -1',
    );
  });

  it('needs names that tell ships apart to name a hit', () => {
    expect(
      errorOf(
        withShots([{ cell: [0, 0], result: 'hit', ship: 0 }], {
          rules: { ...rules, fleet: [2, 2, 1] },
        }),
      ),
    ).toBe(
      'game shot 1 ship: names a hit on ship 1, which needs a name no other fleet ship has (fleet entries {"length": n, "name": "..."})',
    );
    expect(errorOf(withShots([{ cell: [0, 0], result: 'hit', ship: 3 }]))).toBe(
      'game shot 1 ship: must be a fleet index from 0 to 2',
    );
  });

  it('refuses named ships that contradict each other', () => {
    const hit = (cell: number[], ship?: number): object => ({ cell, result: 'hit', ship });
    const sunk = (cell: number[], cells: number[][], ship?: number): object => ({
      cell,
      result: 'sunk',
      sunk: cells,
      ship,
    });
    const A1B1 = [
      [0, 0],
      [0, 1],
    ];
    // A sinking names another ship than the one named on its hit.
    expect(errorOf(withShots([hit([0, 0], 0), sunk([0, 1], A1B1, 1)]))).toBe(
      'game shot 2 (B1): sinks the Raft, but A1 was named the Boat',
    );
    // One unnamed sinking over hits named for two ships.
    const withLong = { rules: { ...rules, fleet: [{ length: 3, name: 'Long' }, ...rules.fleet] } };
    expect(
      errorOf(
        withShots(
          [
            hit([0, 0], 1),
            hit([0, 1], 2),
            sunk(
              [0, 2],
              [
                [0, 0],
                [0, 1],
                [0, 2],
              ],
            ),
          ],
          withLong,
        ),
      ),
    ).toBe('game shot 3 (C1): sinks one ship over A1, named the Boat, and B1, named the Raft');
    expect(
      errorOf(
        withShots([
          hit([0, 0], 0),
          { cell: [0, 1], result: 'hit', ship: 1 },
          hit([0, 2]),
          sunk(
            [0, 3],
            [
              [0, 2],
              [0, 3],
            ],
            0,
          ),
        ]),
      ),
    ).toBe('game shot 4 (D1): sinks the Boat, but A1, outside the sunk cells, was named the Boat');
    // A ship named on the hits of one sinking, then named again on a later hit.
    expect(errorOf(withShots([hit([0, 0], 0), sunk([0, 1], A1B1), hit([3, 0], 0)]))).toBe(
      'game shot 3 (A4): names the Boat, which sank at shot 2',
    );
    // Named hits that no ship of that length covers.
    expect(errorOf(withShots([hit([0, 0], 0), hit([0, 2], 0)]))).toBe(
      'game shot 2 (C1): names the Boat, but its named hits span 3 cells and it has 2',
    );
    expect(errorOf(withShots([hit([0, 0], 0), hit([1, 1], 0)]))).toBe(
      'game shot 2 (B2): names the Boat, but its named hits (A1, B2) are not in one line',
    );
    // Both ships of length 2 sank untold; a third one named afloat cannot exist.
    expect(
      errorOf(
        withShots([
          hit([0, 0]),
          sunk([0, 1], A1B1),
          hit([2, 0]),
          sunk(
            [2, 1],
            [
              [2, 0],
              [2, 1],
            ],
          ),
          hit([3, 0], 0),
        ]),
      ),
    ).toBe(
      'game shot 5 (A4): leaves 2 ships of length 2 sunk and 1 more hit by name while afloat, but the fleet has 2',
    );
    // Volleys: a ship hit or sunk again after it sank, or hit more often than it has cells.
    const boatSunk = [hit([0, 0], 0), sunk([0, 1], A1B1, 0)];
    expect(
      errorOf(withShots([...boatSunk, { volley: { cells: [[3, 3]], hits: { Boat: 1 } } }])),
    ).toBe('game shot 3 volley.hits.Boat: the Boat already sank (shot 2)');
    expect(
      errorOf(
        withShots([...boatSunk, { volley: { cells: [[3, 3]], hitCount: 1, sunk: ['Boat'] } }]),
      ),
    ).toBe('game shot 3 volley.sunk[0]: the Boat already sank (shot 2)');
    expect(
      errorOf(
        withShots([
          { volley: { cells: [[3, 3]], hits: { Buoy: 1 } } },
          { volley: { cells: [[3, 2]], hits: { Buoy: 1 } } },
        ]),
      ),
    ).toBe('game shot 2 volley.hits.Buoy: the Buoy has been hit at least 2 times, but has 1 cell');
  });
});

describe('a revealed layout against named hits and volleys', () => {
  it('accepts the layout that produces every answer, ships of one length in any order', () => {
    expect(() => parseGameLog({ ...game, layout })).not.toThrow();
    expect(() =>
      parseGameLog({ ...game, layout: [layout[2], layout[1], layout[0]] }),
    ).not.toThrow();
  });

  it('refuses a layout that answers a volley otherwise', () => {
    const start = [{ cell: [0, 0], result: 'hit', ship: 0 }];
    const volleyWith = (volley: object): unknown => ({
      ...game,
      layout,
      shots: [...start, { volley }],
    });
    expect(
      errorOf(
        volleyWith({
          cells: [
            [3, 2],
            [3, 3],
          ],
          hitCount: 0,
        }),
      ),
    ).toBe(
      "game shot 2 volley.hitCount: is 0, but the layout has ships on 1 of the volley's cells",
    );
    expect(
      errorOf(
        volleyWith({
          cells: [
            [2, 0],
            [2, 1],
            [3, 0],
          ],
          hits: { Raft: 1 },
        }),
      ),
    ).toBe(
      "game shot 2 volley.hits: says the Raft covers 1 of the volley's cells, but in the layout it covers 2",
    );
    expect(
      errorOf(
        volleyWith({
          cells: [
            [2, 0],
            [3, 3],
          ],
          hitShips: ['Raft'],
        }),
      ),
    ).toBe(
      "game shot 2 volley.hitShips: leaves out the Buoy, which the layout has on the volley's cells",
    );
    expect(errorOf(volleyWith({ cells: [[3, 3]], hitShips: ['Buoy'] }))).toBe(
      'game shot 2 volley.sunk: leaves out the Buoy, whose last cells the volley fired at',
    );
    expect(errorOf(volleyWith({ cells: [[3, 2]], hitShips: [], sunk: ['Raft'] }))).toBe(
      "game shot 2 volley.sunk[0]: the Raft sank, but the volley's answer says it was not hit",
    );
    expect(() => parseGameLog(volleyWith({ cells: [[3, 2]], hitCount: 0 }))).not.toThrow();
  });

  it('refuses a named hit on another ship and a single shot finishing a ship a volley hit', () => {
    expect(errorOf({ ...game, layout, shots: [{ cell: [2, 0], result: 'hit', ship: 2 }] })).toBe(
      "game shot 1 (A3): names the Buoy, but the layout's ship there is the Raft",
    );
    expect(
      errorOf({
        ...game,
        layout,
        shots: [
          { volley: { cells: [[0, 0]], hits: { Boat: 1 } } },
          { cell: [0, 1], result: 'sunk', sunk: [[0, 1]] },
        ],
      }),
    ).toMatch(/^game shot 2 \(B1\): /);
  });
});

describe("the game-log format's salvo example", () => {
  it('parses, and replays into named hits and three volleys', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'formats.md'), 'utf8');
    const section = readme.slice(readme.indexOf('A salvo game where'));
    const text = section.slice(section.indexOf('{'), section.indexOf('\n\n', section.indexOf('{')));
    const log = parseGameLog(JSON.parse(text));
    const p = replay(log);
    expect(p.named).toEqual([{ cell: 0, ship: 'Cruiser' }]);
    expect(p.volleys!.map((v) => v.answer.kind)).toEqual(['hits', 'hitShips', 'hitCount']);
    expect(isFinished(log)).toBe(false);
  });
});
