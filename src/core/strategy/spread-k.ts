// `spread-k`: a salvo chosen greedily, one cell at a time, by its posterior chance of a ship
// discounted for the ship placements it shares with the cells already chosen this turn:
//
//   score(c) = P(c) * prod over chosen s of (1 - SHARE_PENALTY * shared(c, s) / placements(c))
//
// where placements(c) counts the placements of ships still afloat that cover c (straight runs
// clear of misses and sunk ships), and shared(c, s) those that cover both c and s. Why: when a
// volley is answered as a whole (how many cells hit, or which ships), two hits that one ship
// could explain tell less than two hits far apart, and one ship covering both cells makes the
// answer ambiguous about which cell hit. Spreading the turn over cells that different ships would
// cover keeps the answer informative, at a small cost in expected hits. With K = 1 it is top-k.

import type { Position } from '../position';
import { HIT, MISS } from '../position';
import type { Rules } from '../rules';
import { fleetNameIndex } from '../observations';
import { unfiredCells, type Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

/** How much a fully shared cell is discounted (1 would rule it out; 0 is top-k). */
export const SHARE_PENALTY = 0.5;

/** Lengths of the ships not yet announced sunk (sunk cell lists by length, volley sinkings by name). */
function lengthsAfloat(position: Position): number[] {
  const { fleet } = position.rules;
  const afloat = fleet.map((s) => s.length);
  const drop = (length: number): void => {
    const k = afloat.indexOf(length);
    if (k >= 0) afloat.splice(k, 1);
  };
  const names = fleetNameIndex(position.rules);
  for (const v of position.volleys ?? []) {
    for (const name of v.sunk) drop(fleet[names.get(name)!]!.length);
  }
  for (const ship of position.sunk) drop(ship.length);
  return afloat;
}

/** Every placement (as its cells) of each afloat ship, clear of misses and sunk ships. */
function placements(position: Position): Int32Array[] {
  const { width: W, height: H } = position.rules as Rules;
  const blocked = new Uint8Array(W * H);
  for (let i = 0; i < blocked.length; i++) if (position.cells[i] === MISS) blocked[i] = 1;
  for (const ship of position.sunk) for (const c of ship) blocked[c] = 1;
  const out: Int32Array[] = [];
  for (const length of lengthsAfloat(position)) {
    for (let start = 0; start < W * H; start++) {
      const r = Math.floor(start / W);
      const c = start % W;
      for (const step of length === 1 ? [1] : [1, W]) {
        if (step === 1 ? c + length > W : r + length > H) continue;
        let ok = true;
        let hits = 0;
        for (let k = 0; k < length && ok; k++) {
          const x = start + k * step;
          if (blocked[x]) ok = false;
          else if (position.cells[x] === HIT) hits++;
        }
        if (ok && hits < length) {
          out.push(Int32Array.from({ length }, (_, k) => start + k * step));
        }
      }
    }
  }
  return out;
}

/** The `size` cells of a spread salvo (see the top of the file), in the order chosen. */
export function spreadVolley(position: Position, p: ArrayLike<number>, size: number): number[] {
  const candidates = unfiredCells(position);
  const all = placements(position);
  const cover = new Float64Array(position.cells.length);
  const through: number[][] = Array.from({ length: position.cells.length }, () => []);
  all.forEach((cells, k) => {
    for (const x of cells) {
      cover[x]! += 1;
      through[x]!.push(k);
    }
  });
  const factor = new Float64Array(position.cells.length).fill(1);
  const chosen: number[] = [];
  const taken = new Uint8Array(position.cells.length);
  const together = new Float64Array(position.cells.length);
  for (let turn = 0; turn < size; turn++) {
    let best = -1;
    let bestScore = -Infinity;
    for (const c of candidates) {
      if (taken[c]) continue;
      const score = p[c]! * factor[c]!;
      // Strictly greater (with a float margin): ties stay with the earlier cell in reading order.
      if (best < 0 || score > bestScore + 1e-12 * Math.abs(bestScore)) {
        best = c;
        bestScore = score;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    taken[best] = 1;
    together.fill(0);
    for (const k of through[best]!) for (const x of all[k]!) together[x]! += 1;
    for (const c of candidates) {
      if (cover[c]! > 0) factor[c]! *= 1 - (SHARE_PENALTY * together[c]!) / cover[c]!;
    }
  }
  return chosen;
}

export const spreadKStrategy: Strategy = {
  ...strategyInfo('spread-k'),
  create: ({ posteriors }) => ({
    next: (position) => spreadVolley(position, posteriors.get(position).p, 1)[0]!,
    volley: (position, size) => spreadVolley(position, posteriors.get(position).p, size),
  }),
};
