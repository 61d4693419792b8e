// Exact big counts from residues: the DP reruns its (additions-only) passes modulo primes below
// 2^26, where a product of two residues stays below 2^53 and so is exact in a double, and the
// Chinese remainder theorem rebuilds each integer as a bigint.

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/**
 * Enough distinct primes that their product exceeds 4 * approxTotal (margin for float error): the
 * largest odd primes below 2^26, found afresh each call (microseconds next to the passes they serve).
 */
export function choosePrimes(approxTotal: number): number[] {
  const bitsNeeded = Math.log2(Math.max(2, approxTotal)) + 3;
  const primes: number[] = [];
  let bits = 0;
  for (let candidate = (1 << 26) - 5; bits < bitsNeeded; candidate -= 2) {
    if (!isPrime(candidate)) continue;
    primes.push(candidate);
    bits += Math.log2(candidate);
  }
  return primes;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** The unique x in [0, prod(primes)) with x = residues[i] (mod primes[i]). */
export function crtCombine(residues: number[], primes: number[]): bigint {
  let x = 0n;
  let m = 1n;
  residues.forEach((res, i) => {
    const p = BigInt(primes[i]!);
    const r = BigInt(res);
    // x' = x + m * ((r - x) * m^-1 mod p)
    const t = (((((r - x) % p) + p) % p) * modInverse(m, p)) % p;
    x += m * t;
    m *= p;
  });
  return x;
}
