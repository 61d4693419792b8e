// Choosing how strongly a learned grid is pulled toward uniform, from the games themselves.
//
// The fitter's Gaussian prior on the log-weights theta has two scales: one for the part of theta
// that every symmetry of the board leaves alone (the orbit means: "edges", "corners", "centre"),
// one for the rest (a favourite corner, a side). Most habits people have are largely symmetric,
// so pooling mirror cells is usually right; a real one-sided habit shows up as residual variance
// and is then learned cell by cell. Precisions lambda_s and lambda_r, variances tau^2 = 1/lambda.
//
// At the uniform prior the score g = n (observed - expected occupancy) is, to second order,
// Gaussian with covariance n C + n^2 C K C, where C = Cov(x) under the uniform prior (sampling
// noise) and K = tau_s^2 M + tau_r^2 (I - M) the prior covariance of theta (M averages over
// orbits). C commutes with the board's symmetries, hence with M, so the two parts separate and
// each tau^2 is a one-dimensional maximum-likelihood problem in C's eigenbasis on its subspace
// (type-II maximum likelihood). Few games leave tau^2 uncertain and erring high overfits, so the
// low end of its likelihood interval (1 nat below the best) is taken: an opponent who places
// like uniform keeps a grid near 1, a strong habit still gets a loose prior.

import { symmetricEigen } from './linalg';
import { boardSymmetries } from '../symmetry';

/** Precision bounds (1e4 keeps a grid within 1% of uniform; 0.1 is a very loose prior). */
export const MIN_PRECISION = 0.1;
export const MAX_PRECISION = 1e4;
/** How far below the best likelihood (nats) the chosen tau^2 may sit, toward smaller values. */
const DROP = 1;

export interface PriorScale {
  /** Precision on the symmetric part of the log-weights. */
  symmetric: number;
  /** Precision on the rest. */
  residual: number;
}

/**
 * The precision for one subspace, given C's eigenvalues there and the squared projections of the
 * score on the eigenvectors.
 */
function precisionFromSpectrum(c: number[], g2: number[], n: number): number {
  if (c.length === 0) return MAX_PRECISION;
  const f = (logTau2: number): number => {
    const tau2 = Math.exp(logTau2);
    let s = 0;
    for (let k = 0; k < c.length; k++) {
      const v = n * c[k]! + n * n * tau2 * c[k]! * c[k]!;
      s -= 0.5 * (g2[k]! / v + Math.log(v));
    }
    return s;
  };
  const low = -Math.log(MAX_PRECISION);
  const high = -Math.log(MIN_PRECISION);
  // The likelihood in log tau^2 is smooth with one peak (or a boundary maximum): scan, refine.
  let best = low;
  let fBest = f(low);
  const steps = 120;
  for (let k = 1; k <= steps; k++) {
    const x = low + ((high - low) * k) / steps;
    const v = f(x);
    if (v > fBest) {
      best = x;
      fBest = v;
    }
  }
  let a = Math.max(low, best - (high - low) / steps);
  let b = Math.min(high, best + (high - low) / steps);
  for (let it = 0; it < 60; it++) {
    const m1 = a + (b - a) / 3;
    const m2 = b - (b - a) / 3;
    if (f(m1) < f(m2)) a = m1;
    else b = m2;
  }
  if (f((a + b) / 2) > fBest) {
    best = (a + b) / 2;
    fBest = f(best);
  }
  // Low end of the interval: the smallest tau^2 within DROP of the best.
  let lo = low;
  let hi = best;
  if (f(lo) >= fBest - DROP) return Math.exp(-lo);
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < fBest - DROP) lo = mid;
    else hi = mid;
  }
  return Math.exp(-hi);
}

/** Eigenvalues above a noise floor and the squared projections of `g` on their vectors. */
function spectrum(A: Float64Array, g: Float64Array, P: number): { c: number[]; g2: number[] } {
  const { values, vectors } = symmetricEigen(A, P);
  const top = Math.max(0, ...values);
  const c: number[] = [];
  const g2: number[] = [];
  for (let k = 0; k < P; k++) {
    if (!(values[k]! > 1e-9 * top)) continue; // the gauge direction, the other subspace
    let proj = 0;
    for (let p = 0; p < P; p++) proj += vectors[p * P + k]! * g[p]!;
    c.push(values[k]!);
    g2.push(proj * proj);
  }
  return { c, g2 };
}

/**
 * The prior's precisions for a fit with one parameter per cell. `S` is the per-game covariance
 * of the cells' occupancy (N x N), `g` the score at the starting point, `orbit` each cell's
 * orbit under the board's symmetries.
 */
export function chooseScale(
  S: Float64Array,
  g: Float64Array,
  width: number,
  height: number,
  orbit: Int32Array,
  n: number,
): PriorScale {
  const N = width * height;
  // Average the sampled covariance over the symmetry group (exactly invariant in theory).
  const group = boardSymmetries(width, height);
  const sym = new Float64Array(N * N);
  for (const perm of group) {
    for (let i = 0; i < N; i++) {
      const pi = perm[i]! * N;
      for (let j = 0; j < N; j++) sym[i * N + j]! += S[pi + perm[j]!]!;
    }
  }
  for (let k = 0; k < N * N; k++) sym[k]! /= group.length;
  const O = Math.max(...orbit) + 1;
  const size = new Float64Array(O);
  for (let i = 0; i < N; i++) size[orbit[i]!]! += 1;
  // Symmetric part, in the orthonormal basis 1_orbit / sqrt(|orbit|).
  const As = new Float64Array(O * O);
  const gs = new Float64Array(O);
  for (let i = 0; i < N; i++) {
    const oi = orbit[i]!;
    gs[oi]! += g[i]! / Math.sqrt(size[oi]!);
    for (let j = 0; j < N; j++) {
      const oj = orbit[j]!;
      As[oi * O + oj]! += sym[i * N + j]! / Math.sqrt(size[oi]! * size[oj]!);
    }
  }
  const s = spectrum(As, gs, O);
  // Residual part: (I - M) S (I - M) and (I - M) g, M = averaging over orbits.
  const rowMean = (A: Float64Array): Float64Array => {
    const out = A.slice();
    const sums = new Float64Array(O * N);
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) sums[orbit[i]! * N + j]! += A[i * N + j]!;
    }
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) out[i * N + j]! -= sums[orbit[i]! * N + j]! / size[orbit[i]!]!;
    }
    return out;
  };
  const transpose = (A: Float64Array): Float64Array => {
    const out = new Float64Array(N * N);
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) out[j * N + i] = A[i * N + j]!;
    return out;
  };
  const Ar = rowMean(transpose(rowMean(sym)));
  const gm = new Float64Array(O);
  for (let i = 0; i < N; i++) gm[orbit[i]!]! += g[i]!;
  const gr = g.map((v, i) => v - gm[orbit[i]!]! / size[orbit[i]!]!);
  const r = spectrum(Ar, gr, N);
  return {
    symmetric: precisionFromSpectrum(s.c, s.g2, n),
    residual: precisionFromSpectrum(r.c, r.g2, n),
  };
}

/** The precision for a fit tied over orbits: `S` is the orbit counts' covariance (O x O). */
export function chooseTiedScale(
  S: Float64Array,
  g: Float64Array,
  orbit: Int32Array,
  n: number,
): number {
  const O = Math.max(...orbit) + 1;
  const size = new Float64Array(O);
  for (const o of orbit) size[o]! += 1;
  const A = new Float64Array(O * O);
  const b = new Float64Array(O);
  for (let i = 0; i < orbit.length; i++) b[orbit[i]!]! += g[i]!;
  for (let p = 0; p < O; p++) {
    b[p]! /= Math.sqrt(size[p]!);
    for (let q = 0; q < O; q++) A[p * O + q] = S[p * O + q]! / Math.sqrt(size[p]! * size[q]!);
  }
  const s = spectrum(A, b, O);
  return precisionFromSpectrum(s.c, s.g2, n);
}
