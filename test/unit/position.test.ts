import { describe, expect, it } from 'vitest';
import {
  parsePosition,
  parsePositionSource,
  parsePositionText,
  positionToJson,
} from '../../src/core/position';
import { PRESETS, validateRules } from '../../src/core/rules';
import { parseRules } from '../../src/core/rules-json';
import { inputErrorOf } from '../support/input-error';

const classic = { preset: 'classic' };
const rows = (n: number, row = '..........'): string[] => Array.from({ length: n }, () => row);

const errorOf = (json: unknown): string => inputErrorOf(() => parsePosition(json));

describe('presets', () => {
  it('classic, russian and margin have the documented boards, fleets and touch rules', () => {
    expect(PRESETS.classic!.fleet.map((s) => s.length)).toEqual([5, 4, 3, 3, 2]);
    expect(PRESETS.classic!.fleet.map((s) => s.name)).toEqual([
      'Carrier',
      'Battleship',
      'Cruiser',
      'Submarine',
      'Destroyer',
    ]);
    expect(PRESETS.classic!.touch).toBe('allowed');
    expect(PRESETS.russian!.fleet.map((s) => s.length)).toEqual([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    expect(PRESETS.russian!.touch).toBe('no-touch');
    expect(PRESETS.margin!.fleet.map((s) => s.length)).toEqual([5, 4, 3, 3, 2]);
    expect(PRESETS.margin!.touch).toBe('no-touch');
    for (const r of Object.values(PRESETS)) expect([r.width, r.height]).toEqual([10, 10]);
  });
});

describe('validation names the field, row and column', () => {
  it('a short row', () => {
    const board = rows(10);
    board[2] = '.........';
    expect(errorOf({ rules: classic, board })).toBe('board row 3: has 9 cells, expected 10');
  });
  it('a wrong row count', () => {
    expect(errorOf({ rules: classic, board: rows(9) })).toBe('board: has 9 rows, expected 10');
  });
  it('an unknown mark', () => {
    const board = rows(10);
    board[4] = '....?.....';
    expect(errorOf({ rules: classic, board })).toMatch(/^board row 5 column E: unknown mark "\?"/);
  });
  it('a sunk ship that is not straight', () => {
    const board = rows(10);
    board[0] = 'xx........';
    board[1] = '.x........';
    expect(
      errorOf({
        rules: classic,
        board,
        sunk: [
          [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
        ],
      }),
    ).toBe('sunk ship 1: is not a straight line of adjacent cells');
  });
  it('a sunk ship with a gap', () => {
    const board = rows(10);
    board[0] = 'x.x.......';
    expect(
      errorOf({
        rules: classic,
        board,
        sunk: [
          [
            [0, 0],
            [0, 2],
          ],
        ],
      }),
    ).toMatch(/not a straight line/);
  });
  it('a sunk ship of a length the fleet does not have', () => {
    const board = rows(10);
    board[0] = 'xxxxxx....';
    const sunk = [[0, 1, 2, 3, 4, 5].map((c) => [0, c])];
    expect(errorOf({ rules: classic, board, sunk })).toBe(
      'sunk ship 1: no ship of length 6 in the fleet',
    );
  });
  it('more sunk ships of a length than the fleet has', () => {
    const board = rows(10);
    board[0] = 'xx.xx.....';
    const sunk = [
      [
        [0, 0],
        [0, 1],
      ],
      [
        [0, 3],
        [0, 4],
      ],
    ];
    expect(errorOf({ rules: classic, board, sunk })).toBe(
      'sunk ship 2: all ships of length 2 are already sunk',
    );
  });
  it('a sunk cell that is not a hit', () => {
    expect(
      errorOf({
        rules: classic,
        board: rows(10),
        sunk: [
          [
            [3, 3],
            [3, 4],
          ],
        ],
      }),
    ).toBe('sunk ship 1: cell D4 is not marked as a hit');
  });
  it('a cell outside the board', () => {
    expect(errorOf({ rules: classic, board: rows(10), sunk: [[[3, 10]]] })).toMatch(
      /^sunk ship 1 cell 1: cell \[3, 10\] is outside the 10x10 board/,
    );
  });
  it('board sizes outside 2..26', () => {
    expect(errorOf({ rules: { width: 27, height: 10, fleet: [2] } })).toMatch(
      /^rules.width: must be a whole number from 2 to 26/,
    );
    expect(errorOf({ rules: { width: 1, height: 10, fleet: [1] } })).toMatch(/^rules.width/);
  });
  it('ships longer than the longer side', () => {
    expect(errorOf({ rules: { width: 4, height: 3, fleet: [5] } })).toMatch(
      /^rules.fleet\[0\]: ship length must be a whole number from 1 to 4/,
    );
  });
  it('a fleet that cannot fit on the empty board', () => {
    expect(
      errorOf({ rules: { width: 3, height: 3, fleet: [3, 3, 3, 1], touch: 'allowed' } }),
    ).toMatch(/^rules.fleet: the fleet needs 10 cells but a 3x3 board has only 9/);
    expect(errorOf({ rules: { width: 3, height: 3, fleet: [2, 2, 2], touch: 'no-touch' } })).toBe(
      'rules.fleet: the fleet 2,2,2 cannot be placed on an empty 3x3 board with touch rule "no-touch"; use fewer or shorter ships, a larger board or a looser touch rule',
    );
    // The same fleet fits when ships may touch.
    const dominoes = [{ length: 2 }, { length: 2 }, { length: 2 }];
    expect(() =>
      validateRules({ width: 3, height: 3, fleet: dominoes, touch: 'allowed' }),
    ).not.toThrow();
  });
  it('a fleet that cannot fit is refused, never accepted because the search gave up', () => {
    const threes = (n: number) => ({
      rules: { width: 2, height: 26, fleet: Array<number>(n).fill(3), touch: 'allowed' },
    });
    // ships of 3 cannot lie across 2 columns: each column of 26 holds 8 of them, 16 in all
    expect(errorOf(threes(17))).toBe(
      'rules.fleet: the fleet 17 ships of length 3 cannot be placed on an empty 2x26 board with touch rule "allowed"; use fewer or shorter ships, a larger board or a looser touch rule',
    );
    expect(parseRules(threes(16).rules).fleet).toHaveLength(16);
    // 1x4 bars cannot tile a 6x6 board (a colouring argument), which no bound here knows and the
    // search cannot settle in its budget: undecided, so refused, saying so
    expect(
      errorOf({
        rules: { width: 6, height: 6, fleet: Array<number>(9).fill(4), touch: 'allowed' },
      }),
    ).toBe(
      'rules.fleet: could not decide whether the fleet 4,4,4,4,4,4,4,4,4 fits on an empty 6x6 board with touch rule "allowed" (too many ways to try); use fewer or shorter ships or a larger board',
    );
  });

  it('crowded fleets the placement search could not settle in its budget', () => {
    const rules = (fleet: number[], touch: string) => ({
      rules: { width: 10, height: 10, fleet, touch },
    });
    const ones = (n: number): number[] => Array<number>(n).fill(1);
    expect(errorOf(rules(Array<number>(15).fill(3), 'no-touch'))).toBe(
      'rules.fleet: the fleet 15 ships of length 3 cannot be placed on an empty 10x10 board with touch rule "no-touch" (ships that may not touch cannot share a 2x2 block: they need 30 of the board\'s 25); use fewer or shorter ships, a larger board or a looser touch rule',
    );
    expect(errorOf(rules(ones(26), 'no-touch'))).toMatch(/need 26 of the board's 25\)/);
    expect(errorOf(rules(ones(51), 'no-edge-touch'))).toMatch(
      /a 2x2 block holds at most 2 ship cells: the fleet has 51, the board's 25 blocks hold 50\)/,
    );
    // Tight fleets that do fit are kept, as are the presets.
    const fits: [number[], string][] = [
      [ones(25), 'no-touch'],
      [ones(50), 'no-edge-touch'],
      [ones(100), 'allowed'],
      [[...Array<number>(16).fill(2), ...ones(4)], 'no-touch'],
      [[5, 5, 5, 5, 5], 'no-touch'],
      [[10, 10, 10, 10, 10], 'no-touch'],
    ];
    for (const [fleet, touch] of fits) {
      expect(() => parsePosition(rules(fleet, touch)), `${fleet} ${touch}`).not.toThrow();
    }
    for (const preset of Object.keys(PRESETS)) {
      expect(() => parsePosition({ rules: { preset } })).not.toThrow();
    }
  });
  it('unknown presets and touch rules', () => {
    expect(errorOf({ rules: { preset: 'chess' } })).toMatch(
      /^rules.preset: unknown preset "chess"/,
    );
    expect(errorOf({ rules: { width: 5, height: 5, fleet: [2], touch: 'sometimes' } })).toMatch(
      /^rules.touch: must be one of/,
    );
  });
  it('a prior with a bad weight', () => {
    const prior = Array.from({ length: 10 }, () => new Array(10).fill(1));
    prior[2]![3] = -1;
    expect(errorOf({ rules: classic, board: rows(10), prior })).toBe(
      'prior D3: weights must be positive finite numbers, got -1',
    );
  });
  it('not an object at all', () => {
    expect(errorOf([1, 2])).toBe('position: must be a JSON object, got an array of 2');
  });
});

describe('round trips and forms', () => {
  it('ignores unknown fields and keeps what it knows', () => {
    const board = rows(10);
    board[1] = '..x.o.....';
    board[2] = '...xxx....';
    const p = parsePosition({
      rules: classic,
      board,
      sunk: [
        [
          [2, 3],
          [2, 4],
          [2, 5],
        ],
      ],
      comment: 'ignored',
    });
    const json = positionToJson(p);
    expect(json.board).toEqual(board);
    expect(json.sunk).toEqual([
      [
        [2, 3],
        [2, 4],
        [2, 5],
      ],
    ]);
    expect(parsePosition(JSON.parse(JSON.stringify(json)))).toEqual(p);
  });
  it('reads the compact text form with # for sunk ships', () => {
    const p = parsePositionText(`rules: 6x4 fleet=3,2 touch=no-edge-touch
      ......
      .###..
      ......
      ...x.o`);
    expect(p.rules).toMatchObject({ width: 6, height: 4, touch: 'no-edge-touch' });
    expect(p.sunk).toEqual([[7, 8, 9]]);
    expect(p.cells[3 * 6 + 3]).toBe(2);
    expect(p.cells[3 * 6 + 5]).toBe(1);
  });
  it('reads the header strictly: a token not understood whole is refused by name', () => {
    const text = (header: string): string => `rules: ${header}\n${rows(10).join('\n')}`;
    const refused: [string, RegExp][] = [
      ['10x10 fleet=5,4,3 touch=No-Touch', /^rules header: touch: unknown rule "No-Touch"/],
      ['10x10 fleet=5,-4,3e2', /^rules header: fleet: "-4" is not a ship length/],
      ['10x10 fleet=5,4,3x', /^rules header: fleet: "3x" is not a ship length/],
      ['10x10 fleet=5,4,', /^rules header: fleet: an empty entry is not a ship length/],
      ['10x10 fleet=5, 4', /^rules header: unknown setting "4"/],
      ['10x10 fleet=5 Fleet=4', /^rules header: unknown setting "Fleet=4"/],
      ['10x10 fleet=5 colour=red', /^rules header: unknown setting "colour=red"/],
      ['10x10 fleet=5 fleet=4', /^rules header: fleet= is given twice/],
      ['10x10 touch=no-touch touch=allowed fleet=5', /^rules header: touch= is given twice/],
      ['10x10 touch=no-touch', /^rules header: needs the fleet/],
      ['10x10x3 fleet=5', /^rules header: expected a preset name/],
      ['10X10 fleet=5', /^rules header: expected a preset name/],
      [
        'classic touch=no-touch',
        /^rules header: a preset takes nothing after it, got "touch=no-touch"/,
      ],
      ['Classic', /^rules header: expected a preset name/],
      ['010x10 fleet=5', /^rules header: expected a preset name .*got "010x10"/],
      ['10x010 fleet=5', /^rules header: expected a preset name .*got "10x010"/],
    ];
    for (const [header, message] of refused) {
      expect(() => parsePositionText(text(header)), header).toThrow(message);
    }
    // the label too: lower case, a space after the colon
    const board = `\n${rows(10).join('\n')}`;
    expect(() => parsePositionText(`RULES: classic${board}`)).toThrow(
      'line 1: the header starts "rules: " (lower case, a space after the colon), got "RULES: classic"',
    );
    expect(() => parsePositionText(`rules:classic${board}`)).toThrow(
      'line 1: the header starts "rules: " (lower case, a space after the colon), got "rules:classic" (no space after the colon)',
    );
    expect(() => parsePositionText(`Rules : classic${board}`)).toThrow(
      /^line 1: the header starts/,
    );
    const p = parsePositionText(text('10x10   fleet=5,4,3  touch=no-touch'));
    expect(p.rules).toMatchObject({ width: 10, height: 10, touch: 'no-touch' });
    expect(p.rules.fleet.map((s) => s.length)).toEqual([5, 4, 3]);
    expect(parsePositionText(text('russian')).rules.preset).toBe('russian');
  });
  it('picks JSON or text by the first character', () => {
    expect(parsePositionSource('{"rules":{"preset":"russian"}}').rules.touch).toBe('no-touch');
    expect(parsePositionSource('rules: margin\n' + rows(10).join('\n')).rules.preset).toBe(
      'margin',
    );
    expect(() => parsePositionSource('{"rules": ')).toThrow(/^position: is not valid JSON/);
  });
});
