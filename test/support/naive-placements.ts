// Every straight placement of a ship on a board, listed the naive way for the test references
// (brute-force.ts, policy-brute.ts): no shared code with the solvers.

/** Cell lists (row-major indices) of every placement of a ship of length `len` on W x H. */
export function naivePlacements(W: number, H: number, len: number): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      if (c + len <= W) out.push(Array.from({ length: len }, (_, k) => r * W + c + k));
      if (len > 1 && r + len <= H) out.push(Array.from({ length: len }, (_, k) => (r + k) * W + c));
    }
  }
  return out;
}
