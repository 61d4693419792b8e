import { describe, expect, it } from 'vitest';
import { HIT, MISS, parsePositionText } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import {
  addSunk,
  emptySnapshot,
  remainingFleet,
  setMark,
  snapshotFromPosition,
  snapshotKey,
  sunkProblem,
  toPositionJson,
  unsink,
  withRules,
  type BoardSnapshot,
} from '../../src/renderer/src/model/board-model';
import {
  inferSunk,
  shipExtentName,
  sunkCandidates,
} from '../../src/renderer/src/model/sunk-inference';
import { impossibleHints } from '../../src/renderer/src/model/hints';

/** A snapshot from the compact text form (header + rows). */
function board(text: string): BoardSnapshot {
  return snapshotFromPosition(parsePositionText(text));
}
const at = (s: BoardSnapshot, name: string): number =>
  (Number(name.slice(1)) - 1) * s.rules.width + (name.charCodeAt(0) - 65);

describe('sunk-ship inference from the sinking cell', () => {
  it('is unique for an isolated run of hits as long as a ship afloat', () => {
    const s = board(`rules: 6x4 fleet=3,2 touch=allowed
      ......
      .xxx..
      ......
      ......`);
    // Through B2: length 3 B2-D2, or length 2 B2-C2; ships may touch so both fit.
    expect(sunkCandidates(s, at(s, 'B2'))).toEqual([
      [7, 8, 9],
      [7, 8],
    ]);
    const r = inferSunk(s, at(s, 'B2'), 3);
    expect(r).toEqual({ kind: 'unique', cells: [7, 8, 9] });
  });

  it('uses the touch rule: a ship cannot have another hit beside it', () => {
    const s = board(`rules: 6x4 fleet=3,2 touch=no-touch
      ......
      .xxx..
      ......
      ......`);
    // B2-C2 would touch the hit at D2: only the whole run can be the sunk ship.
    expect(inferSunk(s, at(s, 'C2'))).toEqual({ kind: 'unique', cells: [7, 8, 9] });
  });

  it('is ambiguous where hits cross, and lists both ships', () => {
    const s = board(`rules: 5x5 fleet=3,3 touch=allowed
      .....
      ..x..
      .xxx.
      ..x..
      .....`);
    const r = inferSunk(s, at(s, 'C3'));
    expect(r.kind).toBe('ambiguous');
    if (r.kind === 'ambiguous') {
      expect(r.candidates.map((c) => shipExtentName(c, 5))).toEqual(['C2–C4', 'B3–D3']);
    }
  });

  it('explains when nothing fits', () => {
    const s = board(`rules: 5x5 fleet=3 touch=allowed
      .....
      ..x..
      .....
      .....
      .....`);
    expect(inferSunk(s, at(s, 'C2'))).toEqual({
      kind: 'none',
      reason: 'no ship still afloat fits the hits through C2',
    });
    expect(inferSunk(s, at(s, 'A1')).kind).toBe('none');
  });

  it('skips lengths already sunk and cells of sunk ships', () => {
    let s = board(`rules: 6x3 fleet=2,3 touch=allowed
      xx....
      xxx...
      ......`);
    s = addSunk(s, [0, 1]);
    expect(remainingFleet(s).map((f) => f.sunk)).toEqual([true, false]);
    expect(sunkCandidates(s, 0)).toEqual([]);
    expect(inferSunk(s, at(s, 'B2'))).toEqual({ kind: 'unique', cells: [6, 7, 8] });
  });
});

describe('board model', () => {
  const rules = presetRules('classic');

  it('unsinks a ship when one of its cells is changed, keeping the other hits', () => {
    let s = emptySnapshot(rules);
    s = addSunk(s, [0, 1]);
    expect(s.sunk).toEqual([[0, 1]]);
    s = setMark(s, 1, MISS);
    expect(s.sunk).toEqual([]);
    expect([s.cells[0], s.cells[1]]).toEqual([HIT, MISS]);
    expect(unsink(addSunk(s, [0, 10]), 0).sunk).toEqual([]);
  });

  it('returns the same snapshot for a no-op edit (no empty undo step)', () => {
    const s = setMark(emptySnapshot(rules), 5, HIT);
    expect(setMark(s, 5, HIT)).toBe(s);
  });

  it('refuses sunk ships that are not straight or have no length left', () => {
    const s = emptySnapshot(rules);
    expect(sunkProblem(s, [0, 11])).toMatch(/straight/);
    expect(sunkProblem(s, [0, 1, 2, 3, 4, 5])).toMatch(/no ship of length 6/);
    const twice = addSunk(addSunk(s, [0, 1, 2]), [20, 21, 22]);
    expect(sunkProblem(twice, [40, 41, 42])).toMatch(/every ship of length 3 is already sunk/);
  });

  it('keeps marks and fitting sunk ships when the rules change', () => {
    let s = addSunk(setMark(emptySnapshot(rules), 99, MISS), [0, 1, 2]);
    s = withRules(s, { ...rules, width: 8, height: 8, preset: undefined });
    expect(s.cells.length).toBe(64);
    expect(s.sunk).toEqual([[0, 1, 2]]);
    expect(toPositionJson(s).board[0]).toBe('xxx.....');
  });

  it('keys change with every input the solver sees', () => {
    const s = emptySnapshot(rules);
    const k = snapshotKey(s);
    expect(snapshotKey(setMark(s, 3, MISS))).not.toBe(k);
    expect(snapshotKey(s, 'prior=edges')).not.toBe(k);
    expect(snapshotKey(emptySnapshot(rules))).toBe(k);
  });
});

describe('hints for impossible positions', () => {
  it('suggests marking a finished ship sunk', () => {
    const s = board(`rules: 6x4 fleet=3,2 touch=no-touch
      ......
      .xxx..
      ......
      ......`);
    expect(impossibleHints(s)).toEqual([
      'If the ship on B2–D2 has been sunk, mark it sunk (key S).',
    ]);
  });

  it('names a hit touching a sunk ship and too many hits', () => {
    let s = board(`rules: 6x4 fleet=2,1 touch=no-touch
      xx....
      ..x...
      ....x.
      x.....`);
    s = addSunk(s, [0, 1]);
    const hints = impossibleHints(s);
    expect(hints).toContain('3 hits are not in sunk ships, but the ships afloat have only 1 cell.');
    expect(hints.some((h) => /C2 touches the sunk ship at B1/.test(h))).toBe(true);
  });
});
