// Where each ship type may lie, given everything that depends on that one ship: the static marks
// (placementLegal), named hits, per-ship volley answers, sinkings announced after a volley and,
// when sinking is announced, "a ship not announced sunk still has a cell never fired at".
// What links ships (touching, hitCount volleys, covering every hit) is left to the solvers.
//
// The rules are applied one at a time, so when a type loses its last placement the error names
// the rule that removed it.

import { NoLayoutError } from '../errors';
import type { Volley } from '../observations';
import { HIT, type Position } from '../position';
import { cellName } from '../rules';
import type { Board } from './board';
import { HORIZONTAL, placementLegal } from './placement';
import type { ShipType } from './ship-types';

const TIMES = ['not', 'once', 'twice'];

function times(k: number): string {
  return TIMES[k] ?? `${k} times`;
}

/** How many of `cells` a volley holds. */
function inVolley(cells: number[], member: Uint8Array): number {
  let k = 0;
  for (const c of cells) k += member[c]!;
  return k;
}

/** Per type, per (top/left cell * 2 + orientation): may a ship of the type lie there? */
export function typeLegality(
  p: Position,
  board: Board,
  types: ShipType[],
  named: boolean,
): Uint8Array[] {
  const { width: W } = board;
  const at = (cell: number): string => cellName(Math.floor(cell / W), cell % W);
  const namedAt = new Map<number, string>();
  for (const h of p.named ?? []) namedAt.set(h.cell, h.ship);
  const volleys: Volley[] = p.volleys ?? [];
  const members = volleys.map((v) => {
    const m = new Uint8Array(board.cells);
    for (const c of v.cells) m[c] = 1;
    return m;
  });
  // The volley each ship sank in, and the latest volley each cell was fired in (-1: a single
  // shot or never).
  const sankIn = new Map<string, number>();
  volleys.forEach((v, i) => v.sunk.forEach((s) => sankIn.set(s, i)));
  const volleyOf = new Int32Array(board.cells).fill(-1);
  volleys.forEach((v, i) => v.cells.forEach((c) => (volleyOf[c] = i)));

  return types.map((type) => {
    const len = type.length;
    const legal = new Uint8Array(board.cells * 2);
    const cellsOf: number[][] = [];
    const slots: number[] = [];
    for (let cell = 0; cell < board.cells; cell++) {
      for (let o = 0; o < (len === 1 ? 1 : 2); o++) {
        if (!placementLegal(board, cell, len, o)) continue;
        const step = o === HORIZONTAL ? 1 : W;
        cellsOf.push(Array.from({ length: len }, (_, k) => cell + k * step));
        slots.push(cell * 2 + o);
      }
    }
    const who = type.name === undefined ? `remaining ship of length ${len}` : type.name;
    let alive = cellsOf.map(() => true);
    /** Keeps the placements passing `rule`; throws `why` when none is left. */
    const keep = (rule: (cells: number[]) => boolean, why: () => string): void => {
      alive = alive.map((a, k) => a && rule(cellsOf[k]!));
      if (!alive.includes(true)) throw new NoLayoutError(why());
    };
    if (slots.length === 0) {
      throw new NoLayoutError(`no placement of the ${who} fits the board's marks`);
    }
    if (named) {
      keep(
        (cells) => cells.every((c) => (namedAt.get(c) ?? type.name) === type.name),
        () => `every placement of the ${who} covers a hit named for another ship`,
      );
      if (type.name !== undefined && type.count === 1) {
        // Only this ship may cover its named hits, and it is one ship: it covers them all.
        for (const h of p.named ?? []) {
          if (h.ship !== type.name) continue;
          keep(
            (cells) => cells.includes(h.cell),
            () => `no remaining ship can be the ${type.name} named at ${at(h.cell)}`,
          );
        }
      }
    }
    volleys.forEach((v, i) => {
      const member = members[i]!;
      const a = v.answer;
      if (a.kind === 'hitCount') return;
      if (a.kind === 'hits') {
        const k = a.hits.find((h) => h.ship === type.name)?.count ?? 0;
        keep(
          (cells) => inVolley(cells, member) === k,
          () =>
            k === 0
              ? `volley ${i + 1} says the ${who} was not hit, but every placement of it covers one of its cells`
              : `volley ${i + 1} says the ${who} was hit ${times(k)}, but no placement of the ${who} covers ${k} of its cells`,
        );
      } else {
        const hit = type.name !== undefined && a.ships.includes(type.name);
        keep(
          (cells) => inVolley(cells, member) > 0 === hit,
          () =>
            hit
              ? `volley ${i + 1} says the ${who} was hit, but no placement of the ${who} covers one of its cells`
              : `volley ${i + 1} says the ${who} was not hit, but every placement of it covers one of its cells`,
        );
      }
    });
    const sank = type.name === undefined ? undefined : sankIn.get(type.name);
    if (sank !== undefined) {
      keep(
        (cells) =>
          cells.every((c) => p.cells[c] === HIT || (volleyOf[c]! >= 0 && volleyOf[c]! <= sank)) &&
          cells.some((c) => volleyOf[c] === sank),
        () =>
          `the ${who} sank after volley ${sank + 1}, but no placement of it lies on hits and volley cells up to it with one in it`,
      );
    } else if (board.sunkReported) {
      keep(
        (cells) => cells.some((c) => !board.fired[c]),
        () =>
          `the ${who} was not announced sunk, but every placement of it lies wholly on cells already fired at`,
      );
    }
    alive.forEach((a, k) => {
      if (a) legal[slots[k]!] = 1;
    });
    return legal;
  });
}
