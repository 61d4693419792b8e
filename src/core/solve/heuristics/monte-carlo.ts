// `sample`: a Monte Carlo estimate of every cell's chance, from layouts drawn consistently with
// the position, with a standard error per cell. This is the solver for boards the exact DP
// cannot hold (26x26 boards with large fleets).
//
// Where the DP fits within a fixed state budget, the draws are exact and independent (the DP's
// backward counts make forward sampling exact), and the standard error is the binomial one,
// sqrt(p(1 - p) / n). Past the budget a Markov chain takes over (layout-chain.ts): several
// chains from independent random starts, a burn-in, then one recorded layout per sweep; its
// draws are correlated, so the standard error comes from batch means (ten batches per chain).
// The budget is a state count, not a time, so which method runs, and therefore the estimate for
// a given seed, does not depend on the machine.
//
// Named hits and volleys: the exact draws come from the DP of the position, or, when its count
// volleys do not fit the budget, of the position without the latest of them, rejecting draws
// that break a dropped volley (sample.ts); accepted draws are still exact and independent, so the
// standard error stays binomial over the accepted draws. The chain keeps every observation in
// every move (layout-chain.ts). Per named ship, the share of draws in which it covers each cell
// is reported beside the per-length shares.

import { BudgetError, CancelledError, InputError } from '../../errors';
import { HIT, MISS, type Position } from '../../position';
import { seededRandom, type Random } from '../../random';
import { boardVariants, type Board } from '../board';
import type { SolveOptions } from '../options';
import { bestShot, type ShipLengthView, type SolveResult } from '../result';
import { layoutSampler, type LayoutSampler } from '../sample';
import { LayoutChain, chainModel } from './layout-chain';

/** Default layouts drawn when the DP fits. */
export const SAMPLE_DRAWS = 10_000;
/** Default sweeps recorded (over all chains) by the Markov chain. */
export const SAMPLE_SWEEPS = 4_000;
/** DP states the exact sampler may use before the Markov chain takes over. */
export const SAMPLE_DP_STATES = 1_000_000;
export const SAMPLE_SEED = 1;
export const SAMPLE_CHAINS = 4;
const BATCHES_PER_CHAIN = 10;

export interface MonteCarloOptions extends SolveOptions {
  /** Layouts to draw (exact; default SAMPLE_DRAWS), or sweeps to record over all chains
   * (chain; default SAMPLE_SWEEPS). */
  draws?: number;
  seed?: number;
  /** 'auto' (default): exact draws when the DP fits, else the chain. */
  method?: 'auto' | 'exact' | 'chain';
  chains?: number;
  /** Sweeps per chain before recording; default a fifth of the recorded sweeps, at least 50. */
  burnIn?: number;
}

interface Estimate {
  /** Per cell: draws with a ship there, per remaining ship length and per named ship. */
  all: Float64Array;
  byLength: Map<number, Float64Array>;
  byName: Map<string, Float64Array>;
  draws: number;
  standardError: Float64Array;
  total: string;
  note: string;
}

export function solveMonteCarlo(position: Position, options: MonteCarloOptions = {}): SolveResult {
  const t0 = performance.now();
  const draws = options.draws;
  if (draws !== undefined && (!Number.isInteger(draws) || draws < 1)) {
    throw new InputError('draws', `must be a whole number of at least 1, got ${draws}`);
  }
  const boards = boardVariants(position);
  const board = boards[0]!;
  const random = seededRandom(options.seed ?? SAMPLE_SEED);
  const method = options.method ?? 'auto';
  let estimate: Estimate | undefined;
  if (method !== 'chain') {
    try {
      const sampler = layoutSampler(position, {
        maxStates: options.maxStates ?? SAMPLE_DP_STATES,
        signal: options.signal,
        onProgress: (f) => options.onProgress?.(f / 2),
      });
      estimate = exactDraws(position, board, sampler, draws ?? SAMPLE_DRAWS, random, options);
    } catch (e) {
      if (method === 'exact' || !(e instanceof BudgetError)) throw e;
    }
  }
  estimate ??= chainDraws(boards, position.sunk, draws ?? SAMPLE_SWEEPS, random, options);
  return toResult(position, board, estimate, performance.now() - t0);
}

function perLength(board: Board): Map<number, Float64Array> {
  return new Map(board.lengths.map((len) => [len, new Float64Array(board.cells)]));
}

/** An accumulator per named ship of the fleet (none when the position names no ship). */
function perName(board: Board): Map<string, Float64Array> {
  const names = board.named ? board.types.flatMap((t) => (t.name ? [t.name] : [])) : [];
  for (const name of board.sunkNames) if (name !== undefined) names.push(name);
  return new Map(names.map((name) => [name, new Float64Array(board.cells)]));
}

function exactDraws(
  position: Position,
  board: Board,
  sampler: LayoutSampler,
  draws: number,
  random: Random,
  options: SolveOptions,
): Estimate {
  const n = board.cells;
  const all = new Float64Array(n);
  const byLength = perLength(board);
  const byName = perName(board);
  const skip = position.sunk.length; // draws list the sunk ships first
  for (let d = 0; d < draws; d++) {
    const { ships, names } = sampler.drawNamed(random);
    for (let s = 0; s < ships.length; s++) {
      const ship = ships[s]!;
      const accName = byName.get(names[s]!);
      if (accName) for (const c of ship) accName[c]! += 1;
      if (s < skip) continue;
      const acc = byLength.get(ship.length)!;
      for (const c of ship) {
        all[c]! += 1;
        acc[c]! += 1;
      }
    }
    if ((d & 255) === 255) {
      if (options.signal?.aborted) throw new CancelledError();
      options.onProgress?.(0.5 + (0.5 * (d + 1)) / draws);
    }
  }
  const standardError = all.map((k) => {
    const p = k / draws;
    return Math.sqrt((p * (1 - p)) / draws);
  });
  const relaxed = sampler.relaxed > 0;
  return {
    all,
    byLength,
    byName,
    draws,
    standardError,
    total: relaxed ? 'unknown' : String(sampler.total),
    note: relaxed
      ? `estimate from ${draws.toLocaleString('en-US')} exact independent draws, accepted out of ${sampler.tries.toLocaleString('en-US')} from the DP without the last ${sampler.relaxed} hitCount volleys (too many states) for fitting them; standard error sqrt(p(1-p)/n) over the accepted draws`
      : `estimate from ${draws.toLocaleString('en-US')} exact independent draws (the DP fits); standard error sqrt(p(1-p)/n)`,
  };
}

function chainDraws(
  boards: Board[],
  sunk: number[][],
  draws: number,
  random: Random,
  options: MonteCarloOptions,
): Estimate {
  if (boards.length > 1) {
    throw new BudgetError(
      'the sunk ships can be read as several named ships, which the Markov chain cannot weigh against each other, and the exact DP does not fit',
      'name the ships of the sunk cell lists, or allow the DP more states (maxStates)',
    );
  }
  const board = boards[0]!;
  const n = board.cells;
  const model = chainModel(board);
  const chains = options.chains ?? SAMPLE_CHAINS;
  const perBatch = Math.max(1, Math.ceil(draws / (chains * BATCHES_PER_CHAIN)));
  const sweeps = perBatch * BATCHES_PER_CHAIN;
  const burnIn = options.burnIn ?? Math.max(50, Math.floor(sweeps / 5));
  const byLength = perLength(board);
  const byName = perName(board);
  const byType = board.types.map(() => new Float64Array(n));
  const batches: Float64Array[] = [];
  const work = chains * (burnIn + sweeps);
  let done = 0;
  const tick = (): void => {
    done++;
    if ((done & 63) === 0) {
      if (options.signal?.aborted) throw new CancelledError();
      options.onProgress?.(done / work);
    }
  };
  for (let c = 0; c < chains; c++) {
    const chain = new LayoutChain(model, random);
    for (let t = 0; t < burnIn; t++) {
      chain.sweep();
      tick();
    }
    for (let b = 0; b < BATCHES_PER_CHAIN; b++) {
      const acc = new Float64Array(n);
      for (let t = 0; t < perBatch; t++) {
        chain.sweep();
        chain.record(acc, byLength, byType);
        tick();
      }
      batches.push(acc.map((x) => x / perBatch));
    }
  }
  const recorded = chains * sweeps;
  const all = new Float64Array(n);
  for (const batch of batches) for (let i = 0; i < n; i++) all[i]! += batch[i]! * perBatch;
  board.types.forEach((t, ti) => {
    if (t.name !== undefined) byName.get(t.name)?.set(byType[ti]!);
  });
  // Sunk cell lists read as named ships cover their cells in every layout.
  sunk.forEach((cells, k) => {
    const acc = byName.get(board.sunkNames[k]!);
    if (acc) for (const c of cells) acc[c] = recorded;
  });
  const B = batches.length;
  const standardError = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const mean = all[i]! / recorded;
    let ss = 0;
    for (const batch of batches) ss += (batch[i]! - mean) ** 2;
    standardError[i] = Math.sqrt(ss / (B - 1) / B);
  }
  return {
    all,
    byLength,
    byName,
    draws: recorded,
    standardError,
    total: 'unknown',
    note: `Markov chain estimate (the exact DP does not fit): ${chains} chains x ${sweeps.toLocaleString('en-US')} recorded sweeps after ${burnIn} burn-in, each chain started from a random consistent layout (randomised depth-first search); standard error from ${B} batch means`,
  };
}

function toResult(position: Position, board: Board, e: Estimate, ms: number): SolveResult {
  const n = board.cells;
  const probabilities = new Float64Array(n);
  const standardError = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const m = position.cells[i];
    if (m === MISS) probabilities[i] = 0;
    else if (m === HIT) probabilities[i] = 1;
    else {
      probabilities[i] = e.all[i]! / e.draws;
      standardError[i] = e.standardError[i]!;
    }
  }
  const byLength: ShipLengthView[] = board.lengths.map((length) => ({
    length,
    afloat: board.remaining[length]!,
    probabilities: e.byLength.get(length)!.map((k) => k / e.draws),
  }));
  const { best, ties } = bestShot(position, probabilities);
  const result: SolveResult = {
    solver: 'sample',
    exact: false,
    weighted: position.prior !== undefined,
    total: e.total,
    width: board.width,
    height: board.height,
    probabilities,
    byLength,
    standardError,
    best,
    ties,
    ms,
    note: e.note,
  };
  if (board.named) {
    // Per named fleet ship, in fleet order (as the exact solvers list them).
    result.byShip = position.rules.fleet.flatMap(({ name, length }) => {
      const counts = name === undefined ? undefined : e.byName.get(name);
      if (!counts) return [];
      return [{ name: name!, length, probabilities: counts.map((k) => k / e.draws) }];
    });
  }
  return result;
}
