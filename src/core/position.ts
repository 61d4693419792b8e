// A position is rules plus what the shooter has seen: misses, hits and sunk ships (with cells).
// This module parses and validates the JSON form (documented in the README) and a compact text
// form, and formats positions back. Cells are plain indices: row * width + col.

import { parseCell } from './cell-json';
import { InputError } from './errors';
import {
  cloneVolley,
  namedToJson,
  parseNamed,
  parseVolleys,
  volleysToJson,
  type NamedHit,
  type NamedHitJson,
  type Volley,
  type VolleyJson,
} from './observations';
import { describeValue, isRecord } from './plain-data';
import { parseRules, rulesToJson, type RulesJson } from './rules-json';
import { parseJsonText } from './json-text';
import { parseRulesHeader } from './rules-header';
import { MAX_SIDE, cellName, type Rules } from './rules';

export const UNKNOWN = 0;
export const MISS = 1;
export const HIT = 2;
export type Mark = typeof UNKNOWN | typeof MISS | typeof HIT;

export interface Position {
  rules: Rules;
  /** One mark per cell, row-major. */
  cells: Uint8Array;
  /** Each sunk ship as its cell indices, in order along the ship. */
  sunk: number[][];
  /** Optional layout prior: one positive weight per cell (a layout weighs the product). */
  prior?: Float64Array;
  /**
   * Sinking is announced (the usual game): a ship that is not listed as sunk cannot have all its
   * cells hit. Set false for "hit/miss only" positions.
   */
  sunkReported: boolean;
  /** Hits whose ship was named when hit (observations.ts); absent or empty: none. */
  named?: NamedHit[];
  /** Shots fired together with an aggregated answer, in firing order; absent or empty: none. */
  volleys?: Volley[];
}

/** Does the position name ships or hold volleys (what only some solvers can take)? */
export function hasObservations(p: Position): boolean {
  return (p.named?.length ?? 0) > 0 || (p.volleys?.length ?? 0) > 0;
}

const MARK_CHARS: Record<string, Mark> = { '.': UNKNOWN, o: MISS, O: MISS, x: HIT, X: HIT };

export function emptyPosition(rules: Rules): Position {
  return {
    rules,
    cells: new Uint8Array(rules.width * rules.height),
    sunk: [],
    sunkReported: true,
  };
}

/** Copies a position so a caller can change marks without touching the original. */
export function clonePosition(p: Position): Position {
  return {
    rules: p.rules,
    cells: p.cells.slice(),
    sunk: p.sunk.map((s) => s.slice()),
    prior: p.prior?.slice(),
    sunkReported: p.sunkReported,
    ...(p.named?.length ? { named: p.named.map((h) => ({ ...h })) } : {}),
    ...(p.volleys?.length ? { volleys: p.volleys.map(cloneVolley) } : {}),
  };
}

// ---------------------------------------------------------------- JSON in

export { parseCell };

/** Parses a layout prior (H rows of W positive finite numbers). */
export function parsePrior(raw: unknown, rules: Rules, where = 'prior'): Float64Array {
  const { width: W, height: H } = rules;
  if (!Array.isArray(raw) || raw.length !== H) {
    throw new InputError(
      where,
      `must be ${H} rows of ${W} positive numbers, got ${describeValue(raw)}`,
    );
  }
  const grid = new Float64Array(W * H);
  raw.forEach((row: unknown, r: number) => {
    if (!Array.isArray(row) || row.length !== W) {
      throw new InputError(
        `${where} row ${r + 1}`,
        `must have ${W} numbers, got ${describeValue(row)}`,
      );
    }
    row.forEach((v: unknown, c: number) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
        throw new InputError(
          `${where} ${cellName(r, c)}`,
          `weights must be positive finite numbers, got ${describeValue(v)}`,
        );
      }
      grid[r * W + c] = v;
    });
  });
  return grid;
}

/**
 * Checks the sunk ships: each is a straight run of hits on the board, no cell in two ships, and
 * its length is still available in the fleet. Returns them with cells sorted along the ship.
 */
export function validateSunk(rules: Rules, cells: Uint8Array, sunk: number[][]): number[][] {
  const W = rules.width;
  const available = new Map<number, number>();
  for (const s of rules.fleet) available.set(s.length, (available.get(s.length) ?? 0) + 1);
  const owner = new Map<number, number>();
  return sunk.map((ship, i) => {
    const where = `sunk ship ${i + 1}`;
    if (ship.length === 0) throw new InputError(where, 'has no cells');
    const sorted = [...ship].sort((a, b) => a - b);
    for (const cell of sorted) {
      const at = cellName(Math.floor(cell / W), cell % W);
      if (cells[cell] !== HIT) throw new InputError(where, `cell ${at} is not marked as a hit`);
      const other = owner.get(cell);
      if (other !== undefined) {
        throw new InputError(where, `cell ${at} also belongs to sunk ship ${other + 1}`);
      }
      owner.set(cell, i);
    }
    const rows = new Set(sorted.map((c) => Math.floor(c / W)));
    const cols = new Set(sorted.map((c) => c % W));
    const step = rows.size === 1 ? 1 : W;
    const straight =
      (rows.size === 1 || cols.size === 1) && sorted.every((c, k) => c === sorted[0]! + k * step);
    if (!straight) throw new InputError(where, 'is not a straight line of adjacent cells');
    const left = available.get(sorted.length) ?? 0;
    if (left === 0) {
      throw new InputError(
        where,
        rules.fleet.some((s) => s.length === sorted.length)
          ? `all ships of length ${sorted.length} are already sunk`
          : `no ship of length ${sorted.length} in the fleet`,
      );
    }
    available.set(sorted.length, left - 1);
    return sorted;
  });
}

function parseBoard(raw: unknown, rules: Rules): Uint8Array {
  const { width: W, height: H } = rules;
  if (!Array.isArray(raw)) {
    throw new InputError(
      'board',
      `must be an array of ${H} row strings, got ${describeValue(raw)}`,
    );
  }
  if (raw.length !== H) throw new InputError('board', `has ${raw.length} rows, expected ${H}`);
  const cells = new Uint8Array(W * H);
  raw.forEach((row: unknown, r: number) => {
    if (typeof row !== 'string') {
      throw new InputError(`board row ${r + 1}`, `must be a string, got ${describeValue(row)}`);
    }
    if (row.length !== W) {
      throw new InputError(`board row ${r + 1}`, `has ${row.length} cells, expected ${W}`);
    }
    for (let c = 0; c < W; c++) {
      const mark = MARK_CHARS[row[c]!];
      if (mark === undefined) {
        throw new InputError(
          `board row ${r + 1} column ${String.fromCharCode(65 + c)}`,
          `unknown mark ${JSON.stringify(row[c])} (use '.' unknown, 'o' miss, 'x' hit)`,
        );
      }
      cells[r * W + c] = mark;
    }
  });
  return cells;
}

/** Parses the JSON position form (already decoded from text). Unknown fields are ignored. */
export function parsePosition(raw: unknown): Position {
  if (!isRecord(raw))
    throw new InputError('position', `must be a JSON object, got ${describeValue(raw)}`);
  if (raw.rules === undefined) throw new InputError('rules', 'is missing');
  const rules = parseRules(raw.rules);
  const cells =
    raw.board === undefined
      ? new Uint8Array(rules.width * rules.height)
      : parseBoard(raw.board, rules);
  let sunkRaw: unknown[] = [];
  if (raw.sunk !== undefined) {
    if (!Array.isArray(raw.sunk))
      throw new InputError('sunk', `must be an array of ships, got ${describeValue(raw.sunk)}`);
    if (raw.sunk.length > rules.fleet.length) {
      throw new InputError(
        'sunk',
        `lists ${raw.sunk.length} sunk ships but the fleet has ${rules.fleet.length}`,
      );
    }
    sunkRaw = raw.sunk;
  }
  const sunk = sunkRaw.map((ship, i) => {
    if (!Array.isArray(ship)) {
      throw new InputError(
        `sunk ship ${i + 1}`,
        `must be an array of [row, col] cells, got ${describeValue(ship)}`,
      );
    }
    if (ship.length > MAX_SIDE)
      throw new InputError(`sunk ship ${i + 1}`, `has ${ship.length} cells`);
    return ship.map((cell: unknown, k: number) =>
      parseCell(cell, rules, `sunk ship ${i + 1} cell ${k + 1}`),
    );
  });
  if (raw.sunkReported !== undefined && typeof raw.sunkReported !== 'boolean') {
    throw new InputError(
      'sunkReported',
      `must be true or false, got ${describeValue(raw.sunkReported)}`,
    );
  }
  const position: Position = {
    rules,
    cells,
    sunk: validateSunk(rules, cells, sunk),
    sunkReported: raw.sunkReported !== false,
  };
  const named = parseNamed(raw.named, rules, cells);
  if (named.length) position.named = named;
  const volleys = parseVolleys(raw.volleys, rules, cells, sunk.length);
  if (volleys.length) position.volleys = volleys;
  if (raw.prior !== undefined && raw.prior !== null) position.prior = parsePrior(raw.prior, rules);
  return position;
}

// ---------------------------------------------------------------- text in

/**
 * The compact text form:
 *
 *     rules: classic                      (or: rules: 10x10 fleet=5,4,3,3,2 touch=allowed)
 *     ..........
 *     ..x.o.###.
 *
 * The text form has no named hits or volleys: positions with them are JSON only.
 *
 * One line per board row: '.' unknown, 'o' miss, 'x' hit, '#' a cell of a sunk ship (each
 * straight group of '#' is one ship). Blank lines and lines starting with ';' are ignored.
 */
export function parsePositionText(text: string): Position {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith(';'));
  const header = lines.shift();
  if (!header || !/^rules\s*:/i.test(header)) {
    throw new InputError('line 1', 'must be a rules header such as "rules: classic"');
  }
  // Strict like the rest of the header: a loose label would let a mistyped one pass unseen.
  if (!/^rules:\s/.test(header)) {
    const label = header.slice(0, header.indexOf(':') + 1);
    throw new InputError(
      'line 1',
      `the header starts "rules: " (lower case, a space after the colon), got ${JSON.stringify(header.length > 40 ? `${header.slice(0, 40)}...` : header)}${label === 'rules:' ? ' (no space after the colon)' : ''}`,
    );
  }
  const rules = parseRules(parseRulesHeader(header.slice('rules:'.length).trim()));
  const rows = lines.map((l) => l.replace(/\s+/g, ''));
  const board = rows.map((row) => row.replace(/#/g, 'x'));
  const cells = parseBoard(board, rules);
  const W = rules.width;
  // Group '#' cells into straight runs: horizontal runs first, lone cells may join a vertical run.
  const sunkCell = new Uint8Array(W * rules.height);
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === '#') sunkCell[r * W + c] = 1;
  });
  const sunk: number[][] = [];
  const seen = new Uint8Array(sunkCell.length);
  for (let i = 0; i < sunkCell.length; i++) {
    if (!sunkCell[i] || seen[i]) continue;
    const ship = [i];
    seen[i] = 1;
    const right = (i % W) + 1 < W && sunkCell[i + 1] === 1;
    const step = right ? 1 : W;
    for (
      let j = i + step;
      j < sunkCell.length && sunkCell[j] && (step === W || j % W !== 0);
      j += step
    ) {
      ship.push(j);
      seen[j] = 1;
    }
    sunk.push(ship);
  }
  return { rules, cells, sunk: validateSunk(rules, cells, sunk), sunkReported: true };
}

/** Accepts either form: JSON text (starting with '{') or the compact text form. */
export function parsePositionSource(text: string): Position {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    return parsePosition(parseJsonText(trimmed, 'position'));
  }
  return parsePositionText(text);
}

// ---------------------------------------------------------------- out

export function boardRows(p: Position): string[] {
  const { width: W, height: H } = p.rules;
  const rows: string[] = [];
  for (let r = 0; r < H; r++) {
    let row = '';
    for (let c = 0; c < W; c++) {
      const m = p.cells[r * W + c];
      row += m === MISS ? 'o' : m === HIT ? 'x' : '.';
    }
    rows.push(row);
  }
  return rows;
}

export interface PositionJson {
  rules: RulesJson;
  board: string[];
  sunk: [number, number][][];
  sunkReported?: boolean;
  named?: NamedHitJson[];
  volleys?: VolleyJson[];
  prior?: number[][];
}

export function positionToJson(p: Position): PositionJson {
  const W = p.rules.width;
  const json: PositionJson = {
    rules: rulesToJson(p.rules),
    board: boardRows(p),
    sunk: p.sunk.map((ship) => ship.map((c) => [Math.floor(c / W), c % W] as [number, number])),
  };
  if (!p.sunkReported) json.sunkReported = false;
  if (p.named?.length) json.named = namedToJson(p.named, W);
  if (p.volleys?.length) json.volleys = volleysToJson(p.volleys, W);
  if (p.prior) json.prior = gridRows(p.prior, W);
  return json;
}

export function gridRows(values: ArrayLike<number>, width: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < values.length; i += width)
    rows.push(Array.from({ length: width }, (_, k) => values[i + k]!));
  return rows;
}
