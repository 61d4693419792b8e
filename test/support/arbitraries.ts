// fast-check generators for small consistent positions: board size first, then a fleet that
// fits, then a true hidden layout, then a random set of shots at it, so every generated position
// has at least one consistent layout (the true one) and its marks follow the game's rules.

import fc from 'fast-check';
import { HIT, MISS, type Position } from '../../src/core/position';
import type { Rules, TouchRule } from '../../src/core/rules';
import { seededRandom, randomInt, type Random } from '../../src/core/random';
import { touchNeighbours } from '../../src/core/neighbours';

/** Places the fleet at random (rejection sampling); null if it failed to fit. */
export function randomLayout(rules: Rules, random: Random): number[][] | null {
  const { width: W, height: H, touch } = rules;
  const blocked = new Uint8Array(W * H);
  const ships: number[][] = [];
  for (const { length } of [...rules.fleet].sort((a, b) => b.length - a.length)) {
    let placed = false;
    for (let attempt = 0; attempt < 200 && !placed; attempt++) {
      const canH = length <= W;
      const canV = length > 1 && length <= H;
      const vertical = canV && (!canH || random() < 0.5);
      if (!vertical && !canH) return null;
      const r = randomInt(random, vertical ? H - length + 1 : H);
      const c = randomInt(random, vertical ? W : W - length + 1);
      const cells = Array.from({ length }, (_, k) => (vertical ? (r + k) * W + c : r * W + c + k));
      if (cells.some((x) => blocked[x])) continue;
      for (const x of cells) {
        blocked[x] = 1;
        for (const nb of touchNeighbours(touch, W, H, x)) blocked[nb] = 1;
      }
      ships.push(cells);
      placed = true;
    }
    if (!placed) return null;
  }
  return ships;
}

/** Shoots `shots` random cells at a layout and records what a player would know. */
export function observe(
  rules: Rules,
  layout: number[][],
  shots: number[],
  sunkReported: boolean,
): Position {
  const n = rules.width * rules.height;
  const cells = new Uint8Array(n);
  const owner = new Int32Array(n).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  for (const s of shots) cells[s] = owner[s]! >= 0 ? HIT : MISS;
  const sunk = sunkReported ? layout.filter((ship) => ship.every((c) => cells[c] === HIT)) : [];
  return { rules, cells, sunk, sunkReported };
}

export interface Scenario {
  position: Position;
  layout: number[][];
}

const TOUCHES: TouchRule[] = ['allowed', 'no-touch', 'no-edge-touch'];

/**
 * Random small consistent positions. `maxTuples` bounds the naive brute force's work (the product
 * of per-ship placement counts), so the reference stays fast enough for hundreds of runs.
 */
export function scenarioArb(
  opts: { minSide?: number; maxSide?: number; maxTuples?: number; prior?: boolean } = {},
) {
  const { minSide = 3, maxSide = 7, maxTuples = 60_000, prior = false } = opts;
  return fc
    .record({
      width: fc.integer({ min: minSide, max: maxSide }),
      height: fc.integer({ min: minSide, max: maxSide }),
      touch: fc.constantFrom(...TOUCHES),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      shotFraction: fc.double({ min: 0, max: 0.7, noNaN: true }),
      sunkReported: fc.boolean(),
    })
    .map(({ width, height, touch, seed, shotFraction, sunkReported }): Scenario | null => {
      const random = seededRandom(seed);
      const longest = Math.min(4, Math.max(width, height));
      const fleet: { length: number }[] = [];
      let tuples = 1;
      for (;;) {
        const length = 1 + randomInt(random, longest);
        const placements =
          length === 1
            ? width * height
            : Math.max(0, width - length + 1) * height + Math.max(0, height - length + 1) * width;
        if (fleet.length > 0 && (tuples * placements > maxTuples || fleet.length >= 4)) break;
        fleet.push({ length });
        tuples *= placements;
        if (random() < 0.3) break;
      }
      const rules: Rules = { width, height, fleet, touch };
      const layout = randomLayout(rules, random);
      if (!layout) return null;
      const n = width * height;
      const shots: number[] = [];
      for (let i = 0; i < n; i++) if (random() < shotFraction) shots.push(i);
      const position = observe(rules, layout, shots, sunkReported);
      if (prior) {
        position.prior = Float64Array.from({ length: n }, () => 0.25 + random() * 3);
      }
      return { position, layout };
    })
    .filter((s): s is Scenario => s !== null);
}

/**
 * Small positions with up to four cells overwritten as hits or misses (never a sunk ship's):
 * often no layout fits them any more, which the solvers must say together with the brute force.
 */
export function remarkedPositionArb() {
  return fc
    .tuple(
      scenarioArb({ maxSide: 5, maxTuples: 20_000 }),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(MISS, HIT)), { maxLength: 4 }),
    )
    .map(([{ position }, marks]): Position => {
      const p: Position = { ...position, cells: position.cells.slice() };
      for (const [cell, mark] of marks) {
        const i = cell % p.cells.length;
        if (!p.sunk.flat().includes(i)) p.cells[i] = mark;
      }
      return p;
    });
}
