// Learning from logs with named hits and volleys. A log that reveals its layout is learned from
// the layout, whatever its shots were. Of a log that does not, only the single shots are read: a
// volley's cells count as not fired at (never as misses or hits), and ship names are left out,
// so its likelihood is exactly that of its single shots' marks (checked against brute force).
// The placement advisor reads an opponent's volleys as search shots fired together.

import { describe, expect, it } from 'vitest';
import { knownLayout, parseGameLog, replaySingleShots } from '../../src/core/game-log';
import { emptyPosition, HIT, MISS, UNKNOWN } from '../../src/core/position';
import { riskMap } from '../../src/core/prior/advisor';
import { learnPrior } from '../../src/core/prior/learn';
import { exactOccupancy, gameLogLikelihood } from '../../src/core/prior/occupancy';
import { seededRandom } from '../../src/core/random';
import { parseRules } from '../../src/core/rules-json';
import { bruteForce } from '../support/brute-force';
import { namedRules } from '../support/fixtures';

const rulesJson = namedRules(5, 5, { Long: 3, Boat: 2, Raft: 2 });
const rules = parseRules(rulesJson);
// Long A1-C1 (cells 0-2), Boat A3-B3 (10, 11), Raft E4-E5 (19, 24).
const layoutCells = [
  [0, 1, 2],
  [10, 11],
  [19, 24],
];
const layout = layoutCells.map((ship) => ship.map((c) => [Math.floor(c / 5), c % 5]));

const grid = (() => {
  const random = seededRandom(21);
  return new Float64Array(25).map(() => Math.exp((random() - 0.5) * 1.5));
})();

/** Unfinished: a named hit, a miss, and two volleys (B1 + D4 hit once; A3 + A5 hit the Boat). */
const partialShots = [
  { cell: [0, 0], result: 'hit', ship: 0 },
  { cell: [2, 2], result: 'miss' },
  {
    volley: {
      cells: [
        [0, 1],
        [3, 3],
      ],
      hitCount: 1,
    },
  },
  {
    volley: {
      cells: [
        [2, 0],
        [4, 0],
      ],
      hits: { Boat: 1 },
    },
  },
];
const partial = parseGameLog({ opponent: 'Ivy', rules: rulesJson, shots: partialShots });
/** The same game with its volleys left out of the log. */
const singlesOnly = parseGameLog({
  opponent: 'Ivy',
  rules: rulesJson,
  shots: partialShots.slice(0, 2),
});

describe('learning from logs with volleys', () => {
  it('an unfinished log counts its volley cells as not fired at', () => {
    const p = replaySingleShots(partial);
    expect([p.cells[0], p.cells[12]]).toEqual([HIT, MISS]);
    expect([p.cells[1], p.cells[18], p.cells[10], p.cells[20]]).toEqual([
      UNKNOWN,
      UNKNOWN,
      UNKNOWN,
      UNKNOWN,
    ]);
    expect(p.named).toBeUndefined();
    expect(p.volleys).toBeUndefined();
  });

  it("an unfinished log's likelihood is its single shots' marks, exactly (brute force)", () => {
    const empty = exactOccupancy(emptyPosition(rules), grid);
    const ll = gameLogLikelihood(partial, grid, empty.logZ);
    const marks = emptyPosition(rules);
    marks.cells[0] = HIT;
    marks.cells[12] = MISS;
    const brute = bruteForce({ ...marks, prior: grid });
    const bruteEmpty = bruteForce({ ...emptyPosition(rules), prior: grid });
    expect(ll.full).toBe(false);
    expect(ll.logLikelihood).toBeCloseTo(Math.log(brute.total / bruteEmpty.total), 10);
    // Reading the volley cells as misses would be another number.
    const asMisses = { ...marks, cells: marks.cells.slice(), prior: grid };
    for (const c of [1, 18, 10, 20]) asMisses.cells[c] = MISS;
    const wrong = Math.log(bruteForce(asMisses).total / bruteEmpty.total);
    expect(Math.abs(ll.logLikelihood - wrong)).toBeGreaterThan(0.1);
  });

  it('learns the same prior as from the log without its volleys', () => {
    const revealed = parseGameLog({ opponent: 'Ivy', rules: rulesJson, shots: [], layout });
    const a = learnPrior([partial, revealed], { method: 'fit' });
    const b = learnPrior([singlesOnly, revealed], { method: 'fit' });
    expect(a.partialGames).toBe(1);
    expect(Array.from(a.grid)).toEqual(Array.from(b.grid));
    expect(a.logLikelihood).toBe(b.logLikelihood);
  });

  it('a log of volleys alone is skipped; one finished by single sinkings knows its layout', () => {
    const volleysOnly = parseGameLog({
      opponent: 'Ivy',
      rules: rulesJson,
      shots: partialShots.slice(2),
    });
    const revealed = parseGameLog({ opponent: 'Ivy', rules: rulesJson, shots: [], layout });
    const learned = learnPrior([volleysOnly, revealed], { method: 'fit' });
    expect(learned).toMatchObject({ games: 1, fullGames: 1, partialGames: 0, skipped: 1 });
    const sinkings = layoutCells.map((ship) => ({
      cell: [Math.floor(ship.at(-1)! / 5), ship.at(-1)! % 5],
      result: 'sunk',
      sunk: ship.map((c) => [Math.floor(c / 5), c % 5]),
    }));
    const hits = layoutCells.flatMap((ship) =>
      ship.slice(0, -1).map((c) => ({ cell: [Math.floor(c / 5), c % 5], result: 'hit' })),
    );
    const finished = parseGameLog({
      opponent: 'Ivy',
      rules: rulesJson,
      shots: [{ volley: { cells: [[4, 0]], hitCount: 0 } }, ...hits, ...sinkings],
    });
    expect(knownLayout(finished)).toEqual(layoutCells);
  });

  it('a log that reveals its layout is learned from the layout, volleys or not', () => {
    const sunkByVolley = {
      opponent: 'Ivy',
      rules: rulesJson,
      shots: [
        { cell: [0, 0], result: 'hit', ship: 0 },
        {
          volley: {
            cells: layoutCells
              .flat()
              .filter((c) => c !== 0)
              .map((c) => [Math.floor(c / 5), c % 5]),
            hits: { Long: 2, Boat: 2, Raft: 2 },
            sunk: ['Long', 'Boat', 'Raft'],
          },
        },
      ],
    };
    const withLayout = parseGameLog({ ...sunkByVolley, layout });
    expect(knownLayout(withLayout)).toEqual(layoutCells);
    // Sunk in a volley and not revealed: the cells were never told, so no layout is known.
    expect(knownLayout(parseGameLog(sunkByVolley))).toBeUndefined();
    const plain = parseGameLog({ opponent: 'Ivy', rules: rulesJson, shots: [], layout });
    const a = learnPrior([withLayout], { method: 'counts' });
    const b = learnPrior([plain], { method: 'counts' });
    expect(a.fullGames).toBe(1);
    expect(Array.from(a.grid)).toEqual(Array.from(b.grid));
  });
});

describe('the placement advisor reads volleys of theirs', () => {
  it("counts a volley's cells as search shots fired together, in the volley's place", () => {
    const theirs = parseGameLog({
      opponent: 'Ivy',
      rules: rulesJson,
      firedBy: 'opponent',
      shots: [
        {
          volley: {
            cells: [
              [0, 4],
              [0, 3],
            ],
            hitCount: 0,
          },
        },
        { cell: [4, 4], result: 'miss' },
      ],
    });
    const risk = riskMap([theirs]);
    // Search order: D1 (3), E1 (4) from the volley, then E5 (24).
    expect([risk[3], risk[4], risk[24]]).toEqual([1, 1 - 1 / 25, 1 - 2 / 25]);
    expect(risk[0]).toBe(0);
  });
});
