// A board cell in JSON, `[row, col]`, read as its index (row * width + col). Positions, their
// named hits and volleys, and game logs all read cells this way.

import { InputError } from './errors';
import { describeValue } from './plain-data';
import type { Rules } from './rules';

/** A cell `[row, col]` of the board, as its index; the error names `where`. */
export function parseCell(raw: unknown, rules: Rules, where: string): number {
  if (
    !Array.isArray(raw) ||
    raw.length !== 2 ||
    typeof raw[0] !== 'number' ||
    typeof raw[1] !== 'number' ||
    !Number.isInteger(raw[0]) ||
    !Number.isInteger(raw[1])
  ) {
    throw new InputError(where, `must be a cell [row, col], got ${describeValue(raw)}`);
  }
  const [r, c] = raw as [number, number];
  if (r < 0 || r >= rules.height || c < 0 || c >= rules.width) {
    throw new InputError(
      where,
      `cell [${r}, ${c}] is outside the ${rules.width}x${rules.height} board`,
    );
  }
  return r * rules.width + c;
}
