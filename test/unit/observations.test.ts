import { describe, expect, it } from 'vitest';
import { parsePosition, positionToJson } from '../../src/core/position';
import { solve } from '../../src/core/solve';
import { namedRules } from '../support/fixtures';

const board = ['..x..', '.....', '.....', '.....', '.....'];
const rules = namedRules(5, 5, { Cruiser: 3, Submarine: 3, Destroyer: 2 });

describe('named hits and volleys: the JSON form', () => {
  it('round-trips every answer kind', () => {
    const json = {
      rules,
      board,
      named: [[0, 2, 'Cruiser']],
      volleys: [
        {
          cells: [
            [1, 1],
            [1, 0],
          ],
          hits: { Submarine: 1, Destroyer: 0 },
        },
        { cells: [[2, 2]], hitShips: ['Destroyer'], sunk: [] },
        {
          cells: [
            [3, 3],
            [4, 4],
          ],
          hitCount: 2,
        },
      ],
    };
    const out = positionToJson(parsePosition(json));
    expect(out.named).toEqual([[0, 2, 'Cruiser']]);
    expect(out.volleys).toEqual([
      {
        cells: [
          [1, 0],
          [1, 1],
        ],
        hits: { Submarine: 1 },
      },
      { cells: [[2, 2]], hitShips: ['Destroyer'] },
      {
        cells: [
          [3, 3],
          [4, 4],
        ],
        hitCount: 2,
      },
    ]);
    expect(positionToJson(parsePosition(out))).toEqual(out);
  });

  it.each([
    [{ named: [[0, 0, 'Cruiser']] }, 'named[0]: cell A1 is not a hit'],
    [
      { named: [[0, 'C', 'Cruiser']] },
      'named[0]: must be [row, col, name] with whole numbers for row and col, got row 0 and col "C"',
    ],
    [
      { named: [[0.5, 2, 'Cruiser']] },
      'named[0]: must be [row, col, name] with whole numbers for row and col, got row 0.5 and col 2',
    ],
    [{ named: [[0, 2, 'Cruser']] }, 'named[0] name: unknown ship "Cruser"'],
    [
      {
        named: [
          [0, 2, 'Cruiser'],
          [0, 2, 'Cruiser'],
        ],
      },
      'named[1]: cell C1 is named twice',
    ],
    [{ volleys: [{ cells: [[0, 2]], hitCount: 1 }] }, "volleys[0].cells[0]: cell C1 is marked 'x'"],
    [
      { volleys: [{ cells: [[9, 0]], hitCount: 1 }] },
      'volleys[0].cells[0]: cell [9, 0] is outside',
    ],
    [
      {
        volleys: [
          { cells: [[1, 1]], hitCount: 1 },
          { cells: [[1, 1]], hitCount: 0 },
        ],
      },
      'already fired at in volleys[0]',
    ],
    [
      { volleys: [{ cells: [[1, 1]], hitCount: 2 }] },
      'volleys[0].hitCount: must be a whole number from 0 to 1',
    ],
    [
      { volleys: [{ cells: [[1, 1]], hits: { Cruiser: 2 } }] },
      'volleys[0].hits: 2 hits in all, but the volley has 1 cells',
    ],
    [{ volleys: [{ cells: [[1, 1]] }] }, 'volleys[0]: has no answer'],
    [{ volleys: [{ cells: [[1, 1]], hitCount: 0, hitShips: [] }] }, 'give exactly one answer'],
    [
      { volleys: [{ cells: [[1, 1]], hitShips: [], sunk: ['Destroyer'] }] },
      'volleys[0].sunk[0]: the Destroyer sank, but the volley',
    ],
  ])('refuses %j', (extra, message) => {
    expect(() => parsePosition({ rules, board, ...extra })).toThrow(message);
  });

  it('refuses names when the fleet repeats one', () => {
    const twin = {
      ...rules,
      fleet: [
        { length: 3, name: 'A' },
        { length: 2, name: 'A' },
      ],
    };
    expect(() => parsePosition({ rules: twin, board, named: [[0, 2, 'A']] })).toThrow(
      'named[0] name: two ships of the fleet are named "A"',
    );
  });

  it('solvers that cannot read them refuse instead of ignoring them', () => {
    const p = parsePosition({ rules, board, named: [[0, 2, 'Cruiser']] });
    expect(() => solve(p, 'pdf')).toThrow('solver: pdf cannot read named hits or volleys');
  });
});
