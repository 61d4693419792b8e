// The referee of one game: knows the hidden layout, answers each shot (miss, hit, or sunk with
// the ship's cells; only miss or hit under `hit-miss` answers; with the ship's name on every hit
// under `named`) and keeps the shooter's position. Under the volley answers a turn's cells are
// answered together (answers.ts): the position keeps them as a volley whose cells stay '.'.
// The built-in game loop (game.ts) and the loop that plays an external bot (main/bots) both go
// through it, so a bot is answered by exactly the rule a built-in strategy is.
// Also here: the check of a layout a placement bot proposes (fleet order, straight ships on the
// board, no overlap, the touch rule).

import type { Shot } from '../game-log';
import type { Volley } from '../observations';
import { HIT, MISS, UNKNOWN, emptyPosition, type Position } from '../position';
import type { Rules } from '../rules';
import { touchNeighbours } from '../neighbours';
import { isVolleyAnswer, volleyAnswer, type Answers } from '../answers';

export interface Referee {
  /** The shooter's view: every answer so far. */
  readonly position: Position;
  /** Ships still afloat. */
  afloat(): number;
  /** Cells not fired at yet (neither marked nor in a volley). */
  unfired(): number;
  /** Why `cell` may not be shot (off the board, already shot), or null when it may. */
  refuse(cell: number): string | null;
  /** Answers a shot that `refuse` accepted, recording it in the position (not volley answers). */
  fire(cell: number): Shot;
  /** Answers a turn's cells (each accepted by `refuse`, distinct) as one volley (volley answers). */
  fireVolley(cells: number[]): Volley;
}

/**
 * A referee for `layout`, ship k of which is rules.fleet[k] (its name is told under `named` and
 * the volley answers, which need a fleet of uniquely named ships: see answers.ts).
 */
export function createReferee(
  rules: Rules,
  layout: number[][],
  answers: Answers = 'sunk',
  prior?: Float64Array,
): Referee {
  const n = rules.width * rules.height;
  const owner = new Int32Array(n).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const left = layout.map((ship) => ship.length);
  const position = emptyPosition(rules);
  if (prior) position.prior = prior;
  const reportSinks = answers !== 'hit-miss';
  position.sunkReported = reportSinks;
  const names = answers === 'named' || isVolleyAnswer(answers);
  const shipName = (k: number): string => rules.fleet[k]!.name!;
  const fired = new Uint8Array(n);
  let unfired = n;
  let afloat = layout.length;
  return {
    position,
    afloat: () => afloat,
    unfired: () => unfired,
    refuse(cell) {
      if (!Number.isInteger(cell) || cell < 0 || cell >= n) return 'not a cell of the board';
      if (fired[cell] !== 0 || position.cells[cell] !== UNKNOWN) return 'a cell already shot';
      return null;
    },
    fire(cell) {
      if (isVolleyAnswer(answers)) throw new Error(`${answers} answers a turn as one volley`);
      fired[cell] = 1;
      unfired--;
      const k = owner[cell]!;
      if (k < 0) {
        position.cells[cell] = MISS;
        return { cell, result: 'miss' };
      }
      position.cells[cell] = HIT;
      if (names) (position.named ??= []).push({ cell, ship: shipName(k) });
      left[k]! -= 1;
      if (left[k] === 0) afloat--;
      if (left[k] === 0 && reportSinks) {
        const sunk = layout[k]!.slice();
        position.sunk.push(sunk);
        return names ? { cell, result: 'sunk', sunk, ship: k } : { cell, result: 'sunk', sunk };
      }
      return { cell, result: 'hit' };
    },
    fireVolley(cells) {
      if (!isVolleyAnswer(answers)) throw new Error(`${answers} answers each shot on its own`);
      const covered = new Array<number>(layout.length).fill(0);
      for (const cell of cells) {
        fired[cell] = 1;
        unfired--;
        const k = owner[cell]!;
        if (k >= 0) covered[k]! += 1;
      }
      const sunk: string[] = [];
      covered.forEach((count, k) => {
        if (count === 0) return;
        left[k]! -= count;
        if (left[k] === 0) {
          afloat--;
          sunk.push(shipName(k));
        }
      });
      const hits = covered.flatMap((count, k) => (count > 0 ? [{ ship: shipName(k), count }] : []));
      const volley: Volley = {
        cells: [...cells].sort((a, b) => a - b),
        answer: volleyAnswer(answers, hits),
        sunk,
      };
      (position.volleys ??= []).push(volley);
      return volley;
    },
  };
}

/**
 * Why a proposed layout (cell indices per ship, in fleet order) breaks the rules, or null when it
 * is legal: ship k must have fleet[k]'s length, lie straight and unbroken on the board, overlap
 * no other ship and keep the touch rule.
 */
export function layoutFault(rules: Rules, layout: number[][]): string | null {
  const { width: W, height: H } = rules;
  if (layout.length !== rules.fleet.length) {
    return `has ${layout.length} ships, the fleet has ${rules.fleet.length}`;
  }
  const owner = new Int32Array(W * H).fill(-1);
  for (let k = 0; k < layout.length; k++) {
    const ship = layout[k]!;
    const name = `ship ${k + 1}`;
    if (ship.length !== rules.fleet[k]!.length) {
      return `${name} has ${ship.length} cells, expected ${rules.fleet[k]!.length}`;
    }
    const sorted = [...ship].sort((a, b) => a - b);
    const step = sorted.length > 1 ? sorted[1]! - sorted[0]! : 1;
    for (let m = 0; m < sorted.length; m++) {
      const c = sorted[m]!;
      if (!Number.isInteger(c) || c < 0 || c >= W * H) return `${name} leaves the board`;
      if (m > 0 && c - sorted[m - 1]! !== step) return `${name} is not a straight, unbroken line`;
      if (step === 1 && Math.floor(c / W) !== Math.floor(sorted[0]! / W)) {
        return `${name} is not a straight, unbroken line`;
      }
      if (step !== 1 && step !== W) return `${name} is not a straight, unbroken line`;
      if (owner[c]! >= 0) return `${name} overlaps ship ${owner[c]! + 1}`;
      owner[c] = k;
    }
  }
  for (let c = 0; c < W * H; c++) {
    if (owner[c]! < 0) continue;
    for (const nb of touchNeighbours(rules.touch, W, H, c)) {
      if (owner[nb]! >= 0 && owner[nb] !== owner[c]) {
        return `ship ${owner[c]! + 1} touches ship ${owner[nb]! + 1}, which the ${rules.touch} rule forbids`;
      }
    }
  }
  return null;
}

/** A sampled layout (ships in any order) put in fleet order: ship k gets fleet[k]'s length. */
export function inFleetOrder(rules: Rules, layout: number[][]): number[][] {
  const pool = [...layout];
  return rules.fleet.map((spec) => {
    const k = pool.findIndex((ship) => ship.length === spec.length);
    return pool.splice(k, 1)[0]!;
  });
}
