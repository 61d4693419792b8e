// `phased`: a two-shot lookahead whose weight on the next shot depends on the phase of the game.
// Each of the `candidates` likeliest cells is scored
//   V(c) = P(hit c) + w * sum over answers a of P(a) * max_j P(hit j | a),
// with w = `huntWeight` while no unsunk hit is on the board (hunting) and `targetWeight` while a
// ship is hit but not sunk (targeting). w = 0 is `greedy`; w = 1 in both phases is `lookahead`.
// The optimal-play table shows where greedy loses: mostly while hunting and on the first shots
// after a hit, where a slightly less likely cell can set up a much surer next one; the weights
// let the value of that set-up differ between the two phases. A sure hit is fired at once (it
// costs no shot). Ties go to the likelier cell, then reading order.
//
// Its thinking budget: `phased` scores the next shot exactly (two or three exact solves per
// candidate), and reads only the position, so it has an exact value on the small boards.
// `phased:D` estimates that term from D layouts drawn exactly from the posterior
// (two-shot-sampled.ts), seeded from the position itself: the same position always gets the
// same shot, whatever the game or seed, so a thread thinks about each position once.

import {
  PHASED_LAB_DRAWS,
  PHASED_MAX_DRAWS,
  budgetedPhasedSummary,
  phasedBudget,
  strategyInfo,
} from '../catalog/strategies';
import { BudgetError, NoLayoutError } from '../errors';
import { HIT, type Position } from '../position';
import { hashString, seededRandom, type Random } from '../random';
import { layoutSampler, type LayoutSampler } from '../solve/sample';
import { OBSERVATIONS_MAX_BYTES, positionKey, type PosteriorCache } from './posterior';
import type { Strategy } from './strategy';
import { distinctCells } from './symmetric-cells';
import { bestByValue, rankedCells, settled, twoShotChoice } from './two-shot';
import { sampledNextChances } from './two-shot-sampled';

export interface PhasedOptions {
  /** Likeliest cells scored with the lookahead (the others are not considered). */
  candidates: number;
  /** Weight of the next shot's chance while hunting. */
  huntWeight: number;
  /** Weight of the next shot's chance while a ship is hit but not sunk. */
  targetWeight: number;
  /** Layouts drawn to estimate the next shot's chance; 0 (the default) scores it exactly. */
  draws?: number;
}

export const PHASED_DEFAULTS: PhasedOptions = {
  candidates: 3,
  huntWeight: 0.5,
  targetWeight: 1,
  draws: 0,
};

export { PHASED_LAB_DRAWS, PHASED_MAX_DRAWS };

/** D of a name `phased:D`; null for other names, NaN for a budget out of 1..PHASED_MAX_DRAWS. */
export const phasedDraws = phasedBudget;

/** A hit on the board that is not part of a sunk ship: a ship is being targeted. */
export function targeting(position: Position): boolean {
  const sunk = new Set(position.sunk.flat());
  return position.cells.some((m, c) => m === HIT && !sunk.has(c));
}

function drawer(sampler: LayoutSampler, random: Random): () => number[][] {
  return () => sampler.draw(random);
}

/** The sampled choice (`draws` > 0); greedy's cell when the sampler refuses the position. */
function sampledChoice(
  name: string,
  posteriors: PosteriorCache,
  position: Position,
  options: PhasedOptions,
  weight: number,
): number {
  const post = posteriors.get(position);
  const ranked = rankedCells(name, position, post);
  if (settled(post, ranked, weight)) return ranked[0]!;
  // Mirror images have equal values; draws would tell them apart by noise alone.
  const scored = distinctCells(position, ranked).slice(0, options.candidates);
  let layouts: number[][][];
  try {
    const random = seededRandom(hashString(`${name}|${positionKey(position)}`));
    // From the thread's kept models (walked, or the position's own, kept for the positions
    // after it); a sampler's own DP when the cache keeps none. The same draws either way.
    const fromModels = posteriors.drawer(position, OBSERVATIONS_MAX_BYTES);
    const draw = fromModels
      ? (): number[][] => [...position.sunk.map((s) => s.slice()), ...fromModels(random)]
      : drawer(layoutSampler(position, { maxBytes: OBSERVATIONS_MAX_BYTES }), random);
    layouts = Array.from({ length: options.draws ?? 0 }, draw);
  } catch (e) {
    if (e instanceof BudgetError || e instanceof NoLayoutError) return ranked[0]!;
    throw e;
  }
  const next = sampledNextChances(position, post.p, scored, layouts);
  return bestByValue(post, scored, next, weight);
}

export function phasedStrategy(options: PhasedOptions = PHASED_DEFAULTS): Strategy {
  const { candidates, huntWeight, targetWeight, draws = 0 } = options;
  const name = draws > 0 ? `phased:${draws}` : 'phased';
  return {
    // A budget the catalog does not list (phased:D for any D) reads like the listed one.
    ...strategyInfo('phased'),
    name,
    ...(draws > 0 && { summary: budgetedPhasedSummary(draws) }),
    create: ({ posteriors }) => ({
      next(position) {
        const weight = targeting(position) ? targetWeight : huntWeight;
        if (draws === 0) return twoShotChoice(name, posteriors, position, candidates, weight);
        return posteriors.choice(name, position, () =>
          sampledChoice(name, posteriors, position, options, weight),
        );
      },
    }),
  };
}
