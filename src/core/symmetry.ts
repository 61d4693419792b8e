// The board's symmetry group, for pooling what an opponent did over mirror images and rotations.
//
// Rules are invariant under the board's symmetries (the fleet and the touch rules do not care
// about direction), so a placement habit seen in one corner is evidence, if the user asks for it,
// about the other three. A square board has the 8 symmetries of the square (rotations by 0, 90,
// 180, 270 degrees and four reflections); any other rectangle has 4 (identity, the two mirrors,
// the half turn). Each symmetry is a permutation of cell indices; pooling replaces each cell's
// value by the mean over its orbit, which is what fitting with weights tied across an orbit needs.

/** Every symmetry of a W x H board as a permutation: `perm[cell]` is the cell's image. */
export function boardSymmetries(width: number, height: number): Int32Array[] {
  const W = width;
  const H = height;
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, W - 1 - c],
    (r, c) => [H - 1 - r, c],
    (r, c) => [H - 1 - r, W - 1 - c],
  ];
  if (W === H) {
    maps.push(
      (r, c) => [c, r],
      (r, c) => [c, W - 1 - r],
      (r, c) => [H - 1 - c, r],
      (r, c) => [H - 1 - c, W - 1 - r],
    );
  }
  return maps.map((f) => {
    const perm = new Int32Array(W * H);
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        const [y, x] = f(r, c);
        perm[r * W + c] = y * W + x;
      }
    }
    return perm;
  });
}

/** Orbit index per cell (cells that symmetries map onto each other share an index). */
export function symmetryOrbits(width: number, height: number): Int32Array {
  const n = width * height;
  const orbit = new Int32Array(n).fill(-1);
  const group = boardSymmetries(width, height);
  let next = 0;
  for (let i = 0; i < n; i++) {
    if (orbit[i]! >= 0) continue;
    for (const perm of group) orbit[perm[i]!] = next;
    next++;
  }
  return orbit;
}

/** Each cell's value replaced by the mean over its orbit under the board's symmetries. */
export function poolOverSymmetries(
  values: ArrayLike<number>,
  width: number,
  height: number,
): Float64Array {
  const orbit = symmetryOrbits(width, height);
  const sum = new Float64Array(width * height);
  const size = new Float64Array(width * height);
  for (let i = 0; i < orbit.length; i++) {
    sum[orbit[i]!]! += values[i]!;
    size[orbit[i]!]! += 1;
  }
  const out = new Float64Array(orbit.length);
  for (let i = 0; i < orbit.length; i++) out[i] = sum[orbit[i]!]! / size[orbit[i]!]!;
  return out;
}
