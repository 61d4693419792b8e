// Edits of what a board says beyond single marks: hits whose ship was named and volleys (cells
// fired together whose answer came back aggregated). Like the other board edits, each is a pure
// function from one snapshot to the next, so undo and redo cover them for free. An edit that
// would leave a position the core refuses is refused here with the reason, in the user's words.

import { InputError } from '../../../core/errors';
import { HIT, UNKNOWN, parsePosition, positionToJson } from '../../../core/position';
import type { NamedHit, Volley, VolleyAnswer } from '../../../core/observations';
import { cellName, type Rules } from '../../../core/rules';
import { toPosition, type BoardSnapshot } from './snapshot';

/**
 * The fleet's ship names when every ship has one and no two share it (ships can then be told
 * apart), else null.
 */
export function uniqueShipNames(rules: Rules): string[] | null {
  const names = rules.fleet.map((s) => s.name ?? '');
  if (names.some((n) => n === '') || new Set(names).size !== names.length) return null;
  return names;
}

export function namedAt(s: BoardSnapshot, cell: number): string | undefined {
  return s.named?.find((h) => h.cell === cell)?.ship;
}

/** Index of the volley holding `cell`, or -1. */
export function volleyAt(s: BoardSnapshot, cell: number): number {
  return s.volleys?.findIndex((v) => v.cells.includes(cell)) ?? -1;
}

/** Every volley cell, with its volley's index. */
export function volleyCells(s: BoardSnapshot): ReadonlyMap<number, number> {
  const at = new Map<number, number>();
  s.volleys?.forEach((v, k) => v.cells.forEach((c) => at.set(c, k)));
  return at;
}

function withNamed(s: BoardSnapshot, named: NamedHit[]): BoardSnapshot {
  const { named: _old, ...rest } = s;
  return named.length ? { ...rest, named } : rest;
}

function withVolleys(s: BoardSnapshot, volleys: Volley[]): BoardSnapshot {
  const { volleys: _old, ...rest } = s;
  return volleys.length ? { ...rest, volleys } : rest;
}

/** Names (or with null, unnames) the ship of the hit on `cell`; throws when `cell` is no hit. */
export function nameHit(s: BoardSnapshot, cell: number, ship: string | null): BoardSnapshot {
  if (s.cells[cell] !== HIT) {
    const W = s.rules.width;
    throw new InputError('named hit', `${cellName(Math.floor(cell / W), cell % W)} is not a hit`);
  }
  if ((namedAt(s, cell) ?? null) === ship) return s;
  const others = (s.named ?? []).filter((h) => h.cell !== cell);
  const named = ship === null ? others : [...others, { cell, ship }];
  return withNamed(
    s,
    named.sort((a, b) => a.cell - b.cell),
  );
}

/** The snapshot without the names of cells that are no longer hits. */
export function dropStaleNames(s: BoardSnapshot): BoardSnapshot {
  if (!s.named?.length) return s;
  const kept = s.named.filter((h) => s.cells[h.cell] === HIT);
  return kept.length === s.named.length ? s : withNamed(s, kept);
}

/** The volley's cells in order, or why they cannot be one (`except`: the volley being edited). */
export function volleyCellsProblem(
  s: BoardSnapshot,
  cells: readonly number[],
  except = -1,
): string | null {
  if (cells.length === 0) return 'select the cells fired together first';
  const W = s.rules.width;
  for (const c of cells) {
    const name = cellName(Math.floor(c / W), c % W);
    if (s.cells[c] !== UNKNOWN) return `${name} is already marked; a volley's cells are unknown`;
    const k = volleyAt(s, c);
    if (k >= 0 && k !== except) return `${name} is already in volley ${k + 1}`;
  }
  return null;
}

/**
 * Why the snapshot is not a position the core accepts, in the editor's words (volley k + 1 rather
 * than volleys[k]), or null.
 */
export function observationProblem(s: BoardSnapshot): string | null {
  try {
    parsePosition(positionToJson(toPosition(s)));
    return null;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return message.replace(/volleys\[(\d+)\]/g, (_, k: string) => `volley ${Number(k) + 1}`);
  }
}

/** The snapshot with `volley` added last (k = -1) or in place of volley k; throws when refused. */
export function putVolley(s: BoardSnapshot, volley: Volley, k = -1): BoardSnapshot {
  const cellsProblem = volleyCellsProblem(s, volley.cells, k);
  if (cellsProblem) throw new InputError('volley', cellsProblem);
  const volleys = [...(s.volleys ?? [])];
  const sorted: Volley = { ...volley, cells: [...volley.cells].sort((a, b) => a - b) };
  if (k < 0) volleys.push(sorted);
  else volleys[k] = sorted;
  const next = withVolleys(s, volleys);
  const problem = observationProblem(next);
  if (problem) throw new InputError('', problem);
  return next;
}

export function removeVolley(s: BoardSnapshot, k: number): BoardSnapshot {
  if (!s.volleys?.[k]) return s;
  return withVolleys(
    s,
    s.volleys.filter((_, i) => i !== k),
  );
}

/**
 * Keeps the named hits and volleys that still make sense under new rules: `remap` moves a cell to
 * the new board (-1 when it fell off). A name the new fleet lacks, or a volley no longer valid,
 * is dropped rather than blocking the change of rules.
 */
export function carryObservations(
  from: BoardSnapshot,
  to: BoardSnapshot,
  remap: (cell: number) => number,
): BoardSnapshot {
  const names = new Set(uniqueShipNames(to.rules) ?? []);
  let next = to;
  for (const h of from.named ?? []) {
    const cell = remap(h.cell);
    if (cell >= 0 && next.cells[cell] === HIT && names.has(h.ship)) {
      next = nameHit(next, cell, h.ship);
    }
  }
  for (const v of from.volleys ?? []) {
    const cells = v.cells.map(remap);
    if (cells.some((c) => c < 0)) continue;
    try {
      next = putVolley(next, { ...v, cells });
    } catch {
      // This volley no longer fits the rules: it is left out.
    }
  }
  return next;
}

/** The answer in a line of text ("Cruiser 1, Destroyer 2", "hit: Cruiser", "2 hits"). */
export function describeAnswer(a: VolleyAnswer): string {
  if (a.kind === 'hits') {
    return a.hits.length ? a.hits.map((h) => `${h.ship} ${h.count}`).join(', ') : 'all missed';
  }
  if (a.kind === 'hitShips') return a.ships.length ? `hit: ${a.ships.join(', ')}` : 'all missed';
  return `${a.count} hit${a.count === 1 ? '' : 's'}`;
}
