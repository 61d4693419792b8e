// The boards of the README's optimal-play table: side, ship lengths, touch rule.
import type { Rules } from '../src/core/rules';

export const SMALL_BOARDS: readonly [number, number[], Rules['touch']][] = [
  [4, [3], 'allowed'],
  [4, [2, 2], 'allowed'],
  [4, [2, 2], 'no-edge-touch'],
  [4, [2, 2], 'no-touch'],
  [4, [3, 2], 'allowed'],
  [4, [3, 2], 'no-edge-touch'],
  [4, [3, 2], 'no-touch'],
  [4, [2, 2, 1], 'allowed'],
  [4, [2, 2, 1], 'no-edge-touch'],
  [4, [2, 2, 1], 'no-touch'],
  [4, [2, 2, 2], 'allowed'],
  [4, [2, 2, 2], 'no-edge-touch'],
  [4, [2, 2, 2], 'no-touch'],
  [4, [3, 2, 1], 'allowed'],
  [4, [3, 2, 1], 'no-edge-touch'],
  [4, [3, 2, 1], 'no-touch'],
  [5, [2], 'allowed'],
  [5, [3], 'allowed'],
  [5, [4], 'allowed'],
  [6, [3], 'allowed'],
  [6, [4], 'allowed'],
];
