// Small dense linear algebra for the fitter: matrices are row-major Float64Arrays of P x P, with
// P the number of fitted parameters (at most the board's cells, 676 on 26x26).

/** Cholesky factor L (lower, row-major) of a symmetric matrix, or null if not positive definite. */
export function cholesky(A: Float64Array, P: number): Float64Array | null {
  const L = new Float64Array(P * P);
  for (let j = 0; j < P; j++) {
    let s = A[j * P + j]!;
    for (let k = 0; k < j; k++) s -= L[j * P + k]! ** 2;
    if (!(s > 0)) return null;
    const d = Math.sqrt(s);
    L[j * P + j] = d;
    for (let i = j + 1; i < P; i++) {
      let t = A[i * P + j]!;
      for (let k = 0; k < j; k++) t -= L[i * P + k]! * L[j * P + k]!;
      L[i * P + j] = t / d;
    }
  }
  return L;
}

/** Solves A x = b for symmetric positive definite A (adding jitter if rounding breaks that). */
export function solveSpd(A: Float64Array, b: Float64Array, P: number): Float64Array {
  const M = A.slice();
  for (let attempt = 0; attempt < 8; attempt++) {
    const L = cholesky(M, P);
    if (L) {
      const y = new Float64Array(P);
      for (let i = 0; i < P; i++) {
        let s = b[i]!;
        for (let k = 0; k < i; k++) s -= L[i * P + k]! * y[k]!;
        y[i] = s / L[i * P + i]!;
      }
      const x = new Float64Array(P);
      for (let i = P - 1; i >= 0; i--) {
        let s = y[i]!;
        for (let k = i + 1; k < P; k++) s -= L[k * P + i]! * x[k]!;
        x[i] = s / L[i * P + i]!;
      }
      return x;
    }
    let trace = 0;
    for (let p = 0; p < P; p++) trace += M[p * P + p]!;
    const add = (trace / P) * 10 ** (attempt - 8);
    for (let p = 0; p < P; p++) M[p * P + p]! += add;
  }
  throw new Error('the curvature estimate is not positive definite');
}

/** Eigenvalues and eigenvectors (as columns) of a symmetric matrix, by cyclic Jacobi rotations. */
export function symmetricEigen(
  input: Float64Array,
  P: number,
): { values: Float64Array; vectors: Float64Array } {
  const A = input.slice();
  const V = new Float64Array(P * P);
  for (let p = 0; p < P; p++) V[p * P + p] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let p = 0; p < P; p++) {
      diag += A[p * P + p]! ** 2;
      for (let q = p + 1; q < P; q++) off += A[p * P + q]! ** 2;
    }
    if (off <= 1e-22 * diag) break;
    for (let p = 0; p < P; p++) {
      for (let q = p + 1; q < P; q++) {
        const apq = A[p * P + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (A[q * P + q]! - A[p * P + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cos = 1 / Math.sqrt(t * t + 1);
        const sin = t * cos;
        for (let k = 0; k < P; k++) {
          const akp = A[k * P + p]!;
          const akq = A[k * P + q]!;
          A[k * P + p] = cos * akp - sin * akq;
          A[k * P + q] = sin * akp + cos * akq;
        }
        for (let k = 0; k < P; k++) {
          const apk = A[p * P + k]!;
          const aqk = A[q * P + k]!;
          A[p * P + k] = cos * apk - sin * aqk;
          A[q * P + k] = sin * apk + cos * aqk;
        }
        for (let k = 0; k < P; k++) {
          const vkp = V[k * P + p]!;
          const vkq = V[k * P + q]!;
          V[k * P + p] = cos * vkp - sin * vkq;
          V[k * P + q] = sin * vkp + cos * vkq;
        }
      }
    }
  }
  const values = new Float64Array(P);
  for (let p = 0; p < P; p++) values[p] = A[p * P + p]!;
  return { values, vectors: V };
}
