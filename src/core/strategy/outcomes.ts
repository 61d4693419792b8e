// The answers a shot can get, with their exact probabilities under the posterior: a miss, a hit
// that sinks nothing, or a hit that sinks one particular ship (the answer names its cells, so
// each possible sunk ship is its own outcome). Used by `info` (the entropy of this distribution
// is the shot's expected information gain) and `lookahead` (it plans past each answer).
//
// P(miss) and P(hit) are the cell's posterior chance. The chance that the shot sinks a ship S
// (the cell plus hits already on the board, in a straight line) is the number of layouts
// containing S over the total: exactly the layout count of the position "cell hit, S sunk", one
// more exact solve, cheap because that position is so constrained. A single-cell ship needs no
// solve: its chance is the solver's per-length chance for length 1. Without sink reports the
// answer is only miss or hit.

import { HIT, type Position } from '../position';
import { afterShot, type Posterior, type PosteriorCache } from './posterior';

export interface Outcome {
  kind: 'miss' | 'hit' | 'sunk';
  probability: number;
  /** The position after this answer. */
  position: Position;
}

/** Lengths of the ships still afloat (with repeats removed). */
export function lengthsAfloat(position: Position): number[] {
  const left = new Map<number, number>();
  for (const s of position.rules.fleet) left.set(s.length, (left.get(s.length) ?? 0) + 1);
  for (const s of position.sunk) left.set(s.length, (left.get(s.length) ?? 0) - 1);
  return [...left].filter(([, n]) => n > 0).map(([len]) => len);
}

/**
 * Ships of length >= 2 that a hit on `cell` would complete: straight runs through `cell` whose
 * other cells are all hits not yet part of a sunk ship.
 */
export function sinkCandidates(position: Position, cell: number, lengths: number[]): number[][] {
  const { width: W, height: H } = position.rules;
  const sunkCells = new Set(position.sunk.flat());
  const open = (c: number): boolean => position.cells[c] === HIT && !sunkCells.has(c);
  const r = Math.floor(cell / W);
  const c = cell % W;
  const out: number[][] = [];
  for (const len of lengths) {
    if (len < 2) continue;
    for (const [dr, dc] of [
      [0, 1],
      [1, 0],
    ] as const) {
      for (let k = 0; k < len; k++) {
        const r0 = r - k * dr;
        const c0 = c - k * dc;
        const r1 = r0 + (len - 1) * dr;
        const c1 = c0 + (len - 1) * dc;
        if (r0 < 0 || c0 < 0 || r1 >= H || c1 >= W) continue;
        const ship: number[] = [];
        let ok = true;
        for (let m = 0; m < len && ok; m++) {
          const x = (r0 + m * dr) * W + (c0 + m * dc);
          if (x !== cell && !open(x)) ok = false;
          ship.push(x);
        }
        if (ok) out.push(ship);
      }
    }
  }
  return out;
}

/** Every answer a shot at `cell` can get, with its exact probability (zero-chance ones left out). */
export function shotOutcomes(
  cache: PosteriorCache,
  position: Position,
  post: Posterior,
  cell: number,
): Outcome[] {
  const pHit = post.p[cell]!;
  const out: Outcome[] = [];
  if (pHit < 1)
    out.push({ kind: 'miss', probability: 1 - pHit, position: afterShot(position, cell, false) });
  if (pHit <= 0) return out;
  if (!position.sunkReported) {
    out.push({ kind: 'hit', probability: pHit, position: afterShot(position, cell, true) });
    return out;
  }
  let sinking = 0;
  const single = post.single?.[cell] ?? 0;
  if (single > 0) {
    out.push({
      kind: 'sunk',
      probability: single,
      position: afterShot(position, cell, true, [cell]),
    });
    sinking += single;
  }
  for (const ship of sinkCandidates(position, cell, lengthsAfloat(position))) {
    const child = afterShot(position, cell, true, ship);
    const q = cache.tryGet(child);
    if (!q || q.total <= 0) continue;
    const probability = q.total / post.total;
    out.push({ kind: 'sunk', probability, position: child });
    sinking += probability;
  }
  const hitOnly = pHit - sinking;
  if (hitOnly > 1e-12) {
    out.push({ kind: 'hit', probability: hitOnly, position: afterShot(position, cell, true) });
  }
  return out;
}

/** Every ship cell has been hit: the game is over, whatever was announced. */
export function allShipsHit(position: Position): boolean {
  let hits = 0;
  for (const mark of position.cells) if (mark === HIT) hits++;
  return hits === position.rules.fleet.reduce((sum, ship) => sum + ship.length, 0);
}

/** Shannon entropy in bits of the outcome distribution: the shot's expected information gain. */
export function entropy(outcomes: Outcome[]): number {
  let h = 0;
  for (const o of outcomes) if (o.probability > 0) h -= o.probability * Math.log2(o.probability);
  return h;
}
