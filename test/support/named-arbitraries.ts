// fast-check generator for small positions with named hits and volleys, played from a true hidden
// layout so at least one layout always fits. A game is simulated event by event: single shots
// (a hit sometimes tells its ship's name) and volleys of 1-4 cells answered in one of the three
// kinds, with sinkings announced as the rules say (a ship sunk by single shots becomes a sunk
// list, one sunk by a volley is named in that volley's `sunk`). Events the position format cannot
// record (an unnamed ship sinking in a volley, a single shot finishing a ship part-hit by a volley)
// are skipped. The position goes through parsePosition, so it is valid by construction.

import fc from 'fast-check';
import { parsePosition, type Position } from '../../src/core/position';
import type { Rules, TouchRule } from '../../src/core/rules';
import { randomInt, seededRandom, type Random } from '../../src/core/random';
import { randomLayout } from './arbitraries';

export interface NamedScenario {
  position: Position;
  /** The JSON the position was parsed from. */
  json: Record<string, unknown>;
  layout: number[][];
}

const TOUCHES: TouchRule[] = ['allowed', 'no-touch', 'no-edge-touch'];
const NAMES = ['Carrier', 'Cruiser', 'Submarine', 'Destroyer'];

function placementsOf(width: number, height: number, length: number): number {
  if (length === 1) return width * height;
  return Math.max(0, width - length + 1) * height + Math.max(0, height - length + 1) * width;
}

/** A fleet of 2-4 ships within the brute force's budget, 2-4 of them named. */
function randomFleet(
  width: number,
  height: number,
  maxTuples: number,
  random: Random,
): Rules['fleet'] {
  const side = Math.max(width, height);
  const most = side >= 6 ? 2 : 2 + randomInt(random, 3);
  const longest = Math.min(4, side);
  const lengths: number[] = [];
  let tuples = 1;
  while (lengths.length < most) {
    const length = 1 + randomInt(random, longest);
    const k = placementsOf(width, height, length);
    if (lengths.length >= 2 && tuples * k > maxTuples) break;
    lengths.push(length);
    tuples *= k;
  }
  // Often two ships of one length, so which one sank or was hit is a real question.
  if (lengths.length >= 2 && random() < 0.5) lengths[1] = lengths[0]!;
  const unnamed = lengths.length >= 3 && random() < 0.35 ? randomInt(random, lengths.length) : -1;
  return lengths.map((length, i) => (i === unnamed ? { length } : { length, name: NAMES[i]! }));
}

/** Two unnamed-by-observation twins and a third ship: which twin sank is left open. */
function twinFleet(random: Random): Rules['fleet'] {
  const twin = 1 + randomInt(random, 3);
  const third = 1 + randomInt(random, 3);
  return [
    { length: twin, name: NAMES[0]! },
    { length: twin, name: NAMES[1]! },
    { length: third, name: NAMES[2]! },
  ];
}

interface Game {
  rules: Rules;
  layout: number[][];
  owner: Int32Array;
  /** 0 not fired, 1 single miss, 2 single hit, 3 in a volley. */
  fired: Uint8Array;
  announced: boolean[];
  board: string[][];
  named: [number, number, string][];
  sunk: [number, number][][];
  volleys: Record<string, unknown>[];
  /** Ships whose name no hit or volley answer tells (hit in volleys: hitCount answers only). */
  anonymous: Set<number>;
}

function rc(game: Game, cell: number): [number, number] {
  return [Math.floor(cell / game.rules.width), cell % game.rules.width];
}

function allFired(game: Game, ship: number, extra: readonly number[] = []): boolean {
  return game.layout[ship]!.every((c) => game.fired[c] !== 0 || extra.includes(c));
}

function singleShot(
  game: Game,
  cell: number,
  sunkReported: boolean,
  random: Random,
  nameChance = 0.5,
): void {
  const s = game.owner[cell]!;
  if (s >= 0 && !game.announced[s] && allFired(game, s, [cell])) {
    if (game.layout[s]!.some((c) => game.fired[c] === 3)) return; // cannot be recorded
  }
  const [r, c] = rc(game, cell);
  game.fired[cell] = s >= 0 ? 2 : 1;
  game.board[r]![c] = s >= 0 ? 'x' : 'o';
  if (s < 0) return;
  const name = game.rules.fleet[s]!.name;
  if (name !== undefined && !game.anonymous.has(s) && random() < nameChance) {
    game.named.push([r, c, name]);
  }
  if (!game.announced[s] && allFired(game, s) && (sunkReported || random() < 0.5)) {
    game.announced[s] = true;
    game.sunk.push(game.layout[s]!.map((x) => rc(game, x)));
  }
}

function volley(game: Game, cells: number[], sunkReported: boolean, random: Random): void {
  const fleet = game.rules.fleet;
  const per = game.layout.map((ship) => ship.filter((c) => cells.includes(c)).length);
  const finished = game.layout
    .map((_, s) => s)
    .filter((s) => per[s]! > 0 && !game.announced[s] && allFired(game, s, cells));
  if (finished.some((s) => fleet[s]!.name === undefined)) return; // cannot be recorded
  const unnamedHit = per.some(
    (k, s) => k > 0 && (fleet[s]!.name === undefined || game.anonymous.has(s)),
  );
  const kind = unnamedHit ? 2 : randomInt(random, 3);
  const entry: Record<string, unknown> = { cells: cells.map((c) => rc(game, c)) };
  if (kind === 0) {
    const hits: Record<string, number> = {};
    per.forEach((k, s) => {
      const name = fleet[s]!.name;
      if (name !== undefined && (k > 0 || random() < 0.2)) hits[name] = k;
    });
    entry.hits = hits;
  } else if (kind === 1) {
    entry.hitShips = per.flatMap((k, s) => (k > 0 ? [fleet[s]!.name!] : []));
  } else {
    entry.hitCount = per.reduce((a, b) => a + b, 0);
  }
  const sunk = finished.filter(() => sunkReported || random() < 0.5);
  if (sunk.length > 0) entry.sunk = sunk.map((s) => fleet[s]!.name!);
  for (const s of sunk) game.announced[s] = true;
  for (const c of cells) game.fired[c] = 3;
  game.volleys.push(entry);
}

/**
 * Random small positions with named hits and volleys. `maxTuples` bounds the brute force's work
 * (the product of per-ship placement counts).
 */
export function namedScenarioArb(opts: { maxTuples?: number; ambiguous?: boolean } = {}) {
  const { maxTuples = 40_000, ambiguous = false } = opts;
  return fc
    .record({
      width: fc.integer({ min: ambiguous ? 4 : 3, max: ambiguous ? 5 : 7 }),
      height: fc.integer({ min: ambiguous ? 4 : 3, max: ambiguous ? 5 : 7 }),
      touch: fc.constantFrom(...TOUCHES),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      sunkReported: fc.boolean(),
    })
    .map((o): NamedScenario | null => {
      // Drawn from the seed rather than by fast-check, whose bias towards small values would
      // leave most positions without volleys.
      const random = seededRandom(o.seed);
      const events = randomInt(random, 16);
      const volleyShare = random();
      const withPrior = random() < 0.25;
      const fleet = ambiguous
        ? twinFleet(random)
        : randomFleet(o.width, o.height, maxTuples, random);
      const rules: Rules = { width: o.width, height: o.height, fleet, touch: o.touch };
      const layout = randomLayout(rules, random);
      if (!layout) return null;
      // randomLayout places longest first: put the ships back in fleet order.
      const byFleet: number[][] = [];
      const used = new Set<number>();
      fleet.forEach((s) => {
        const k = layout.findIndex((ship, i) => !used.has(i) && ship.length === s.length);
        used.add(k);
        byFleet.push(layout[k]!);
      });
      const n = o.width * o.height;
      const owner = new Int32Array(n).fill(-1);
      byFleet.forEach((ship, s) => ship.forEach((c) => (owner[c] = s)));
      const game: Game = {
        rules,
        layout: byFleet,
        owner,
        fired: new Uint8Array(n),
        announced: byFleet.map(() => false),
        board: Array.from({ length: o.height }, () => new Array<string>(o.width).fill('.')),
        named: [],
        sunk: [],
        volleys: [],
        anonymous: new Set(ambiguous ? [0, 1] : []),
      };
      // Often one ship is first sunk by unnamed single shots: with two ships of its length, which
      // one sank is then open.
      if (ambiguous) {
        for (const c of byFleet[randomInt(random, 2)]!) {
          singleShot(game, c, o.sunkReported, random, 0);
        }
      } else if (random() < 0.3) {
        const twins = byFleet.filter((x) => byFleet.some((y) => y !== x && y.length === x.length));
        const pool = twins.length > 0 ? twins : byFleet;
        const ship = pool[randomInt(random, pool.length)]!;
        for (const c of ship) singleShot(game, c, o.sunkReported, random, 0);
      }
      for (let e = 0; e < events; e++) {
        const open = Array.from({ length: n }, (_, i) => i).filter((i) => game.fired[i] === 0);
        if (open.length === 0) break;
        if (random() < volleyShare) {
          const size = Math.min(open.length, 1 + randomInt(random, 4));
          const cells: number[] = [];
          while (cells.length < size) {
            const c = open[randomInt(random, open.length)]!;
            if (!cells.includes(c)) cells.push(c);
          }
          volley(game, cells, o.sunkReported, random);
        } else {
          singleShot(game, open[randomInt(random, open.length)]!, o.sunkReported, random);
        }
      }
      if (ambiguous) {
        // The third ship is named somewhere, so the position names ships.
        const open = byFleet[2]!.filter((c) => game.fired[c] === 0);
        if (open.length > 0) singleShot(game, open[0]!, o.sunkReported, random, 1);
        const told = game.named.length > 0 || game.volleys.some((v) => v.hitCount === undefined);
        if (!told) return null;
      }
      const json: Record<string, unknown> = {
        rules: { width: o.width, height: o.height, fleet, touch: o.touch },
        board: game.board.map((row) => row.join('')),
        sunk: game.sunk,
        sunkReported: o.sunkReported,
      };
      if (game.named.length) json.named = game.named;
      if (game.volleys.length) json.volleys = game.volleys;
      if (withPrior) {
        json.prior = Array.from({ length: o.height }, () =>
          Array.from({ length: o.width }, () => 0.25 + random() * 3),
        );
      }
      return { position: parsePosition(json), json, layout: byFleet };
    })
    .filter((s): s is NamedScenario => s !== null);
}
