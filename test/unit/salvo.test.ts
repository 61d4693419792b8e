// Salvo games: the referee's answers of each kind on a hand-worked layout, the game loop with
// K > 1 shots per turn, the K-cell strategies, determinism, the report's turns and their merge.

import { describe, expect, it } from 'vitest';
import { parsePosition, positionToJson } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { presetRules } from '../../src/core/rules';
import { checkAnswersFleet, type Answers } from '../../src/core/answers';
import { playGame } from '../../src/core/simulate/game';
import { mergeReports } from '../../src/core/simulate/merge';
import { createReferee } from '../../src/core/simulate/referee';
import { buildReport, type SimulationReport } from '../../src/core/simulate/report';
import { namedLayout, simulateChunk, type SimulationSpec } from '../../src/core/simulate/run';
import { solve } from '../../src/core/solve';
import { getStrategy } from '../../src/core/strategy';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { spreadVolley } from '../../src/core/strategy/spread-k';
import { seededRandom } from '../../src/core/random';
import { namedRules } from '../support/fixtures';

// A 5x5 board (cells r * 5 + c) with the Cruiser on 0,1,2 (A1-C1) and the Destroyer on 9,14
// (E2-E3, vertical).
const small = parseRules(namedRules(5, 5, { Cruiser: 3, Destroyer: 2 }));
const layout = [
  [0, 1, 2],
  [9, 14],
];

/** The position survives its JSON form: what the referee records is a valid position. */
function roundTrip(answers: Answers, turns: number[][]): ReturnType<typeof positionToJson> {
  const referee = createReferee(small, layout, answers);
  for (const cells of turns) referee.fireVolley(cells);
  const json = positionToJson(referee.position);
  expect(positionToJson(parsePosition(json))).toEqual(json);
  return json;
}

describe('the referee answers a turn as one volley', () => {
  // Turn 1: B1 and C1 hit the Cruiser, E2 the Destroyer, C3 and E5 miss.
  // Turn 2: A1 sinks the Cruiser, E3 the Destroyer; D1, E1 and A2 miss.
  const turns = [
    [1, 2, 9, 12, 24],
    [0, 14, 3, 4, 5],
  ];
  const board = ['.....', '.....', '.....', '.....', '.....'];

  it('volley-hits: per ship the cells it covers, sinkings by name', () => {
    const json = roundTrip('volley-hits', turns);
    expect(json.board).toEqual(board);
    expect(json.volleys).toEqual([
      {
        cells: [
          [0, 1],
          [0, 2],
          [1, 4],
          [2, 2],
          [4, 4],
        ],
        hits: { Cruiser: 2, Destroyer: 1 },
      },
      {
        cells: [
          [0, 0],
          [0, 3],
          [0, 4],
          [1, 0],
          [2, 4],
        ],
        hits: { Cruiser: 1, Destroyer: 1 },
        sunk: ['Cruiser', 'Destroyer'],
      },
    ]);
  });

  it('volley-ships: the ships hit; volley-count: the number of hits', () => {
    const ships = roundTrip('volley-ships', turns).volleys!;
    expect(ships.map((v) => ('hitShips' in v ? v.hitShips : null))).toEqual([
      ['Cruiser', 'Destroyer'],
      ['Cruiser', 'Destroyer'],
    ]);
    const count = roundTrip('volley-count', turns).volleys!;
    expect(count.map((v) => ('hitCount' in v ? v.hitCount : null))).toEqual([3, 2]);
    expect(count.map((v) => v.sunk)).toEqual([undefined, ['Cruiser', 'Destroyer']]);
  });

  it('a turn that hits nothing answers zero, and the ships stay afloat', () => {
    const referee = createReferee(small, layout, 'volley-hits');
    const v = referee.fireVolley([24, 23, 22]);
    expect(v).toEqual({ cells: [22, 23, 24], answer: { kind: 'hits', hits: [] }, sunk: [] });
    expect(referee.afloat()).toBe(2);
    expect(referee.unfired()).toBe(22);
    expect(referee.refuse(23)).toBe('a cell already shot');
  });

  it('named: each shot on its own, every hit naming its ship', () => {
    const referee = createReferee(small, layout, 'named');
    expect(referee.fire(9)).toEqual({ cell: 9, result: 'hit' });
    expect(referee.fire(10)).toEqual({ cell: 10, result: 'miss' });
    expect(referee.fire(14)).toEqual({ cell: 14, result: 'sunk', sunk: [9, 14], ship: 1 });
    const json = positionToJson(referee.position);
    expect(json.named).toEqual([
      [1, 4, 'Destroyer'],
      [2, 4, 'Destroyer'],
    ]);
    expect(json.sunk).toEqual([
      [
        [1, 4],
        [2, 4],
      ],
    ]);
    expect(positionToJson(parsePosition(json))).toEqual(json);
  });

  it('answers naming ships need a fleet of uniquely named ships', () => {
    const unnamed = parseRules({ width: 5, height: 5, fleet: [3, 2], touch: 'allowed' });
    expect(() => checkAnswersFleet('volley-count', unnamed)).toThrow(
      /^answers: "volley-count" names the ships, but ship 1 of the fleet has no name/,
    );
    expect(() => checkAnswersFleet('sunk', unnamed)).not.toThrow();
    expect(() => checkAnswersFleet('named', presetRules('classic'))).not.toThrow();
  });
});

describe('the game loop with K shots per turn', () => {
  /** A shooter that fires the given cells in order, K at a time. */
  const scripted = (order: number[]) => {
    let k = 0;
    return {
      next: () => order[k++]!,
      volley: (_: unknown, size: number) => order.slice(k, (k += size)),
    };
  };
  const order = [1, 2, 9, 12, 24, 0, 14, 3, 4, 5, 6];

  it('counts turns and shots; single answers mark each cell, volleys keep them unknown', () => {
    const plain = playGame(small, layout, scripted(order), { salvo: 5 });
    expect([plain.shots, plain.turns, plain.finished]).toEqual([10, 2, true]);
    expect(plain.position.sunk).toHaveLength(2);
    const volley = playGame(small, layout, scripted(order), { salvo: 5, answers: 'volley-count' });
    expect([volley.shots, volley.turns]).toEqual([10, 2]);
    expect(volley.position.volleys).toHaveLength(2);
    expect(volley.position.cells.every((m) => m === 0)).toBe(true);
  });

  it('the last turn is cut to the cells left; a salvo of the wrong size or a repeat is an error', () => {
    // 25 cells, 7 per turn: 7, 7, 7, then 4 (the ships are found last).
    const all = Array.from({ length: 25 }, (_, i) => 24 - i);
    const r = playGame(small, layout, scripted(all), { salvo: 7, answers: 'volley-hits' });
    expect([r.shots, r.turns]).toEqual([25, 4]);
    const short = { next: () => 0, volley: () => [3, 4] };
    expect(() => playGame(small, layout, short, { salvo: 3, name: 'short' })).toThrow(
      /^short chose 2 cells for a turn of 3 shots$/,
    );
    const twice = { next: () => 0, volley: () => [3, 4, 3] };
    expect(() => playGame(small, layout, twice, { salvo: 3, name: 'twice' })).toThrow(
      /^twice fired at cell 3 a second time \(shot 3\)$/,
    );
    const again = scripted([3, 4, 3, 6]);
    expect(() => playGame(small, layout, again, { salvo: 2, answers: 'volley-count' })).toThrow(
      /fired at cell 3 a second time \(shot 3\)/,
    );
    expect(() => playGame(small, layout, { next: () => 0 }, { salvo: 2, name: 'one' })).toThrow(
      /^one chooses one shot at a time and cannot fire a salvo$/,
    );
  });
});

describe('the K-cell strategies', () => {
  const rules = parseRules({ width: 6, height: 6, fleet: [3, 2, 2], touch: 'allowed' });
  const shooter = (name: string) =>
    getStrategy(name).create({
      rules,
      random: seededRandom(1),
      posteriors: new PosteriorCache(36),
    });

  it('top-k fires the K likeliest unfired cells of the exact posterior', () => {
    const referee = createReferee(
      rules,
      [
        [0, 1, 2],
        [20, 26],
        [33, 34],
      ],
      'sunk',
    );
    for (const cell of [7, 8, 14, 1]) referee.fire(cell);
    const p = solve(referee.position, 'auto').probabilities;
    const open = [...p.keys()].filter((c) => referee.position.cells[c] === 0);
    const expected = open.sort((a, b) => p[b]! - p[a]! || a - b).slice(0, 4);
    expect(shooter('top-k').volley!(referee.position, 4)).toEqual(expected);
    expect(shooter('greedy').volley!(referee.position, 4)).toEqual(expected);
  });

  it('spread-k discounts cells that share placements with the cells chosen before', () => {
    // Equal chances on a row: after A1 the next pick avoids the cells a ship through A1 covers.
    const p = new Float64Array(36).fill(0.5);
    const position = createReferee(rules, [
      [0, 1, 2],
      [20, 26],
      [33, 34],
    ]).position;
    const chosen = spreadVolley(position, p, 2);
    expect(chosen[0]).toBe(0);
    // B1, C1, A2 and A3 share placements with A1; D1 is the first cell of row 1 that shares none.
    expect(chosen[1]).toBe(3);
    // Without the penalty (top-k on these chances) the second cell would have been B1.
  });

  it('with K = 1, top-k plays exactly as greedy', () => {
    const spec: SimulationSpec = { rules, strategies: ['greedy', 'top-k'], seed: 5 };
    const [greedy, topK] = simulateChunk(spec, 0, 12);
    expect(topK!.shots).toEqual(greedy!.shots);
  });

  it('single-shot strategies are refused in salvo games, with the ones that can play', () => {
    const spec: SimulationSpec = { rules, strategies: ['parity'], seed: 1, salvo: 3 };
    expect(() => simulateChunk(spec, 0, 1)).toThrow(
      /^strategies: parity fires one shot per turn and cannot choose a salvo of 3 \(strategies that can: random, pdf, .*top-k, spread-k, info-k\)$/,
    );
    const named: SimulationSpec = {
      ...spec,
      rules: presetRules('classic'),
      strategies: ['pdf'],
      answers: 'named',
    };
    expect(() => simulateChunk(named, 0, 1)).toThrow(
      /^strategies: pdf cannot read named hits or volleys, which "named" answers give/,
    );
  });
});

describe('the posterior of a salvo position', () => {
  it('is exact when the solver holds it, else the seeded sample estimate', () => {
    const rules = parseRules(
      namedRules(8, 8, { Battleship: 4, Cruiser: 3, Destroyer: 2, Patrol: 2 }),
    );
    const referee = createReferee(
      rules,
      [
        [0, 1, 2, 3],
        [18, 26, 34],
        [60, 61],
        [46, 47],
      ],
      'volley-count',
    );
    referee.fireVolley([2, 44]);
    const position = referee.position;
    const exact = new PosteriorCache(64).get(position);
    expect(exact.exact).toBe(true);
    const reference = solve(position, 'dp').probabilities;
    exact.p.forEach((p, c) => expect(p).toBeCloseTo(reference[c]!, 12));
    // A memory budget of one byte: the exact DP refuses, the estimate answers.
    const tight = (): PosteriorCache => new PosteriorCache(64, 'auto', { maxBytes: 1 });
    const estimate = tight().get(position);
    expect(estimate.exact).toBe(false);
    const worst = Math.max(...estimate.p.map((p, c) => Math.abs(p - reference[c]!)));
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThan(0.05);
    expect([...tight().get(position).p]).toEqual([...estimate.p]);
  });
});

describe('salvo simulations', () => {
  const rules = parseRules({ width: 6, height: 6, fleet: [3, 2, 2], touch: 'allowed' });
  const spec: SimulationSpec = {
    rules,
    strategies: ['pdf', 'top-k', 'spread-k'],
    seed: 9,
    salvo: 3,
  };

  it('are deterministic for a seed, and one shot per turn keeps the usual report', () => {
    const a = simulateChunk(spec, 0, 10);
    const b = simulateChunk(spec, 0, 10);
    expect(b.map((g) => [g.shots, g.turns])).toEqual(a.map((g) => [g.shots, g.turns]));
    for (const g of a) {
      g.turns!.forEach((t, k) => expect(Math.ceil(g.shots[k]! / 3)).toBe(t));
    }
    const one = simulateChunk({ ...spec, salvo: 1 }, 0, 10);
    const usual = simulateChunk({ ...spec, salvo: undefined }, 0, 10);
    const untimed = (r: SimulationReport): string =>
      JSON.stringify(r, (k, v: unknown) => (k.startsWith('ms') ? 0 : v));
    const report1 = buildReport({ rules, seed: 9, salvo: 1 }, one);
    expect(untimed(report1)).toBe(untimed(buildReport({ rules, seed: 9 }, usual)));
    expect(JSON.stringify(report1)).not.toMatch(/"salvo"|"turns"/);
  });

  it('report turns per strategy and paired, and merge exactly', () => {
    const results = simulateChunk(spec, 0, 24);
    const whole = buildReport({ rules, seed: 9, salvo: 3 }, results);
    expect(whole.salvo).toBe(3);
    const topK = whole.strategies['top-k']!.turns!;
    expect(topK.sum).toBe(results[1]!.turns!.reduce((x, y) => x + y, 0));
    expect(whole.paired[1]!.turns!.sum).toBe(
      results[0]!.turns!.reduce((x, t, k) => x + t - results[2]!.turns![k]!, 0),
    );
    const part = (from: number, to: number): SimulationReport =>
      buildReport(
        { rules, seed: 9, salvo: 3 },
        results.map((r) => ({
          ...r,
          shots: r.shots.slice(from, to),
          turns: r.turns!.slice(from, to),
          ms: r.ms.slice(from, to),
        })),
        from,
      );
    const pieces = [part(15, 24), part(0, 7), part(7, 15)];
    const merged = mergeReports(pieces.map((report, k) => ({ source: `part${k}`, report })));
    const untimed = (r: SimulationReport): string =>
      JSON.stringify(r, (k, v: unknown) => (k.startsWith('ms') ? 0 : v));
    expect(untimed(merged)).toBe(untimed(whole));
    const other = buildReport(
      { rules, seed: 9, salvo: 4 },
      results.map((r) => ({ ...r })),
      24,
    );
    expect(() =>
      mergeReports([
        { source: 'x', report: whole },
        { source: 'y', report: other },
      ]),
    ).toThrow(/^y: its salvo differs from that of x/);
    const counted = { ...whole, firstGame: 24, answers: 'volley-count' };
    expect(() =>
      mergeReports([
        { source: 'x', report: whole },
        { source: 'y', report: counted },
      ]),
    ).toThrow(/^y: its answers differs from that of x/);
  });

  it('named games give each equal-length ship either name, the fleets staying the same', () => {
    const classic = presetRules('classic');
    const drawn = [
      [0, 1, 2, 3, 4],
      [20, 21, 22, 23],
      [40, 41, 42],
      [60, 61, 62],
      [80, 81],
    ];
    const seen = new Set<string>();
    for (let game = 0; game < 40; game++) {
      const named = namedLayout(classic, drawn, 3, game);
      expect([...named].sort((a, b) => a[0]! - b[0]!)).toEqual(drawn);
      seen.add(String(named[2]![0]));
    }
    expect(seen).toEqual(new Set(['40', '60']));
  });
});
