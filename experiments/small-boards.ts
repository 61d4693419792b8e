// The boards of the README's optimal-play table (side, ship lengths, touch rule), and the exact
// expected shots of a list of strategies on each of them.
import { MAX_OPTIMAL_LAYOUTS } from '../src/core/optimal/index';
import { buildLayoutTable } from '../src/core/optimal/layouts';
import { strategyValue } from '../src/core/optimal/strategy-value';
import type { Rules } from '../src/core/rules';
import type { Strategy } from '../src/core/strategy/strategy';

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

/**
 * Prints one tab-separated row of exact expected shots per small board (one column per
 * strategy), then their sums, with `sumNote` after them.
 */
export function printSmallBoardValues(strategies: readonly Strategy[], sumNote = ''): void {
  const sums = new Array<number>(strategies.length).fill(0);
  for (const [side, lengths, touch] of SMALL_BOARDS) {
    const rules: Rules = {
      width: side,
      height: side,
      fleet: lengths.map((length) => ({ length })),
      touch,
    };
    const table = buildLayoutTable(rules, MAX_OPTIMAL_LAYOUTS);
    const row = strategies.map((s, i) => {
      const v = strategyValue(table, s).expectedShots;
      sums[i] += v;
      return v.toFixed(4);
    });
    console.log(`${side}x${side} ${lengths.join(',')} ${touch}\t${row.join('\t')}`);
  }
  console.log(`sum\t${sums.map((s) => s.toFixed(4)).join('\t')}${sumNote}`);
}
