// Checks a game log's revealed layout: it holds exactly the fleet, keeps the touch rule, and
// produces every recorded answer. A single shot's answer is miss, hit or sunk (it sinks a ship
// when it fires at its last cell not yet fired at, every other cell a single hit). A volley's
// answer is counted from the layout (per ship, the ships hit, or the cells hit) and its `sunk`
// must name exactly the ships whose last cells it fired at.
//
// Names need to know which layout ship is which fleet ship. The layout lists ships by cells only,
// so ships of equal length may come in any order: every matching of layout ships to fleet ships
// of the same length is tried (up to MAX_MATCHINGS), and the log is accepted when one of them
// produces every answer; otherwise the error is the one of the layout's own order.

import { InputError } from './errors';
import { entryLabel, isVolley, uniqueShipName, type GameLog, type Shot } from './game-log-types';
import type { Volley } from './observations';
import { cellName } from './rules';
import { touchNeighbours } from './neighbours';

/** Matchings of layout ships to fleet ships tried before settling for the first one. */
const MAX_MATCHINGS = 720;

export function checkLayout(log: GameLog, where: string): void {
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
  const matchings = namesShips(log) ? fleetMatchings(log) : [firstMatching(log)];
  let firstError: InputError | undefined;
  for (const fleetOf of matchings) {
    try {
      checkAnswers(log, owner, fleetOf, where);
      return;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      firstError ??= e;
    }
  }
  throw firstError!;
}

/** Does any answer depend on which fleet ship is which? */
function namesShips(log: GameLog): boolean {
  return log.shots.some((e) =>
    isVolley(e)
      ? e.volley.answer.kind !== 'hitCount' || e.volley.sunk.length > 0
      : e.ship !== undefined,
  );
}

/** Layout ship k -> a fleet index of its length, in order (the first matching). */
function firstMatching(log: GameLog): number[] {
  const used = new Set<number>();
  return log.layout!.map((ship) => {
    const i = log.rules.fleet.findIndex((s, j) => s.length === ship.length && !used.has(j));
    used.add(i);
    return i;
  });
}

/** Every matching of layout ships to fleet ships of equal length, the first one first. */
function fleetMatchings(log: GameLog): number[][] {
  const fleet = log.rules.fleet;
  const layout = log.layout!;
  const out: number[][] = [];
  const fleetOf: number[] = new Array<number>(layout.length).fill(-1);
  const used = new Uint8Array(fleet.length);
  const place = (k: number): void => {
    if (out.length >= MAX_MATCHINGS) return;
    if (k === layout.length) {
      out.push(fleetOf.slice());
      return;
    }
    fleet.forEach((s, i) => {
      if (used[i] || s.length !== layout[k]!.length) return;
      used[i] = 1;
      fleetOf[k] = i;
      place(k + 1);
      used[i] = 0;
    });
  };
  place(0);
  return out;
}

interface Tally {
  log: GameLog;
  owner: Int32Array;
  /** Layout ship k is fleet ship fleetOf[k]. */
  fleetOf: number[];
  /** Per cell: hit by a single shot. */
  singleHit: Uint8Array;
  /** Per layout ship: its cells fired at so far (single shots and volleys). */
  firedOn: Int32Array;
  sunk: Uint8Array;
}

/** The fleet name of layout ship `ship` ("ship 3" when it has none). */
function label(t: Tally, ship: number): string {
  const i = t.fleetOf[ship]!;
  return t.log.rules.fleet[i]!.name ?? `ship ${i + 1}`;
}

/** Replays every answer against the layout, layout ship k being fleet ship fleetOf[k]. */
function checkAnswers(log: GameLog, owner: Int32Array, fleetOf: number[], where: string): void {
  const ships = log.layout!.length;
  const t: Tally = {
    log,
    owner,
    fleetOf,
    singleHit: new Uint8Array(owner.length),
    firedOn: new Int32Array(ships),
    sunk: new Uint8Array(ships),
  };
  log.shots.forEach((entry, k) => {
    const at = entryLabel(log, k, where);
    if (isVolley(entry)) checkVolley(t, entry.volley, at, `${where} shot ${k + 1} volley`);
    else checkShot(t, entry, at);
  });
}

function checkShot(t: Tally, shot: Shot, at: string): void {
  const { rules } = t.log;
  const W = rules.width;
  const ship = t.owner[shot.cell]!;
  if (shot.result === 'miss' && ship >= 0)
    throw new InputError(at, 'is a miss but the layout has a ship there');
  if (shot.result !== 'miss' && ship < 0)
    throw new InputError(at, 'is a hit but the layout has no ship there');
  if (ship < 0) return;
  t.singleHit[shot.cell] = 1;
  t.firedOn[ship]! += 1;
  const cells = t.log.layout![ship]!;
  const complete = t.firedOn[ship] === cells.length;
  if (complete && !cells.every((c) => t.singleHit[c])) {
    const c = cells.find((x) => !t.singleHit[x])!;
    throw new InputError(
      at,
      `fires at the last cell of the layout's ${label(t, ship)}, whose cell ${cellName(Math.floor(c / W), c % W)} was fired at in a volley: a sinking told after volleys is logged as a volley announcing it`,
    );
  }
  if (complete !== (shot.result === 'sunk')) {
    throw new InputError(
      at,
      complete
        ? 'completes a ship of the layout but is not reported sunk'
        : 'is reported sunk but the layout ship is not fully hit',
    );
  }
  if (shot.ship !== undefined && shot.ship !== t.fleetOf[ship]) {
    const named = rules.fleet[shot.ship]!.name ?? `ship ${shot.ship + 1}`;
    throw new InputError(
      at,
      `names the ${named}, but the layout's ship there is the ${label(t, ship)}`,
    );
  }
  if (!complete) return;
  t.sunk[ship] = 1;
  if (shot.sunk!.join(',') !== [...cells].sort((a, b) => a - b).join(',')) {
    throw new InputError(at, 'reports sunk cells that differ from the layout ship');
  }
}

/** `at` names the entry, `field` its volley's fields (as the parser's messages do). */
function checkVolley(t: Tally, volley: Volley, at: string, field: string): void {
  const { rules } = t.log;
  const layout = t.log.layout!;
  const covered = new Int32Array(layout.length);
  let total = 0;
  for (const c of volley.cells) {
    const ship = t.owner[c]!;
    if (ship < 0) continue;
    covered[ship]! += 1;
    t.firedOn[ship]! += 1;
    total++;
  }
  const answer = volley.answer;
  if (answer.kind === 'hitCount' && answer.count !== total) {
    throw new InputError(
      `${field}.hitCount`,
      `is ${answer.count}, but the layout has ships on ${total} of the volley's cells`,
    );
  }
  if (answer.kind === 'hits') {
    const told = new Map(answer.hits.map((h) => [h.ship, h.count]));
    layout.forEach((_, ship) => {
      const said = told.get(label(t, ship)) ?? 0;
      if (said !== covered[ship]) {
        throw new InputError(
          `${field}.hits`,
          `says the ${label(t, ship)} covers ${said} of the volley's cells, but in the layout it covers ${covered[ship]}`,
        );
      }
    });
  }
  if (answer.kind === 'hitShips') {
    const told = new Set(answer.ships);
    layout.forEach((_, ship) => {
      if (told.has(label(t, ship)) !== covered[ship]! > 0) {
        throw new InputError(
          `${field}.hitShips`,
          covered[ship]! > 0
            ? `leaves out the ${label(t, ship)}, which the layout has on the volley's cells`
            : `lists the ${label(t, ship)}, which the layout has on none of the volley's cells`,
        );
      }
    });
  }
  const announced = new Set(volley.sunk);
  layout.forEach((cells, ship) => {
    const sinks = !t.sunk[ship] && covered[ship]! > 0 && t.firedOn[ship] === cells.length;
    if (!sinks) {
      if (announced.has(label(t, ship))) {
        throw new InputError(
          `${field}.sunk`,
          `names the ${label(t, ship)}, which the layout does not have sunk by this volley`,
        );
      }
      return;
    }
    t.sunk[ship] = 1;
    if (uniqueShipName(rules, t.fleetOf[ship]!) === undefined) {
      throw new InputError(
        at,
        `sinks the layout's ship ${t.fleetOf[ship]! + 1}, which has no name of its own to announce it by`,
      );
    }
    if (!announced.has(label(t, ship))) {
      throw new InputError(
        `${field}.sunk`,
        `leaves out the ${label(t, ship)}, whose last cells the volley fired at`,
      );
    }
  });
}
