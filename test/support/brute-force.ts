// A deliberately naive reference, written only for tests: every ship of the WHOLE fleet (sunk ones
// included) is tried at every placement, as labelled ships in fleet order; each complete tuple is
// checked against every rule and observation from scratch; the count is then divided by the
// orderings of equal-length ships. No shared code with the solvers beyond the Position type.

import { HIT, MISS, type Position } from '../../src/core/position';
import type { TouchRule } from '../../src/core/rules';
import { naivePlacements } from './naive-placements';

export interface BruteResult {
  /** Number of consistent layouts (or total prior weight). */
  total: number;
  /** Per length of a ship still afloat: per cell, layouts (weight) with such a ship there. */
  byLength: Map<number, number[]>;
  /** Per cell: layouts (weight) with any ship there. */
  cells: number[];
}

export function bruteForce(p: Position): BruteResult {
  const { width: W, height: H, touch } = p.rules;
  const n = W * H;
  const fleet = p.rules.fleet.map((s) => s.length);
  const placements = (len: number): number[][] => naivePlacements(W, H, len);

  const options = fleet.map(placements);
  const touches = touchesUnder(touch, W);
  const sunkKeys = p.sunk.map((s) => [...s].sort((a, b) => a - b).join(','));
  const result: BruteResult = { total: 0, byLength: new Map(), cells: new Array(n).fill(0) };
  const chosen: number[][] = [];

  const check = (): void => {
    const owner = new Int32Array(n).fill(-1);
    for (let s = 0; s < chosen.length; s++) {
      for (const cell of chosen[s]!) {
        if (owner[cell]! >= 0) return; // overlap
        owner[cell] = s;
      }
    }
    const occupied = chosen.flat();
    for (const a of occupied) {
      for (const b of occupied) if (owner[a] !== owner[b] && touches(a, b)) return;
    }
    for (let i = 0; i < n; i++) {
      if (p.cells[i] === MISS && owner[i]! >= 0) return;
      if (p.cells[i] === HIT && owner[i]! < 0) return;
    }
    // Sunk ships must be exactly ships of the layout; other ships must not be all-hit if
    // sinking is announced.
    const isSunk = chosen.map((cells) =>
      sunkKeys.includes([...cells].sort((a, b) => a - b).join(',')),
    );
    const matched = new Set(
      chosen.filter((_, s) => isSunk[s]).map((c) => [...c].sort((a, b) => a - b).join(',')),
    );
    if (matched.size !== sunkKeys.length || sunkKeys.some((k) => !matched.has(k))) return;
    if (p.sunkReported) {
      for (let s = 0; s < chosen.length; s++) {
        if (!isSunk[s] && chosen[s]!.every((cell) => p.cells[cell] === HIT)) return;
      }
    }
    let weight = 1;
    if (p.prior) for (const cells of chosen) for (const cell of cells) weight *= p.prior[cell]!;
    result.total += weight;
    chosen.forEach((cells, s) => {
      for (const cell of cells) result.cells[cell]! += weight;
      if (isSunk[s]) return;
      const len = cells.length;
      if (!result.byLength.has(len)) result.byLength.set(len, new Array(n).fill(0));
      for (const cell of cells) result.byLength.get(len)![cell]! += weight;
    });
  };

  const recurse = (s: number): void => {
    if (s === fleet.length) {
      check();
      return;
    }
    for (const cells of options[s]!) {
      // Only prune exact overlaps while recursing; everything else is checked at the leaf.
      if (chosen.some((other) => other.some((c) => cells.includes(c)))) continue;
      chosen.push(cells);
      recurse(s + 1);
      chosen.pop();
    }
  };
  recurse(0);

  // Labelled ships: each set was produced once per ordering of equal-length ships.
  const mult = new Map<number, number>();
  for (const len of fleet) mult.set(len, (mult.get(len) ?? 0) + 1);
  let orderings = 1;
  for (const m of mult.values()) for (let k = 2; k <= m; k++) orderings *= k;
  result.total /= orderings;
  result.cells = result.cells.map((x) => x / orderings);
  for (const [len, a] of result.byLength)
    result.byLength.set(
      len,
      a.map((x) => x / orderings),
    );
  return result;
}

/** Do cells a and b of a board W wide touch as `touch` forbids? Written apart from the solvers. */
export function touchesUnder(touch: TouchRule, W: number): (a: number, b: number) => boolean {
  return (a, b) => {
    const dr = Math.abs(Math.floor(a / W) - Math.floor(b / W));
    const dc = Math.abs((a % W) - (b % W));
    if (touch === 'allowed') return false;
    if (touch === 'no-touch') return dr <= 1 && dc <= 1;
    return dr + dc === 1;
  };
}
