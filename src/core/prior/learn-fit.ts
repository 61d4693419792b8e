// `fit`: a per-cell weight grid by maximum likelihood (MAP with a Gaussian prior on log-weights),
// so that the prior's exact expected occupancy matches what the opponent actually did.
//
// The model: a layout L has probability w(L) / Z with w(L) = prod over L's cells of w_i. With
// theta = log w this is an exponential family whose statistic is the occupancy indicator x(L), so
//   log-likelihood of fully revealed layouts  = sum_g theta . x_g - n log Z(theta),
//   its gradient                              = sum_g x_g - n E[x]   (observed - expected occupancy),
//   a partly revealed game contributes          log Z_g(theta) - log Z(theta),
//   with gradient                               E[x | game's marks] - E[x]   (posterior - prior),
// all exact from the DP with weights. A Gaussian prior on theta adds a penalty: with few games
// the grid stays near uniform, with many the data rule. A number `precision` puts the same
// precision on every log-weight (-precision/2 |theta|^2); 'auto' (empirical-bayes.ts) chooses
// two from the games: one for the part of theta shared by mirror cells, one for the rest.
//
// Maximising: Newton steps theta += step * H^-1 g. The gradient g is exact; the curvature H = n
// Cov(x) + precision is estimated from layouts drawn exactly from the prior (one sampler build),
// and only re-estimated when a step gained less than expected, so most iterations cost one solve
// of the empty board (plus one per partial game). An estimated H only changes how fast the
// iteration converges, never where it stops (the stopping test uses the exact gradient). A step
// that lowers the exact objective is halved. Partial games make the true curvature smaller than
// n Cov(x), so the steps are a little short there: still uphill, just slower.
//
// The solves go through the state graph of the rules when the caller hands one (options.graphs);
// only the curvature's sampler is always the DP's.
//
// Gauge: every layout has the same number of cells, so adding a constant to all log-weights
// changes nothing; the result is centred to mean log-weight 0 (geometric-mean weight 1).
// Symmetric fits tie the log-weights over each orbit of the board's symmetry group.

import { CancelledError } from '../errors';
import { emptyPosition, type Position } from '../position';
import { seededRandom } from '../random';
import type { Rules } from '../rules';
import type { CancelSignal } from '../solve/cancel';
import type { GraphProvider } from '../solve/options';
import { chooseScale, chooseTiedScale, type PriorScale } from './empirical-bayes';
import { solveSpd } from './linalg';
import { drawLayouts, exactOccupancy, type EngineCounts } from './occupancy';
import { poolOverSymmetries, symmetryOrbits } from '../symmetry';

export interface FitData {
  rules: Rules;
  /** Sum over the fully revealed layouts of their occupancy indicators (1 per occupied cell). */
  counts: Float64Array;
  /** How many fully revealed layouts `counts` sums (any positive number, e.g. 59,708). */
  full: number;
  /** Partly revealed games, as the positions they reached (marks and sunk ships). */
  partial?: readonly Position[];
}

export interface FitOptions {
  /**
   * Precision (1/variance) of the Gaussian prior on each log-weight; 0 = plain likelihood;
   * 'auto' = chosen from the data (empirical Bayes, separately for the symmetric part).
   */
  precision?: number | 'auto';
  /** Tie the log-weights over the board's mirror images and rotations. */
  symmetric?: boolean;
  /** Stop when every cell's gradient per game (an occupancy difference) is below this. */
  tolerance?: number;
  maxIterations?: number;
  /** Layouts drawn to estimate the curvature of the Newton step (0: a diagonal estimate). */
  draws?: number;
  seed?: number;
  /** Starting log-weights (default 0: uniform). */
  init?: Float64Array;
  signal?: CancelSignal;
  /** State graphs the caller keeps: the exact solves go through the rules' one when handed. */
  graphs?: GraphProvider;
  onProgress?: (fraction: number) => void;
  onIteration?: (info: FitIteration) => void;
}

export interface FitIteration {
  iteration: number;
  /** Exact log-likelihood minus the Gaussian penalty at the current weights. */
  objective: number;
  /** Largest |gradient| per game over the cells (occupancy units). */
  gradientMax: number;
  /** Step length used to get here (1 = full Newton step). */
  step: number;
  solves: number;
  ms: number;
}

export interface FitResult {
  /** Log-weights, centred to mean 0. */
  logWeights: Float64Array;
  /** exp(logWeights): the grid to use as a prior. */
  weights: Float64Array;
  /** Exact expected occupancy of the empty board under `weights`. */
  occupancy: Float64Array;
  /** Observed occupancy per game (partial games: their posterior occupancy under `weights`). */
  target: Float64Array;
  /** Largest and mean |occupancy - target| over the cells. */
  maxAbsDiff: number;
  meanAbsDiff: number;
  /** The precisions used, on the symmetric part and the rest (equal unless 'auto'). */
  precision: PriorScale;
  /** Largest |gradient| per game (equals maxAbsDiff when precision is 0). */
  gradientMax: number;
  /** Exact log-likelihood of the data at `weights` (natural log). */
  logLikelihood: number;
  /** The same at the starting weights (uniform unless `init` was given). */
  initialLogLikelihood: number;
  objective: number;
  /** Log Z of the empty board under `weights`. */
  logZ: number;
  iterations: number;
  /** Exact DP runs used: solves of the empty board and of partial games, sampler builds. */
  solves: number;
  /** The same by the engine that answered (occupancy.ts), sampler builds as `sampler`. */
  solvedBy: EngineCounts;
  ms: number;
  converged: boolean;
  history: FitIteration[];
}

const MAX_LOG_WEIGHT = 12;

interface Evaluation {
  theta: Float64Array;
  occupancy: Float64Array;
  target: Float64Array; // pooled when symmetric
  gradient: Float64Array; // per cell: n (target - m) minus the penalty's gradient
  logLikelihood: number;
  objective: number;
  logZ: number;
}

export function fitOccupancy(data: FitData, options: FitOptions = {}): FitResult {
  const t0 = performance.now();
  const { rules } = data;
  const W = rules.width;
  const H = rules.height;
  const N = W * H;
  const partial = data.partial ?? [];
  const n = data.full + partial.length;
  if (!(n > 0)) throw new Error('fitOccupancy needs at least one game');
  const auto = options.precision === 'auto';
  const fixed = auto ? 0 : ((options.precision as number | undefined) ?? 0);
  let scale: PriorScale = { symmetric: fixed, residual: fixed };
  const orbit = symmetryOrbits(W, H);
  /** Penalty (-log prior) and its gradient at theta. */
  const penalty = (theta: Float64Array): { value: number; gradient: Float64Array } => {
    const mean = poolOverSymmetries(theta, W, H);
    let value = 0;
    const gradient = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const rest = theta[i]! - mean[i]!;
      value += 0.5 * (scale.symmetric * mean[i]! ** 2 + scale.residual * rest * rest);
      gradient[i] = scale.symmetric * mean[i]! + scale.residual * rest;
    }
    return { value, gradient };
  };
  const tolerance = options.tolerance ?? 1e-4;
  const maxIterations = options.maxIterations ?? 40;
  const drawCount = options.draws ?? 4000;
  const random = seededRandom(options.seed ?? 1);
  const symmetric = options.symmetric ?? false;
  const param = symmetric ? orbit : Int32Array.from({ length: N }, (_, i) => i);
  const P = Math.max(...param) + 1;
  const paramSize = new Float64Array(P);
  for (let i = 0; i < N; i++) paramSize[param[i]!]! += 1;
  const empty = emptyPosition(rules);
  const pool = (v: Float64Array): Float64Array => (symmetric ? poolOverSymmetries(v, W, H) : v);
  let solves = 0;
  const solvedBy: EngineCounts = {};
  const solveOptions = {
    signal: options.signal,
    solvedBy,
    graphs: options.graphs,
  };
  const history: FitIteration[] = [];

  const evaluate = (theta: Float64Array): Evaluation => {
    if (options.signal?.aborted) throw new CancelledError('learning');
    const weights = theta.map(Math.exp);
    const prior = exactOccupancy(empty, weights, solveOptions);
    solves++;
    const sums = data.counts.slice();
    let logLikelihood = dot(theta, data.counts) - data.full * prior.logZ;
    for (const position of partial) {
      const post = exactOccupancy(position, weights, solveOptions);
      solves++;
      for (let i = 0; i < N; i++) sums[i]! += post.occupancy[i]!;
      logLikelihood += post.logZ - prior.logZ;
    }
    const target = pool(sums.map((s) => s / n));
    const pen = penalty(theta);
    const gradient = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      gradient[i] = n * (target[i]! - prior.occupancy[i]!) - pen.gradient[i]!;
    }
    return {
      theta,
      occupancy: prior.occupancy,
      target,
      gradient,
      logLikelihood,
      objective: logLikelihood - pen.value,
      logZ: prior.logZ,
    };
  };

  const gradientMax = (e: Evaluation): number => {
    let m = 0;
    for (let i = 0; i < N; i++) m = Math.max(m, Math.abs(e.gradient[i]!) / n);
    return m;
  };

  const regularised = (): boolean => scale.symmetric > 0;
  let current = evaluate(centred(options.init ?? new Float64Array(N), regularised()));
  const initialLogLikelihood = current.logLikelihood;
  let covariance: Float64Array | null = null;
  const estimateCovariance = (): Float64Array => {
    let draws: number[][][] = [];
    if (drawCount > 0) {
      draws = drawLayouts(empty, current.theta.map(Math.exp), drawCount, random, solveOptions);
      solves++;
    }
    return parameterCovariance(draws, current.occupancy, param, P);
  };
  if (auto) {
    covariance = estimateCovariance();
    const score = current.gradient; // no penalty yet
    if (symmetric) {
      const tied = chooseTiedScale(covariance, score, orbit, n);
      scale = { symmetric: tied, residual: tied };
    } else {
      scale = chooseScale(covariance, score, W, H, orbit, n);
    }
    const pen = penalty(current.theta);
    for (let i = 0; i < N; i++) current.gradient[i]! -= pen.gradient[i]!;
    current.objective = current.logLikelihood - pen.value;
  }
  let step = 1;
  let iterations = 0;
  let converged = gradientMax(current) < tolerance;
  const report = (): void => {
    const info: FitIteration = {
      iteration: iterations,
      objective: current.objective,
      gradientMax: gradientMax(current),
      step,
      solves,
      ms: performance.now() - t0,
    };
    history.push(info);
    options.onIteration?.(info);
    // Progress: how far the gradient has come down from its start toward the tolerance.
    const start = history[0]!.gradientMax;
    const done = Math.log(start / info.gradientMax) / Math.log(start / tolerance);
    options.onProgress?.(Math.max(0, Math.min(0.99, Number.isFinite(done) ? done : 0)));
  };
  report();
  while (!converged && iterations < maxIterations) {
    iterations++;
    covariance ??= estimateCovariance();
    const direction = newtonDirection(
      covariance,
      current.gradient,
      param,
      P,
      paramSize,
      n,
      scale,
      orbit,
    );
    const before = gradientMax(current);
    let accepted = false;
    for (let halvings = 0; halvings < 6 && !accepted; halvings++) {
      const theta = new Float64Array(N);
      for (let i = 0; i < N; i++) {
        const t = current.theta[i]! + step * direction[param[i]!]!;
        theta[i] = Math.max(-MAX_LOG_WEIGHT, Math.min(MAX_LOG_WEIGHT, t));
      }
      const next = evaluate(centred(theta, regularised()));
      const slack = 1e-12 * Math.abs(current.objective) + 1e-12;
      if (next.objective >= current.objective - slack) {
        current = next;
        accepted = true;
      } else {
        step /= 2;
      }
    }
    converged = gradientMax(current) < tolerance;
    report();
    if (!accepted) {
      if (drawCount === 0) break;
      covariance = null; // try again with the curvature at the current point
      continue;
    }
    // A full step that cut the gradient well keeps the curvature; otherwise re-estimate it.
    if (step < 1 || gradientMax(current) > 0.25 * before) covariance = null;
    step = Math.min(1, step * 2);
  }
  options.onProgress?.(1);
  let maxAbsDiff = 0;
  let sumAbsDiff = 0;
  for (let i = 0; i < N; i++) {
    const d = Math.abs(current.occupancy[i]! - current.target[i]!);
    maxAbsDiff = Math.max(maxAbsDiff, d);
    sumAbsDiff += d;
  }
  return {
    logWeights: current.theta,
    weights: current.theta.map(Math.exp),
    occupancy: current.occupancy,
    target: current.target,
    maxAbsDiff,
    meanAbsDiff: sumAbsDiff / N,
    gradientMax: gradientMax(current),
    logLikelihood: current.logLikelihood,
    initialLogLikelihood,
    precision: scale,
    objective: current.objective,
    logZ: current.logZ,
    iterations,
    solves,
    solvedBy,
    ms: performance.now() - t0,
    converged,
    history,
  };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Without a Gaussian prior the log-weights are defined up to a constant: centre them. With one,
 * the optimum is already centred (the gradient's sum is -precision * sum(theta)), so leave them.
 */
function centred(theta: Float64Array, regularised: boolean): Float64Array {
  if (regularised) return theta.slice();
  let mean = 0;
  for (const t of theta) mean += t;
  mean /= theta.length;
  return theta.map((t) => t - mean);
}

/**
 * Covariance of the parameters' occupancy counts over the drawn layouts (P x P); without draws,
 * its diagonal from the exact occupancy.
 */
function parameterCovariance(
  draws: readonly number[][][],
  occupancy: Float64Array,
  param: Int32Array,
  P: number,
): Float64Array {
  const S = new Float64Array(P * P);
  const K = draws.length;
  if (K === 0) {
    for (let i = 0; i < param.length; i++) {
      const m = occupancy[i]!;
      S[param[i]! * P + param[i]!]! += m * (1 - m);
    }
    return S;
  }
  const mean = new Float64Array(P);
  const x = new Float64Array(P);
  const touched: number[] = [];
  for (const layout of draws) {
    touched.length = 0;
    for (const ship of layout) {
      for (const c of ship) {
        const p = param[c]!;
        if (x[p] === 0) touched.push(p);
        x[p]! += 1;
      }
    }
    for (const p of touched) {
      mean[p]! += x[p]!;
      for (const q of touched) S[p * P + q]! += x[p]! * x[q]!;
    }
    for (const p of touched) x[p] = 0;
  }
  for (let p = 0; p < P; p++) mean[p]! /= K;
  for (let p = 0; p < P; p++) {
    for (let q = 0; q < P; q++) S[p * P + q] = S[p * P + q]! / K - mean[p]! * mean[q]!;
  }
  return S;
}

/**
 * Solves (n S + Hessian of the penalty + jitter) d = g in parameter space. One parameter per
 * cell: the penalty's Hessian is lambda_s M + lambda_r (I - M), M averaging over orbits. Tied
 * over orbits: lambda_s times the orbit sizes.
 */
function newtonDirection(
  S: Float64Array,
  gradient: Float64Array,
  param: Int32Array,
  P: number,
  paramSize: Float64Array,
  n: number,
  scale: PriorScale,
  orbit: Int32Array,
): Float64Array {
  const b = new Float64Array(P);
  for (let i = 0; i < param.length; i++) b[param[i]!]! += gradient[i]!;
  const A = S.map((v) => n * v);
  let trace = 0;
  for (let p = 0; p < P; p++) trace += A[p * P + p]!;
  const jitter = 1e-9 * (trace / P) + 1e-12;
  for (let p = 0; p < P; p++) A[p * P + p]! += jitter;
  if (P < param.length) {
    for (let p = 0; p < P; p++) A[p * P + p]! += scale.symmetric * paramSize[p]!;
  } else {
    const size = new Float64Array(P);
    for (const o of orbit) size[o]! += 1;
    for (let i = 0; i < P; i++) {
      A[i * P + i]! += scale.residual;
      for (let j = 0; j < P; j++) {
        if (orbit[i] === orbit[j])
          A[i * P + j]! += (scale.symmetric - scale.residual) / size[orbit[i]!]!;
      }
    }
  }
  if (scale.symmetric === 0) {
    // The covariance is singular along the gauge direction (all log-weights up together): drop
    // that component of the gradient and fill the direction in, so the step has none of it.
    let sizes = 0;
    let along = 0;
    for (let p = 0; p < P; p++) {
      sizes += paramSize[p]! ** 2;
      along += b[p]!;
    }
    const cells = param.length;
    for (let p = 0; p < P; p++) b[p]! -= (paramSize[p]! * along) / cells;
    const fill = trace / P / sizes;
    for (let p = 0; p < P; p++) {
      for (let q = 0; q < P; q++) A[p * P + q]! += fill * paramSize[p]! * paramSize[q]!;
    }
  }
  return solveSpd(A, b, P);
}
