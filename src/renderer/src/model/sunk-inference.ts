// Which ship did a "sunk!" answer sink? Given the cell of the sinking shot, list every placement
// of a ship still afloat that covers that cell with unsunk hits only. Under the touch rules a
// sunk ship has no other ship beside it, so a placement with an unsunk hit next to it (within the
// rule's reach) is out. When exactly one placement remains the ship's extent is unambiguous and
// the editor marks it at once; otherwise the user picks one of the candidates.

import { HIT } from '../../../core/position';
import { cellName } from '../../../core/rules';
import { touchNeighbours } from '../../../core/neighbours';
import { afloatLengths, sunkShipAt, type BoardSnapshot } from './board-model';

/** Every candidate ship through `cell` (sorted cells), longest first, then top-left first. */
export function sunkCandidates(s: BoardSnapshot, cell: number, length?: number): number[][] {
  const { width: W, height: H, touch } = s.rules;
  if (cell < 0 || cell >= W * H || s.cells[cell] !== HIT || sunkShipAt(s, cell) >= 0) return [];
  const inSunk = new Uint8Array(W * H);
  for (const ship of s.sunk) for (const c of ship) inSunk[c] = 1;
  const free = (c: number): boolean => s.cells[c] === HIT && !inSunk[c];
  const lengths = afloatLengths(s).filter((l) => length === undefined || l === length);
  const r0 = Math.floor(cell / W);
  const c0 = cell % W;
  const out: number[][] = [];
  for (const len of lengths) {
    const directions =
      len === 1
        ? [[0, 1]]
        : [
            [0, 1],
            [1, 0],
          ];
    for (const [dr, dc] of directions as [number, number][]) {
      for (let k = 0; k < len; k++) {
        const r = r0 - dr * k;
        const c = c0 - dc * k;
        if (r < 0 || c < 0 || r + dr * (len - 1) >= H || c + dc * (len - 1) >= W) continue;
        const ship = Array.from({ length: len }, (_, j) => (r + dr * j) * W + (c + dc * j));
        if (!ship.every(free)) continue;
        if (touch !== 'allowed' && touchesOtherHit(s, ship, free)) continue;
        out.push(ship);
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || a[0]! - b[0]! || a[1]! - b[1]!);
}

function touchesOtherHit(
  s: BoardSnapshot,
  ship: readonly number[],
  free: (c: number) => boolean,
): boolean {
  const { width: W, height: H, touch } = s.rules;
  for (const c of ship) {
    for (const nb of touchNeighbours(touch, W, H, c)) {
      if (!ship.includes(nb) && free(nb)) return true;
    }
  }
  return false;
}

export type SunkInference =
  | { kind: 'unique'; cells: number[] }
  | { kind: 'ambiguous'; candidates: number[][] }
  | { kind: 'none'; reason: string };

/** What marking `cell` as the sinking shot means (optionally for a chosen ship length). */
export function inferSunk(s: BoardSnapshot, cell: number, length?: number): SunkInference {
  const W = s.rules.width;
  const at = cellName(Math.floor(cell / W), cell % W);
  if (s.cells[cell] !== HIT) return { kind: 'none', reason: `${at} is not a hit` };
  if (sunkShipAt(s, cell) >= 0)
    return { kind: 'none', reason: `${at} is already part of a sunk ship` };
  const candidates = sunkCandidates(s, cell, length);
  if (candidates.length === 1) return { kind: 'unique', cells: candidates[0]! };
  if (candidates.length > 1) return { kind: 'ambiguous', candidates };
  const what = length === undefined ? 'ship still afloat' : `ship of length ${length}`;
  return {
    kind: 'none',
    reason: `no ${what} fits the hits through ${at}${s.rules.touch === 'allowed' ? '' : ` without touching another hit (${s.rules.touch} rule)`}`,
  };
}

/** "C3–C5" style name of a ship's extent. */
export function shipExtentName(cells: readonly number[], width: number): string {
  const name = (c: number): string => cellName(Math.floor(c / width), c % width);
  if (cells.length === 1) return name(cells[0]!);
  return `${name(cells[0]!)}–${name(cells[cells.length - 1]!)}`;
}
