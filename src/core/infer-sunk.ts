// Sunk ships that hits and misses alone prove, for games without sink reports. Under the touch
// rules (no-touch, no-edge-touch) two ship cells that share an edge belong to the same ship, so a
// group of edge-connected hits is part of one straight ship. When that group cannot grow (each
// end is off the board, water, next to a sunk ship or, under no-touch, diagonal to a hit) or is already as long as the longest ship
// afloat, the ship is exactly the group: it is sunk. Each ship found closes the cells around it,
// which can close another group, so the search repeats until nothing changes.
//
// Only what every consistent layout agrees on is added, so an exact solver gives the same answer
// with or without it; the counting heuristics, which reason about one ship at a time, need it to
// know which ships are left (the Cubido tracker, seed 003, "kept track on which ships we sank").
// With sink reports, or when ships may touch, the position is returned unchanged.

import { HIT, MISS, type Position } from './position';
import { touchNeighbours } from './neighbours';

/** The position with every sunk ship its marks prove listed as sunk. */
export function inferSunk(position: Position): Position {
  const { width: W, height: H, touch, fleet } = position.rules;
  if (position.sunkReported || touch === 'allowed') return position;
  const n = W * H;
  const afloat = new Map<number, number>();
  for (const s of fleet) afloat.set(s.length, (afloat.get(s.length) ?? 0) + 1);
  for (const s of position.sunk) afloat.set(s.length, (afloat.get(s.length) ?? 0) - 1);
  const sunkCell = new Uint8Array(n);
  const water = new Uint8Array(n); // misses and cells the touch rule clears around sunk ships
  const markSunk = (ship: readonly number[]): void => {
    for (const c of ship) sunkCell[c] = 1;
    for (const c of ship)
      for (const x of touchNeighbours(touch, W, H, c)) if (!sunkCell[x]) water[x] = 1;
  };
  for (let i = 0; i < n; i++) {
    if (position.cells[i] === MISS) water[i] = 1;
    // Under no-touch a cell diagonal to a hit cannot hold a ship: it would not be in line with
    // the hit, so it would belong to another ship touching the hit's ship at a corner.
    if (position.cells[i] === HIT && touch === 'no-touch') {
      for (const x of diagonalNeighbours(i, W, H)) if (position.cells[x] !== HIT) water[x] = 1;
    }
  }
  position.sunk.forEach(markSunk);

  const found: number[][] = [];
  for (let changed = true; changed;) {
    changed = false;
    const seen = new Uint8Array(n);
    for (let start = 0; start < n; start++) {
      if (position.cells[start] !== HIT || sunkCell[start] || seen[start]) continue;
      const group = hitGroup(position, sunkCell, seen, start);
      const ship = provenShip(group, W, H, water, afloat);
      if (!ship) continue;
      afloat.set(ship.length, afloat.get(ship.length)! - 1);
      markSunk(ship);
      found.push(ship);
      changed = true;
    }
  }
  return found.length === 0 ? position : { ...position, sunk: [...position.sunk, ...found] };
}

function diagonalNeighbours(cell: number, W: number, H: number): number[] {
  const r = Math.floor(cell / W);
  const c = cell % W;
  const out: number[] = [];
  for (const dr of [-1, 1])
    for (const dc of [-1, 1])
      if (r + dr >= 0 && r + dr < H && c + dc >= 0 && c + dc < W) out.push((r + dr) * W + c + dc);
  return out;
}

/** The unsunk hits edge-connected to `start`, ascending. */
function hitGroup(p: Position, sunkCell: Uint8Array, seen: Uint8Array, start: number): number[] {
  const W = p.rules.width;
  const n = p.cells.length;
  const group: number[] = [];
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const c = stack.pop()!;
    group.push(c);
    const col = c % W;
    for (const x of [c - W, c + W, col > 0 ? c - 1 : -1, col < W - 1 ? c + 1 : -1]) {
      if (x < 0 || x >= n || seen[x] || sunkCell[x] || p.cells[x] !== HIT) continue;
      seen[x] = 1;
      stack.push(x);
    }
  }
  return group.sort((a, b) => a - b);
}

/**
 * The group as a sunk ship when the marks prove it is a whole ship: a straight run whose length
 * is afloat and which either cannot grow at either end or is as long as the longest ship afloat.
 * Null otherwise (including a group no ship can form: the solvers report that contradiction).
 */
function provenShip(
  group: number[],
  W: number,
  H: number,
  water: Uint8Array,
  afloat: Map<number, number>,
): number[] | null {
  const len = group.length;
  if ((afloat.get(len) ?? 0) <= 0) return null;
  const first = group[0]!;
  const last = group[len - 1]!;
  const r0 = Math.floor(first / W);
  const horizontal = Math.floor(last / W) === r0 && last - first === len - 1;
  const vertical = last - first === (len - 1) * W && group.every((c, k) => c === first + k * W);
  if (!horizontal && !vertical) return null;
  let longest = 0;
  for (const [l, k] of afloat) if (k > 0 && l > longest) longest = l;
  if (len === longest) return group;
  const closed = (r: number, c: number): boolean =>
    r < 0 || r >= H || c < 0 || c >= W || water[r * W + c] === 1;
  const rs = r0;
  const cs = first % W;
  const re = Math.floor(last / W);
  const ce = last % W;
  // A single hit may lie either way, so all four sides must be closed.
  const closedAcross = closed(rs, cs - 1) && closed(re, ce + 1);
  const closedAlong = closed(rs - 1, cs) && closed(re + 1, ce);
  if (len === 1) return closedAcross && closedAlong ? group : null;
  return (horizontal ? closedAcross : closedAlong) ? group : null;
}
