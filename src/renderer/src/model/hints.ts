// Plain-language hints for an impossible position: the solver says that no layout fits; these
// name the likely culprit among the user's marks (a run of hits longer than any ship afloat, a
// hit touching a sunk ship under a touch rule, more hits than the ships afloat can cover, or a
// finished ship nobody marked sunk). Best effort: an empty list means no simple cause was found.

import { HIT } from '../../../core/position';
import { cellName } from '../../../core/rules';
import { touchNeighbours } from '../../../core/solve/board';
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
  const runs = hitRuns(s);
  for (const run of runs) {
    if (run.length > longest && touch !== 'allowed') {
      hints.push(
        `The hits ${shipExtentName(run, W)} form a line longer than any ship afloat (${longest}).`,
      );
    } else if (lengths.includes(run.length)) {
      hints.push(`If the ship on ${shipExtentName(run, W)} has been sunk, mark it sunk (key S).`);
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
  return hints.slice(0, 3);
}
