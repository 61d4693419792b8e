// A game log: the shots one side fired at the other's fleet, in order, with the answers, and the
// target fleet's layout when it was revealed. The JSON form (README, "Game-log format"):
//
//   { "opponent": "...", "rules": {...}, "firedBy": "me" | "opponent",
//     "shots": [{ "cell": [r, c], "result": "miss" | "hit" | "sunk", "sunk": [[r, c], ...],
//                 "ship": k, "turn": t },
//               { "volley": { "cells": [[r, c], ...], "hits": {...} | "hitShips": [...] |
//                             "hitCount": n, "sunk": ["Name", ...] } }],
//     "layout": [[[r, c], ...], ...], "playedAt": "ISO date", "prior": [[w, ...], ...] }
//
// "firedBy" defaults to "me" (we shot at the opponent's fleet); "opponent" logs their shots at
// ours. "prior" (optional) is the weight grid the shooter's heatmaps used during play (absent:
// uniform), so a replay can show what the player saw. "ship" (optional) is the index in rules.fleet of the ship a hit struck or a sinking sank,
// so a record keeps the Submarine apart from a Cruiser of the same length. "turn" (optional)
// groups the shots of one salvo turn answered one by one. A volley is the position format's
// volley (observations.ts): shots fired together whose answer is aggregated. Parsing checks each
// entry's form; game-log-check.ts then replays the log so every message names the shot at fault.

import { InputError } from './errors';
import { checkGameLog } from './game-log-check';
import {
  isVolley,
  uniqueShipName,
  type GameLog,
  type LogEntry,
  type Shot,
  type ShotResult,
  type VolleyEntry,
} from './game-log-types';
import {
  cloneVolley,
  parseVolleys,
  volleysToJson,
  type Volley,
  type VolleyJson,
} from './observations';
import { describeValue, isRecord } from './plain-data';
import {
  HIT,
  MISS,
  emptyPosition,
  gridRows,
  parseCell,
  parsePrior,
  type Position,
  type PositionJson,
} from './position';
import { type Rules } from './rules';
import { parseRules, rulesToJson } from './rules-json';

export { checkGameLog } from './game-log-check';
export type { GameLog, LogEntry, Shot, ShotResult, VolleyEntry } from './game-log-types';
export { isVolley } from './game-log-types';

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

function fleetIndex(raw: unknown, rules: Rules, where: string): number {
  if (!Number.isInteger(raw) || (raw as number) < 0 || (raw as number) >= rules.fleet.length) {
    throw new InputError(where, `must be a fleet index from 0 to ${rules.fleet.length - 1}`);
  }
  return raw as number;
}

function parseShot(s: Record<string, unknown>, rules: Rules, at: string): Shot {
  const cell = parseCell(s.cell, rules, `${at} cell`);
  if (s.result !== 'miss' && s.result !== 'hit' && s.result !== 'sunk') {
    throw new InputError(`${at} result`, 'must be "miss", "hit" or "sunk"');
  }
  const shot: Shot = { cell, result: s.result };
  if (s.result === 'sunk') {
    if (s.sunk === undefined)
      throw new InputError(at, 'is "sunk" but does not list the sunk ship\'s cells');
    shot.sunk = shipCells(s.sunk, rules, `${at} sunk`);
  } else if (s.sunk !== undefined) {
    throw new InputError(at, `is a "${s.result}" but lists sunk cells`);
  }
  if (s.ship !== undefined) {
    if (s.result === 'miss') throw new InputError(at, 'is a "miss" but names a ship');
    const ship = fleetIndex(s.ship, rules, `${at} ship`);
    const length = rules.fleet[ship]!.length;
    if (shot.sunk && length !== shot.sunk.length) {
      throw new InputError(
        `${at} ship`,
        `names a ship of ${length} cells, but ${shot.sunk.length} sank`,
      );
    }
    if (s.result === 'hit' && uniqueShipName(rules, ship) === undefined) {
      throw new InputError(
        `${at} ship`,
        `names a hit on ship ${ship + 1}, which needs a name no other fleet ship has (fleet entries {"length": n, "name": "..."})`,
      );
    }
    shot.ship = ship;
  }
  if (s.turn !== undefined) {
    const max = rules.width * rules.height;
    if (!Number.isInteger(s.turn) || (s.turn as number) < 0 || (s.turn as number) > max) {
      throw new InputError(
        `${at} turn`,
        `must be a whole number from 0 to ${max}, got ${describeValue(s.turn)}`,
      );
    }
    shot.turn = s.turn as number;
  }
  return shot;
}

/** A volley entry: the position format's checks, with messages naming the shot. */
function parseVolleyEntry(s: Record<string, unknown>, rules: Rules, at: string): VolleyEntry {
  const extra = Object.keys(s).find((key) => key !== 'volley');
  if (extra !== undefined) {
    throw new InputError(
      at,
      `is a volley and cannot also give "${extra.length > 40 ? 'a long key' : extra}" (a volley entry holds only "volley")`,
    );
  }
  if (!isRecord(s.volley)) {
    throw new InputError(`${at} volley`, `must be an object, got ${describeValue(s.volley)}`);
  }
  try {
    const [volley] = parseVolleys([s.volley], rules, new Uint8Array(rules.width * rules.height), 0);
    return { volley: volley! };
  } catch (e) {
    if (!(e instanceof InputError) || !e.where.startsWith('volleys[0]')) throw e;
    const what = e.message.slice(e.where.length + 2);
    throw new InputError(`${at} volley${e.where.slice('volleys[0]'.length)}`, what);
  }
}

function parseEntry(s: unknown, rules: Rules, at: string): LogEntry {
  if (!isRecord(s)) throw new InputError(at, 'must be an object');
  return s.volley !== undefined ? parseVolleyEntry(s, rules, at) : parseShot(s, rules, at);
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
  const shots = raw.shots.map((s: unknown, k: number) =>
    parseEntry(s, rules, `${where} shot ${k + 1}`),
  );
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
  if (raw.prior !== undefined && raw.prior !== null) {
    log.prior = parsePrior(raw.prior, rules, `${where}.prior`);
  }
  checkGameLog(log, where);
  return log;
}

/**
 * The position the shooter saw after the first `count` entries (all by default): single shots as
 * marks (sinkings as sunk cell lists), hits of a named ship as `named` (a named sinking names
 * every cell of its ship), volleys as `volleys` in firing order. Names go in only where the
 * fleet's names tell the ship apart.
 */
export function replay(log: GameLog, count = log.shots.length): Position {
  const p = emptyPosition(log.rules);
  const named = new Map<number, string>();
  const volleys: Volley[] = [];
  for (const entry of log.shots.slice(0, count)) {
    if (isVolley(entry)) {
      volleys.push(cloneVolley(entry.volley));
      continue;
    }
    p.cells[entry.cell] = entry.result === 'miss' ? MISS : HIT;
    if (entry.result === 'sunk') p.sunk.push(entry.sunk!.slice());
    const name = entry.ship === undefined ? undefined : uniqueShipName(log.rules, entry.ship);
    if (name === undefined) continue;
    for (const c of entry.sunk ?? [entry.cell]) named.set(c, name);
  }
  if (named.size) p.named = [...named].map(([cell, ship]) => ({ cell, ship }));
  if (volleys.length) p.volleys = volleys;
  return p;
}

/**
 * What the single shots alone say: replay without the volleys (their cells stay unknown, never
 * read as misses or hits) and without ship names. Every layout replay allows, this allows too,
 * so it is a coarser but true observation: what solvers that cannot read volleys or names (and
 * learning, whose likelihoods count unnamed layouts) use.
 */
export function replaySingleShots(log: GameLog, count = log.shots.length): Position {
  const { named: _named, volleys: _volleys, ...p } = replay(log, count);
  return p;
}

/** How many of the target fleet's ships the log has sunk (single sinkings and volleys'). */
function sunkCount(log: GameLog): number {
  let n = 0;
  for (const e of log.shots) n += isVolley(e) ? e.volley.sunk.length : e.result === 'sunk' ? 1 : 0;
  return n;
}

/** Every ship of the target fleet was sunk. */
export function isFinished(log: GameLog): boolean {
  return sunkCount(log) === log.rules.fleet.length;
}

/**
 * The target fleet's layout when the log determines it: revealed, or every ship sunk by single
 * shots that list its cells (a ship sunk in a volley leaves its cells untold).
 */
export function knownLayout(log: GameLog): number[][] | undefined {
  if (log.layout) return log.layout.map((s) => [...s].sort((a, b) => a - b));
  const sunk = log.shots.filter((e): e is Shot => !isVolley(e) && e.result === 'sunk');
  if (sunk.length !== log.rules.fleet.length) return undefined;
  return sunk.map((s) => s.sunk!.slice());
}

/** Does the log hold a single shot (what learning reads of a game whose layout is unknown)? */
export function hasSingleShots(log: GameLog): boolean {
  return log.shots.some((e) => !isVolley(e));
}

type CellJson = [number, number];

/** A single shot in the JSON form. */
export interface ShotJson {
  cell: CellJson;
  result: ShotResult;
  sunk?: CellJson[];
  /** The ship's index in rules.fleet: the ship a hit struck or a sinking sank. */
  ship?: number;
  /** Salvo games: the turn of a shot answered on its own. */
  turn?: number;
}

/** A volley in the JSON form: the position format's volley. */
export interface VolleyEntryJson {
  volley: VolleyJson;
}

export type LogEntryJson = ShotJson | VolleyEntryJson;

/** The JSON form of a game log (README, "Game-log format"). */
export interface GameLogJson {
  opponent: string;
  rules: PositionJson['rules'];
  firedBy: 'me' | 'opponent';
  shots: LogEntryJson[];
  layout?: CellJson[][];
  playedAt?: string;
  /** The prior the shooter's heatmaps used during play: H rows of W weights (absent: uniform). */
  prior?: number[][];
}

export function isVolleyJson(entry: LogEntryJson): entry is VolleyEntryJson {
  return 'volley' in entry;
}

/** The JSON form of a log (round-trips through parseGameLog). */
export function gameLogToJson(log: GameLog): GameLogJson {
  const W = log.rules.width;
  const rc = (c: number): CellJson => [Math.floor(c / W), c % W];
  const json: GameLogJson = {
    opponent: log.opponent,
    rules: rulesToJson(log.rules),
    firedBy: log.firedBy,
    shots: log.shots.map((s): LogEntryJson => {
      if (isVolley(s)) return { volley: volleysToJson([s.volley], W)[0]! };
      const shot: ShotJson = { cell: rc(s.cell), result: s.result };
      if (s.sunk) shot.sunk = s.sunk.map(rc);
      if (s.ship !== undefined) shot.ship = s.ship;
      if (s.turn !== undefined) shot.turn = s.turn;
      return shot;
    }),
  };
  if (log.layout) json.layout = log.layout.map((ship) => ship.map(rc));
  if (log.playedAt) json.playedAt = log.playedAt;
  if (log.prior) json.prior = gridRows(log.prior, W);
  return json;
}
