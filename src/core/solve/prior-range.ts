// A prior whose weights are so far apart that a layout's weight, the product of its cells'
// weights, can fall below the smallest double: every layout may then weigh 0, and "no layout"
// would be the wrong answer. Solving and drawing hidden fleets say the same thing about it.

import { InputError } from '../errors';
import type { Position } from '../position';
import { fleetCells } from '../rules';
import { solverWeights } from './board';

/** Could a layout's weight (the fleet's cells, scaled weights at most 1) fall below a double? */
export function mayUnderflow(position: Position): boolean {
  if (!position.prior) return false;
  const weights = solverWeights(position.prior);
  let min = 1;
  for (const w of weights) if (w < min) min = w;
  const cells = fleetCells(position.rules.fleet);
  return cells * Math.log10(min) < -300;
}

/** What a caller is told when such a prior left no layout with a weight. */
export function unevenPriorError(): InputError {
  return new InputError(
    'prior',
    "its weights are too far apart to weigh these layouts in floating point (each layout's weight rounds to 0); bring the smallest and largest weights closer",
  );
}
