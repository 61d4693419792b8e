// Rules of a game: board size, fleet and touch rule, plus the named presets.
// A fleet is a multiset of lengths; ships of equal length are interchangeable when counting
// layouts, so the solvers work on `fleetCounts` (length -> how many), never on ship identities.

import { InputError } from './errors';

export type TouchRule = 'allowed' | 'no-touch' | 'no-edge-touch';
export const TOUCH_RULES: readonly TouchRule[] = ['allowed', 'no-touch', 'no-edge-touch'];

export interface ShipSpec {
  length: number;
  name?: string;
}

export interface Rules {
  width: number;
  height: number;
  fleet: ShipSpec[];
  touch: TouchRule;
  /** Set when the rules came from a named preset. */
  preset?: string;
}

export const MIN_SIDE = 2;
export const MAX_SIDE = 26;

const CLASSIC_NAMES = ['Carrier', 'Battleship', 'Cruiser', 'Submarine', 'Destroyer'];

export const PRESETS: Readonly<Record<string, Rules>> = {
  classic: {
    width: 10,
    height: 10,
    fleet: [5, 4, 3, 3, 2].map((length, i) => ({ length, name: CLASSIC_NAMES[i] })),
    touch: 'allowed',
    preset: 'classic',
  },
  russian: {
    width: 10,
    height: 10,
    fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1].map((length) => ({ length })),
    touch: 'no-touch',
    preset: 'russian',
  },
  margin: {
    width: 10,
    height: 10,
    fleet: [5, 4, 3, 3, 2].map((length, i) => ({ length, name: CLASSIC_NAMES[i] })),
    touch: 'no-touch',
    preset: 'margin',
  },
};

export function presetRules(name: string): Rules {
  // Own keys only: "constructor" or "toString" must not reach Object.prototype.
  if (!Object.hasOwn(PRESETS, name)) {
    const shown = name.length > 40 ? `a name of ${name.length} characters` : `"${name}"`;
    throw new InputError(
      'rules.preset',
      `unknown preset ${shown} (known: ${Object.keys(PRESETS).join(', ')})`,
    );
  }
  return cloneRules(PRESETS[name]!);
}

export function cloneRules(rules: Rules): Rules {
  return { ...rules, fleet: rules.fleet.map((s) => ({ ...s })) };
}

/** Ship lengths of the fleet, longest first. */
export function fleetLengths(fleet: readonly ShipSpec[]): number[] {
  return fleet.map((s) => s.length).sort((a, b) => b - a);
}

/** Cells the whole fleet covers. */
export function fleetCells(fleet: readonly ShipSpec[]): number {
  return fleet.reduce((sum, s) => sum + s.length, 0);
}

/** length -> number of ships of that length (index 0 unused). */
export function fleetCounts(lengths: readonly number[], maxLength: number): number[] {
  const counts = new Array<number>(maxLength + 1).fill(0);
  for (const len of lengths) counts[len]! += 1;
  return counts;
}

/** Identifies rules up to the order of the fleet (what a prior or a cache depends on). */
export function rulesKey(rules: Rules): string {
  const fleet = rules.fleet.map((s) => s.length).sort((a, b) => b - a);
  return JSON.stringify([rules.width, rules.height, rules.touch, fleet]);
}

export function columnName(col: number): string {
  return String.fromCharCode(65 + col);
}

/** "C7" style name of a cell (row and column zero-based). */
export function cellName(row: number, col: number): string {
  return `${columnName(col)}${row + 1}`;
}

/** Checks a rules object built in code or parsed from JSON; throws InputError naming the field. */
export function validateRules(rules: Rules): Rules {
  for (const side of ['width', 'height'] as const) {
    const v = rules[side];
    if (!Number.isInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
      throw new InputError(
        `rules.${side}`,
        `must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, got ${String(v)}`,
      );
    }
  }
  if (!TOUCH_RULES.includes(rules.touch)) {
    throw new InputError(
      'rules.touch',
      `must be one of ${TOUCH_RULES.join(', ')}, got ${JSON.stringify(rules.touch)}`,
    );
  }
  if (!Array.isArray(rules.fleet) || rules.fleet.length === 0) {
    throw new InputError('rules.fleet', 'must list at least one ship length');
  }
  const longest = Math.max(rules.width, rules.height);
  rules.fleet.forEach((ship, i) => {
    if (!Number.isInteger(ship.length) || ship.length < 1 || ship.length > longest) {
      throw new InputError(
        `rules.fleet[${i}]`,
        `ship length must be a whole number from 1 to ${longest} (the longer board side), got ${String(ship.length)}`,
      );
    }
  });
  const cells = fleetCells(rules.fleet);
  if (cells > rules.width * rules.height) {
    throw new InputError(
      'rules.fleet',
      `the fleet needs ${cells} cells but a ${rules.width}x${rules.height} board has only ${rules.width * rules.height}`,
    );
  }
  const crowded = blockShortfall(rules);
  const fits = crowded ? 'no' : fleetFitsEmptyBoard(rules);
  if (fits === 'undecided') {
    // Not accepted on trust: a fleet saved without a layout would fail every later solve.
    throw new InputError(
      'rules.fleet',
      `could not decide whether the fleet ${fleetText(rules.fleet)} fits on an empty ${rules.width}x${rules.height} board with touch rule "${rules.touch}" (too many ways to try); use fewer or shorter ships or a larger board`,
    );
  }
  if (fits === 'no') {
    throw new InputError(
      'rules.fleet',
      `the fleet ${fleetText(rules.fleet)} cannot be placed on an empty ${rules.width}x${rules.height} board with touch rule "${rules.touch}"` +
        (crowded ? ` (${crowded})` : '') +
        '; use fewer or shorter ships, a larger board or a looser touch rule',
    );
  }
  return rules;
}

/** "5,4,3,3,2", or for a long fleet "15 ships of length 3, 2 of length 1" (one readable line). */
function fleetText(fleet: readonly ShipSpec[]): string {
  const lengths = fleetLengths(fleet);
  if (lengths.length <= 12) return lengths.join(',');
  const groups: string[] = [];
  for (const len of new Set(lengths)) {
    const n = lengths.filter((l) => l === len).length;
    groups.push(`${n}${groups.length ? '' : n === 1 ? ' ship' : ' ships'} of length ${len}`);
  }
  return groups.join(', ');
}

/**
 * A counting bound the search below cannot always settle within its budget (26 single cells on
 * 10x10 under no-touch, which the search gave the benefit of the doubt). Tile the board with 2x2
 * blocks (those on the far edges cut short); under the touch rules a block holds at most two ship
 * cells, and under no-touch cells of one ship only. A straight ship meets at least ceil(len / 2)
 * blocks. Sound: a fleet it refuses has no layout. Says why, or returns null.
 */
function blockShortfall(rules: Rules): string | null {
  const blocks = Math.ceil(rules.width / 2) * Math.ceil(rules.height / 2);
  const lengths = fleetLengths(rules.fleet);
  if (rules.touch === 'no-touch') {
    const needed = lengths.reduce((sum, len) => sum + Math.ceil(len / 2), 0);
    if (needed > blocks) {
      return `ships that may not touch cannot share a 2x2 block: they need ${needed} of the board's ${blocks}`;
    }
  } else if (rules.touch === 'no-edge-touch') {
    const cells = fleetCells(rules.fleet);
    if (cells > 2 * blocks) {
      return `with no edge touching a 2x2 block holds at most 2 ship cells: the fleet has ${cells}, the board's ${blocks} blocks hold ${2 * blocks}`;
    }
  }
  return null;
}

/**
 * Does at least one legal layout of the whole fleet exist on the empty board?
 * Depth-first search: longest ship first, each ship tried at every free start. A budget of tried
 * placements (not search nodes: one node may try every cell of a 26x26 board) keeps pathological
 * fleets from holding up validation for more than a few milliseconds; past it the answer is
 * 'undecided', which validation refuses rather than accept a fleet that may have no layout.
 * Counting bounds settle many fleets before any search: under the no-touch rule each ship with
 * the cells right of and below it is a disjoint (length + 1) x 2 block of the board grown by one
 * row and column; and a ship too long to lie across a narrow board must stand along it
 * (lineShortfall).
 */
export function fleetFitsEmptyBoard(
  rules: Rules,
  placementBudget = 300_000,
): 'yes' | 'no' | 'undecided' {
  const { width: W, height: H } = rules;
  const lengths = fleetLengths(rules.fleet);
  if (rules.touch === 'no-touch') {
    const blocks = lengths.reduce((sum, len) => sum + 2 * (len + 1), 0);
    if (blocks > (W + 1) * (H + 1)) return 'no';
  }
  if (lineShortfall(rules)) return 'no';
  const blocked = new Uint8Array(W * H); // count of reasons a cell is unusable
  const halo = rules.touch === 'allowed' ? 0 : 1;
  const diagonal = rules.touch === 'no-touch';
  let tried = 0;
  let gaveUp = false;

  const mark = (r: number, c: number, len: number, vertical: boolean, delta: number): void => {
    for (let k = 0; k < len; k++) {
      const rr = vertical ? r + k : r;
      const cc = vertical ? c : c + k;
      for (let dr = -halo; dr <= halo; dr++) {
        for (let dc = -halo; dc <= halo; dc++) {
          if (!diagonal && dr !== 0 && dc !== 0) continue;
          const y = rr + dr;
          const x = cc + dc;
          if (y >= 0 && y < H && x >= 0 && x < W) blocked[y * W + x]! += delta;
        }
      }
    }
  };
  const free = (r: number, c: number, len: number, vertical: boolean): boolean => {
    if (vertical ? r + len > H : c + len > W) return false;
    for (let k = 0; k < len; k++) {
      if (blocked[(vertical ? r + k : r) * W + (vertical ? c : c + k)]) return false;
    }
    return true;
  };
  const place = (i: number, from: number): boolean => {
    if (i === lengths.length) return true;
    const len = lengths[i]!;
    // Equal lengths are interchangeable: start the next one after the previous one's start.
    const start = i > 0 && lengths[i - 1] === len ? from : 0;
    for (let cell = start; cell < W * H; cell++) {
      const r = Math.floor(cell / W);
      const c = cell % W;
      for (const vertical of len === 1 ? [false] : [false, true]) {
        if (++tried > placementBudget) {
          gaveUp = true;
          return true;
        }
        if (!free(r, c, len, vertical)) continue;
        mark(r, c, len, vertical, 1);
        const ok = place(i + 1, cell);
        mark(r, c, len, vertical, -1);
        if (ok) return true;
      }
    }
    return false;
  };
  const found = place(0, 0);
  return gaveUp ? 'undecided' : found ? 'yes' : 'no';
}

/**
 * Ships longer than the board is wide can only stand in its columns (and likewise for rows). In
 * one column of height H, ships of length l or more (with a gap cell between neighbours under
 * the touch rules) fit at most floor((H + gap) / (l + gap)) times, and their lengths plus gaps
 * at most H + gap in all; the forced ships must fit in the columns by both counts. Sound: a
 * fleet it refuses has no layout.
 */
function lineShortfall(rules: Rules): boolean {
  const gap = rules.touch === 'allowed' ? 0 : 1;
  const lengths = fleetLengths(rules.fleet);
  const crowded = (across: number, along: number, lines: number): boolean => {
    const forced = lengths.filter((l) => l > across);
    if (forced.length === 0) return false;
    if (forced.reduce((sum, l) => sum + l + gap, 0) > lines * (along + gap)) return true;
    return forced.some((l) => {
      const atLeast = forced.filter((x) => x >= l).length;
      return atLeast > lines * Math.floor((along + gap) / (l + gap));
    });
  };
  return (
    crowded(rules.width, rules.height, rules.width) ||
    crowded(rules.height, rules.width, rules.height)
  );
}
