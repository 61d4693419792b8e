// The ships still to be placed, grouped into interchangeable types, and the ways the position's
// sunk cell lists can be read as fleet ships.
//
// Without names a ship is known only by its length: one type per length. Once a position names
// ships (a named hit, a volley answer or a volley sinking), every named fleet ship is its own type
// (told apart from its equal-length neighbours) and the unnamed ships of a length stay one type.
// A sunk cell list says only a length, so which named ship sank there may be open: each
// consistent reading is one variant, and the solvers sum over them.

import { NoLayoutError } from '../errors';
import { namesUsed } from '../observations';
import type { Position } from '../position';
import { cellName } from '../rules';

export interface ShipType {
  length: number;
  /** Ships of this type still to be placed (1 for a named ship). */
  count: number;
  /** The fleet name when ships are told apart by name. */
  name?: string;
}

/** Does the position name ships, so that layouts tell named ships apart? */
export function namesShips(p: Position): boolean {
  return namesUsed(p.named ?? [], p.volleys ?? []).size > 0;
}

/**
 * The types still to be placed once the sunk lists are read as `sunkNames` (per sunk list: the
 * fleet name of the ship that sank there, or undefined for an unnamed ship or an unnamed
 * position). Longest first; within a length, named ships in fleet order, then the unnamed ones.
 */
export function shipTypes(
  p: Position,
  named: boolean,
  sunkNames: (string | undefined)[],
): ShipType[] {
  const byKey = new Map<string, ShipType>();
  const order: ShipType[] = [];
  for (const s of p.rules.fleet) {
    const name = named ? s.name : undefined;
    const key = `${s.length}:${name ?? ''}`;
    const t = byKey.get(key);
    if (t) t.count++;
    else {
      const fresh: ShipType =
        name === undefined ? { length: s.length, count: 1 } : { length: s.length, count: 1, name };
      byKey.set(key, fresh);
      order.push(fresh);
    }
  }
  p.sunk.forEach((cells, i) => {
    const name = named ? sunkNames[i] : undefined;
    const t = byKey.get(`${cells.length}:${name ?? ''}`);
    // Position parsing checks the lengths; variants only name ships of the right length.
    if (t) t.count--;
  });
  const rank = (t: ShipType): number => (t.name === undefined ? 1 : 0);
  return order
    .filter((t) => t.count > 0)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.length - a.t.length || rank(a.t) - rank(b.t) || a.i - b.i)
    .map(({ t }) => t);
}

/**
 * Every consistent reading of the sunk cell lists as fleet ships in a named position: per list,
 * the name of the ship that sank there (undefined: an unnamed ship of that length). A list whose
 * cells carry named hits is that ship; a ship the volleys say was hit or sank in a volley, or
 * whose named hits lie elsewhere, did not sink in a list of hit cells. Throws NoLayoutError when
 * no reading fits.
 */
export function sunkReadings(p: Position): (string | undefined)[][] {
  if (p.sunk.length === 0) return [[]];
  const W = p.rules.width;
  const at = (cell: number): string => cellName(Math.floor(cell / W), cell % W);
  const namedAt = new Map<number, string>();
  for (const h of p.named ?? []) namedAt.set(h.cell, h.ship);
  // Ships that lay on a volley cell or sank in a volley: not a list of single-shot hits.
  const inVolley = new Set<string>();
  for (const v of p.volleys ?? []) {
    if (v.answer.kind === 'hits') for (const h of v.answer.hits) inVolley.add(h.ship);
    if (v.answer.kind === 'hitShips') for (const s of v.answer.ships) inVolley.add(s);
    for (const s of v.sunk) inVolley.add(s);
  }
  // Ships left to assign: unnamed ones by length, named ones by name (a name may repeat in a
  // fleet whose position never refers to it).
  const unnamedLeft = new Map<number, number>();
  const namedLeft = new Map<string, number>();
  for (const s of p.rules.fleet) {
    if (s.name === undefined) unnamedLeft.set(s.length, (unnamedLeft.get(s.length) ?? 0) + 1);
    else namedLeft.set(s.name, (namedLeft.get(s.name) ?? 0) + 1);
  }
  const candidates = p.sunk.map((cells, i) => {
    const names = new Set<string>();
    for (const c of cells) {
      const n = namedAt.get(c);
      if (n !== undefined) names.add(n);
    }
    if (names.size > 1) {
      throw new NoLayoutError(
        `sunk ship ${i + 1} carries hits named ${[...names].join(' and ')}, but one ship sank there`,
      );
    }
    const options: (string | undefined)[] = [];
    for (const s of p.rules.fleet) {
      if (s.length !== cells.length || s.name === undefined || inVolley.has(s.name)) continue;
      if (names.size === 1 && !names.has(s.name)) continue;
      if (options.includes(s.name)) continue;
      // Its named hits must all lie on this list.
      const elsewhere = (p.named ?? []).find((h) => h.ship === s.name && !cells.includes(h.cell));
      if (elsewhere) continue;
      options.push(s.name);
    }
    if (names.size === 0 && (unnamedLeft.get(cells.length) ?? 0) > 0) options.push(undefined);
    if (options.length === 0) {
      const named = [...names][0];
      throw new NoLayoutError(
        named !== undefined
          ? `sunk ship ${i + 1} carries the hit named ${named} at ${at(cells.find((c) => namedAt.get(c) === named)!)}, but the ${named} cannot have sunk there`
          : `no ship of length ${cells.length} can be sunk ship ${i + 1}: the named hits and volleys place every such ship elsewhere`,
      );
    }
    return options;
  });
  const readings: (string | undefined)[][] = [];
  const chosen: (string | undefined)[] = [];
  const recurse = (i: number): void => {
    if (i === p.sunk.length) {
      readings.push(chosen.slice());
      return;
    }
    const len = p.sunk[i]!.length;
    for (const o of candidates[i]!) {
      if (o === undefined) {
        const left = unnamedLeft.get(len) ?? 0;
        if (left === 0) continue;
        unnamedLeft.set(len, left - 1);
        chosen.push(undefined);
        recurse(i + 1);
        chosen.pop();
        unnamedLeft.set(len, left);
      } else {
        const left = namedLeft.get(o)!;
        if (left === 0) continue;
        namedLeft.set(o, left - 1);
        chosen.push(o);
        recurse(i + 1);
        chosen.pop();
        namedLeft.set(o, left);
      }
    }
  };
  recurse(0);
  if (readings.length === 0) {
    throw new NoLayoutError(
      'the sunk ships cannot all be told apart as fleet ships consistent with the named hits and volleys',
    );
  }
  return readings;
}
