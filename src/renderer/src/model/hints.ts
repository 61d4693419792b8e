// Plain-language hints for an impossible position: the solver says that no layout fits; these
// name the likely culprit among the user's marks (a run of hits longer than any ship afloat, a
// hit touching a sunk ship under a touch rule, more hits than the ships afloat can cover, a hit
// no ship afloat can lie over, or a finished ship nobody marked sunk). Best effort: an empty list
// means no simple cause was found. "Mark it sunk" is only offered when none of the definite
// causes applies: sinking another ship cannot repair any of them (it only takes a ship away), so
// naming an unrelated run of hits would send the user after the wrong cells.

import { HIT, MISS } from '../../../core/position';
import { cellName } from '../../../core/rules';
import { touchNeighbours } from '../../../core/neighbours';
import { afloatLengths, remainingFleet, sunkCellSet, type BoardSnapshot } from './board-model';
import { shipExtentName } from './sunk-inference';

/** Maximal straight runs (length >= 2) of unsunk hits, each as sorted cells. */
export function hitRuns(s: BoardSnapshot): number[][] {
  const { width: W, height: H } = s.rules;
  const sunk = sunkCellSet(s);
  const open = (r: number, c: number): boolean =>
    r >= 0 && r < H && c >= 0 && c < W && s.cells[r * W + c] === HIT && !sunk.has(r * W + c);
  const runs: number[][] = [];
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
  ] as const) {
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        if (!open(r, c) || open(r - dr, c - dc)) continue;
        const run: number[] = [];
        for (let k = 0; open(r + dr * k, c + dc * k); k++) run.push((r + dr * k) * W + c + dc * k);
        if (run.length >= 2) runs.push(run);
      }
    }
  }
  return runs;
}

/**
 * Unsunk hits that no placement of a ship afloat can cover: every placement through them crosses
 * a miss, a sunk ship, the edge, or (under a touch rule) lies beside a sunk ship.
 */
export function uncoverableHits(s: BoardSnapshot): number[] {
  const { width: W, height: H, touch } = s.rules;
  const sunk = sunkCellSet(s);
  const blocked = new Uint8Array(W * H);
  for (let c = 0; c < W * H; c++) if (s.cells[c] === MISS || sunk.has(c)) blocked[c] = 1;
  if (touch !== 'allowed') {
    for (const c of sunk) for (const nb of touchNeighbours(touch, W, H, c)) blocked[nb] = 1;
  }
  const lengths = afloatLengths(s);
  const fits = (cell: number): boolean => {
    const r0 = Math.floor(cell / W);
    const c0 = cell % W;
    for (const len of lengths) {
      for (const [dr, dc] of [
        [0, 1],
        [1, 0],
      ] as const) {
        for (let k = 0; k < len; k++) {
          const r = r0 - dr * k;
          const c = c0 - dc * k;
          if (r < 0 || c < 0 || r + dr * (len - 1) >= H || c + dc * (len - 1) >= W) continue;
          let free = true;
          for (let j = 0; j < len && free; j++) free = !blocked[(r + dr * j) * W + c + dc * j];
          if (free) return true;
        }
      }
    }
    return false;
  };
  const out: number[] = [];
  for (let c = 0; c < W * H; c++) if (s.cells[c] === HIT && !sunk.has(c) && !fits(c)) out.push(c);
  return out;
}

export function impossibleHints(s: BoardSnapshot): string[] {
  const { width: W, height: H, touch } = s.rules;
  const name = (c: number): string => cellName(Math.floor(c / W), c % W);
  const hints: string[] = [];
  const lengths = afloatLengths(s);
  const longest = lengths[0] ?? 0;
  const sunk = sunkCellSet(s);
  let openHits = 0;
  for (let c = 0; c < s.cells.length; c++) if (s.cells[c] === HIT && !sunk.has(c)) openHits++;
  const afloatCells = remainingFleet(s)
    .filter((f) => !f.sunk)
    .reduce((n, f) => n + f.length, 0);

  if (openHits > 0 && lengths.length === 0) {
    hints.push(
      `Every ship is sunk, yet ${openHits} hit${openHits === 1 ? ' is' : 's are'} not part of a sunk ship.`,
    );
  } else if (openHits > afloatCells) {
    hints.push(
      `${openHits} hits are not in sunk ships, but the ships afloat have only ${afloatCells} cell${afloatCells === 1 ? '' : 's'}.`,
    );
  }
  if (lengths.length > 0) {
    const stranded = uncoverableHits(s);
    if (stranded.length > 0) {
      const names = stranded.slice(0, 4).map(name).join(', ');
      const more = stranded.length > 4 ? ` and ${stranded.length - 4} more` : '';
      hints.push(
        stranded.length === 1
          ? `No ship afloat fits over the hit at ${names}: misses, sunk ships or the edge block every placement.`
          : `No ship afloat fits over the hits at ${names}${more}: misses, sunk ships or the edge block every placement.`,
      );
    }
  }
  const runs = hitRuns(s);
  for (const run of runs) {
    if (run.length > longest && touch !== 'allowed') {
      hints.push(
        `The hits ${shipExtentName(run, W)} form a line longer than any ship afloat (${longest}).`,
      );
    }
  }
  if (touch !== 'allowed') {
    for (const c of sunk) {
      const near = touchNeighbours(touch, W, H, c).find(
        (nb) => s.cells[nb] === HIT && !sunk.has(nb),
      );
      if (near !== undefined) {
        hints.push(
          `The hit at ${name(near)} touches the sunk ship at ${name(c)}, which the ${touch} rule forbids.`,
        );
        break;
      }
    }
  }
  // Only when nothing definite was found: a finished ship left unmarked is then the likely cause.
  if (hints.length === 0) {
    for (const run of runs) {
      if (lengths.includes(run.length)) {
        hints.push(`If the ship on ${shipExtentName(run, W)} has been sunk, mark it sunk (key S).`);
      }
    }
  }
  return hints.slice(0, 3);
}
