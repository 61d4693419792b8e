// The positions a seeded hunt/target shooter sees along one game, every one of them, in order:
// the realistic sequences the exact solvers are compared on (and benchmarked on) shot by shot.

import type { Position } from '../../src/core/position';
import type { Random } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { playGame, type PlayOptions } from '../../src/core/simulate/game';
import { huntTargetShooter } from '../../src/core/strategy/hunt-target';

export function huntTargetPositions(
  rules: Rules,
  layout: number[][],
  random: Random,
  options: PlayOptions = {},
): Position[] {
  const inner = huntTargetShooter(rules, random, 2);
  const seen: Position[] = [];
  playGame(
    rules,
    layout,
    {
      next(position) {
        seen.push(structuredClone(position));
        return inner.next(position);
      },
      observe: (p, s) => inner.observe?.(p, s),
    },
    options,
  );
  return seen;
}
