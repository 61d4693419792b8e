// The two-shot score of `phased` with a thinking budget: instead of two or three exact solves per
// candidate (positions one shot ahead), the next-shot term is estimated from D layouts drawn
// exactly from the posterior, the same draws for every candidate (so their scores differ by what
// the cells do, not by which layouts were drawn).
//
// For a candidate c, the term is sum over answers a of P(a) * max_j P(hit j | a). Only the joint
// chances P(j and c) come from the draws; the marginals P(j) and P(c) are the exact ones:
//   - a miss:  P(j and not c) = P(j) - P(j and c), with P(j and c) = P(c) * (share of the draws
//     holding c that also hold j);
//   - a hit, or the sinking of one particular ship: P(c) * (share of the draws holding c whose
//     answer is a and that hold j). An answer that ends the game counts as a sure hit next.
// Using the exact P(c) as the scale keeps the hit answers' total exact; only how it splits
// between them, and where the ships lie after each, is estimated.

import { HIT, type Position } from '../position';

/**
 * Per candidate: the estimated sum over answers of P(a) * max_j P(hit j | a). `p`: the exact
 * posterior; `layouts`: the draws, each a list of ships (sunk ones included) as their cells.
 */
export function sampledNextChances(
  position: Position,
  p: Float64Array,
  candidates: number[],
  layouts: number[][][],
): number[] {
  const n = position.cells.length;
  const unknown = Array.from(position.cells, (m) => m === 0);
  const hit = Array.from(position.cells, (m) => m === HIT);
  // Per draw: which ship holds each cell (-1: water).
  const owner = new Int16Array(n);
  return candidates.map((c) => {
    const pc = p[c]!;
    // Per answer of a hit on c: its draws and, per cell, how many of them hold a ship there.
    const answers = new Map<string, { draws: number; holds: Float64Array; over: boolean }>();
    const joint = new Float64Array(n);
    let withC = 0;
    for (const ships of layouts) {
      owner.fill(-1);
      ships.forEach((ship, s) => ship.forEach((cell) => (owner[cell] = s)));
      const s = owner[c]!;
      if (s < 0) continue;
      withC++;
      const ship = ships[s]!;
      const sinks = position.sunkReported && ship.every((cell) => cell === c || hit[cell]);
      const key = sinks ? ship.join(',') : 'hit';
      let a = answers.get(key);
      if (!a) {
        // The game ends when every other ship cell of the draw is already hit.
        const over = ships.every((other) => other.every((cell) => cell === c || hit[cell]));
        a = { draws: 0, holds: new Float64Array(n), over };
        answers.set(key, a);
      }
      a.draws++;
      for (const other of ships) {
        for (const cell of other) {
          a.holds[cell]!++;
          joint[cell]!++;
        }
      }
    }
    if (withC === 0) return pc >= 1 ? 0 : bestOf(unknown, c, (j) => p[j]!);
    const scale = pc / withC;
    let next = 0;
    if (pc < 1) next += bestOf(unknown, c, (j) => p[j]! - scale * joint[j]!);
    for (const a of answers.values()) {
      next += a.over ? scale * a.draws : bestOf(unknown, c, (j) => scale * a.holds[j]!);
    }
    return next;
  });
}

/** The largest `value` over unknown cells other than `c` (0 when there are none). */
function bestOf(unknown: boolean[], c: number, value: (j: number) => number): number {
  let best = 0;
  for (let j = 0; j < unknown.length; j++) {
    if (j !== c && unknown[j] && value(j) > best) best = value(j);
  }
  return best;
}
