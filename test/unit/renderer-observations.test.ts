import { describe, expect, it } from 'vitest';
import { HIT, parsePosition } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { rulesToJson } from '../../src/core/rules-json';
import type { GameLogJson } from '../../src/shared/api';
import { shotJson, shotProblem, snapshotFromLog } from '../../src/renderer/src/model/game-board';
import {
  emptySnapshot,
  positionProblem,
  remainingFleet,
  setMark,
  snapshotFromPosition,
  snapshotKey,
  toPositionJson,
  withRules,
} from '../../src/renderer/src/model/board-model';
import { fleetToText, parseFleetText } from '../../src/renderer/src/model/fleet-text';
import {
  describeAnswer,
  nameHit,
  namedAt,
  putVolley,
  removeVolley,
  uniqueShipNames,
  volleyAt,
} from '../../src/renderer/src/model/observation-edits';
import { shipInitials } from '../../src/renderer/src/model/ship-initials';
import { emptyDraft, volleyFromDraft } from '../../src/renderer/src/model/volley-draft';
import { namedRules } from '../support/fixtures';

const RULES: Rules = namedRules(5, 5, { Cruiser: 3, Destroyer: 2 });

/** A 5x5 board with hits on A1 and B1. */
function board() {
  return setMark(setMark(emptySnapshot(RULES), 0, HIT), 1, HIT);
}

describe('named hits', () => {
  it('names and unnames a hit, and the position carries the name', () => {
    const named = nameHit(board(), 1, 'Cruiser');
    expect(namedAt(named, 1)).toBe('Cruiser');
    expect(toPositionJson(named).named).toEqual([[0, 1, 'Cruiser']]);
    const back = nameHit(named, 1, null);
    expect(namedAt(back, 1)).toBeUndefined();
    expect(toPositionJson(back).named).toBeUndefined();
  });

  it('refuses to name a cell that is not a hit', () => {
    expect(() => nameHit(board(), 7, 'Cruiser')).toThrow(/C2 is not a hit/);
  });

  it('drops the name when the hit is changed to another mark', () => {
    const named = nameHit(board(), 0, 'Destroyer');
    expect(setMark(named, 0, 1).named).toBeUndefined();
  });

  it('is offered only for fleets whose ships all have unique names', () => {
    expect(uniqueShipNames(RULES)).toEqual(['Cruiser', 'Destroyer']);
    expect(uniqueShipNames({ ...RULES, fleet: [{ length: 3 }, { length: 2 }] })).toBeNull();
    expect(
      uniqueShipNames({
        ...RULES,
        fleet: [
          { length: 3, name: 'A' },
          { length: 2, name: 'A' },
        ],
      }),
    ).toBeNull();
  });
});

describe('volleys', () => {
  const volley = {
    cells: [12, 10],
    answer: { kind: 'hits' as const, hits: [{ ship: 'Cruiser', count: 1 }] },
    sunk: [],
  };

  it('adds, replaces and removes a volley; its cells keep their unknown mark', () => {
    const one = putVolley(board(), volley);
    expect(one.volleys?.[0]?.cells).toEqual([10, 12]);
    expect(volleyAt(one, 12)).toBe(0);
    expect(setMark(one, 12, HIT)).toBe(one);
    const json = toPositionJson(one);
    expect(json.volleys).toEqual([
      {
        cells: [
          [2, 0],
          [2, 2],
        ],
        hits: { Cruiser: 1 },
      },
    ]);
    const edited = putVolley(one, { ...volley, answer: { kind: 'hitCount', count: 2 } }, 0);
    expect(describeAnswer(edited.volleys![0]!.answer)).toBe('2 hits');
    expect(removeVolley(edited, 0).volleys).toBeUndefined();
  });

  it('refuses cells that are marked or in another volley, with the cell named', () => {
    expect(() => putVolley(board(), { ...volley, cells: [0, 5] })).toThrow(/A1 is already marked/);
    const one = putVolley(board(), volley);
    expect(() => putVolley(one, { ...volley, cells: [12, 13] })).toThrow(
      /C3 is already in volley 1/,
    );
  });

  it("refuses an answer the core refuses, naming the volley in the editor's words", () => {
    const tooMany = {
      ...volley,
      answer: { kind: 'hitCount' as const, count: 1 },
      sunk: ['Cruiser', 'Destroyer'],
    };
    expect(() => putVolley(board(), tooMany)).toThrow(/^volley 1\.sunk: 2 ships sank/);
  });

  it('changes the solve key, and survives the JSON round trip and a change of rules', () => {
    const one = nameHit(putVolley(board(), volley), 0, 'Destroyer');
    expect(snapshotKey(one)).not.toBe(snapshotKey(board()));
    const again = snapshotFromPosition(parsePosition(toPositionJson(one)));
    expect(toPositionJson(again)).toEqual(toPositionJson(one));
    expect(positionProblem(again)).toBeNull();
    const wider = withRules(one, { ...RULES, width: 6 });
    expect(namedAt(wider, 0)).toBe('Destroyer');
    expect(wider.volleys?.[0]?.cells).toEqual([12, 14]);
    const unnamed = withRules(one, { ...RULES, fleet: [{ length: 3 }, { length: 2 }] });
    expect(unnamed.named).toBeUndefined();
    expect(unnamed.volleys).toBeUndefined();
  });

  it('turns a draft into a volley, or says what is wrong with it', () => {
    const names = ['Cruiser', 'Destroyer'];
    const draft = { ...emptyDraft(true), hits: { Destroyer: 1, Cruiser: 1 }, sunk: ['Destroyer'] };
    expect(volleyFromDraft(draft, [3, 2], names)).toEqual({
      cells: [2, 3],
      answer: {
        kind: 'hits',
        hits: [
          { ship: 'Cruiser', count: 1 },
          { ship: 'Destroyer', count: 1 },
        ],
      },
      sunk: ['Destroyer'],
    });
    expect(volleyFromDraft({ ...draft, hits: { Cruiser: 3 } }, [3, 2], names)).toBe(
      '3 hits in all, but the volley has 2 cells',
    );
    expect(volleyFromDraft({ ...emptyDraft(false), count: 3 }, [3, 2], [])).toMatch(/from 0 to 2/);
    expect(emptyDraft(false).kind).toBe('hitCount');
  });
});

describe('fleet text and ship tags', () => {
  it('reads lengths, or names with lengths, and writes them back', () => {
    expect(parseFleetText('5,4 3')).toEqual([{ length: 5 }, { length: 4 }, { length: 3 }]);
    const named = parseFleetText('Patrol boat 2, Cruiser 3');
    expect(named).toEqual([
      { length: 2, name: 'Patrol boat' },
      { length: 3, name: 'Cruiser' },
    ]);
    expect(fleetToText(named as never)).toBe('Patrol boat 2, Cruiser 3');
    expect(parseFleetText('Cruiser')).toMatch(/"Cruiser" is not a ship/);
  });

  it('tags each ship with the shortest start of its name no other shares', () => {
    const tags = shipInitials(['Carrier', 'Battleship', 'Cruiser', 'Submarine', 'Destroyer']);
    expect([...tags.values()]).toEqual(['Ca', 'B', 'Cr', 'S', 'D']);
  });
});

describe('the recorder over logs with named hits and volleys', () => {
  const log: GameLogJson = {
    opponent: 'Rival',
    rules: rulesToJson(RULES),
    firedBy: 'me',
    shots: [
      { cell: [2, 2], result: 'hit', ship: 0 },
      {
        volley: {
          cells: [
            [0, 0],
            [0, 1],
          ],
          hits: { Destroyer: 2 },
          sunk: ['Destroyer'],
        },
      },
    ],
  };

  it('replays them onto the board, with the volley sinking in the fleet', () => {
    const board = snapshotFromLog(log);
    expect(namedAt(board, 12)).toBe('Cruiser');
    expect(volleyAt(board, 1)).toBe(0);
    expect(board.sunk).toEqual([]);
    expect(board.sunkShips).toEqual([]);
    expect(remainingFleet(board).map((f) => f.sunk)).toEqual([false, true]);
  });

  it("refuses a volley's cell as the next target and names the ship a hit struck", () => {
    const board = snapshotFromLog(log);
    expect(shotProblem(board, 0)).toBe('A1 was fired at in volley 1');
    expect(shotJson(board, 7, 'hit', undefined, 0)).toEqual({
      cell: [1, 2],
      result: 'hit',
      ship: 0,
    });
    expect(shotJson(board, 7, 'miss', undefined, 0)).toEqual({ cell: [1, 2], result: 'miss' });
  });
});
