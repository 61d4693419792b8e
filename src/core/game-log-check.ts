// Checks a parsed game log by replaying it entry by entry, so every message names the shot at
// fault: no cell fired twice (single shots and volleys alike), turns never go back, a sunk ship
// is a straight run of hits of a length still afloat, and the ships named on hits, on sinkings
// and in volley answers tell one consistent story (a ship sinks once, is not hit after it sank,
// its named hits fit in one line of its length, and the ships of each length that sank or were
// named on hits still afloat never outnumber the fleet's). The revealed layout, when given, is
// checked against every answer in game-log-layout.ts.

import { InputError } from './errors';
import { checkLayout } from './game-log-layout';
import { entryLabel, isVolley, type GameLog, type Shot } from './game-log-types';
import type { Volley } from './observations';
import { HIT, MISS } from './position';
import { cellName } from './rules';

interface Replay {
  log: GameLog;
  where: string;
  /** Per cell: the entry that fired at it, or -1. */
  firedIn: Int32Array;
  mark: Uint8Array;
  /** Per cell: 1 when part of a sunk ship's cell list. */
  sunkCell: Uint8Array;
  /** Per cell: the fleet index named on its hit, or -1. */
  namedAt: Int32Array;
  /** Per fleet ship: the cells named on its hits. */
  namedCells: number[][];
  /** Per fleet ship: the entry after which it was known to be sunk, or -1. */
  sunkIn: Int32Array;
  /** Per fleet ship: the fewest of its cells hit so far (named hits, volley answers). */
  hitAtLeast: Int32Array;
  /** Per length: sinkings whose ship is not told (a cell list with no name on it). */
  unnamedSunk: Map<number, number>;
  lastTurn: number;
  /** Hits answered so far (single shots exactly, volleys at least what their answer tells). */
  hits: number;
  /** The entry after which every ship of the fleet was known sunk, or -1. */
  allSunkIn: number;
}

/** Replays the log; throws an InputError naming the first entry at fault. */
export function checkGameLog(log: GameLog, where = 'game'): void {
  const n = log.rules.width * log.rules.height;
  const ships = log.rules.fleet.length;
  const r: Replay = {
    log,
    where,
    firedIn: new Int32Array(n).fill(-1),
    mark: new Uint8Array(n),
    sunkCell: new Uint8Array(n),
    namedAt: new Int32Array(n).fill(-1),
    namedCells: Array.from({ length: ships }, () => []),
    sunkIn: new Int32Array(ships).fill(-1),
    hitAtLeast: new Int32Array(ships),
    unnamedSunk: new Map(),
    lastTurn: -1,
    hits: 0,
    allSunkIn: -1,
  };
  log.shots.forEach((entry, k) => {
    checkAfloat(r, k);
    if (isVolley(entry)) replayVolley(r, entry.volley, k);
    else replayShot(r, entry, k);
    checkCounts(r, k);
    if (r.allSunkIn < 0 && sunkCount(r) === ships) r.allSunkIn = k;
  });
  if (log.layout) checkLayout(log, where);
}

function cellLabel(r: Replay, cell: number): string {
  const W = r.log.rules.width;
  return cellName(Math.floor(cell / W), cell % W);
}

/** "the Cruiser" or "ship 3" (a ship without a name of its own). */
function shipLabel(r: Replay, k: number): string {
  const name = r.log.rules.fleet[k]!.name;
  return name === undefined ? `ship ${k + 1}` : `the ${name}`;
}

function alreadyFired(r: Replay, cell: number): string {
  const before = r.firedIn[cell]!;
  const e = r.log.shots[before]!;
  return isVolley(e)
    ? `fires at ${cellLabel(r, cell)}, already fired at in the volley of shot ${before + 1}`
    : `fires at ${cellLabel(r, cell)}, already shot (shot ${before + 1})`;
}

function replayShot(r: Replay, shot: Shot, k: number): void {
  const at = entryLabel(r.log, k, r.where);
  if (r.firedIn[shot.cell]! >= 0) {
    const e = r.log.shots[r.firedIn[shot.cell]!]!;
    throw new InputError(
      at,
      isVolley(e) ? alreadyFired(r, shot.cell) : 'fires at a cell already shot',
    );
  }
  if (shot.turn !== undefined) {
    if (shot.turn < r.lastTurn) {
      throw new InputError(
        at,
        `is in turn ${shot.turn}, after a shot of turn ${r.lastTurn}: turns never go back`,
      );
    }
    r.lastTurn = shot.turn;
  }
  r.firedIn[shot.cell] = k;
  r.mark[shot.cell] = shot.result === 'miss' ? MISS : HIT;
  if (shot.result === 'hit' && shot.ship !== undefined) nameHit(r, shot.cell, shot.ship, k);
  if (shot.result === 'sunk') sink(r, shot, k);
}

/** Records that `cell` was a hit on fleet ship `ship`. */
function nameHit(r: Replay, cell: number, ship: number, k: number): void {
  const at = entryLabel(r.log, k, r.where);
  const sunkIn = r.sunkIn[ship]!;
  if (sunkIn >= 0) {
    throw new InputError(at, `names ${shipLabel(r, ship)}, which sank at shot ${sunkIn + 1}`);
  }
  r.namedAt[cell] = ship;
  const cells = r.namedCells[ship]!;
  cells.push(cell);
  r.hitAtLeast[ship]! += 1;
  const W = r.log.rules.width;
  const rows = new Set(cells.map((c) => Math.floor(c / W)));
  const cols = new Set(cells.map((c) => c % W));
  const length = r.log.rules.fleet[ship]!.length;
  if (rows.size > 1 && cols.size > 1) {
    throw new InputError(
      at,
      `names ${shipLabel(r, ship)}, but its named hits (${cells.map((c) => cellLabel(r, c)).join(', ')}) are not in one line`,
    );
  }
  const span = spanOf(cells, rows.size === 1 ? 1 : W);
  if (span > length) {
    throw new InputError(
      at,
      `names ${shipLabel(r, ship)}, but its named hits span ${span} cells and it has ${length}`,
    );
  }
}

function spanOf(cells: number[], step: number): number {
  return (Math.max(...cells) - Math.min(...cells)) / step + 1;
}

function sink(r: Replay, shot: Shot, k: number): void {
  const at = entryLabel(r.log, k, r.where);
  const cells = shot.sunk!;
  if (!cells.includes(shot.cell))
    throw new InputError(at, 'sinks a ship that does not include the shot cell');
  for (const c of cells) {
    if (r.mark[c] !== HIT)
      throw new InputError(at, `sinks a ship over ${cellLabel(r, c)}, which was not hit`);
    if (r.sunkCell[c])
      throw new InputError(at, `sinks a ship over ${cellLabel(r, c)}, already part of a sunk ship`);
  }
  // Which ship sank: the one the shot names, or the one named on the hits it covers.
  const namesOn = new Map<number, number>();
  for (const c of cells) {
    const ship = r.namedAt[c]!;
    if (ship >= 0 && !namesOn.has(ship)) namesOn.set(ship, c);
  }
  if (shot.ship !== undefined) {
    for (const [ship, c] of namesOn) {
      if (ship !== shot.ship) {
        throw new InputError(
          at,
          `sinks ${shipLabel(r, shot.ship)}, but ${cellLabel(r, c)} was named ${shipLabel(r, ship)}`,
        );
      }
    }
  } else if (namesOn.size > 1) {
    const [[a, ca], [b, cb]] = [...namesOn];
    throw new InputError(
      at,
      `sinks one ship over ${cellLabel(r, ca!)}, named ${shipLabel(r, a!)}, and ${cellLabel(r, cb!)}, named ${shipLabel(r, b!)}`,
    );
  }
  const ship = shot.ship ?? (namesOn.size === 1 ? [...namesOn.keys()][0]! : undefined);
  for (const c of cells) r.sunkCell[c] = 1;
  if (ship === undefined) {
    r.unnamedSunk.set(cells.length, (r.unnamedSunk.get(cells.length) ?? 0) + 1);
    return;
  }
  const length = r.log.rules.fleet[ship]!.length;
  if (length !== cells.length) {
    throw new InputError(
      at,
      `sinks ${shipLabel(r, ship)} (named on its hits), which has ${length} cells, but ${cells.length} sank`,
    );
  }
  if (r.sunkIn[ship]! >= 0) throw new InputError(at, `sinks ship ${ship + 1} a second time`);
  const outside = r.namedCells[ship]!.find((c) => !cells.includes(c));
  if (outside !== undefined) {
    throw new InputError(
      at,
      `sinks ${shipLabel(r, ship)}, but ${cellLabel(r, outside)}, outside the sunk cells, was named ${shipLabel(r, ship)}`,
    );
  }
  r.sunkIn[ship] = k;
}

function replayVolley(r: Replay, volley: Volley, k: number): void {
  const at = entryLabel(r.log, k, r.where);
  const field = `${r.where} shot ${k + 1} volley`;
  for (const c of volley.cells) {
    if (r.firedIn[c]! >= 0) throw new InputError(at, alreadyFired(r, c));
  }
  for (const c of volley.cells) r.firedIn[c] = k;
  const index = new Map(r.log.rules.fleet.map((s, i) => [s.name, i]));
  const hitShip = (name: string, count: number, key: string): void => {
    const ship = index.get(name)!;
    const sunkIn = r.sunkIn[ship]!;
    if (sunkIn >= 0) {
      throw new InputError(`${field}.${key}`, `the ${name} already sank (shot ${sunkIn + 1})`);
    }
    r.hitAtLeast[ship]! += count;
    const length = r.log.rules.fleet[ship]!.length;
    if (r.hitAtLeast[ship]! > length) {
      throw new InputError(
        `${field}.${key}`,
        `the ${name} has been hit at least ${r.hitAtLeast[ship]} times, but has ${length} cell${length === 1 ? '' : 's'}`,
      );
    }
  };
  const a = volley.answer;
  if (a.kind === 'hits') for (const h of a.hits) hitShip(h.ship, h.count, `hits.${h.ship}`);
  if (a.kind === 'hitShips') a.ships.forEach((s, i) => hitShip(s, 1, `hitShips[${i}]`));
  volley.sunk.forEach((name, i) => {
    const ship = index.get(name)!;
    const sunkIn = r.sunkIn[ship]!;
    if (sunkIn >= 0) {
      throw new InputError(`${field}.sunk[${i}]`, `the ${name} already sank (shot ${sunkIn + 1})`);
    }
    r.sunkIn[ship] = k;
  });
}

/** Ships known sunk: told by name and untold. */
function sunkCount(r: Replay): number {
  let told = 0;
  for (const k of r.sunkIn) if (k >= 0) told++;
  let untold = 0;
  for (const n of r.unnamedSunk.values()) untold += n;
  return told + untold;
}

/** Hits entry `k` answers at the least. */
function hitsOf(r: Replay, k: number): number {
  const e = r.log.shots[k]!;
  if (!isVolley(e)) return e.result === 'miss' ? 0 : 1;
  const a = e.volley.answer;
  if (a.kind === 'hits') return a.hits.reduce((sum, h) => sum + h.count, 0);
  if (a.kind === 'hitShips') return a.ships.length;
  return a.count;
}

/**
 * No hit once the fleet is gone: after every ship sank (sinkings announced), or past as many
 * hits as the fleet has cells (the reading where sinkings are not announced).
 */
function checkAfloat(r: Replay, k: number): void {
  const hits = hitsOf(r, k);
  if (hits === 0) return;
  const at = entryLabel(r.log, k, r.where);
  if (r.allSunkIn >= 0) {
    throw new InputError(
      at,
      `is a hit after every ship sank (the last at shot ${r.allSunkIn + 1})`,
    );
  }
  const cells = r.log.rules.fleet.reduce((sum, s) => sum + s.length, 0);
  r.hits += hits;
  if (r.hits > cells) {
    throw new InputError(
      at,
      `brings the hits to ${r.hits}, but the fleet has only ${cells} cells: every ship was already hit in full`,
    );
  }
}

/**
 * Per length: ships known sunk, sinkings of untold ships and ships named on hits while afloat
 * are different ships, so together they fit in the fleet's ships of that length.
 */
function checkCounts(r: Replay, k: number): void {
  const fleet = r.log.rules.fleet;
  const told = new Map<number, number>();
  const namedAfloat = new Map<number, number>();
  fleet.forEach((s, i) => {
    if (r.sunkIn[i]! >= 0) told.set(s.length, (told.get(s.length) ?? 0) + 1);
    else if (r.namedCells[i]!.length > 0 || r.hitAtLeast[i]! > 0) {
      namedAfloat.set(s.length, (namedAfloat.get(s.length) ?? 0) + 1);
    }
  });
  const lengths = new Set([...told.keys(), ...r.unnamedSunk.keys(), ...namedAfloat.keys()]);
  for (const length of lengths) {
    const count = fleet.filter((s) => s.length === length).length;
    const sunk = (told.get(length) ?? 0) + (r.unnamedSunk.get(length) ?? 0);
    const named = namedAfloat.get(length) ?? 0;
    if (sunk + named <= count) continue;
    const at = entryLabel(r.log, k, r.where);
    if (sunk > count) {
      throw new InputError(at, `sinks a ship of length ${length}, but none is afloat`);
    }
    throw new InputError(
      at,
      `leaves ${sunk} ship${sunk === 1 ? '' : 's'} of length ${length} sunk and ${named} more hit by name while afloat, but the fleet has ${count}`,
    );
  }
}
