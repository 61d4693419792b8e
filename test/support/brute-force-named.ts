// The naive reference for positions with named hits and volleys, written only for tests and
// sharing no code with the solvers: every ship of the whole fleet (sunk ones included) is tried at
// every placement as a labelled ship (fleet index); each complete layout is then checked against
// every rule from scratch. Sums are over labelled layouts; the caller divides by the orderings of
// interchangeable ships if it wants the solvers' count.

import { HIT, MISS, type Position } from '../../src/core/position';
import { touchesUnder } from './brute-force';
import { naivePlacements } from './naive-placements';

export interface NamedBruteResult {
  /** Labelled layouts (or their prior weight). */
  total: number;
  /** Per cell: layouts (weight) with any ship there. */
  cells: number[];
  /** Per length: layouts (weight) with a ship of that length, not one of the sunk lists, there. */
  byLength: Map<number, number[]>;
  /** Per fleet name: layouts (weight) with the ship of that name there (sunk or not). */
  byName: Map<string, number[]>;
}

export function bruteForceNamed(p: Position): NamedBruteResult {
  const { width: W, height: H, touch, fleet } = p.rules;
  const n = W * H;
  const volleys = p.volleys ?? [];
  const named = p.named ?? [];
  const options = fleet.map((s) => naivePlacements(W, H, s.length));
  const inVolley = volleys.map((v) => new Set(v.cells));
  const fired = (c: number): boolean =>
    p.cells[c] !== 0 || volleys.some((v) => v.cells.includes(c));
  const touches = touchesUnder(touch, W);
  const key = (cells: number[]): string => [...cells].sort((a, b) => a - b).join(',');
  const sunkKeys = p.sunk.map(key);

  const result: NamedBruteResult = {
    total: 0,
    cells: new Array<number>(n).fill(0),
    byLength: new Map(),
    byName: new Map(),
  };
  for (const s of fleet) if (s.name !== undefined) result.byName.set(s.name, new Array(n).fill(0));
  const chosen: number[][] = [];

  const consistent = (): boolean => {
    const owner = new Array<number>(n).fill(-1);
    for (let s = 0; s < chosen.length; s++) {
      for (const c of chosen[s]!) {
        if (owner[c] !== -1) return false;
        owner[c] = s;
      }
    }
    for (let s = 0; s < chosen.length; s++) {
      for (let t = s + 1; t < chosen.length; t++) {
        for (const a of chosen[s]!) for (const b of chosen[t]!) if (touches(a, b)) return false;
      }
    }
    for (let c = 0; c < n; c++) {
      if (p.cells[c] === MISS && owner[c] !== -1) return false;
      if (p.cells[c] === HIT && owner[c] === -1) return false;
    }
    // Each sunk list is exactly some ship of the layout.
    const keys = chosen.map(key);
    if (!sunkKeys.every((k) => keys.includes(k))) return false;
    for (const h of named) {
      const s = owner[h.cell]!;
      if (s === -1 || fleet[s]!.name !== h.ship) return false;
    }
    const covers = (s: number, v: number): number =>
      chosen[s]!.filter((c) => inVolley[v]!.has(c)).length;
    for (let v = 0; v < volleys.length; v++) {
      const a = volleys[v]!.answer;
      if (a.kind === 'hitCount') {
        let sum = 0;
        for (let s = 0; s < chosen.length; s++) sum += covers(s, v);
        if (sum !== a.count) return false;
      } else {
        for (let s = 0; s < chosen.length; s++) {
          const name = fleet[s]!.name;
          const k = covers(s, v);
          if (a.kind === 'hits') {
            const said = a.hits.find((h) => name !== undefined && h.ship === name)?.count ?? 0;
            if (k !== said) return false;
          } else {
            const said = name !== undefined && a.ships.includes(name);
            if (k > 0 !== said) return false;
          }
        }
      }
    }
    // Sinkings after a volley: every cell a hit or in a volley up to it, one in it.
    const announced = new Array<boolean>(chosen.length).fill(false);
    for (let v = 0; v < volleys.length; v++) {
      for (const name of volleys[v]!.sunk) {
        const s = fleet.findIndex((f) => f.name === name);
        announced[s] = true;
        const cells = chosen[s]!;
        const ok = cells.every(
          (c) => p.cells[c] === HIT || inVolley.slice(0, v + 1).some((set) => set.has(c)),
        );
        if (!ok || !cells.some((c) => inVolley[v]!.has(c))) return false;
      }
    }
    for (let s = 0; s < chosen.length; s++) if (sunkKeys.includes(keys[s]!)) announced[s] = true;
    if (p.sunkReported) {
      for (let s = 0; s < chosen.length; s++) {
        if (!announced[s] && chosen[s]!.every(fired)) return false;
      }
    }
    return true;
  };

  const credit = (): void => {
    let weight = 1;
    if (p.prior) for (const cells of chosen) for (const c of cells) weight *= p.prior[c]!;
    result.total += weight;
    chosen.forEach((cells, s) => {
      for (const c of cells) result.cells[c]! += weight;
      const name = fleet[s]!.name;
      if (name !== undefined) for (const c of cells) result.byName.get(name)![c]! += weight;
      if (sunkKeys.includes(key(cells))) return;
      const len = cells.length;
      if (!result.byLength.has(len)) result.byLength.set(len, new Array(n).fill(0));
      for (const c of cells) result.byLength.get(len)![c]! += weight;
    });
  };

  const recurse = (s: number): void => {
    if (s === fleet.length) {
      if (consistent()) credit();
      return;
    }
    for (const cells of options[s]!) {
      // Pruned while recursing: overlaps and misses (both checked again at the leaf).
      if (cells.some((c) => p.cells[c] === MISS)) continue;
      if (chosen.some((other) => other.some((c) => cells.includes(c)))) continue;
      chosen.push(cells);
      recurse(s + 1);
      chosen.pop();
    }
  };
  recurse(0);
  return result;
}
