// Exact sampling of hidden layouts: draws consistent with the position, each layout with
// probability proportional to its prior weight (uniform without a prior). It falls out of the DP:
// the backward values count completions, so walking forward with odds t * b(next) / b(here) is
// exact. The simulator draws hidden fleets this way; the learner draws them from priors.

import { NoLayoutError } from '../errors';
import type { Position } from '../position';
import { seededRandom, type Random } from '../random';
import { buildBoard, checkHitsCoverable } from './board';
import { buildDpModel, sampleFromModel, type DpModel } from './dp';
import type { SolveOptions } from './options';

/** A sampler for one position: build once, draw many. */
export interface LayoutSampler {
  /** Number of consistent layouts (float; the weighted sum with a prior). */
  total: number;
  /** One full layout: the sunk ships as given plus the remaining ships, each as its cells. */
  draw(random: Random): number[][];
}

export function layoutSampler(position: Position, options: SolveOptions = {}): LayoutSampler {
  const board = buildBoard(position);
  checkHitsCoverable(board);
  const model: DpModel = buildDpModel(board, options);
  if (model.total === 0) throw new NoLayoutError();
  const sunk = position.sunk.map((s) => s.slice());
  return {
    total: model.total,
    draw: (random) => [...sunk.map((s) => s.slice()), ...sampleFromModel(model, random)],
  };
}

/** `n` layouts drawn from `seed` (reproducible). */
export function sample(
  position: Position,
  n: number,
  seed: number,
  options: SolveOptions = {},
): number[][][] {
  const sampler = layoutSampler(position, options);
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => sampler.draw(random));
}
