// Whether a stored solve result answers the position it is about to be served for. A result row
// is JSON in a file anyone can edit (or a file damaged, or written by a faulty version): before it
// is answered as exact it must at least be a result of this board. Reads what can be checked
// without solving: the size, every probability a chance (misses 0, hits 1), the best and tied
// cells unknown cells of the board, and the layout totals decimal numbers.

import { HIT, MISS, UNKNOWN, type Position } from '../../core/position';
import type { SolveResultWire } from '../../core/solve/result';

const DECIMAL_INTEGER = /^(0|[1-9][0-9]*)$/;
/** A weighted total: a non-negative decimal number as String(number) writes it. */
const DECIMAL_NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?(e\+[0-9]+)?$/;
/** A hit's chance may be 1 within rounding (sums of floats), never more. */
const EPS = 1e-9;

function isGrid(rows: unknown, width: number, height: number, cell: (v: unknown) => boolean) {
  return (
    Array.isArray(rows) &&
    rows.length === height &&
    rows.every((row) => Array.isArray(row) && row.length === width && row.every(cell))
  );
}

const isChance = (v: unknown): boolean =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1 + EPS;

/**
 * Why `r` cannot be the result of `position`, or null when it fits. Checks the shape against the
 * board, not the numbers against a fresh solve.
 */
export function resultMismatch(r: SolveResultWire, position: Position): string | null {
  const { width, height } = position.rules;
  if (r.width !== width || r.height !== height) {
    return `it is a ${String(r.width)}x${String(r.height)} result for a ${width}x${height} board`;
  }
  if (!isGrid(r.probabilities, width, height, isChance)) {
    return 'a probability is not a number from 0 to 1';
  }
  for (let i = 0; i < position.cells.length; i++) {
    const p = r.probabilities[Math.floor(i / width)]![i % width]!;
    const mark = position.cells[i];
    if (mark === MISS && p !== 0) return 'a miss has a chance of a ship';
    if (mark === HIT && Math.abs(p - 1) > EPS) return 'a hit is not certain';
  }
  const onUnknown = (cell: unknown): boolean =>
    Array.isArray(cell) &&
    cell.length === 2 &&
    Number.isInteger(cell[0]) &&
    Number.isInteger(cell[1]) &&
    cell[0] >= 0 &&
    cell[0] < height &&
    cell[1] >= 0 &&
    cell[1] < width &&
    position.cells[cell[0] * width + cell[1]] === UNKNOWN;
  if (r.best !== null && !onUnknown(r.best)) return 'its best cell is not an unknown cell';
  if (!Array.isArray(r.ties) || !r.ties.every(onUnknown)) {
    return 'a tied cell is not an unknown cell';
  }
  const total = typeof r.total === 'string' ? r.total : '';
  if (!(r.weighted ? DECIMAL_NUMBER : DECIMAL_INTEGER).test(total)) {
    return `its total ${JSON.stringify(r.total)} is not a decimal ${r.weighted ? 'number' : 'integer'}`;
  }
  if (
    !Array.isArray(r.byLength) ||
    !r.byLength.every((v) => isGrid(v?.probabilities, width, height, isChance))
  ) {
    return 'a per-length view is not a grid of chances of the board';
  }
  if (
    r.byShip !== undefined &&
    !r.byShip.every((v) => isGrid(v?.probabilities, width, height, isChance))
  ) {
    return 'a per-ship view is not a grid of chances of the board';
  }
  if (
    r.cellCounts !== undefined &&
    !isGrid(r.cellCounts, width, height, (v) => typeof v === 'string' && DECIMAL_INTEGER.test(v))
  ) {
    return 'a cell count is not a decimal integer';
  }
  return null;
}
