// The `sample` solver on positions with named hits and volleys: its three ways of drawing (exact
// draws from the DP, exact draws from a relaxed DP with rejection, the Markov chain) each agree
// with the exact DP within their standard errors, and each is reproducible from its seed.

import { describe, expect, it } from 'vitest';
import type { Volley } from '../../src/core/observations';
import {
  HIT,
  MISS,
  UNKNOWN,
  parsePosition,
  positionToJson,
  type Position,
} from '../../src/core/position';
import { randomInt, seededRandom } from '../../src/core/random';
import type { Rules, TouchRule } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { boardVariants } from '../../src/core/solve/board';
import { dpTally } from '../../src/core/solve/dp/dp';
import {
  solveMonteCarlo,
  type MonteCarloOptions,
} from '../../src/core/solve/heuristics/monte-carlo';
import type { SolveResult } from '../../src/core/solve/result';
import { layoutSampler } from '../../src/core/solve/sample';
import { estimateJob } from '../../src/main/jobs/estimate-job';
import { randomLayout } from '../support/arbitraries';

const NAMES = ['Battleship', 'Cruiser', 'Submarine', 'Destroyer'];

function rulesOf(touch: TouchRule): Rules {
  return {
    width: 7,
    height: 7,
    fleet: [4, 3, 3, 2].map((length, i) => ({ length, name: NAMES[i] })),
    touch,
  };
}

/**
 * A position observed from a seeded true layout: a few single shots (some hits named), then
 * volleys of 3 to 4 unknown cells with every answer kind, hitCount ones always among them.
 */
function observed(seed: number, touch: TouchRule, sunkReported: boolean): Position | null {
  const rules = rulesOf(touch);
  const random = seededRandom(seed);
  const layout = randomLayout(rules, random);
  if (!layout) return null;
  const n = rules.width * rules.height;
  // randomLayout places the fleet longest first, which is fleet order here.
  const owner = new Int32Array(n).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const cells = new Uint8Array(n);
  for (let s = 0; s < 8; s++) {
    const c = randomInt(random, n);
    cells[c] = owner[c]! >= 0 ? HIT : MISS;
  }
  const fired = new Set<number>([...cells.keys()].filter((c) => cells[c] !== UNKNOWN));
  const sunk = sunkReported ? layout.filter((ship) => ship.every((c) => cells[c] === HIT)) : [];
  const announced = new Set(sunk.map((ship) => owner[ship[0]!]!));
  const named = [...cells.keys()]
    .filter((c) => cells[c] === HIT && random() < 0.5)
    .map((c) => ({ cell: c, ship: NAMES[owner[c]!]! }));
  const volleys: Volley[] = [];
  const kinds = ['hitCount', 'hits', 'hitCount', 'hitShips'] as const;
  for (const kind of kinds) {
    const vc: number[] = [];
    while (vc.length < 3 + randomInt(random, 2)) {
      const c = randomInt(random, n);
      if (!fired.has(c)) {
        fired.add(c);
        vc.push(c);
      }
    }
    vc.sort((a, b) => a - b);
    const hitBy = vc.filter((c) => owner[c]! >= 0).map((c) => NAMES[owner[c]!]!);
    const answer: Volley['answer'] =
      kind === 'hitCount'
        ? { kind, count: hitBy.length }
        : kind === 'hitShips'
          ? { kind, ships: [...new Set(hitBy)] }
          : {
              kind,
              hits: [...new Set(hitBy)].map((ship) => ({
                ship,
                count: hitBy.filter((s) => s === ship).length,
              })),
            };
    const sunkNow: string[] = [];
    if (sunkReported) {
      layout.forEach((ship, k) => {
        if (announced.has(k) || !ship.every((c) => fired.has(c))) return;
        announced.add(k);
        sunkNow.push(NAMES[k]!);
      });
    }
    volleys.push({ cells: vc, answer, sunk: sunkNow });
  }
  return { rules, cells, sunk, sunkReported, named, volleys };
}

const TOUCHES: TouchRule[] = ['allowed', 'no-touch', 'no-edge-touch'];

/** Twelve reproducible positions over every touch rule and both readings of sinkings. */
function positions(): Position[] {
  const out: Position[] = [];
  for (let seed = 1; out.length < 12; seed++) {
    const p = observed(seed, TOUCHES[seed % 3]!, seed % 2 === 0);
    if (p) out.push(p);
  }
  return out;
}

/**
 * Over the cells not fired at: how many estimates lie within 3 standard errors of the exact
 * probability (a cell of probability 0 or 1 only when the estimate equals it), and how many
 * cells were checked.
 */
function within3(estimate: SolveResult, exact: SolveResult, p: Position): [number, number] {
  const fired = new Set(p.volleys!.flatMap((v) => v.cells));
  let ok = 0;
  let checked = 0;
  for (let i = 0; i < p.cells.length; i++) {
    if (p.cells[i] !== UNKNOWN || fired.has(i)) continue;
    checked++;
    const want = exact.probabilities[i]!;
    const got = estimate.probabilities[i]!;
    const se = estimate.standardError![i]!;
    if (want === 0 || want === 1 ? got === want : Math.abs(got - want) <= 3 * se) ok++;
  }
  return [ok, checked];
}

/** Runs the estimate on every position; expects 95% of cells within 3 standard errors. */
function expectAgreement(
  list: Position[],
  options: (p: Position) => MonteCarloOptions,
  note: RegExp,
): void {
  let ok = 0;
  let checked = 0;
  for (const p of list) {
    const exact = solve(p, 'dp');
    const estimate = solveMonteCarlo(p, options(p));
    expect(estimate.note).toMatch(note);
    expect(estimate.byShip?.map((v) => v.name)).toEqual(exact.byShip?.map((v) => v.name));
    const [k, m] = within3(estimate, exact, p);
    ok += k;
    checked += m;
  }
  expect(checked).toBeGreaterThan(100);
  expect(ok / checked).toBeGreaterThanOrEqual(0.95);
}

/**
 * The state limit under which the DP with every count volley is refused but the DP without
 * them fits: the sampler must then drop some and reject draws. Undefined when there is no such
 * limit (the volleys add no state).
 */
function relaxingLimit(p: Position): number | undefined {
  let full = 0;
  let relaxed = 0;
  for (const board of boardVariants(p)) {
    full = Math.max(full, dpTally(board).stats.states);
    relaxed = Math.max(relaxed, dpTally({ ...board, countVolleys: [] }).stats.states);
  }
  return relaxed < full ? relaxed : undefined;
}

describe('sample with named hits and volleys', () => {
  const list = positions();

  it('exact draws from the DP: within 3 standard errors on 95% of cells', () => {
    expectAgreement(list, () => ({ draws: 3000, seed: 3 }), /exact independent draws \(the DP/);
  });

  it('exact draws from the DP without the count volleys it cannot hold, by rejection', () => {
    const relaxable = list.filter((p) => relaxingLimit(p) !== undefined);
    expect(relaxable.length).toBeGreaterThanOrEqual(4);
    for (const p of relaxable) {
      const sampler = layoutSampler(p, { maxStates: relaxingLimit(p) });
      expect(sampler.relaxed).toBeGreaterThan(0);
    }
    expectAgreement(
      relaxable,
      (p) => ({ draws: 3000, seed: 4, maxStates: relaxingLimit(p) }),
      /accepted out of .* without the last \d+ hitCount volleys/,
    );
  });

  it('the Markov chain keeps every observation', () => {
    expectAgreement(
      list.filter((p) => boardVariants(p).length === 1),
      () => ({ method: 'chain', draws: 3000, seed: 5 }),
      /Markov chain/,
    );
  });

  it('is reproducible from its seed, whichever way it draws', () => {
    const p = list.find((q) => relaxingLimit(q) !== undefined)!;
    for (const options of [
      { draws: 300 },
      { draws: 300, maxStates: relaxingLimit(p) },
      { draws: 300, method: 'chain' as const },
    ]) {
      const a = solveMonteCarlo(p, { ...options, seed: 9 });
      const b = solveMonteCarlo(p, { ...options, seed: 9 });
      const c = solveMonteCarlo(p, { ...options, seed: 10 });
      expect(Array.from(b.probabilities)).toEqual(Array.from(a.probabilities));
      expect(Array.from(c.probabilities)).not.toEqual(Array.from(a.probabilities));
    }
  });
});

/** A sunk list of three cells that either 3-long named ship may be (two readings). */
const eitherCruiser = parsePosition({
  rules: rulesOf('allowed'),
  board: ['xxx....', '.......', '...x...', '.......', '.o.....', '.......', '.......'],
  sunk: [
    [
      [0, 0],
      [0, 1],
      [0, 2],
    ],
  ],
  named: [[2, 3, 'Battleship']],
  volleys: [
    {
      cells: [
        [5, 5],
        [5, 6],
        [6, 6],
      ],
      hitCount: 1,
    },
  ],
});

describe("the app's quick estimate with named hits and volleys", () => {
  it('keeps every observation: within 3 standard errors on 95% of cells, never a fired cell', () => {
    let ok = 0;
    let checked = 0;
    let severalReadings = 0;
    for (const p of [...positions(), eitherCruiser]) {
      const exact = solve(p, 'dp');
      const wire = estimateJob({ position: positionToJson(p) });
      if (boardVariants(p).length > 1) {
        severalReadings++;
        expect(wire.note).toMatch(/exact draws/);
      } else expect(wire.note).toMatch(/Markov chain/);
      expect(wire.byShip?.map((v) => v.name)).toEqual(exact.byShip?.map((v) => v.name));
      const fired = new Set(p.volleys!.flatMap((v) => v.cells));
      const best = wire.best![0] * p.rules.width + wire.best![1];
      expect(p.cells[best]).toBe(UNKNOWN);
      expect(fired.has(best)).toBe(false);
      const estimate = {
        ...exact,
        probabilities: Float64Array.from(wire.probabilities.flat()),
        standardError: Float64Array.from(wire.standardError!.flat()),
      };
      const [k, m] = within3(estimate, exact, p);
      ok += k;
      checked += m;
    }
    expect(severalReadings).toBeGreaterThan(0);
    expect(ok / checked).toBeGreaterThanOrEqual(0.95);
  });
});
