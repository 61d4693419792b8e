// The board as the editor holds it: rules, one mark per cell and the sunk ships. Every edit is a
// pure function from one snapshot to the next, so undo/redo keeps whole snapshots and the solver
// always sees a consistent picture. Marks are the core's (UNKNOWN / MISS / HIT); a sunk ship is a
// list of hit cells. Named hits and volleys ride along (edited in observation-edits.ts), so undo
// covers them too. Nothing here rejects what the user typed: contradictions are reported by the
// solver (or `positionProblem`) and shown as a banner while the marks stay.

import { InputError } from '../../../core/errors';
import { HIT, MISS, UNKNOWN, type Mark, type Position } from '../../../core/position';
import { cellName, cloneRules, type Rules } from '../../../core/rules';
import {
  carryObservations,
  dropStaleNames,
  observationProblem,
  volleyAt,
} from './observation-edits';
import type { BoardSnapshot } from './snapshot';

export { toPosition, toPositionJson, type BoardSnapshot } from './snapshot';

/** The snapshot without its `k`-th sunk ship (its cells stay hits). */
function withoutSunk(s: BoardSnapshot, k: number): Pick<BoardSnapshot, 'sunk' | 'sunkShips'> {
  return {
    sunk: s.sunk.filter((_, i) => i !== k),
    sunkShips: s.sunk.map((_, i) => s.sunkShips?.[i]).filter((_, i) => i !== k),
  };
}

export function emptySnapshot(rules: Rules): BoardSnapshot {
  return { rules, cells: new Uint8Array(rules.width * rules.height), sunk: [] };
}

export function snapshotFromPosition(p: Position): BoardSnapshot {
  return {
    rules: p.rules,
    cells: p.cells.slice(),
    sunk: p.sunk.map((s) => [...s]),
    ...(p.named?.length ? { named: [...p.named].sort((a, b) => a.cell - b.cell) } : {}),
    ...(p.volleys?.length ? { volleys: p.volleys } : {}),
  };
}

/** Index of the sunk ship holding `cell`, or -1. */
export function sunkShipAt(s: BoardSnapshot, cell: number): number {
  return s.sunk.findIndex((ship) => ship.includes(cell));
}

/**
 * Sets one cell's mark. Changing a cell of a sunk ship "unsinks" that ship: its other cells stay
 * hits; a hit that stops being one loses its ship's name. A volley's cell keeps its mark (the
 * volley is edited or deleted instead). Returns the same snapshot when nothing changes (so no
 * empty undo step is made).
 */
export function setMark(s: BoardSnapshot, cell: number, mark: Mark): BoardSnapshot {
  const ship = sunkShipAt(s, cell);
  if (s.cells[cell] === mark && ship < 0) return s;
  if (s.cells[cell] === mark && mark === HIT) return s;
  if (volleyAt(s, cell) >= 0) return s;
  const cells = s.cells.slice();
  cells[cell] = mark;
  return dropStaleNames(ship < 0 ? { ...s, cells } : { ...s, cells, ...withoutSunk(s, ship) });
}

/** Sets several cells at once (one undo step). */
export function setMarks(
  s: BoardSnapshot,
  cellsToSet: Iterable<number>,
  mark: Mark,
): BoardSnapshot {
  let next = s;
  for (const cell of cellsToSet) next = setMark(next, cell, mark);
  return next;
}

/** Removes the sunk ship holding `cell` (its cells stay hits). */
export function unsink(s: BoardSnapshot, cell: number): BoardSnapshot {
  const ship = sunkShipAt(s, cell);
  if (ship < 0) return s;
  return { ...s, ...withoutSunk(s, ship) };
}

/** Are the cells one straight line of touching cells (the shape of a ship) on a board W wide? */
export function inOneLine(cells: readonly number[], W: number): boolean {
  const sorted = [...new Set(cells)].sort((a, b) => a - b);
  const rows = new Set(sorted.map((c) => Math.floor(c / W)));
  const cols = new Set(sorted.map((c) => c % W));
  const step = rows.size === 1 ? 1 : W;
  return (
    (rows.size === 1 || cols.size === 1) && sorted.every((c, k) => c === sorted[0]! + k * step)
  );
}

/**
 * Why a set of cells cannot be one sunk ship, or null when it can (see `addSunk`). With `ship`
 * (an index in rules.fleet) the cells must be that very ship, still afloat.
 */
export function sunkProblem(
  s: BoardSnapshot,
  shipCells: readonly number[],
  ship?: number,
): string | null {
  if (shipCells.length === 0) return 'select the hit cells of the sunk ship first';
  const W = s.rules.width;
  const name = (c: number): string => cellName(Math.floor(c / W), c % W);
  const sorted = [...new Set(shipCells)].sort((a, b) => a - b);
  for (const c of sorted) {
    if (sunkShipAt(s, c) >= 0) return `${name(c)} is already part of a sunk ship`;
    const volley = volleyAt(s, c);
    if (volley >= 0) return `${name(c)} is in volley ${volley + 1}`;
  }
  if (!inOneLine(sorted, W)) return 'a ship is a straight line of adjacent cells';
  const afloat = remainingFleet(s).filter((f) => !f.sunk);
  if (ship !== undefined) {
    const entry = remainingFleet(s)[ship];
    if (!entry) return `the fleet has no ship number ${ship + 1}`;
    if (entry.sunk) return `the ${entry.label} is already sunk`;
    if (entry.length !== sorted.length)
      return `the ${entry.label} has ${entry.length} cells, not ${sorted.length}`;
    return null;
  }
  if (!afloat.some((f) => f.length === sorted.length)) {
    return s.rules.fleet.some((f) => f.length === sorted.length)
      ? `every ship of length ${sorted.length} is already sunk`
      : `the fleet has no ship of length ${sorted.length}`;
  }
  return null;
}

/**
 * Marks the cells as hits and records them as one sunk ship (the fleet entry `ship` when the user
 * named it); throws when `sunkProblem` says no.
 */
export function addSunk(
  s: BoardSnapshot,
  shipCells: readonly number[],
  ship?: number,
): BoardSnapshot {
  const problem = sunkProblem(s, shipCells, ship);
  if (problem) throw new InputError('sunk ship', problem);
  const sorted = [...new Set(shipCells)].sort((a, b) => a - b);
  const cells = s.cells.slice();
  for (const c of sorted) cells[c] = HIT;
  const sunkShips = [...s.sunk.map((_, i) => s.sunkShips?.[i]), ship];
  return { ...s, cells, sunk: [...s.sunk, sorted], sunkShips };
}

export interface FleetEntry {
  /** Index in rules.fleet. */
  index: number;
  length: number;
  /** The ship's name, or "Ship of 3" style when the fleet does not name it. */
  label: string;
  sunk: boolean;
}

/**
 * The fleet with sunk flags. A ship a volley announced sunk marks the entry of that name; a sunk
 * ship the user named marks that entry; any other sunk ship of length L marks the first entry of
 * that length not yet sunk (to the solver they are alike).
 */
export function remainingFleet(
  s: Pick<BoardSnapshot, 'rules' | 'sunk' | 'sunkShips' | 'volleys'>,
): FleetEntry[] {
  const fleet = s.rules.fleet;
  const sunk = new Array<boolean>(fleet.length).fill(false);
  for (const v of s.volleys ?? []) {
    for (const name of v.sunk) {
      const k = fleet.findIndex((f) => f.name === name);
      if (k >= 0) sunk[k] = true;
    }
  }
  const unnamed: number[] = [];
  s.sunk.forEach((ship, i) => {
    const named = s.sunkShips?.[i];
    if (named !== undefined && fleet[named]?.length === ship.length && !sunk[named]) {
      sunk[named] = true;
    } else unnamed.push(ship.length);
  });
  for (const length of unnamed) {
    const k = fleet.findIndex((f, i) => f.length === length && !sunk[i]);
    if (k >= 0) sunk[k] = true;
  }
  return fleet.map((ship, index) => ({
    index,
    length: ship.length,
    label: shipLabel(ship.length, ship.name),
    sunk: sunk[index]!,
  }));
}

/** Every ship of the fleet is sunk: on a board of a game, the game is over. */
export function allSunk(
  s: Pick<BoardSnapshot, 'rules' | 'sunk' | 'sunkShips' | 'volleys'>,
): boolean {
  return remainingFleet(s).every((f) => f.sunk);
}

export function shipLabel(length: number, name?: string): string {
  return name ? `${name} (${length})` : `Ship of ${length}`;
}

/** Every cell of a sunk ship. */
export function sunkCellSet(s: Pick<BoardSnapshot, 'sunk'>): ReadonlySet<number> {
  return new Set(s.sunk.flat());
}

/** The ships afloat grouped by length, longest first, with a label naming them. */
export function afloatGroups(
  s: Pick<BoardSnapshot, 'rules' | 'sunk' | 'sunkShips' | 'volleys'>,
): { length: number; label: string }[] {
  const names = new Map<number, string[]>();
  for (const f of remainingFleet(s)) {
    if (f.sunk) continue;
    const list = names.get(f.length) ?? [];
    list.push(s.rules.fleet[f.index]?.name ?? '');
    names.set(f.length, list);
  }
  return [...names]
    .sort((a, b) => b[0] - a[0])
    .map(([length, list]) => ({
      length,
      label: list.every((n) => n === '')
        ? `length ${length} (${list.length} afloat)`
        : `${list.map((n) => n || 'unnamed').join(', ')} (${length})`,
    }));
}

/** Distinct lengths still afloat, longest first. */
export function afloatLengths(
  s: Pick<BoardSnapshot, 'rules' | 'sunk' | 'sunkShips' | 'volleys'>,
): number[] {
  return [
    ...new Set(
      remainingFleet(s)
        .filter((f) => !f.sunk)
        .map((f) => f.length),
    ),
  ].sort((a, b) => b - a);
}

/**
 * Why the marks are not even a well-formed position (a sunk ship that is not a run of hits, too
 * many ships of a length, a volley the core refuses), or null. Deeper contradictions come back
 * from the solver.
 */
export function positionProblem(s: BoardSnapshot): string | null {
  return observationProblem(s);
}

/** A short key that changes whenever the solver's input changes (used to drop stale solves). */
export function snapshotKey(s: BoardSnapshot, extra = ''): string {
  const r = s.rules;
  let marks = '';
  for (let i = 0; i < s.cells.length; i++)
    marks += s.cells[i] === MISS ? 'o' : s.cells[i] === HIT ? 'x' : '.';
  const fleet = r.fleet.map((f) => f.length).join(',');
  const sunk = s.sunk.map((ship) => ship.join('-')).join('|');
  // Names matter to the solver only through the observations, which name ships by name.
  const names = r.fleet.map((f) => f.name ?? '').join(',');
  const observed = JSON.stringify([s.named ?? [], s.volleys ?? []]);
  return `${r.width}x${r.height}/${fleet}/${r.touch}/${marks}/${sunk}/${names}/${observed}/${extra}`;
}

/**
 * The snapshot under new rules: marks inside the new board are kept (by row and column), sunk
 * ships that still fit and still exist in the new fleet are kept, others become plain hits.
 */
export function withRules(s: BoardSnapshot, rules: Rules): BoardSnapshot {
  const { width: W, height: H } = rules;
  const oldW = s.rules.width;
  const cells = new Uint8Array(W * H);
  const remap = (c: number): number => {
    const r = Math.floor(c / oldW);
    const col = c % oldW;
    return r < H && col < W ? r * W + col : -1;
  };
  for (let c = 0; c < s.cells.length; c++) {
    const to = remap(c);
    if (to >= 0) cells[to] = s.cells[c]!;
  }
  let next: BoardSnapshot = { rules: cloneRules(rules), cells, sunk: [] };
  s.sunk.forEach((ship, i) => {
    const moved = ship.map(remap);
    if (moved.some((c) => c < 0)) return;
    const named = s.sunkShips?.[i];
    const keepName = named !== undefined && sunkProblem(next, moved, named) === null;
    if (keepName) next = addSunk(next, moved, named);
    else if (sunkProblem(next, moved) === null) next = addSunk(next, moved);
  });
  return carryObservations(s, next, remap);
}

/** Counts of each mark (for summaries and tests). */
export function markCounts(s: BoardSnapshot): { unknown: number; miss: number; hit: number } {
  let unknown = 0;
  let miss = 0;
  let hit = 0;
  for (const m of s.cells) {
    if (m === UNKNOWN) unknown++;
    else if (m === MISS) miss++;
    else hit++;
  }
  return { unknown, miss, hit };
}
