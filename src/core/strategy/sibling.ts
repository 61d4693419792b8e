// The other answer of a shot, from counts already solved. A position P splits by the answer at
// one cell c: its layouts with c empty are those of P + miss at c, those with c covered are P +
// hit at c, unless a ship could lie wholly on P's unsunk hits and c (then some of them are
// "hit and sunk", another position). So when P and one answer X are counted exactly, the other
// answer's counts are P's minus X's, cell by cell: no pass. Exact integer arithmetic below 2^53
// (a uniform count; a prior's floats would not subtract to the bit, so those are never derived).

import { bestShot } from '../solve/result';
import { HIT, MISS, UNKNOWN, hasObservations, type Position } from '../position';
import type { Posterior } from './posterior';

/** Exact layout counts of a position, as doubles (every count below 2^53). */
export interface ExactCounts {
  total: number;
  /** Layouts with a ship on each cell (sunk and hit cells: all of them). */
  cells: Float64Array;
}

/** The counts of an exact uniform solve, when every one is below 2^53; else undefined. */
export function exactCounts(
  position: Position,
  total: string,
  cellCounts: bigint[] | undefined,
): ExactCounts | undefined {
  if (!cellCounts || position.prior || hasObservations(position)) return undefined;
  const t = BigInt(total);
  if (t > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return { total: Number(t), cells: Float64Array.from(cellCounts, Number) };
}

/** The cell where `child` has one more answer than `parent`, or -1 when it is not one shot on. */
function shotCell(parent: Position, child: Position): number {
  if (parent.rules !== child.rules || parent.prior || child.prior) return -1;
  if (parent.sunkReported !== child.sunkReported || parent.sunk.length !== child.sunk.length) {
    return -1;
  }
  if (hasObservations(parent) || hasObservations(child)) return -1;
  if (parent.sunk.some((s, k) => s.join() !== child.sunk[k]!.join())) return -1;
  let cell = -1;
  for (let i = 0; i < parent.cells.length; i++) {
    if (parent.cells[i] === child.cells[i]) continue;
    if (cell >= 0 || parent.cells[i] !== UNKNOWN) return -1;
    cell = i;
  }
  return cell;
}

/** Could a hit at `cell` sink a ship afloat (one lying wholly on unsunk hits and the cell)? */
function hitCouldSink(position: Position, cell: number): boolean {
  if (!position.sunkReported) return false;
  const { width: W, height: H, fleet } = position.rules;
  const sunkCells = new Set(position.sunk.flat());
  const afloat = fleet.map((s) => s.length);
  for (const s of position.sunk) afloat.splice(afloat.indexOf(s.length), 1);
  const onHit = (j: number): boolean =>
    j === cell || (position.cells[j] === HIT && !sunkCells.has(j));
  const r = Math.floor(cell / W);
  const c = cell % W;
  for (const len of new Set(afloat)) {
    for (let k = 0; k < len; k++) {
      // Horizontal and vertical placements covering the cell as their k-th cell.
      if (c - k >= 0 && c - k + len <= W) {
        let all = true;
        for (let t = 0; t < len && all; t++) all = onHit(cell - k + t);
        if (all) return true;
      }
      if (len > 1 && r - k >= 0 && r - k + len <= H) {
        let all = true;
        for (let t = 0; t < len && all; t++) all = onHit(cell + (t - k) * W);
        if (all) return true;
      }
    }
  }
  return false;
}

/**
 * The other answer at the shot from `parent` to `child` and its posterior (null: no layout), or
 * null when it cannot be derived: not one shot on, a sinking either way, a length-1 ship afloat
 * (its own view is not derived), or counts missing.
 */
export function siblingOf(
  parent: Position,
  parentCounts: ExactCounts | undefined,
  child: Position,
  childCounts: ExactCounts | undefined,
): { position: Position; posterior: Posterior | null } | null {
  if (!parentCounts || !childCounts) return null;
  if (parent.rules.fleet.some((s) => s.length === 1)) return null;
  const cell = shotCell(parent, child);
  if (cell < 0) return null;
  if (hitCouldSink(parent, cell)) return null;
  const cells = parent.cells.slice();
  cells[cell] = child.cells[cell] === MISS ? HIT : MISS;
  const position: Position = { ...parent, cells };
  const total = parentCounts.total - childCounts.total;
  const counts = new Float64Array(cells.length);
  for (let i = 0; i < counts.length; i++) {
    counts[i] = parentCounts.cells[i]! - childCounts.cells[i]!;
  }
  if (total === 0) return { position, posterior: null };
  // As a fresh solve makes them (result.ts): count / total, ties by exact counts.
  const p = counts.map((n) => n / total);
  const { ties } = bestShot(position, p, Array.from(counts, BigInt));
  return { position, posterior: { total, p, ties, exact: true, counts: { total, cells: counts } } };
}
