// A game log: the shots one side fired at the other's fleet, in order, with the answers, and the
// target fleet's layout when it was revealed. The JSON form (README, "Game-log format"):
//
//   { "opponent": "...", "rules": {...}, "firedBy": "me" | "opponent",
//     "shots": [{ "cell": [r, c], "result": "miss" | "hit" | "sunk", "sunk": [[r, c], ...],
//                 "ship": k }],
//     "layout": [[[r, c], ...], ...], "playedAt": "ISO date" }
//
// "firedBy" defaults to "me" (we shot at the opponent's fleet); "opponent" logs their shots at
// ours. "ship" (optional, sunk shots only) is the index in rules.fleet of the ship that sank, so
// a record keeps the Submarine apart from a Cruiser of the same length. Validation replays the
// shots so every message names the shot at fault.

import { InputError } from './errors';
import { isRecord } from './plain-data';
import { HIT, MISS, emptyPosition, parseCell, type Position } from './position';
import { cellName, type Rules } from './rules';
import { type PositionJson } from './position';
import { parseRules, rulesToJson } from './rules-json';
import { touchNeighbours } from './solve/board';

export type ShotResult = 'miss' | 'hit' | 'sunk';

export interface Shot {
  cell: number;
  result: ShotResult;
  /** For result "sunk": the sunk ship's cells. */
  sunk?: number[];
  /** For result "sunk", when named: the sunk ship's index in rules.fleet. */
  ship?: number;
}

export interface GameLog {
  opponent: string;
  rules: Rules;
  firedBy: 'me' | 'opponent';
  shots: Shot[];
  /** The target fleet's layout when known (each ship as cells). */
  layout?: number[][];
  playedAt?: string;
}

const MAX_NAME = 200;

function shipCells(raw: unknown, rules: Rules, where: string): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > Math.max(rules.width, rules.height)) {
    throw new InputError(where, 'must be a non-empty list of [row, col] cells');
  }
  const cells = raw.map((c: unknown, k: number) => parseCell(c, rules, `${where} cell ${k + 1}`));
  const sorted = [...cells].sort((a, b) => a - b);
  const W = rules.width;
  const sameRow = sorted.every((c) => Math.floor(c / W) === Math.floor(sorted[0]! / W));
  const step = sameRow ? 1 : W;
  if (!sorted.every((c, k) => c === sorted[0]! + k * step)) {
    throw new InputError(where, 'is not a straight line of adjacent cells');
  }
  return sorted;
}

/** Parses and validates one game log (already decoded from JSON). */
export function parseGameLog(raw: unknown, where = 'game'): GameLog {
  if (!isRecord(raw)) throw new InputError(where, 'must be a JSON object');
  const opponent = raw.opponent ?? '';
  if (typeof opponent !== 'string' || opponent.length > MAX_NAME) {
    throw new InputError(`${where}.opponent`, `must be a name of at most ${MAX_NAME} characters`);
  }
  if (raw.rules === undefined) throw new InputError(`${where}.rules`, 'is missing');
  const rules = parseRules(raw.rules, `${where}.rules`);
  const firedBy = raw.firedBy ?? 'me';
  if (firedBy !== 'me' && firedBy !== 'opponent') {
    throw new InputError(`${where}.firedBy`, 'must be "me" or "opponent"');
  }
  if (!Array.isArray(raw.shots))
    throw new InputError(`${where}.shots`, 'must be an array of shots');
  if (raw.shots.length > rules.width * rules.height) {
    throw new InputError(
      `${where}.shots`,
      `has ${raw.shots.length} shots, more than the board's cells`,
    );
  }
  const shots: Shot[] = raw.shots.map((s: unknown, k: number) => {
    const at = `${where} shot ${k + 1}`;
    if (!isRecord(s)) throw new InputError(at, 'must be an object');
    const cell = parseCell(s.cell, rules, `${at} cell`);
    if (s.result !== 'miss' && s.result !== 'hit' && s.result !== 'sunk') {
      throw new InputError(`${at} result`, 'must be "miss", "hit" or "sunk"');
    }
    if (s.result === 'sunk') {
      if (s.sunk === undefined)
        throw new InputError(at, 'is "sunk" but does not list the sunk ship\'s cells');
      const sunk = shipCells(s.sunk, rules, `${at} sunk`);
      if (s.ship === undefined) return { cell, result: s.result, sunk };
      const ship = s.ship;
      if (
        !Number.isInteger(ship) ||
        (ship as number) < 0 ||
        (ship as number) >= rules.fleet.length
      ) {
        throw new InputError(
          `${at} ship`,
          `must be a fleet index from 0 to ${rules.fleet.length - 1}`,
        );
      }
      const length = rules.fleet[ship as number]!.length;
      if (length !== sunk.length) {
        throw new InputError(
          `${at} ship`,
          `names a ship of ${length} cells, but ${sunk.length} sank`,
        );
      }
      return { cell, result: s.result, sunk, ship: ship as number };
    }
    if (s.sunk !== undefined) throw new InputError(at, `is a "${s.result}" but lists sunk cells`);
    if (s.ship !== undefined) throw new InputError(at, `is a "${s.result}" but names a sunk ship`);
    return { cell, result: s.result };
  });
  let layout: number[][] | undefined;
  if (raw.layout !== undefined && raw.layout !== null) {
    if (!Array.isArray(raw.layout))
      throw new InputError(`${where}.layout`, 'must be a list of ships');
    if (raw.layout.length > rules.fleet.length) {
      throw new InputError(
        `${where}.layout`,
        `has ${raw.layout.length} ships but the fleet has ${rules.fleet.length}`,
      );
    }
    layout = raw.layout.map((ship: unknown, k: number) =>
      shipCells(ship, rules, `${where}.layout ship ${k + 1}`),
    );
  }
  let playedAt: string | undefined;
  if (raw.playedAt !== undefined && raw.playedAt !== null) {
    if (
      typeof raw.playedAt !== 'string' ||
      Number.isNaN(Date.parse(raw.playedAt)) ||
      raw.playedAt.length > 40
    ) {
      throw new InputError(`${where}.playedAt`, 'must be an ISO date such as 2026-11-21T18:30:00Z');
    }
    playedAt = raw.playedAt;
  }
  const log: GameLog = { opponent, rules, firedBy, shots, layout, playedAt };
  checkGameLog(log, where);
  return log;
}

/** Replays the shots: no cell twice, sunk ships are straight runs of hits of a length still
 * afloat ending with this shot, and the revealed layout (if any) agrees with every answer. */
export function checkGameLog(log: GameLog, where = 'game'): void {
  const { rules } = log;
  const W = rules.width;
  const name = (cell: number): string => cellName(Math.floor(cell / W), cell % W);
  const afloat = new Map<number, number>();
  for (const s of rules.fleet) afloat.set(s.length, (afloat.get(s.length) ?? 0) + 1);
  const mark = new Uint8Array(W * rules.height);
  const sunkCell = new Uint8Array(W * rules.height);
  const named = new Set<number>();
  log.shots.forEach((shot, k) => {
    const at = `${where} shot ${k + 1} (${name(shot.cell)})`;
    if (mark[shot.cell]) throw new InputError(at, 'fires at a cell already shot');
    mark[shot.cell] = shot.result === 'miss' ? MISS : HIT;
    if (shot.result !== 'sunk') return;
    const ship = shot.sunk!;
    if (!ship.includes(shot.cell))
      throw new InputError(at, 'sinks a ship that does not include the shot cell');
    for (const c of ship) {
      if (mark[c] !== HIT)
        throw new InputError(at, `sinks a ship over ${name(c)}, which was not hit`);
      if (sunkCell[c])
        throw new InputError(at, `sinks a ship over ${name(c)}, already part of a sunk ship`);
      sunkCell[c] = 1;
    }
    const left = afloat.get(ship.length) ?? 0;
    if (left === 0)
      throw new InputError(at, `sinks a ship of length ${ship.length}, but none is afloat`);
    afloat.set(ship.length, left - 1);
    if (shot.ship !== undefined) {
      if (named.has(shot.ship))
        throw new InputError(at, `sinks ship ${shot.ship + 1} a second time`);
      named.add(shot.ship);
    }
  });
  if (log.layout) checkLayout(log, where);
}

function checkLayout(log: GameLog, where: string): void {
  const { rules, layout } = log;
  const W = rules.width;
  const n = W * rules.height;
  const lengths = layout!.map((s) => s.length).sort((a, b) => b - a);
  const fleet = rules.fleet.map((s) => s.length).sort((a, b) => b - a);
  if (lengths.join(',') !== fleet.join(',')) {
    throw new InputError(
      `${where}.layout`,
      `has ships ${lengths.join(',')} but the fleet is ${fleet.join(',')}`,
    );
  }
  const owner = new Int32Array(n).fill(-1);
  layout!.forEach((ship, k) => {
    for (const c of ship) {
      if (owner[c]! >= 0)
        throw new InputError(`${where}.layout ship ${k + 1}`, `overlaps ship ${owner[c]! + 1}`);
      owner[c] = k;
    }
  });
  for (let c = 0; c < n; c++) {
    if (owner[c]! < 0) continue;
    for (const nb of touchNeighbours(rules.touch, W, rules.height, c)) {
      if (owner[nb]! >= 0 && owner[nb] !== owner[c]) {
        throw new InputError(
          `${where}.layout ship ${owner[c]! + 1}`,
          `touches ship ${owner[nb]! + 1}, which the ${rules.touch} rule forbids`,
        );
      }
    }
  }
  const hitsOn = new Int32Array(layout!.length);
  log.shots.forEach((shot, k) => {
    const at = `${where} shot ${k + 1} (${cellName(Math.floor(shot.cell / W), shot.cell % W)})`;
    const ship = owner[shot.cell]!;
    if (shot.result === 'miss' && ship >= 0)
      throw new InputError(at, 'is a miss but the layout has a ship there');
    if (shot.result !== 'miss' && ship < 0)
      throw new InputError(at, 'is a hit but the layout has no ship there');
    if (ship < 0) return;
    hitsOn[ship]! += 1;
    const complete = hitsOn[ship] === layout![ship]!.length;
    if (complete !== (shot.result === 'sunk')) {
      throw new InputError(
        at,
        complete
          ? 'completes a ship of the layout but is not reported sunk'
          : 'is reported sunk but the layout ship is not fully hit',
      );
    }
    if (
      shot.result === 'sunk' &&
      shot.sunk!.join(',') !== [...layout![ship]!].sort((a, b) => a - b).join(',')
    ) {
      throw new InputError(at, 'reports sunk cells that differ from the layout ship');
    }
  });
}

/** The position the shooter saw after the first `count` shots (all by default). */
export function replay(log: GameLog, count = log.shots.length): Position {
  const p = emptyPosition(log.rules);
  for (const shot of log.shots.slice(0, count)) {
    p.cells[shot.cell] = shot.result === 'miss' ? MISS : HIT;
    if (shot.result === 'sunk') p.sunk.push(shot.sunk!.slice());
  }
  return p;
}

/** Every ship of the target fleet was sunk. */
export function isFinished(log: GameLog): boolean {
  return log.shots.filter((s) => s.result === 'sunk').length === log.rules.fleet.length;
}

/** The target fleet's layout when the log determines it: revealed, or every ship sunk. */
export function knownLayout(log: GameLog): number[][] | undefined {
  if (log.layout) return log.layout.map((s) => [...s].sort((a, b) => a - b));
  if (isFinished(log))
    return log.shots.filter((s) => s.result === 'sunk').map((s) => s.sunk!.slice());
  return undefined;
}

type CellJson = [number, number];

/** The JSON form of a game log (README, "Game-log format"). */
export interface GameLogJson {
  opponent: string;
  rules: PositionJson['rules'];
  firedBy: 'me' | 'opponent';
  /** `ship`, for a sunk shot when named: the sunk ship's index in rules.fleet. */
  shots: { cell: CellJson; result: ShotResult; sunk?: CellJson[]; ship?: number }[];
  layout?: CellJson[][];
  playedAt?: string;
}

/** The JSON form of a log (round-trips through parseGameLog). */
export function gameLogToJson(log: GameLog): GameLogJson {
  const W = log.rules.width;
  const rc = (c: number): CellJson => [Math.floor(c / W), c % W];
  const json: GameLogJson = {
    opponent: log.opponent,
    rules: rulesToJson(log.rules),
    firedBy: log.firedBy,
    shots: log.shots.map((s) =>
      s.sunk
        ? {
            cell: rc(s.cell),
            result: s.result,
            sunk: s.sunk.map(rc),
            ...(s.ship !== undefined ? { ship: s.ship } : {}),
          }
        : { cell: rc(s.cell), result: s.result },
    ),
  };
  if (log.layout) json.layout = log.layout.map((ship) => ship.map(rc));
  if (log.playedAt) json.playedAt = log.playedAt;
  return json;
}
