// What a position can say beyond single shots' miss/hit/sunk: hits whose ship was named, and
// volleys (shots fired together) whose answer is aggregated. The JSON forms (README, "Position
// format"):
//
//   "named":   [[row, col, "Carrier"], ...]            each cell an 'x' on the board
//   "volleys": [{ "cells": [[row, col], ...],           each cell a '.' on the board
//                 "hits": {"Carrier": 1} | "hitShips": ["Carrier"] | "hitCount": 2,
//                 "sunk": ["Destroyer"] }, ...]         optional: sunk after this volley
//
// Ships are referred to by their fleet names, which must then be unique. Volleys are in firing
// order: a ship announced sunk after volley v has every cell hit by a single shot or fired at in
// volleys 1..v, at least one of them in volley v. Single shots have no time of their own.

import { parseCell } from './cell-json';
import { InputError } from './errors';
import { describeValue, isRecord } from './plain-data';
import { cellName, type Rules } from './rules';

export interface NamedHit {
  cell: number;
  /** The fleet name of the ship the hit belongs to. */
  ship: string;
}

/** How many of a volley's cells one ship covers (at least 1; unlisted ships cover none). */
export interface ShipHits {
  ship: string;
  count: number;
}

export type VolleyAnswer =
  /** Per ship, how many of the volley's cells it covers; ships not listed cover none. */
  | { kind: 'hits'; hits: ShipHits[] }
  /** The ships that cover at least one of the volley's cells; the others cover none. */
  | { kind: 'hitShips'; ships: string[] }
  /** How many of the volley's cells hold a ship, nothing more. */
  | { kind: 'hitCount'; count: number };

export interface Volley {
  /** Cell indices, sorted. */
  cells: number[];
  answer: VolleyAnswer;
  /** Ships announced sunk after this volley (fleet names). */
  sunk: string[];
}

export type NamedHitJson = [number, number, string];

export type VolleyJson = { cells: [number, number][]; sunk?: string[] } & (
  { hits: Record<string, number> } | { hitShips: string[] } | { hitCount: number }
);

/** The index in rules.fleet of each ship name (only meaningful when names are unique). */
export function fleetNameIndex(rules: Rules): Map<string, number> {
  const index = new Map<string, number>();
  rules.fleet.forEach((s, i) => {
    if (s.name !== undefined && !index.has(s.name)) index.set(s.name, i);
  });
  return index;
}

/** Every ship name the observations use (named hits, volley answers, volley sinkings). */
export function namesUsed(named: readonly NamedHit[], volleys: readonly Volley[]): Set<string> {
  const names = new Set<string>(named.map((h) => h.ship));
  for (const v of volleys) {
    if (v.answer.kind === 'hits') for (const h of v.answer.hits) names.add(h.ship);
    if (v.answer.kind === 'hitShips') for (const s of v.answer.ships) names.add(s);
    for (const s of v.sunk) names.add(s);
  }
  return names;
}

/** Cells fired at: single shots (hit or miss marks) and every volley's cells. */
export function firedCells(marks: Uint8Array, volleys: readonly Volley[]): Uint8Array {
  const fired = new Uint8Array(marks.length);
  for (let i = 0; i < marks.length; i++) if (marks[i] !== 0) fired[i] = 1;
  for (const v of volleys) for (const c of v.cells) fired[c] = 1;
  return fired;
}

// ---------------------------------------------------------------- JSON in

interface Context {
  rules: Rules;
  /** Board marks (0 unknown, 1 miss, 2 hit). */
  marks: Uint8Array;
  names: Map<string, number>;
  /** Is a name used by two ships of the fleet? */
  duplicated: Set<string>;
}

function context(rules: Rules, marks: Uint8Array): Context {
  const names = fleetNameIndex(rules);
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  for (const s of rules.fleet) {
    if (s.name === undefined) continue;
    if (seen.has(s.name)) duplicated.add(s.name);
    seen.add(s.name);
  }
  return { rules, marks, names, duplicated };
}

/** A fleet ship's name, checked: known and unique in the fleet. */
function shipName(raw: unknown, ctx: Context, where: string): string {
  if (typeof raw !== 'string') {
    throw new InputError(where, `must be a ship name, got ${describeValue(raw)}`);
  }
  if (!ctx.names.has(raw)) {
    const known = [...ctx.names.keys()];
    throw new InputError(
      where,
      `unknown ship ${describeValue(raw)} (${known.length ? `the fleet's names: ${known.join(', ')}` : 'the fleet has no named ships: give fleet entries {"length": n, "name": "..."}'})`,
    );
  }
  if (ctx.duplicated.has(raw)) {
    throw new InputError(
      where,
      `two ships of the fleet are named ${describeValue(raw)}: names must be unique to tell ships apart`,
    );
  }
  return raw;
}

function nameOf(rules: Rules, cell: number): string {
  return cellName(Math.floor(cell / rules.width), cell % rules.width);
}

/** Parses `named`: [[row, col, name], ...], each cell a hit on the board, named once. */
export function parseNamed(raw: unknown, rules: Rules, marks: Uint8Array): NamedHit[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    throw new InputError(
      'named',
      `must be an array of [row, col, name], got ${describeValue(raw)}`,
    );
  }
  if (raw.length > marks.length) {
    throw new InputError('named', `has ${raw.length} entries, more than the board's cells`);
  }
  const ctx = context(rules, marks);
  const seen = new Set<number>();
  return raw.map((entry: unknown, i: number) => {
    const where = `named[${i}]`;
    if (!Array.isArray(entry) || entry.length !== 3) {
      throw new InputError(where, `must be [row, col, name], got ${describeValue(entry)}`);
    }
    const [row, col] = entry as unknown[];
    if (!Number.isInteger(row) || !Number.isInteger(col)) {
      // said here, not by parseCell: it would describe the [row, col] taken out of the entry
      throw new InputError(
        where,
        `must be [row, col, name] with whole numbers for row and col, got row ${describeValue(row)} and col ${describeValue(col)}`,
      );
    }
    const cell = parseCell([row, col], rules, where);
    if (marks[cell] !== 2) {
      throw new InputError(where, `cell ${nameOf(rules, cell)} is not a hit ('x') on the board`);
    }
    if (seen.has(cell)) throw new InputError(where, `cell ${nameOf(rules, cell)} is named twice`);
    seen.add(cell);
    return { cell, ship: shipName(entry[2], ctx, `${where} name`) };
  });
}

function parseAnswer(
  raw: Record<string, unknown>,
  size: number,
  ctx: Context,
  where: string,
): VolleyAnswer {
  const given = (['hits', 'hitShips', 'hitCount'] as const).filter((k) => raw[k] !== undefined);
  if (given.length !== 1) {
    throw new InputError(
      where,
      given.length === 0
        ? 'has no answer: give one of "hits", "hitShips" or "hitCount"'
        : `gives ${given.join(' and ')}: give exactly one answer`,
    );
  }
  if (raw.hits !== undefined) {
    if (!isRecord(raw.hits)) {
      throw new InputError(
        `${where}.hits`,
        `must be an object of ship name to cells hit, got ${describeValue(raw.hits)}`,
      );
    }
    const hits: ShipHits[] = [];
    let total = 0;
    for (const [name, count] of Object.entries(raw.hits)) {
      const at = `${where}.hits.${name.length > 40 ? 'name' : name}`;
      const ship = shipName(name, ctx, at);
      const length = ctx.rules.fleet[ctx.names.get(ship)!]!.length;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
        throw new InputError(at, `must be a whole number of cells, got ${describeValue(count)}`);
      }
      if (count > length) {
        throw new InputError(at, `${count} hits, but the ${ship} has ${length} cells`);
      }
      total += count;
      if (count > 0) hits.push({ ship, count });
    }
    if (total > size) {
      throw new InputError(
        `${where}.hits`,
        `${total} hits in all, but the volley has ${size} cells`,
      );
    }
    return { kind: 'hits', hits };
  }
  if (raw.hitShips !== undefined) {
    if (!Array.isArray(raw.hitShips)) {
      throw new InputError(
        `${where}.hitShips`,
        `must be an array of ship names, got ${describeValue(raw.hitShips)}`,
      );
    }
    const ships = raw.hitShips.map((s: unknown, k: number) =>
      shipName(s, ctx, `${where}.hitShips[${k}]`),
    );
    if (new Set(ships).size !== ships.length) {
      throw new InputError(`${where}.hitShips`, 'names a ship twice');
    }
    if (ships.length > size) {
      throw new InputError(
        `${where}.hitShips`,
        `${ships.length} ships hit, but the volley has ${size} cells`,
      );
    }
    return { kind: 'hitShips', ships };
  }
  const count = raw.hitCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > size) {
    throw new InputError(
      `${where}.hitCount`,
      `must be a whole number from 0 to ${size} (the volley's cells), got ${describeValue(count)}`,
    );
  }
  return { kind: 'hitCount', count };
}

/** Does an answer say the ship covers at least one of the volley's cells? */
function answerHits(answer: VolleyAnswer, ship: string): boolean | undefined {
  if (answer.kind === 'hits') return answer.hits.some((h) => h.ship === ship);
  if (answer.kind === 'hitShips') return answer.ships.includes(ship);
  return undefined;
}

/**
 * Parses `volleys`. `sunkSingles` is how many ships the position's `sunk` list already holds (the
 * fleet bounds the total).
 */
export function parseVolleys(
  raw: unknown,
  rules: Rules,
  marks: Uint8Array,
  sunkSingles: number,
): Volley[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    throw new InputError('volleys', `must be an array of volleys, got ${describeValue(raw)}`);
  }
  if (raw.length > marks.length) {
    throw new InputError('volleys', `has ${raw.length} volleys, more than the board's cells`);
  }
  const ctx = context(rules, marks);
  const volleyOf = new Map<number, number>();
  const sunkIn = new Map<string, number>();
  return raw.map((v: unknown, i: number) => {
    const where = `volleys[${i}]`;
    if (!isRecord(v)) throw new InputError(where, `must be an object, got ${describeValue(v)}`);
    if (!Array.isArray(v.cells) || v.cells.length === 0) {
      throw new InputError(
        `${where}.cells`,
        `must be a non-empty array of [row, col] cells, got ${describeValue(v.cells)}`,
      );
    }
    if (v.cells.length > marks.length) {
      throw new InputError(`${where}.cells`, `has ${v.cells.length} cells, more than the board`);
    }
    const cells = v.cells.map((c: unknown, k: number) => {
      const at = `${where}.cells[${k}]`;
      const cell = parseCell(c, rules, at);
      if (marks[cell] !== 0) {
        throw new InputError(
          at,
          `cell ${nameOf(rules, cell)} is marked '${marks[cell] === 1 ? 'o' : 'x'}' on the board; a volley's cells are '.' (their results were not told one by one)`,
        );
      }
      const other = volleyOf.get(cell);
      if (other !== undefined) {
        throw new InputError(
          at,
          other === i
            ? `cell ${nameOf(rules, cell)} is listed twice in this volley`
            : `cell ${nameOf(rules, cell)} was already fired at in volleys[${other}]`,
        );
      }
      volleyOf.set(cell, i);
      return cell;
    });
    const answer = parseAnswer(v, cells.length, ctx, where);
    let sunk: string[] = [];
    if (v.sunk !== undefined && v.sunk !== null) {
      if (!Array.isArray(v.sunk)) {
        throw new InputError(
          `${where}.sunk`,
          `must be an array of ship names, got ${describeValue(v.sunk)}`,
        );
      }
      sunk = v.sunk.map((s: unknown, k: number) => {
        const at = `${where}.sunk[${k}]`;
        const ship = shipName(s, ctx, at);
        const before = sunkIn.get(ship);
        if (before !== undefined) {
          throw new InputError(
            at,
            before === i ? `names the ${ship} twice` : `the ${ship} was sunk in volleys[${before}]`,
          );
        }
        if (answerHits(answer, ship) === false) {
          throw new InputError(at, `the ${ship} sank, but the volley's answer says it was not hit`);
        }
        sunkIn.set(ship, i);
        return ship;
      });
      if (answer.kind === 'hitCount' && answer.count < sunk.length) {
        throw new InputError(
          `${where}.sunk`,
          `${sunk.length} ships sank, but the volley hit only ${answer.count} cells`,
        );
      }
    }
    if (sunkSingles + sunkIn.size > rules.fleet.length) {
      throw new InputError(
        `${where}.sunk`,
        `${sunkSingles + sunkIn.size} ships sunk in all, but the fleet has ${rules.fleet.length}`,
      );
    }
    return { cells: [...cells].sort((a, b) => a - b), answer, sunk };
  });
}

// ---------------------------------------------------------------- JSON out

export function namedToJson(named: readonly NamedHit[], width: number): NamedHitJson[] {
  return named.map((h) => [Math.floor(h.cell / width), h.cell % width, h.ship]);
}

export function volleysToJson(volleys: readonly Volley[], width: number): VolleyJson[] {
  return volleys.map((v) => {
    const cells = v.cells.map((c) => [Math.floor(c / width), c % width] as [number, number]);
    const sunk = v.sunk.length ? { sunk: [...v.sunk] } : {};
    const a = v.answer;
    if (a.kind === 'hits') {
      // fromEntries defines own properties: a ship called "__proto__" stays a plain key.
      const hits = Object.fromEntries(a.hits.map((h) => [h.ship, h.count])) as Record<
        string,
        number
      >;
      return { cells, hits, ...sunk };
    }
    if (a.kind === 'hitShips') return { cells, hitShips: [...a.ships], ...sunk };
    return { cells, hitCount: a.count, ...sunk };
  });
}

export function cloneVolley(v: Volley): Volley {
  const a = v.answer;
  const answer: VolleyAnswer =
    a.kind === 'hits'
      ? { kind: 'hits', hits: a.hits.map((h) => ({ ...h })) }
      : a.kind === 'hitShips'
        ? { kind: 'hitShips', ships: [...a.ships] }
        : { kind: 'hitCount', count: a.count };
  return { cells: [...v.cells], answer, sunk: [...v.sunk] };
}
