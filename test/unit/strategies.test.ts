import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shot } from '../../src/core/game-log';
import { emptyPosition, parsePosition, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { playGame, type Answers } from '../../src/core/simulate/game';
import { rejectionSampler } from '../../src/core/simulate/fleets';
import { solve } from '../../src/core/solve';
import { getStrategy, listStrategies, strategyNames } from '../../src/core/strategy';
import { lookaheadStrategy } from '../../src/core/strategy/lookahead';
import { entropy, shotOutcomes, sinkCandidates } from '../../src/core/strategy/outcomes';
import { PosteriorCache, positionKey } from '../../src/core/strategy/posterior';
import type { Strategy } from '../../src/core/strategy/strategy';
import { bruteForce } from '../support/brute-force';
import { scenarioArb } from '../support/arbitraries';

const small: Rules[] = [
  { width: 6, height: 6, fleet: [3, 2, 2].map((length) => ({ length })), touch: 'allowed' },
  { width: 6, height: 5, fleet: [3, 2, 1].map((length) => ({ length })), touch: 'no-touch' },
  { width: 5, height: 6, fleet: [3, 2].map((length) => ({ length })), touch: 'no-edge-touch' },
];

/** Plays one game, recording every shot; the engine itself refuses a cell shot twice. */
function play(
  strategy: Strategy,
  rules: Rules,
  seed: number,
  cache = new PosteriorCache(64),
  answers: Answers = 'sunk',
) {
  const layout = rejectionSampler(rules).draw(seededRandom(seed));
  const shots: Shot[] = [];
  const shooter = strategy.create({ rules, random: seededRandom(seed + 1), posteriors: cache });
  const r = playGame(rules, layout, shooter, { onShot: (s) => shots.push(s), answers });
  return { ...r, shots, layout };
}

describe('every strategy', () => {
  it('has a stable name and a one-line summary', () => {
    expect(strategyNames()).toEqual([
      'random',
      'hunt-target',
      'parity',
      'pdf',
      'independent',
      'bob',
      'margin-count',
      'greedy',
      'info',
      'lookahead',
      'phased',
      'phased:1000',
      'top-k',
      'spread-k',
      'info-k',
    ]);
    for (const s of listStrategies()) expect(s.summary.length).toBeGreaterThan(10);
    expect(() => getStrategy('magic')).toThrow(/unknown strategy "magic" \(known: random, /);
  });

  for (const strategy of listStrategies()) {
    it(`${strategy.name}: finishes games under every touch rule, never shooting a cell twice`, () => {
      for (const rules of small) {
        const cells = rules.width * rules.height;
        const fleetCells = rules.fleet.reduce((s, f) => s + f.length, 0);
        for (let seed = 0; seed < 4; seed++) {
          const g = play(strategy, rules, 100 * seed + 7);
          expect(new Set(g.shots.map((s) => s.cell)).size).toBe(g.shots.length);
          expect(g.shots.length).toBeGreaterThanOrEqual(fleetCells);
          expect(g.shots.length).toBeLessThanOrEqual(cells);
          expect(g.shots.filter((s) => s.result === 'sunk')).toHaveLength(rules.fleet.length);
          expect(g.shots.at(-1)!.result).toBe('sunk');
        }
      }
    });

    it(`${strategy.name}: finishes games told only hit or miss`, () => {
      for (const rules of small) {
        const fleetCells = rules.fleet.reduce((s, f) => s + f.length, 0);
        for (let seed = 0; seed < 2; seed++) {
          const g = play(strategy, rules, 100 * seed + 9, undefined, 'hit-miss');
          expect(new Set(g.shots.map((s) => s.cell)).size).toBe(g.shots.length);
          expect(g.shots.filter((s) => s.result === 'hit')).toHaveLength(fleetCells);
          expect(g.shots.some((s) => s.result === 'sunk')).toBe(false);
        }
      }
    });
  }
});

describe('the engine', () => {
  const rules = small[0]!;
  it('answers miss, hit and sunk with the ship, and ends when the last ship sinks', () => {
    const layout = [
      [0, 1, 2],
      [6, 12],
      [34, 35],
    ];
    const order = [0, 3, 1, 2, 6, 12, 34, 35, 20];
    let k = 0;
    const seen: Shot[] = [];
    const r = playGame(rules, layout, { next: () => order[k++]! }, { onShot: (s) => seen.push(s) });
    expect(r.shots).toBe(8);
    expect(seen.map((s) => s.result)).toEqual([
      'hit',
      'miss',
      'hit',
      'sunk',
      'hit',
      'sunk',
      'hit',
      'sunk',
    ]);
    expect(seen[3]!.sunk).toEqual([0, 1, 2]);
  });

  it('told only hit or miss: no sink report reaches the shooter, and the game still ends', () => {
    const layout = [
      [0, 1, 2],
      [6, 12],
      [34, 35],
    ];
    const order = [0, 1, 2, 6, 12, 34, 35];
    let k = 0;
    const seen: Position[] = [];
    const shooter = {
      next: () => order[k++]!,
      observe: (p: Position) => seen.push({ ...p, sunk: [...p.sunk] }),
    };
    const r = playGame(rules, layout, shooter, { answers: 'hit-miss' });
    expect(r.shots).toBe(7);
    expect(seen.every((p) => p.sunk.length === 0 && !p.sunkReported)).toBe(true);
  });

  it('refuses a strategy that fires at a cell twice or off the board', () => {
    const layout = [
      [0, 1, 2],
      [6, 12],
      [34, 35],
    ];
    expect(() => playGame(rules, layout, { next: () => 5 }, { name: 'stuck' })).toThrow(
      /stuck fired at cell 5 a second time \(shot 2\)/,
    );
    expect(() => playGame(rules, layout, { next: () => 36 })).toThrow(/not a cell of the board/);
  });
});

describe('hunt/target and parity (DataGenetics)', () => {
  const rules: Rules = {
    width: 10,
    height: 10,
    fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
    touch: 'allowed',
  };

  it('after a hit, fires at its north, south, east and west neighbours in that order', () => {
    const shooter = getStrategy('hunt-target').create({
      rules,
      random: seededRandom(1),
      posteriors: new PosteriorCache(100),
    });
    const p = emptyPosition(rules);
    p.cells[44] = 2;
    shooter.observe!(p, { cell: 44, result: 'hit' });
    const fired: number[] = [];
    for (let k = 0; k < 4; k++) {
      const c = shooter.next(p);
      fired.push(c);
      p.cells[c] = 1;
    }
    expect(fired).toEqual([34, 54, 45, 43]);
  });

  it('parity hunts only on the checkerboard of the shortest ship (length 2)', () => {
    const g = play(getStrategy('parity'), rules, 5);
    const firstHit = g.shots.findIndex((s) => s.result !== 'miss');
    for (const s of g.shots.slice(0, firstHit + 1)) {
      expect((Math.floor(s.cell / 10) + (s.cell % 10)) % 2).toBe(0);
    }
  });
});

describe('greedy, info and lookahead read the exact posterior', () => {
  const position = parsePosition({
    rules: { width: 6, height: 6, fleet: [3, 2, 2], touch: 'allowed' },
    board: ['......', '.o....', '...x..', '......', '..o...', '......'],
  });

  it('greedy fires at the first cell in reading order among the exact best', () => {
    const exact = solve(position, 'dp');
    const shooter = getStrategy('greedy').create({
      rules: position.rules,
      random: seededRandom(1),
      posteriors: new PosteriorCache(36),
    });
    expect(shooter.next(position)).toBe(exact.ties[0]);
  });

  it('info fires a certain hit first, else the most bits per expected miss', () => {
    let uncertain = 0;
    let certain = 0;
    fc.assert(
      fc.property(scenarioArb({ maxSide: 5, maxTuples: 20_000 }), ({ position }) => {
        const cache = new PosteriorCache(position.cells.length);
        const post = cache.get(position);
        const open = [...position.cells.keys()].filter(
          (c) => position.cells[c] === 0 && post.p[c]! > 0,
        );
        fc.pre(open.length > 0);
        const shooter = getStrategy('info').create({
          rules: position.rules,
          random: seededRandom(1),
          posteriors: cache,
        });
        const chosen = shooter.next(position);
        const sure = open.filter((c) => post.p[c]! >= 1 - 1e-12);
        if (sure.length > 0) {
          certain++;
          expect(sure).toContain(chosen);
          return;
        }
        uncertain++;
        const value = (c: number): number =>
          entropy(shotOutcomes(cache, position, post, c)) / (1 - post.p[c]!);
        for (const c of open) expect(value(chosen)).toBeGreaterThanOrEqual(value(c) - 1e-9);
      }),
      { numRuns: 150, seed: 11 },
    );
    expect(certain).toBeGreaterThan(2);
    expect(uncertain).toBeGreaterThan(20);
  });

  it('lookahead over one candidate plays exactly like greedy', () => {
    const rules = small[0]!;
    for (let seed = 0; seed < 3; seed++) {
      const greedy = play(getStrategy('greedy'), rules, seed);
      const one = play(lookaheadStrategy(1), rules, seed);
      expect(one.shots.map((s) => s.cell)).toEqual(greedy.shots.map((s) => s.cell));
    }
  });

  it('the posterior cache answers a repeated position without solving again', () => {
    const cache = new PosteriorCache(36);
    const a = cache.get(position);
    const b = cache.get({ ...position, cells: position.cells.slice() });
    expect(b).toBe(a);
    expect(cache.solves).toBe(1);
    expect(cache.hits).toBe(1);
    expect(positionKey(position)).not.toBe(positionKey({ ...position, sunkReported: false }));
  });
});

describe('shot outcomes (the basis of info and lookahead)', () => {
  it('a lone single-cell ship on a 2x2 board: miss 3/4, sunk 1/4, 0.811 bits', () => {
    const p = emptyPosition({ width: 2, height: 2, fleet: [{ length: 1 }], touch: 'allowed' });
    const cache = new PosteriorCache(4);
    const outcomes = shotOutcomes(cache, p, cache.get(p), 0);
    expect(outcomes.map((o) => [o.kind, o.probability])).toEqual([
      ['miss', 0.75],
      ['sunk', 0.25],
    ]);
    expect(entropy(outcomes)).toBeCloseTo(-(0.75 * Math.log2(0.75) + 0.25 * Math.log2(0.25)), 12);
  });

  it('without sink reports a shot is answered only miss or hit', () => {
    const p = {
      ...emptyPosition({ width: 2, height: 2, fleet: [{ length: 1 }], touch: 'allowed' }),
      sunkReported: false,
    };
    const cache = new PosteriorCache(4);
    const outcomes = shotOutcomes(cache, p, cache.get(p), 0);
    expect(outcomes.map((o) => [o.kind, o.probability])).toEqual([
      ['miss', 0.75],
      ['hit', 0.25],
    ]);
    expect(outcomes[1]!.position.sunk).toEqual([]);
  });

  it('on random positions: probabilities sum to 1, each sunk ship has its brute-force chance', () => {
    fc.assert(
      fc.property(scenarioArb({ maxSide: 5, maxTuples: 20_000 }), ({ position }) => {
        fc.pre(position.sunkReported);
        const cache = new PosteriorCache(position.cells.length);
        const post = cache.get(position);
        const reference = bruteForce(position);
        for (let cell = 0; cell < position.cells.length; cell++) {
          if (position.cells[cell] !== 0) continue;
          const outcomes = shotOutcomes(cache, position, post, cell);
          expect(outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 9);
          for (const o of outcomes.filter((x) => x.kind === 'sunk')) {
            // Layouts of the answer position, over layouts of the position.
            const after = bruteForce(o.position);
            expect(o.probability).toBeCloseTo(after.total / reference.total, 9);
          }
        }
      }),
      { numRuns: 60, seed: 31 },
    );
  });

  it('finds the ships a hit would complete: straight runs of unsunk hits through the cell', () => {
    const p: Position = parsePosition({
      rules: { width: 6, height: 6, fleet: [4, 3, 2], touch: 'allowed' },
      board: ['......', '.xx...', '......', '......', '......', '......'],
    });
    const at = (cell: number): string[] =>
      sinkCandidates(p, cell, [4, 3, 2])
        .map((s) => s.join(','))
        .sort();
    // D2 (cell 9) completes B2-D2, or C2-D2 (B2 then belongs to another ship).
    expect(at(9)).toEqual(['7,8,9', '8,9']);
    expect(at(6)).toEqual(['6,7', '6,7,8']);
    expect(at(13)).toEqual(['7,13']);
    expect(at(20)).toEqual([]);
  });
});
