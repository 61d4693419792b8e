// `counts`: the Over 9000 idea. Count how often the opponent's ships covered each cell over the
// games that revealed their whole fleet, smooth toward uniform, and weigh each cell by how much
// more (or less) often it was covered than a uniformly random layout covers it:
//
//   w_i = ((c_i + k u_i) / (n + k)) / u_i
//
// c_i: games with a ship on cell i, n: such games, u_i: the exact occupancy of cell i under the
// uniform prior, k: pseudo-games of smoothing (with few games the grid stays near 1, with many
// the counts rule). This is one proportional-fitting step from uniform: quick and transparent,
// but the prior it gives does not reproduce the observed occupancy exactly (neighbouring weights
// compound through shared ships, and corner cells are reachable by fewer placements); `fit`
// iterates to that and uses partial games too. Partial games are ignored here: which of their
// cells were shot depends on the shooter, so counting their hits would be biased.

import { layoutIndicator } from './occupancy';
import { poolOverSymmetries } from '../symmetry';

export interface CountsOptions {
  /** Pseudo-games of smoothing toward uniform (default 20). */
  pseudoGames?: number;
  symmetric?: boolean;
}

export const DEFAULT_PSEUDO_GAMES = 20;

/** Sum of the layouts' occupancy indicators. */
export function occupancyCounts(layouts: readonly number[][][], cells: number): Float64Array {
  const counts = new Float64Array(cells);
  for (const layout of layouts) {
    const x = layoutIndicator(layout, cells);
    for (let i = 0; i < cells; i++) counts[i]! += x[i]!;
  }
  return counts;
}

/** The counts grid from fully revealed layouts and the uniform occupancy of the rules. */
export function countsGrid(
  layouts: readonly number[][][],
  uniformOccupancy: Float64Array,
  width: number,
  height: number,
  options: CountsOptions = {},
): Float64Array {
  const cells = width * height;
  const k = options.pseudoGames ?? DEFAULT_PSEUDO_GAMES;
  const n = layouts.length;
  let counts = occupancyCounts(layouts, cells);
  if (options.symmetric) counts = poolOverSymmetries(counts, width, height);
  const grid = new Float64Array(cells);
  for (let i = 0; i < cells; i++) {
    const u = uniformOccupancy[i]!;
    // A cell no layout can use keeps weight 1 (it never matters).
    grid[i] = u > 0 && n + k > 0 ? (counts[i]! + k * u) / (n + k) / u : 1;
  }
  // Floor: a cell never covered in few games must not become impossible.
  for (let i = 0; i < cells; i++) grid[i] = Math.max(grid[i]!, 1e-3);
  return normaliseGrid(grid);
}

/** Scales a grid to geometric-mean 1 (weights are defined up to a common factor). */
export function normaliseGrid(grid: Float64Array): Float64Array {
  let s = 0;
  for (const w of grid) s += Math.log(w);
  const f = Math.exp(-s / grid.length);
  return grid.map((w) => w * f);
}
