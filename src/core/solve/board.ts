// What every solver needs to know about a position, derived once: the remaining fleet, cells no
// remaining ship may use (misses, sunk ships and, under the touch rules, the cells around them),
// hits that must be covered, and a table of legal ship placements. Obvious contradictions are
// reported here with a sentence naming them, so every solver fails the same clear way.
//
// Named hits and volleys (observations.ts) add ship types told apart by name (ship-types.ts), a
// legality table per type (type-legal.ts) and the hitCount volleys, the one observation that links
// ships. A position whose sunk lists could be several named ships gives one board per reading
// (boardVariants); a solver sums its tallies over them.

import { NoLayoutError } from '../errors';
import { firedCells } from '../observations';
import { HIT, MISS, hasObservations, type Position } from '../position';
import { touchNeighbours } from '../neighbours';
import { cellName, type TouchRule } from '../rules';
import { namesShips, shipTypes, sunkReadings, type ShipType } from './ship-types';
import { HORIZONTAL, placementLegal } from './placement';
import { typeLegality } from './type-legal';

export { HORIZONTAL, VERTICAL, placementLegal, placementWeight } from './placement';

export type { ShipType } from './ship-types';

/** A hitCount volley: the ships together cover exactly `count` of its cells. */
export interface CountVolley {
  /** 1 for each cell of the volley. */
  cells: Uint8Array;
  count: number;
  /** Its index in the position's volleys (for messages). */
  volley: number;
}

export interface Board {
  width: number;
  height: number;
  cells: number;
  touch: TouchRule;
  /** remaining[len] = ships of that length still afloat. */
  remaining: number[];
  /** Distinct remaining lengths, longest first. */
  lengths: number[];
  maxLength: number;
  /** Unsunk hits: some remaining ship must cover each. */
  mustCover: Uint8Array;
  /** Sunk-ship cells (occupied, fixed). */
  sunkCell: Uint8Array;
  /** Per cell, the index of the sunk ship (the position's sunk list) lying there, or -1. */
  sunkOwner: Int32Array;
  /** Cells no remaining ship may occupy. */
  forbidden: Uint8Array;
  sunkReported: boolean;
  /** Prior weight per cell scaled so the largest is 1 (solverWeights), or undefined for uniform. */
  weight?: Float64Array;
  /** Product of the prior over sunk cells (1 without a prior): a constant factor of every layout. */
  sunkWeight: number;
  /**
   * The ships to place, grouped into interchangeable types (ship-types.ts): one per remaining
   * length, or, when the position names ships, one per named ship plus one per length for the
   * unnamed ones. Longest first. Ships announced sunk in a volley are placed too (their cells
   * are not known); only the sunk cell lists are fixed.
   */
  types: ShipType[];
  /**
   * Per type, per (top/left cell * 2 + orientation): may a ship of the type lie there, judged
   * on that ship alone (type-legal.ts). Undefined without named hits or volleys: then
   * placementLegal is the whole story.
   */
  typeLegal?: Uint8Array[];
  /** The hitCount volleys: summed over the ships, covered volley cells equal the count. */
  countVolleys: CountVolley[];
  /** Cells fired at: hits, misses and every volley's cell. */
  fired: Uint8Array;
  /** Ships are told apart by name: a layout's named ships are labelled (`total` counts so). */
  named: boolean;
  /** Per sunk cell list of the position: the name of the ship read as sunk there (named only). */
  sunkNames: (string | undefined)[];
}

/**
 * A prior as the solvers use it: divided by its largest weight. A common factor changes no
 * probability, and without it weights far from 1 overflow: 17 ship cells at 1e19 each weigh
 * 1e323, past the largest double, and every probability came out NaN. The grid is validated
 * (positive, finite) where it is read.
 */
export function solverWeights(prior: Float64Array): Float64Array {
  let max = 0;
  for (const w of prior) if (w > max) max = w;
  return prior.map((w) => w / max);
}

/**
 * Every board a solver must sum over: one per consistent reading of the sunk cell lists as named
 * ships (just one when the position names no ship or sank nothing), each past checkHitsCoverable.
 * Readings with no layout are dropped; when none is left the first reading's error is thrown.
 */
export function boardVariants(p: Position): Board[] {
  const readings = namesShips(p) ? sunkReadings(p) : [undefined];
  const boards: Board[] = [];
  let firstError: unknown;
  for (const reading of readings) {
    try {
      const board = buildBoard(p, reading);
      checkHitsCoverable(board);
      boards.push(board);
    } catch (e) {
      if (!(e instanceof NoLayoutError)) throw e;
      firstError ??= e;
    }
  }
  if (boards.length === 0) throw firstError;
  return boards;
}

/**
 * Builds the board, or throws NoLayoutError naming an obvious contradiction. `sunkNames` reads
 * the sunk lists as named ships (one of sunkReadings); a named position whose reading is open
 * must go through boardVariants.
 */
export function buildBoard(p: Position, sunkNames?: (string | undefined)[]): Board {
  const { width, height, touch } = p.rules;
  const n = width * height;
  const named = namesShips(p);
  if (named && sunkNames === undefined) {
    const readings = sunkReadings(p);
    if (readings.length !== 1) {
      throw new Error('the sunk ships can be read as several named ships: use boardVariants');
    }
    sunkNames = readings[0]!;
  }
  const names = named ? sunkNames! : [];
  const maxLength = Math.max(...p.rules.fleet.map((s) => s.length));
  const remaining = new Array<number>(maxLength + 1).fill(0);
  for (const s of p.rules.fleet) remaining[s.length]! += 1;
  const sunkCell = new Uint8Array(n);
  const sunkOwner = new Int32Array(n).fill(-1);
  p.sunk.forEach((ship, k) => {
    remaining[ship.length]! -= 1;
    for (const cell of ship) {
      sunkCell[cell] = 1;
      sunkOwner[cell] = k;
    }
  });
  const forbidden = new Uint8Array(n);
  const mustCover = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (p.cells[i] === MISS || sunkCell[i]) forbidden[i] = 1;
    if (p.cells[i] === HIT && !sunkCell[i]) mustCover[i] = 1;
  }
  const name = (cell: number): string => cellName(Math.floor(cell / width), cell % width);
  // Around a sunk ship nothing else may lie (touch rules): those cells are known to be water.
  for (let i = 0; i < n; i++) {
    if (!sunkCell[i]) continue;
    for (const j of touchNeighbours(touch, width, height, i)) {
      if (sunkCell[j] && sunkOwner[j] !== sunkOwner[i]) {
        throw new NoLayoutError(
          `sunk ships ${sunkOwner[i]! + 1} and ${sunkOwner[j]! + 1} touch at ${name(i)}/${name(j)}, which the ${touch} rule forbids`,
        );
      }
      if (mustCover[j]) {
        throw new NoLayoutError(
          `the hit at ${name(j)} touches sunk ship ${sunkOwner[i]! + 1}, which the ${touch} rule forbids`,
        );
      }
      forbidden[j] = 1;
    }
  }
  const lengths: number[] = [];
  let shipCells = 0;
  for (let len = maxLength; len >= 1; len--) {
    if (remaining[len]! > 0) lengths.push(len);
    shipCells += len * remaining[len]!;
  }
  let hits = 0;
  for (let i = 0; i < n; i++) hits += mustCover[i]!;
  if (hits > shipCells) {
    throw new NoLayoutError(
      `${hits} hits are not part of a sunk ship but the ships still afloat have only ${shipCells} cells`,
    );
  }
  const weight = p.prior && solverWeights(p.prior);
  let sunkWeight = 1;
  if (weight) for (let i = 0; i < n; i++) if (sunkCell[i]) sunkWeight *= weight[i]!;
  const volleys = p.volleys ?? [];
  const board: Board = {
    width,
    height,
    cells: n,
    touch,
    remaining,
    lengths,
    maxLength,
    mustCover,
    sunkCell,
    sunkOwner,
    forbidden,
    sunkReported: p.sunkReported,
    weight,
    sunkWeight,
    types: shipTypes(p, named, names),
    countVolleys: [],
    fired: firedCells(p.cells, volleys),
    named,
    sunkNames: p.sunk.map((_, i) => names[i]),
  };
  if (!hasObservations(p)) return board;
  volleys.forEach((v, i) => {
    if (v.answer.kind !== 'hitCount') return;
    const cells = new Uint8Array(n);
    for (const c of v.cells) cells[c] = 1;
    board.countVolleys.push({ cells, count: v.answer.count, volley: i });
    if (v.answer.count > shipCells) {
      throw new NoLayoutError(
        `volley ${i + 1} hit ${v.answer.count} cells, but the ships still afloat have only ${shipCells} cells`,
      );
    }
  });
  board.typeLegal = typeLegality(p, board, board.types, named);
  checkCountVolleysReachable(board);
  return board;
}

/**
 * Is placement `slot` (top/left cell * 2 + orientation) legal for type `t`: the type's table when
 * the position has observations, placementLegal otherwise.
 */
export function typePlacementLegal(
  board: Board,
  t: number,
  cell: number,
  orientation: number,
): boolean {
  const len = board.types[t]!.length;
  if (len === 1 && orientation !== HORIZONTAL) return false;
  if (board.typeLegal) return board.typeLegal[t]![cell * 2 + orientation] === 1;
  return placementLegal(board, cell, len, orientation);
}

/** Reports a hitCount volley more cells of which are hit than the ships could cover at best. */
function checkCountVolleysReachable(board: Board): void {
  const { width: W } = board;
  board.countVolleys.forEach((v) => {
    let most = 0;
    board.types.forEach((type, t) => {
      let best = 0;
      for (let cell = 0; cell < board.cells; cell++) {
        for (let o = 0; o < 2; o++) {
          if (!typePlacementLegal(board, t, cell, o)) continue;
          const step = o === HORIZONTAL ? 1 : W;
          let k = 0;
          for (let m = 0; m < type.length; m++) k += v.cells[cell + m * step]!;
          if (k > best) best = k;
        }
      }
      most += best * type.count;
    });
    if (most < v.count) {
      throw new NoLayoutError(
        `volley ${v.volley + 1} hit ${v.count} cells, but the ships still afloat can cover at most ${most} of them`,
      );
    }
  });
}

/** Cells covered by a ship of `len` starting at `cell` (top/left end) in `orientation`. */
export function shipCells(board: Board, cell: number, len: number, orientation: number): number[] {
  const step = orientation === HORIZONTAL ? 1 : board.width;
  return Array.from({ length: len }, (_, k) => cell + k * step);
}

/** Reports a hit no legal placement of any remaining ship can cover. */
export function checkHitsCoverable(board: Board): void {
  const { width: W } = board;
  for (let i = 0; i < board.cells; i++) {
    if (!board.mustCover[i]) continue;
    let ok = false;
    for (let t = 0; t < board.types.length && !ok; t++) {
      const len = board.types[t]!.length;
      for (let o = 0; o < (len === 1 ? 1 : 2) && !ok; o++) {
        const step = o === HORIZONTAL ? 1 : W;
        for (let k = 0; k < len && !ok; k++) {
          const start = i - k * step;
          if (start < 0) break;
          if (o === HORIZONTAL && Math.floor(start / W) !== Math.floor(i / W)) break;
          ok = typePlacementLegal(board, t, start, o);
        }
      }
    }
    if (!ok) {
      throw new NoLayoutError(
        `no remaining ship can cover the hit at ${cellName(Math.floor(i / W), i % W)}`,
      );
    }
  }
}
