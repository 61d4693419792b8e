// A property of salvo game logs: a log written truthfully from a hidden layout (single shots,
// named or not, in salvo turns, and volleys with any of the three answers) is accepted with its
// layout, in any order of the layout's ships, round-trips through JSON, and every prefix replays
// into a position the position format reads back unchanged. The checks and the referee below
// share no code.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameLogToJson, parseGameLog, replay } from '../../src/core/game-log';
import { parsePosition, positionToJson } from '../../src/core/position';
import { randomLayout } from '../../src/core/prior/advisor';
import { seededRandom } from '../../src/core/random';
import { parseRules } from '../../src/core/rules-json';
import { namedRules } from '../support/fixtures';

const rulesJson = namedRules(5, 5, { Long: 3, Boat: 2, Raft: 2 });
const rules = parseRules(rulesJson);
const names = rules.fleet.map((s) => s.name!);
const rc = (c: number): [number, number] => [Math.floor(c / 5), c % 5];

/** The log a truthful referee gives for these groups of cells fired at `layout`. */
function truthfulLog(layout: number[][], groups: number[][], random: () => number): unknown[] {
  const owner = new Int32Array(25).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const fired = new Uint8Array(25);
  const single = new Uint8Array(25);
  const done = new Uint8Array(layout.length);
  const complete = (k: number): boolean => layout[k]!.every((c) => fired[c]);
  let turn = 0;
  return groups.map((cells) => {
    for (const c of cells) fired[c] = 1;
    const k = owner[cells[0]!]!;
    const sunkNow = layout.map((_, s) => !done[s] && complete(s));
    // One cell fired alone is a single shot, unless it finishes a ship a volley had hit.
    const sole =
      cells.length === 1 &&
      (k < 0 || !sunkNow[k] || layout[k]!.every((c) => c === cells[0] || single[c]));
    if (sole) {
      const c = cells[0]!;
      single[c] = 1;
      turn += random() < 0.5 ? 1 : 0;
      const shot: Record<string, unknown> = { cell: rc(c), result: k < 0 ? 'miss' : 'hit', turn };
      if (k >= 0 && sunkNow[k]) {
        done[k] = 1;
        shot.result = 'sunk';
        shot.sunk = layout[k]!.map(rc);
      }
      if (k >= 0 && random() < 0.5) shot.ship = k;
      return shot;
    }
    const covered = layout.map((ship) => ship.filter((c) => cells.includes(c)).length);
    const sunk = names.filter((_, s) => sunkNow[s]);
    sunkNow.forEach((now, s) => (done[s] ||= now ? 1 : 0));
    const kind = Math.floor(random() * 3);
    const volley: Record<string, unknown> = { cells: cells.map(rc), sunk };
    if (kind === 0) {
      volley.hits = Object.fromEntries(names.map((n, s) => [n, covered[s]]).filter(([, v]) => v));
    } else if (kind === 1) volley.hitShips = names.filter((_, s) => covered[s]! > 0);
    else volley.hitCount = covered.reduce((a, b) => a + b, 0);
    return { volley };
  });
}

const games = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  stop: fc.integer({ min: 0, max: 25 }),
});

describe('salvo game logs written from a layout', () => {
  it('are accepted with the layout, round-trip, and replay into readable positions', () => {
    fc.assert(
      fc.property(games, ({ seed, stop }) => {
        const random = seededRandom(seed);
        const layout = randomLayout(rules, random);
        const order = Array.from({ length: 25 }, (_, i) => i).sort(() => random() - 0.5);
        const groups: number[][] = [];
        for (let i = 0; i < stop;) {
          const size = random() < 0.5 ? 1 : 1 + Math.floor(random() * 4);
          groups.push(order.slice(i, i + size));
          i += size;
        }
        const shots = truthfulLog(
          layout,
          groups.filter((g) => g.length > 0),
          random,
        );
        const shuffled = [...layout].sort(() => random() - 0.5).map((s) => s.map(rc));
        const raw = { opponent: 'Prop', rules: rulesJson, shots, layout: shuffled };
        const log = parseGameLog(raw);
        expect(parseGameLog(JSON.parse(JSON.stringify(gameLogToJson(log))))).toEqual(log);
        for (let k = 0; k <= log.shots.length; k++) {
          const p = replay(log, k);
          expect(parsePosition(JSON.parse(JSON.stringify(positionToJson(p))))).toEqual(p);
        }
      }),
      { numRuns: 300 },
    );
  });
});
