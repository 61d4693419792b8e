// `phased`: a two-shot lookahead whose weight on the next shot depends on the phase of the game.
// Each of the `candidates` likeliest cells is scored
//   V(c) = P(hit c) + w * sum over answers a of P(a) * max_j P(hit j | a),
// with w = `huntWeight` while no unsunk hit is on the board (hunting) and `targetWeight` while a
// ship is hit but not sunk (targeting). w = 0 is `greedy`; w = 1 in both phases is `lookahead`.
// The optimal-play table shows where greedy loses: mostly while hunting and on the first shots
// after a hit, where a slightly less likely cell can set up a much surer next one; the weights
// let the value of that set-up differ between the two phases. A sure hit is fired at once (it
// costs no shot). Ties go to the likelier cell, then reading order; it reads only the position
// and draws no random numbers, so it has an exact value on the small boards.

import { HIT, type Position } from '../position';
import type { Strategy } from './strategy';
import { twoShotChoice } from './two-shot';

export interface PhasedOptions {
  /** Likeliest cells scored with the lookahead (the others are not considered). */
  candidates: number;
  /** Weight of the next shot's chance while hunting. */
  huntWeight: number;
  /** Weight of the next shot's chance while a ship is hit but not sunk. */
  targetWeight: number;
}

export const PHASED_DEFAULTS: PhasedOptions = { candidates: 3, huntWeight: 0.5, targetWeight: 1 };

/** A hit on the board that is not part of a sunk ship: a ship is being targeted. */
export function targeting(position: Position): boolean {
  const sunk = new Set(position.sunk.flat());
  return position.cells.some((m, c) => m === HIT && !sunk.has(c));
}

export function phasedStrategy(options: PhasedOptions = PHASED_DEFAULTS): Strategy {
  const { candidates, huntWeight, targetWeight } = options;
  return {
    name: 'phased',
    summary:
      'two-shot lookahead weighted by phase: hunting and targeting value the next shot differently',
    exact: true,
    salvo: false,
    observations: false,
    create: ({ posteriors }) => ({
      next(position) {
        const weight = targeting(position) ? targetWeight : huntWeight;
        return twoShotChoice('phased', posteriors, position, candidates, weight);
      },
    }),
  };
}
