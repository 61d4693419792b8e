// The pure functions behind the analyst's desk: what a change of rules drops, which named ships
// are surely sunk, which preset a set of rules is, and the best shot in words.

import { describe, expect, it } from 'vitest';
import { HIT, MISS } from '../../src/core/position';
import { presetRules, type Rules } from '../../src/core/rules';
import { bestShotText } from '../../src/renderer/src/model/best-shot';
import {
  addSunk,
  emptySnapshot,
  inOneLine,
  setMark,
  withRules,
} from '../../src/renderer/src/model/board-model';
import { nameHit, putVolley } from '../../src/renderer/src/model/observation-edits';
import { presetMatching } from '../../src/renderer/src/model/preset-match';
import { rulesChangeReport } from '../../src/renderer/src/model/rules-change';
import { sunkShipNames } from '../../src/renderer/src/model/sunk-names';

const named = (w: number, h: number, fleet: [string, number][]): Rules => ({
  width: w,
  height: h,
  fleet: fleet.map(([name, length]) => ({ name, length })),
  touch: 'allowed',
});
const plain = (w: number, h: number, fleet: number[]): Rules => ({
  width: w,
  height: h,
  fleet: fleet.map((length) => ({ length })),
  touch: 'allowed',
});

describe('rulesChangeReport', () => {
  it('names what does not fit: marks off the board, sunk ships, named hits, volleys', () => {
    const rules = named(6, 6, [
      ['Cruiser', 3],
      ['Scout', 1],
    ]);
    let s = addSunk(setMark(emptySnapshot(rules), 0, HIT), [0], 1); // the Scout on A1
    s = nameHit(setMark(s, 14, HIT), 14, 'Cruiser'); // C3
    s = setMark(s, 35, MISS); // F6
    s = putVolley(s, { cells: [3, 4], answer: { kind: 'hitCount', count: 0 }, sunk: [] });
    const next = withRules(s, plain(5, 5, [3, 2]));
    expect(rulesChangeReport(s, next)).toEqual([
      '1 mark outside the new 5×5 board',
      'the sunk ship on A1, now plain hits (the fleet has no ship of length 1)',
      'the Cruiser named on the hit C3 (no such ship now)',
    ]);
    // The volley on D1-E1 fits (a count needs no names): kept, so not listed.
    expect(next.volleys).toHaveLength(1);
  });

  it('says nothing when everything fits', () => {
    const rules = plain(6, 6, [3, 2]);
    const s = setMark(emptySnapshot(rules), 7, MISS);
    expect(rulesChangeReport(s, withRules(s, plain(8, 8, [3, 2])))).toEqual([]);
  });
});

describe('sunkShipNames', () => {
  const rules = named(6, 6, [
    ['Cruiser', 3],
    ['Submarine', 3],
    ['Destroyer', 2],
  ]);
  it('counts a ship sunk when named, or when every ship of its length is sunk', () => {
    const s = addSunk(emptySnapshot(rules), [0, 1], 2);
    expect([...sunkShipNames(s)]).toEqual(['Destroyer']);
  });
  it('leaves an unnamed sunk ship of a shared length open', () => {
    const s = addSunk(emptySnapshot(rules), [0, 1, 2]);
    expect(sunkShipNames(s).size).toBe(0);
    const both = addSunk(s, [12, 13, 14]);
    expect([...sunkShipNames(both)].sort()).toEqual(['Cruiser', 'Submarine']);
  });
});

describe('presetMatching and inOneLine', () => {
  it('knows a preset by its values, names included, in any fleet order', () => {
    const r = presetRules('russian');
    expect(presetMatching({ ...r, fleet: [...r.fleet].reverse() })).toBe('russian');
    expect(presetMatching({ ...r, width: 9 })).toBeNull();
    const classic = presetRules('classic');
    expect(
      presetMatching({ ...classic, fleet: classic.fleet.map((s) => ({ length: s.length })) }),
    ).toBeNull();
  });
  it('tells a straight line of touching cells from scattered ones', () => {
    expect(inOneLine([2, 0, 1], 6)).toBe(true);
    expect(inOneLine([1, 7, 13], 6)).toBe(true);
    expect(inOneLine([0, 2], 6)).toBe(false);
    expect(inOneLine([5, 6], 6)).toBe(false); // the end of a row and the start of the next
    expect(inOneLine([12, 28, 35], 6)).toBe(false);
  });
});

describe('bestShotText', () => {
  const p = new Float64Array(9).fill(0.1);
  p[4] = 0.3333;
  it('names the cell and its chance', () => {
    expect(bestShotText(4, [4], p, 3)).toBe('Best shot: B2 (33.33%)');
  });
  it('lists ties in board order, then counts the rest', () => {
    expect(bestShotText(4, [8, 4, 0], p, 3)).toBe('Best shot: B2 (33.33%), tied with A1, C3');
    const many = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    expect(bestShotText(4, many, p, 3)).toBe(
      'Best shot: B2 (33.33%), tied with A1, B1, C1, A2, C2, A3 and 2 more',
    );
  });
});
