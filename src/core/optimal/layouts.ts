// Every legal layout of a small board, enumerated once, with what the exact searches need: which
// ship (placement) of each layout covers each cell, each placement's cells as a 64-bit mask (two
// 32-bit words, so boards up to 64 cells), and the board's symmetries acting on cells, placements
// and layouts. Equal-length ships are interchangeable, so a layout is a set of placements: it is
// generated once, equal lengths in increasing placement order, like the solvers count them.

import { InputError } from '../errors';
import { fleetLengths, type Rules } from '../rules';
import { shipPlacements } from '../ship-placements';

/** Boards larger than this do not fit the two-word cell masks. */
export const MAX_TABLE_CELLS = 64;

const SMALL_BOARDS =
  'exact optimal play is only feasible on small boards (4x4 with up to three ships, 5x5 or 6x6 with one)';

export interface Placement {
  length: number;
  cells: number[];
  /** The ship's cells as a mask: bits 0-31 and 32-63. */
  lo: number;
  hi: number;
}

export interface LayoutTable {
  rules: Rules;
  width: number;
  height: number;
  /** Cells of the board. */
  cells: number;
  /** Cells the whole fleet covers (the hits every game needs). */
  shipCells: number;
  placements: Placement[];
  /** Layout count. */
  size: number;
  /** owner[layout * cells + cell]: the placement covering the cell in that layout, or -1. */
  owner: Int32Array;
  /** shipCellsOf[layout * shipCells + k]: the layout's ship cells. */
  shipCellsOf: Int32Array;
  /** Symmetries of the board (identity first) as cell and layout permutations. */
  cellMaps: Int32Array[];
  layoutMaps: Int32Array[];
}

function maskOf(cells: Iterable<number>): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const c of cells) {
    if (c < 32) lo |= 1 << c;
    else hi |= 1 << (c - 32);
  }
  return [lo >>> 0, hi >>> 0];
}

/** A placement's cells plus those the touch rule keeps clear around them. */
function reachOf(rules: Rules, cells: number[]): [number, number] {
  const { width: W, height: H, touch } = rules;
  const reach = new Set(cells);
  if (touch !== 'allowed') {
    for (const cell of cells) {
      const r = Math.floor(cell / W);
      const c = cell % W;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (touch === 'no-edge-touch' && dr !== 0 && dc !== 0) continue;
          const y = r + dr;
          const x = c + dc;
          if (y >= 0 && y < H && x >= 0 && x < W) reach.add(y * W + x);
        }
      }
    }
  }
  return maskOf(reach);
}

/**
 * The layouts of `rules`, or an InputError when there are more than `maxLayouts` (counted with
 * an early stop, so a 10x10 board is refused at once rather than enumerated).
 */
export function buildLayoutTable(rules: Rules, maxLayouts: number): LayoutTable {
  const { width: W, height: H } = rules;
  const n = W * H;
  if (n > MAX_TABLE_CELLS) {
    throw new InputError(
      'rules',
      `a ${W}x${H} board has ${n} cells, more than the ${MAX_TABLE_CELLS} exact optimal play can handle; ${SMALL_BOARDS}`,
    );
  }
  const lengths = fleetLengths(rules.fleet);
  const placements: Placement[] = [];
  const reachLo: number[] = [];
  const reachHi: number[] = [];
  const byLength = new Map<number, number[]>();
  for (const len of new Set(lengths)) {
    const ids: number[] = [];
    for (const cells of shipPlacements(len, W, H)) {
      const [lo, hi] = maskOf(cells);
      const [rlo, rhi] = reachOf(rules, cells);
      ids.push(placements.length);
      placements.push({ length: len, cells, lo, hi });
      reachLo.push(rlo);
      reachHi.push(rhi);
    }
    byLength.set(len, ids);
  }

  const chosen: number[] = [];
  const layouts: number[][] = [];
  const place = (i: number, from: number, usedLo: number, usedHi: number): void => {
    if (i === lengths.length) {
      if (layouts.length >= maxLayouts) {
        throw new InputError(
          'rules',
          `the ${W}x${H} board with fleet ${lengths.join(',')} (touch ${rules.touch}) has more than ${maxLayouts.toLocaleString('en-US')} layouts, too many to solve exactly; ${SMALL_BOARDS}`,
        );
      }
      layouts.push(chosen.slice());
      return;
    }
    const ids = byLength.get(lengths[i]!)!;
    const start = i > 0 && lengths[i - 1] === lengths[i] ? from : 0;
    for (let k = start; k < ids.length; k++) {
      const p = ids[k]!;
      // `used` holds the reach of the ships placed so far: a clash is a body cell inside it.
      if ((placements[p]!.lo & usedLo) !== 0 || (placements[p]!.hi & usedHi) !== 0) continue;
      chosen.push(p);
      place(i + 1, k + 1, usedLo | reachLo[p]!, usedHi | reachHi[p]!);
      chosen.pop();
    }
  };
  place(0, 0, 0, 0);

  const shipCells = lengths.reduce((a, b) => a + b, 0);
  const owner = new Int32Array(layouts.length * n).fill(-1);
  const shipCellsOf = new Int32Array(layouts.length * shipCells);
  layouts.forEach((layout, l) => {
    let k = 0;
    for (const p of layout) {
      for (const cell of placements[p]!.cells) {
        owner[l * n + cell] = p;
        shipCellsOf[l * shipCells + k++] = cell;
      }
    }
  });
  const { cellMaps, layoutMaps } = symmetries(W, H, placements, layouts);
  return {
    rules,
    width: W,
    height: H,
    cells: n,
    shipCells,
    placements,
    size: layouts.length,
    owner,
    shipCellsOf,
    cellMaps,
    layoutMaps,
  };
}

/** The mirrors and rotations of the board (8 for a square, 4 otherwise); every touch rule keeps them. */
function symmetries(
  W: number,
  H: number,
  placements: Placement[],
  layouts: number[][],
): { cellMaps: Int32Array[]; layoutMaps: Int32Array[] } {
  const transforms: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, W - 1 - c],
    (r, c) => [H - 1 - r, c],
    (r, c) => [H - 1 - r, W - 1 - c],
  ];
  if (W === H) {
    transforms.push(
      (r, c) => [c, r],
      (r, c) => [W - 1 - c, r],
      (r, c) => [c, H - 1 - r],
      (r, c) => [W - 1 - c, H - 1 - r],
    );
  }
  const placementKey = (cells: number[]): string => [...cells].sort((a, b) => a - b).join(',');
  const placementId = new Map(placements.map((p, i) => [placementKey(p.cells), i]));
  const layoutKey = (ids: number[]): string => [...ids].sort((a, b) => a - b).join(',');
  const layoutId = new Map(layouts.map((l, i) => [layoutKey(l), i]));
  const cellMaps: Int32Array[] = [];
  const layoutMaps: Int32Array[] = [];
  for (const t of transforms) {
    const cellMap = new Int32Array(W * H);
    for (let cell = 0; cell < W * H; cell++) {
      const [r, c] = t(Math.floor(cell / W), cell % W);
      cellMap[cell] = r * W + c;
    }
    const placementMap = placements.map((p) =>
      placementId.get(placementKey(p.cells.map((c) => cellMap[c]!)))!,
    );
    const layoutMap = new Int32Array(layouts.length);
    layouts.forEach((l, i) => {
      layoutMap[i] = layoutId.get(layoutKey(l.map((p) => placementMap[p]!)))!;
    });
    cellMaps.push(cellMap);
    layoutMaps.push(layoutMap);
  }
  return { cellMaps, layoutMaps };
}
