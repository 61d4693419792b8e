// Every straight placement of one ship on an empty board. The optimal search's layout table and
// the prior's random layouts both start from this list, so they agree on what a placement is.

/**
 * All placements of a ship of length `len` on a `width` x `height` board, as row-major cell
 * lists: in the order of their first cell, horizontal before vertical, a 1-cell ship once.
 */
export function shipPlacements(len: number, width: number, height: number): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (c + len <= width) out.push(Array.from({ length: len }, (_, k) => r * width + c + k));
      if (len > 1 && r + len <= height) {
        out.push(Array.from({ length: len }, (_, k) => (r + k) * width + c));
      }
    }
  }
  return out;
}
