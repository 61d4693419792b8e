// The cells a touch rule keeps clear around a ship's cell: the eight around it under `no-touch`,
// the four beside it under `no-edge-touch`, none when ships may touch. Shared by the solvers, the
// referee, the layout checks and the board editor's hints, so it lives below all of them.

import type { TouchRule } from './rules';

/** Cells within the touch rule's reach of a cell (not the cell itself), on a width x height board. */
export function touchNeighbours(
  touch: TouchRule,
  width: number,
  height: number,
  cell: number,
): number[] {
  if (touch === 'allowed') return [];
  const r = Math.floor(cell / width);
  const c = cell % width;
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr === 0 && dc === 0) || (touch === 'no-edge-touch' && dr !== 0 && dc !== 0)) continue;
      const y = r + dr;
      const x = c + dc;
      if (y >= 0 && y < height && x >= 0 && x < width) out.push(y * width + x);
    }
  }
  return out;
}
