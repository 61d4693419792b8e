import { describe, expect, it } from 'vitest';
import {
  gameLogToJson,
  isFinished,
  knownLayout,
  parseGameLog,
  replay,
} from '../../src/core/game-log';
import { HIT, MISS } from '../../src/core/position';
import { FINISHED_GAME, LAYOUT_4X4, RULES_4X4, SINK_A1_B1, namedRules } from '../support/fixtures';
import { inputErrorOf } from '../support/input-error';

// 4x4, ships 2 and 1, touching allowed. Layout: A1-B1 (length 2), D4 (length 1); no layout field.
const rules = RULES_4X4;
const finished = FINISHED_GAME;

const errorOf = (raw: unknown): string => inputErrorOf(() => parseGameLog(raw));

describe('game logs', () => {
  it('parse, replay and round-trip', () => {
    const log = parseGameLog(finished);
    expect(log.firedBy).toBe('me');
    expect(isFinished(log)).toBe(true);
    expect(knownLayout(log)).toEqual([[0, 1], [15]]);
    const p = replay(log, 2);
    expect(p.cells[0]).toBe(HIT);
    expect(p.cells[4]).toBe(MISS);
    expect(p.sunk).toEqual([]);
    expect(replay(log).sunk).toEqual([[0, 1], [15]]);
    expect(parseGameLog(JSON.parse(JSON.stringify(gameLogToJson(log))))).toEqual(log);
  });

  it('an unfinished game without a layout reveals no layout', () => {
    const log = parseGameLog({ ...finished, shots: finished.shots.slice(0, 3) });
    expect(isFinished(log)).toBe(false);
    expect(knownLayout(log)).toBeUndefined();
  });

  it('names the shot at fault', () => {
    expect(errorOf({ ...finished, shots: [finished.shots[0], finished.shots[0]] })).toBe(
      'game shot 2 (A1): fires at a cell already shot',
    );
    expect(
      errorOf({
        ...finished,
        shots: [SINK_A1_B1[1]],
      }),
    ).toBe('game shot 1 (B1): sinks a ship over A1, which was not hit');
    expect(errorOf({ ...finished, shots: [{ cell: [0, 9], result: 'hit' }] })).toBe(
      'game shot 1 cell: cell [0, 9] is outside the 4x4 board',
    );
    expect(errorOf({ ...finished, shots: [{ cell: [0, 0], result: 'boom' }] })).toBe(
      'game shot 1 result: must be "miss", "hit" or "sunk"',
    );
    expect(
      errorOf({
        ...finished,
        shots: [
          { cell: [0, 0], result: 'sunk', sunk: [[0, 0]] },
          { cell: [1, 1], result: 'sunk', sunk: [[1, 1]] },
        ],
      }),
    ).toBe('game shot 2 (B2): sinks a ship of length 1, but none is afloat');
  });

  it('checks a revealed layout against the fleet, the touch rule and every answer', () => {
    const layout = LAYOUT_4X4;
    expect(() => parseGameLog({ ...finished, layout })).not.toThrow();
    expect(
      errorOf({
        ...finished,
        layout: [LAYOUT_4X4[0]],
      }),
    ).toBe('game.layout: has ships 2 but the fleet is 2,1');
    expect(
      errorOf({
        ...finished,
        layout: [LAYOUT_4X4[0], [[2, 2]]],
      }),
    ).toBe('game shot 4 (D4): is a hit but the layout has no ship there');
    expect(
      errorOf({
        ...finished,
        rules: { ...rules, touch: 'no-touch' },
        shots: [],
        layout: [
          [
            [0, 0],
            [0, 1],
          ],
          [[1, 2]],
        ],
      }),
    ).toBe('game.layout ship 1: touches ship 2, which the no-touch rule forbids');
  });
});

describe('the named sunk ship', () => {
  // Two ships of length 1 that the player tells apart (say a Scout and a Buoy).
  const named = {
    opponent: 'Bo',
    rules: namedRules(4, 4, { Scout: 1, Buoy: 1 }),
    shots: [
      { cell: [0, 0], result: 'sunk', sunk: [[0, 0]], ship: 1 },
      { cell: [2, 2], result: 'sunk', sunk: [[2, 2]], ship: 0 },
    ],
  };

  it('round-trips the fleet index of each sunk ship', () => {
    const log = parseGameLog(named);
    expect(log.shots.map((s) => ('ship' in s ? s.ship : undefined))).toEqual([1, 0]);
    const again = parseGameLog(gameLogToJson(log));
    expect(again.shots.map((s) => ('ship' in s ? s.ship : undefined))).toEqual([1, 0]);
  });

  it('refuses a ship index of the wrong length, out of range, twice, or on a miss', () => {
    const withShots = (shots: unknown[]): unknown => ({ ...named, shots });
    const sunkAt = (cell: number[], ship: unknown): unknown => ({
      cell,
      result: 'sunk',
      sunk: [cell],
      ship,
    });
    expect(errorOf(withShots([sunkAt([0, 0], 2)]))).toMatch(/shot 1 ship: must be a fleet index/);
    expect(errorOf(withShots([sunkAt([0, 0], 1), sunkAt([1, 1], 1)]))).toMatch(
      /shot 2 \(B2\): sinks ship 2 a second time/,
    );
    expect(errorOf(withShots([{ cell: [0, 0], result: 'miss', ship: 0 }]))).toBe(
      'game shot 1: is a "miss" but names a ship',
    );
    const longFleet = { ...named, rules: { ...named.rules, fleet: [2, 1] } };
    expect(
      errorOf({
        ...longFleet,
        shots: [{ cell: [0, 0], result: 'sunk', sunk: [[0, 0]], ship: 0 }],
      }),
    ).toMatch(/names a ship of 2 cells, but 1 sank/);
  });
});

describe('a game log with hits after the fleet is gone', () => {
  it('refuses a hit after every ship sank, naming the shot (sinkings announced)', () => {
    const late = { cell: [2, 2], result: 'hit' };
    expect(errorOf({ ...finished, shots: [...finished.shots, late] })).toBe(
      'game shot 5 (C3): is a hit after every ship sank (the last at shot 4)',
    );
    // a miss after the end is only a wasted shot
    expect(() =>
      parseGameLog({ ...finished, shots: [...finished.shots, { cell: [2, 2], result: 'miss' }] }),
    ).not.toThrow();
  });

  it('refuses more hits than the fleet has cells when sinkings are not announced', () => {
    const hitOnly = (cell: number[]) => ({ cell, result: 'hit' });
    const shots = [
      [0, 0],
      [0, 1],
      [3, 3],
      [2, 2],
    ].map(hitOnly);
    expect(errorOf({ ...finished, shots })).toBe(
      'game shot 4 (C3): brings the hits to 4, but the fleet has only 3 cells: every ship was already hit in full',
    );
    expect(() => parseGameLog({ ...finished, shots: shots.slice(0, 3) })).not.toThrow();
  });
});
