// A deliberately naive reference for the optimal-play search, written only for tests and sharing
// no code with it: layouts are enumerated as labelled ship tuples checked from scratch (equal
// lengths deduplicated by their sorted cell sets), and the best policy is found by trying every
// unshot cell (useless ones included) after every answer history, without symmetries, bounds or
// the sure-hit shortcut: the minimum over every decision tree. Histories that leave the same
// layouts and shot cells are memoised together (what follows depends on nothing else).

import type { Rules } from '../../src/core/rules';
import { naivePlacements } from './naive-placements';

export function bruteLayouts(rules: Rules): number[][][] {
  const { width: W, height: H, touch } = rules;
  const fleet = rules.fleet.map((s) => s.length);
  const spots = (len: number): number[][] => naivePlacements(W, H, len);

  const near = (a: number, b: number): boolean => {
    const dr = Math.abs(Math.floor(a / W) - Math.floor(b / W));
    const dc = Math.abs((a % W) - (b % W));
    if (touch === 'allowed') return a === b;
    if (touch === 'no-touch') return dr <= 1 && dc <= 1;
    return dr + dc <= 1;
  };
  const seen = new Set<string>();
  const out: number[][][] = [];
  const chosen: number[][] = [];
  const go = (i: number): void => {
    if (i === fleet.length) {
      for (let a = 0; a < chosen.length; a++) {
        for (let b = a + 1; b < chosen.length; b++) {
          for (const x of chosen[a]!) for (const y of chosen[b]!) if (near(x, y)) return;
        }
      }
      const key = chosen
        .map((s) => `${s.length}:${[...s].sort((x, y) => x - y).join(',')}`)
        .sort()
        .join('|');
      if (seen.has(key)) return;
      seen.add(key);
      out.push(chosen.map((s) => s.slice()));
      return;
    }
    for (const s of spots(fleet[i]!)) {
      chosen.push(s);
      go(i + 1);
      chosen.pop();
    }
  };
  go(0);
  return out;
}

/** Shots summed over every layout under the best policy (a whole number). */
export function bruteOptimalTotalShots(rules: Rules): { layouts: number; totalShots: number } {
  const layouts = bruteLayouts(rules);
  const n = rules.width * rules.height;
  const answer = (layout: number[][], shot: Set<number>, cell: number): string => {
    const ship = layout.find((s) => s.includes(cell));
    if (!ship) return 'o';
    if (ship.every((c) => c === cell || shot.has(c))) return `#${[...ship].sort().join(',')}`;
    return 'x';
  };
  const memo = new Map<string, number>();
  // Every layout in `alive` (indices into `layouts`) gave the same answers to the shots in `shot`.
  const best = (alive: number[], shot: Set<number>): number => {
    const done = alive.every((i) => layouts[i]!.every((s) => s.every((c) => shot.has(c))));
    if (done) return 0;
    const key = `${alive.join(',')}/${[...shot].sort((a, b) => a - b).join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let min = Infinity;
    for (let cell = 0; cell < n; cell++) {
      if (shot.has(cell)) continue;
      const groups = new Map<string, number[]>();
      for (const i of alive) {
        const a = answer(layouts[i]!, shot, cell);
        groups.set(a, [...(groups.get(a) ?? []), i]);
      }
      shot.add(cell);
      let total = alive.length;
      for (const group of groups.values()) total += best(group, shot);
      shot.delete(cell);
      if (total < min) min = total;
    }
    memo.set(key, min);
    return min;
  };
  return {
    layouts: layouts.length,
    totalShots: best(
      layouts.map((_, i) => i),
      new Set(),
    ),
  };
}
