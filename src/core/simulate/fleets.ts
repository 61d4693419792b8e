// Hidden fleets for simulated games, drawn exactly: uniformly from all legal layouts of the rules,
// or with probability proportional to a prior's weight. Game k's fleet depends on (seed, k) alone,
// so every strategy and every chunk of a parallel run meets the same fleet in game k.
//
// Two exact samplers, built once per rules (and prior) and reused for every game:
//   - rejection: each ship, longest first, at a placement drawn independently (uniformly, or by
//     its weight under the prior); the whole draw restarts at the first overlap or touch. Every
//     layout is reached through the same number of labelled draws, so accepted layouts are exactly
//     uniform (or weight-proportional). Instant to build; fast when layouts are not too crowded
//     (classic: most draws succeed within a few tries).
//   - the DP model of the empty board (solve/sample.ts): one exact DP, then each draw is a walk.
//     Used when rejection would need too many tries (the Russian fleet: thousands per layout).
// The choice comes from a fixed-seed pilot run of the rejection sampler, so it is the same on
// every machine and in every worker.
//
// A third source is not uniform on purpose: `sequential` places the ships one at a time, longest
// first, each uniformly (or by prior weight) among the places it still fits, restarting when a
// ship has none. That is how most game programs and contest referees hide a fleet, and it is not
// uniform over layouts: a long ship placed first ignores the room it leaves the others, so under
// the touch rules fleets sit less at the edges than uniform ones. Published contest figures
// (Cubido's, seed 003) were measured against such fleets.

import { BudgetError, NoLayoutError } from '../errors';
import { emptyPosition } from '../position';
import { randomInt, seededRandom, type Random } from '../random';
import type { Rules } from '../rules';
import { touchNeighbours } from '../neighbours';
import { HORIZONTAL, VERTICAL, solverWeights } from '../solve/board';
import { mayUnderflow, unevenPriorError } from '../solve/prior-range';
import { layoutSampler } from '../solve/sample';

export { FLEET_SOURCES, type FleetSource } from '../catalog/options';

export interface FleetSampler {
  method: 'rejection' | 'dp' | 'sequential';
  /** One layout: each ship as its cells in order along the ship. */
  draw(random: Random): number[][];
}

/** Rejection is used when the pilot accepts at least this share of tries. */
export const MIN_ACCEPTANCE = 1e-3;
const PILOT_TRIES = 20_000;
const PILOT_SEED = 0x5eed;
/** A rejection draw gives up after this many tries. */
const MAX_TRIES = 20_000_000;
/** States the empty-board DP may use (memory bound; deterministic, unlike a time limit). */
export const FLEET_DP_STATES = 20_000_000;

/** Mixes numbers into one 32-bit seed (a few rounds of multiply-xorshift per part). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const x of parts) {
    h = Math.imul(h ^ (x >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h ^ Math.floor(x / 2 ** 32), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A 32-bit hash of a name (FNV-1a). */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const FLEET_STREAM = 0xf1ee7;

/** The random stream that draws game k's hidden fleet. */
export function fleetRandom(seed: number, game: number): Random {
  return seededRandom(mixSeed(seed, game, FLEET_STREAM));
}

/** The random stream a strategy uses in game k (its own, so adding strategies changes nothing). */
export function strategyRandom(seed: number, game: number, strategy: string): Random {
  return seededRandom(mixSeed(seed, game, nameHash(strategy)));
}

interface ShipChoices {
  cells: Int32Array[];
  reach: Int32Array[];
  /** Placement weights and their running sums (prior), or null (uniform). */
  weights: Float64Array | null;
  cumulative: Float64Array | null;
}

/** Every placement of each fleet length (cells, the cells it reaches, cumulative weights). */
function shipChoices(rules: Rules, grid?: Float64Array): ShipChoices[] {
  const { width: W, height: H, touch } = rules;
  // Scaled like the solvers' weights: a product over a ship of weights far from 1 overflows.
  const prior = grid && solverWeights(grid);
  const n = W * H;
  const byLength = new Map<number, ShipChoices>();
  const lengths = rules.fleet.map((s) => s.length).sort((a, b) => b - a);
  for (const len of new Set(lengths)) {
    const cells: Int32Array[] = [];
    const reach: Int32Array[] = [];
    const weights: number[] = [];
    for (let start = 0; start < n; start++) {
      const r = Math.floor(start / W);
      const c = start % W;
      for (const o of len === 1 ? [HORIZONTAL] : [HORIZONTAL, VERTICAL]) {
        if (o === HORIZONTAL ? c + len > W : r + len > H) continue;
        const step = o === HORIZONTAL ? 1 : W;
        const body = Int32Array.from({ length: len }, (_, k) => start + k * step);
        const around = new Set<number>(body);
        for (const x of body) for (const nb of touchNeighbours(touch, W, H, x)) around.add(nb);
        cells.push(body);
        reach.push(Int32Array.from(around));
        weights.push(prior ? body.reduce((w, x) => w * prior[x]!, 1) : 1);
      }
    }
    let cumulative: Float64Array | null = null;
    if (prior) {
      cumulative = new Float64Array(weights.length);
      let sum = 0;
      weights.forEach((w, k) => (cumulative![k] = sum += w));
    }
    byLength.set(len, {
      cells,
      reach,
      weights: prior ? Float64Array.from(weights) : null,
      cumulative,
    });
  }
  return lengths.map((len) => byLength.get(len)!);
}

/** A draw that repeats `attempt` until it gives a layout (a budget error after MAX_TRIES). */
function retried(
  attempt: (random: Random) => number[][] | null,
  failure: string,
): (random: Random) => number[][] {
  return (random) => {
    for (let t = 0; t < MAX_TRIES; t++) {
      const layout = attempt(random);
      if (layout) return layout;
    }
    throw new BudgetError(
      `${failure} ${MAX_TRIES.toLocaleString('en-US')} tries`,
      'the fleet is too crowded for these rules',
    );
  };
}

/** A placement of one ship, uniformly or by its prior weight. */
function choosePlacement(s: ShipChoices, random: Random): number {
  if (!s.cumulative) return randomInt(random, s.cells.length);
  const target = random() * s.cumulative[s.cumulative.length - 1]!;
  let lo = 0;
  let hi = s.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.cumulative[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function rejectionSampler(
  rules: Rules,
  prior?: Float64Array,
): FleetSampler & { pilot(tries: number, random: Random): number } {
  const n = rules.width * rules.height;
  const ships = shipChoices(rules, prior);
  const mark = new Int32Array(n);
  let stamp = 0;
  /** One try: the layout, or null at the first conflict. */
  const attempt = (random: Random): number[][] | null => {
    stamp++;
    const layout: number[][] = [];
    for (const s of ships) {
      const k = choosePlacement(s, random);
      const body = s.cells[k]!;
      for (let m = 0; m < body.length; m++) if (mark[body[m]!] === stamp) return null;
      const around = s.reach[k]!;
      for (let m = 0; m < around.length; m++) mark[around[m]!] = stamp;
      layout.push(Array.from(body));
    }
    return layout;
  };
  return {
    method: 'rejection',
    draw: retried(attempt, 'no legal fleet found in'),
    pilot(tries, random) {
      let accepted = 0;
      for (let t = 0; t < tries; t++) if (attempt(random)) accepted++;
      return accepted / tries;
    },
  };
}

/**
 * Fleets placed one ship at a time, longest first, each uniformly (or by prior weight) among the
 * places it still fits beside the ships already placed; a draw that leaves a ship no place starts
 * again. Not uniform over layouts (see the top of this file).
 */
export function sequentialSampler(rules: Rules, prior?: Float64Array): FleetSampler {
  const ships = shipChoices(rules, prior);
  const mark = new Int32Array(rules.width * rules.height);
  let stamp = 0;
  const fits: number[] = [];
  const attempt = (random: Random): number[][] | null => {
    stamp++;
    const layout: number[][] = [];
    for (const s of ships) {
      fits.length = 0;
      let sum = 0;
      for (let k = 0; k < s.cells.length; k++) {
        const body = s.cells[k]!;
        let free = true;
        for (let m = 0; m < body.length && free; m++) free = mark[body[m]!] !== stamp;
        if (!free) continue;
        fits.push(k);
        sum += s.weights ? s.weights[k]! : 1;
      }
      if (fits.length === 0) return null;
      let k = fits[fits.length - 1]!;
      if (!s.weights) k = fits[randomInt(random, fits.length)]!;
      else {
        let target = random() * sum;
        for (const f of fits)
          if ((target -= s.weights[f]!) < 0) {
            k = f;
            break;
          }
      }
      const around = s.reach[k]!;
      for (let m = 0; m < around.length; m++) mark[around[m]!] = stamp;
      layout.push(Array.from(s.cells[k]!));
    }
    return layout;
  };
  return {
    method: 'sequential',
    draw: retried(attempt, 'no fleet could be placed ship by ship in'),
  };
}

/**
 * The exact hidden-fleet sampler for these rules (and prior): rejection when the pilot accepts at
 * least `minAcceptance` of its tries, else the DP model (rejection again if the DP does not fit).
 */
export function fleetSampler(
  rules: Rules,
  prior?: Float64Array,
  minAcceptance = MIN_ACCEPTANCE,
): FleetSampler {
  const rejection = rejectionSampler(rules, prior);
  const acceptance = rejection.pilot(PILOT_TRIES, seededRandom(PILOT_SEED));
  if (acceptance >= minAcceptance) return rejection;
  const position = emptyPosition(rules);
  if (prior) position.prior = prior;
  try {
    const sampler = layoutSampler(position, { maxStates: FLEET_DP_STATES });
    return { method: 'dp', draw: (random) => sampler.draw(random) };
  } catch (e) {
    // The fleet fits the empty board (the rules are checked first): "no layout" here means the
    // prior's weights rounded every layout's weight to 0, said as a solve says it.
    if (e instanceof NoLayoutError && mayUnderflow(position)) throw unevenPriorError();
    if (!(e instanceof BudgetError) || acceptance === 0) throw e;
    return rejection;
  }
}
