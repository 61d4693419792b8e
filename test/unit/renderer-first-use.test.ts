// The renderer's pure helpers behind the first-use fixes: hints that name only real causes, the
// sunk ship the user named, the board growing into its room, a prior's distance from uniform,
// the two-sided shot log and the lab's exports.

import { describe, expect, it } from 'vitest';
import { SINK_A1_B1 } from '../support/fixtures';
import { HIT, MISS } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { presetRules } from '../../src/core/rules';
import { boardGeometry, MAX_CELL } from '../../src/renderer/src/model/board-geometry';
import {
  addSunk,
  emptySnapshot,
  remainingFleet,
  setMark,
  type BoardSnapshot,
} from '../../src/renderer/src/model/board-model';
import { impossibleHints, uncoverableHits } from '../../src/renderer/src/model/hints';
import { perGameCsv, reportJson } from '../../src/renderer/src/model/lab-export';
import { describeSpread, priorSpread } from '../../src/renderer/src/model/prior-spread';
import { shotRows } from '../../src/renderer/src/model/shot-log';
import type { GameLogJson, SimulationRunReport } from '../../src/shared/api';

function marks(s: BoardSnapshot, mark: number, cells: number[]): BoardSnapshot {
  return cells.reduce((b, c) => setMark(b, c, mark as 0 | 1 | 2), s);
}

describe('impossible-position hints', () => {
  const rules = parseRules({ width: 6, height: 6, fleet: [3, 2], touch: 'allowed' });

  it('name a hit no ship can cover, and not an unrelated run of hits', () => {
    // A1 walled in by misses at A2 and B1; D4-E4 is a run of two elsewhere.
    let s = marks(emptySnapshot(rules), MISS, [6, 1]);
    s = marks(s, HIT, [0, 21, 22]);
    expect(uncoverableHits(s)).toEqual([0]);
    const hints = impossibleHints(s);
    expect(hints).toEqual([
      'No ship afloat fits over the hit at A1: misses, sunk ships or the edge block every placement.',
    ]);
  });

  it('suggest marking a finished ship sunk only when nothing definite explains it', () => {
    const noTouch = parseRules({ width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' });
    const s = marks(emptySnapshot(noTouch), HIT, [7, 8, 9]);
    expect(uncoverableHits(s)).toEqual([]);
    expect(impossibleHints(s)).toEqual([
      'If the ship on B2–D2 has been sunk, mark it sunk (key S).',
    ]);
  });
});

describe('the sunk ship the user named', () => {
  it('strikes out that ship, not the first of its length', () => {
    const classic = presetRules('classic');
    const s = addSunk(emptySnapshot(classic), [11, 12, 13], 3); // the Submarine
    const fleet = remainingFleet(s);
    expect(fleet.filter((f) => f.sunk).map((f) => f.label)).toEqual(['Submarine (3)']);
    // An unnamed sinking of the same length then takes the other one.
    const both = addSunk(s, [51, 52, 53]);
    expect(
      remainingFleet(both)
        .filter((f) => f.sunk)
        .map((f) => f.label),
    ).toEqual(['Cruiser (3)', 'Submarine (3)']);
    // Changing a cell of the named ship unsinks it, and its name goes with it.
    const unsunk = setMark(both, 11, MISS);
    expect(unsunk.sunk).toHaveLength(1);
    expect(
      remainingFleet(unsunk)
        .filter((f) => f.sunk)
        .map((f) => f.label),
    ).toEqual(['Cruiser (3)']);
  });
});

describe('board geometry', () => {
  it('grows into the room it has, within the base size and MAX_CELL', () => {
    expect(boardGeometry(10, 10).cell).toBe(40);
    expect(boardGeometry(10, 10, { width: 300, height: 300 }).cell).toBe(40);
    const roomy = boardGeometry(10, 10, { width: 900, height: 600 });
    expect(roomy.cell).toBe(Math.floor((600 - 26 - 2) / 10 - 2));
    expect(roomy.font).toBeGreaterThan(13);
    expect(boardGeometry(10, 10, { width: 5000, height: 5000 }).cell).toBe(MAX_CELL);
  });
});

describe("a prior's distance from uniform", () => {
  it('reads flat grids as close to uniform and a strong habit as shaped', () => {
    expect(priorSpread([[1, 1.01, 0.99]]).verdict).toBe('very close to uniform');
    const shaped = priorSpread([[4, 1, 0.25]]);
    expect(shaped.verdict).toBe('clearly shaped');
    expect(shaped.high).toBeCloseTo(4, 10);
    expect(shaped.low).toBeCloseTo(0.25, 10);
    expect(describeSpread(shaped)).toBe(
      'cell weights from 0.25 to 4.00 of the average (uniform: 1 everywhere), clearly shaped',
    );
    // Relative to the geometric mean (1.00325 here), to three decimals when near flat.
    expect(describeSpread(priorSpread([[1, 1.02, 0.99]]))).toBe(
      'cell weights from 0.987 to 1.017 of the average (uniform: 1 everywhere), very close to uniform',
    );
    expect(describeSpread(priorSpread([[1, 1.0001]]))).toBe(
      'every cell weight within 0.1% of the average (uniform: 1 everywhere), very close to uniform',
    );
  });
});

describe('the shot log', () => {
  it('lists both sides in turn, one row per shot, with the named ship', () => {
    const rules = { width: 4, height: 4, fleet: [{ length: 2, name: 'Skiff' }], touch: 'allowed' };
    const mine = {
      opponent: 'A',
      rules,
      firedBy: 'me',
      shots: [SINK_A1_B1[0]!, { ...SINK_A1_B1[1]!, ship: 0 }],
    } as unknown as GameLogJson;
    const theirs = {
      ...mine,
      firedBy: 'opponent',
      shots: [{ cell: [3, 3], result: 'miss' }],
    } as unknown as GameLogJson;
    expect(shotRows(mine, theirs)).toEqual([
      { side: 'me', n: 1, cell: 'A1', result: 'hit' },
      { side: 'them', n: 1, cell: 'D4', result: 'miss' },
      { side: 'me', n: 2, cell: 'B1', result: 'sunk: Skiff (2)' },
    ]);
  });
});

describe('lab exports', () => {
  const report = {
    rules: { width: 3, height: 2, fleet: [1], touch: 'allowed' },
    games: 2,
    firstGame: 0,
    seed: 1,
    strategies: {},
    paired: [],
    perGameShots: { a: [2, 1], 'b,c': [3, 1] },
    perGameCells: { a: [[0, 5], [4]], 'b,c': [[2, 1, 3], [4]] },
  } as unknown as SimulationRunReport;

  it('JSON leaves out the per-game shots (the simulate --json form)', () => {
    const json = JSON.parse(reportJson(report));
    expect(json).not.toHaveProperty('perGameShots');
    expect(json).not.toHaveProperty('perGameCells');
    expect(json.firstGame).toBe(0);
  });

  it('CSV has one row per game and strategy with its cells, names quoted when needed', () => {
    expect(perGameCsv(report)).toBe(
      'game,strategy,shots,cells\r\n' +
        '0,a,2,A1 C2\r\n0,"b,c",3,C1 B1 A2\r\n1,a,1,B2\r\n1,"b,c",1,B2\r\n',
    );
  });

  it('CSV numbers games as the JSON does: a slice from game 37 starts at 37', () => {
    const slice = { ...report, firstGame: 37, perGameCells: undefined };
    expect(perGameCsv(slice).split('\r\n').slice(1, 3)).toEqual(['37,a,2,', '37,"b,c",3,']);
  });
});
