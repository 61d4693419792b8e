// Cells a position cannot tell apart: when a mirror or rotation of the board maps the position
// (marks, sunk ships, prior) onto itself, it maps every layout onto another as likely, so a cell
// and its image have the same chance and the same value for every strategy that reads only the
// position. A strategy that estimates values by drawing layouts would see them differ by noise
// alone; keeping one cell per class (the first in reading order) leaves it the real choices only.

import type { Position } from '../position';
import { boardSymmetries } from '../symmetry';

/** The symmetries of the board that map `position` onto itself (the identity first). */
export function positionSymmetries(position: Position): Int32Array[] {
  const { width, height } = position.rules;
  const sunkKey = (ships: number[][]): string =>
    ships
      .map((s) => [...s].sort((a, b) => a - b).join(','))
      .sort()
      .join(';');
  const sunk = sunkKey(position.sunk);
  return boardSymmetries(width, height).filter(
    (perm) =>
      position.cells.every((mark, c) => position.cells[perm[c]!] === mark) &&
      (!position.prior || position.prior.every((w, c) => position.prior![perm[c]!] === w)) &&
      sunkKey(position.sunk.map((s) => s.map((c) => perm[c]!))) === sunk,
  );
}

/** `cells` without those a symmetry of the position maps onto an earlier cell (in reading order). */
export function distinctCells(position: Position, cells: number[]): number[] {
  const symmetries = positionSymmetries(position);
  if (symmetries.length === 1) return cells;
  return cells.filter((c) => symmetries.every((perm) => perm[c]! >= c));
}
