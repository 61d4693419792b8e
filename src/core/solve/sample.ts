// Exact sampling of hidden layouts: draws consistent with the position, each layout with
// probability proportional to its prior weight (uniform without a prior). It falls out of the DP:
// the backward values count completions, so walking forward with odds t * b(next) / b(here) is
// exact. The simulator draws hidden fleets this way; the learner draws them from priors.
//
// Named positions may read their sunk lists several ways (boardVariants): a draw first picks a
// reading with odds its layout total, then a layout of it. Count volleys (hitCount answers) put a
// digit per open volley into the DP's state; when that does not fit the caller's budget, the
// sampler drops count volleys (the latest first) until the DP fits and rejects the draws that
// break a dropped one. Rejection keeps the draws exact: an accepted draw is uniform (or weighted)
// over the layouts that fit every volley. `relaxed` says how many were dropped, and the sampler's
// `total` is then that of the relaxed position.

import { BudgetError, NoLayoutError } from '../errors';
import type { Position } from '../position';
import { seededRandom, type Random } from '../random';
import { boardVariants, checkHitsCoverable, type Board, type CountVolley } from './board';
import { buildDpModel, sampleFromModel, type DpModel } from './dp/dp';
import type { SolveOptions } from './options';

/** Draws a sampler may reject in a row before it gives up (a dropped volley rarely fits). */
export const MAX_REJECTIONS = 20_000;

/** One full layout, each ship with its name when the position names ships. */
export interface NamedLayout {
  ships: number[][];
  /** Per ship: its fleet name, or undefined for a ship not told apart by name. */
  names: (string | undefined)[];
}

/** A sampler for one position: build once, draw many. */
export interface LayoutSampler {
  /** Number of consistent layouts (float; the weighted sum with a prior); see `relaxed`. */
  total: number;
  /** Count volleys left out of the DP and checked on each draw instead (0: total is exact). */
  relaxed: number;
  /** Draws made, rejected ones included (equal to the draws returned when nothing is relaxed). */
  tries: number;
  /** One full layout: the sunk ships as given plus the remaining ships, each as its cells. */
  draw(random: Random): number[][];
  /** The same draw, with the ships' names. */
  drawNamed(random: Random): NamedLayout;
}

/** One reading of the sunk lists, solved: its model and what its draws must still satisfy. */
interface Reading {
  board: Board;
  model: DpModel;
  dropped: CountVolley[];
}

export function layoutSampler(position: Position, options: SolveOptions = {}): LayoutSampler {
  const readings = boardVariants(position).map((board) => solveReading(board, options));
  const live = readings.filter((r) => r.model.total > 0);
  if (live.length === 0) throw new NoLayoutError();
  const total = live.reduce((sum, r) => sum + r.model.total, 0);
  const sunk = position.sunk.map((s) => s.slice());
  const sampler: LayoutSampler = {
    total,
    relaxed: Math.max(...live.map((r) => r.dropped.length)),
    tries: 0,
    draw: (random) => sampler.drawNamed(random).ships,
    drawNamed: (random) => {
      for (let attempt = 0; attempt < MAX_REJECTIONS; attempt++) {
        sampler.tries++;
        const reading = pickReading(live, total, random);
        const types: number[] = [];
        const ships = sampleFromModel(reading.model, random, types);
        if (!keepsVolleys(ships, reading.dropped)) continue;
        const { board } = reading;
        return {
          ships: [...sunk.map((s) => s.slice()), ...ships],
          names: [...board.sunkNames, ...types.map((t) => board.types[t]!.name)],
        };
      }
      throw new BudgetError(
        `${MAX_REJECTIONS.toLocaleString('en-US')} draws in a row broke the volleys the exact sampler had to leave out`,
        'a Markov chain estimate keeps every volley (sample method "chain")',
      );
    },
  };
  return sampler;
}

/**
 * The DP of one reading: with every count volley when it fits the budget, else with the
 * earliest ones that fit (the rest are checked on each draw). When even the DP without any count
 * volley does not fit, relaxing cannot help: its budget error is thrown at once.
 */
function solveReading(board: Board, options: SolveOptions): Reading {
  checkHitsCoverable(board);
  const all = board.countVolleys;
  const attempt = (kept: number): Reading => {
    const relaxed = kept === all.length ? board : { ...board, countVolleys: all.slice(0, kept) };
    return { board, model: buildDpModel(relaxed, options), dropped: all.slice(kept) };
  };
  try {
    return attempt(all.length);
  } catch (e) {
    if (!(e instanceof BudgetError) || all.length === 0) throw e;
  }
  const fallback = attempt(0);
  for (let kept = all.length - 1; kept > 0; kept--) {
    try {
      return attempt(kept);
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
    }
  }
  return fallback;
}

/** A reading with odds its total (one reading: no random number used, so seeded streams keep
 * drawing the layouts they drew before readings existed). */
function pickReading(readings: Reading[], total: number, random: Random): Reading {
  if (readings.length === 1) return readings[0]!;
  let target = random() * total;
  for (const r of readings) {
    target -= r.model.total;
    if (target < 0) return r;
  }
  return readings[readings.length - 1]!;
}

/** Do the ships cover exactly each volley's count of its cells? */
function keepsVolleys(ships: number[][], volleys: CountVolley[]): boolean {
  for (const v of volleys) {
    let covered = 0;
    for (const ship of ships) for (const c of ship) covered += v.cells[c]!;
    if (covered !== v.count) return false;
  }
  return true;
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
