// Learning layout priors on small boards, where every exact solve takes milliseconds: the exact
// likelihood against brute force, the fit's convergence (expected occupancy = target), held-out
// likelihood against uniform and counts on a synthetic opponent with a known habit, few-games
// regularisation, symmetric pooling, and the errors a user can hit.

import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import { replay, type GameLog } from '../../src/core/game-log';
import { emptyPosition } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { countsGrid } from '../../src/core/prior/learn-counts';
import { fitOccupancy } from '../../src/core/prior/learn-fit';
import { learnPrior, parseGames } from '../../src/core/prior/learn';
import {
  exactOccupancy,
  gameLogLikelihood,
  layoutLogWeight,
  logGrid,
  priorOccupancy,
} from '../../src/core/prior/occupancy';
import { boardSymmetries, poolOverSymmetries, symmetryOrbits } from '../../src/core/symmetry';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { learnJob } from '../../src/main/jobs/learn-job';
import { gameLogToJson } from '../../src/core/game-log';
import { bruteForce } from '../support/brute-force';
import {
  cornerLoverLayout,
  edgeHuggerLayout,
  playedGame,
  revealedGame,
} from '../../experiments/opponents';

const small = parseRules({ width: 5, height: 5, fleet: [3, 2, 2], touch: 'allowed' });
const six = parseRules({ width: 6, height: 6, fleet: [3, 3, 2], touch: 'allowed' });

function randomGrid(cells: number, seed: number, spread = 1.5): Float64Array {
  const random = seededRandom(seed);
  return new Float64Array(cells).map(() => Math.exp((random() - 0.5) * spread));
}

/** Mean held-out log-likelihood per layout under a grid (undefined = uniform). */
function heldOut(rules: Rules, grid: Float64Array | undefined, layouts: number[][][]): number {
  const { logZ } = priorOccupancy(rules, grid);
  const lg = logGrid(grid, rules.width * rules.height);
  return layouts.reduce((s, l) => s + layoutLogWeight(l, lg) - logZ, 0) / layouts.length;
}

/** Training games from the edge hugger: a quarter unfinished (3..10 shots). */
function trainingGames(rules: Rules, n: number, seed: number): GameLog[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const layout = edgeHuggerLayout(rules, random);
    return random() < 0.25
      ? playedGame(rules, layout, random, 3 + Math.floor(random() * 8))
      : revealedGame(rules, layout);
  });
}

describe('symmetry', () => {
  it('has 8 symmetries on a square board and 4 on a rectangle, each a permutation', () => {
    expect(boardSymmetries(10, 10)).toHaveLength(8);
    expect(boardSymmetries(6, 4)).toHaveLength(4);
    for (const perm of [...boardSymmetries(5, 5), ...boardSymmetries(6, 4)]) {
      expect(new Set(perm).size).toBe(perm.length);
    }
    // 10x10: orbits of the square's symmetry group: 15 (corners, edges, diagonals, ...).
    expect(new Set(symmetryOrbits(10, 10)).size).toBe(15);
    expect(new Set(symmetryOrbits(6, 4)).size).toBe(6);
  });

  it('pools values into orbit means that every symmetry leaves unchanged', () => {
    const values = randomGrid(30, 3);
    const pooled = poolOverSymmetries(values, 6, 5);
    for (const perm of boardSymmetries(6, 5)) {
      for (let i = 0; i < 30; i++) expect(pooled[perm[i]!]).toBeCloseTo(pooled[i]!, 12);
    }
    const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((s, v) => s + v, 0);
    expect(sum(pooled)).toBeCloseTo(sum(values), 10);
  });
});

describe('exact quantities under a prior', () => {
  it('occupancy, log Z and a partial game likelihood equal brute force', () => {
    const grid = randomGrid(25, 5);
    const empty = emptyPosition(small);
    const occ = exactOccupancy(empty, grid);
    const brute = bruteForce({ ...empty, prior: grid });
    expect(occ.logZ).toBeCloseTo(Math.log(brute.total), 10);
    for (let i = 0; i < 25; i++)
      expect(occ.occupancy[i]).toBeCloseTo(brute.cells[i]! / brute.total, 12);
    // A game stopped after 6 shots: likelihood = Z(marks) / Z(empty).
    const random = seededRandom(8);
    const layout = edgeHuggerLayout(small, random);
    const game = playedGame(small, layout, random, 6);
    const bruteMarks = bruteForce({ ...replay(game), prior: grid });
    const ll = gameLogLikelihood(game, grid, occ.logZ);
    expect(ll.full).toBe(false);
    expect(ll.logLikelihood).toBeCloseTo(Math.log(bruteMarks.total / brute.total), 10);
    // A revealed layout: its weight over Z.
    const full = gameLogLikelihood(revealedGame(small, layout), grid, occ.logZ);
    const weight = layout.flat().reduce((w, c) => w * grid[c]!, 1);
    expect(full.logLikelihood).toBeCloseTo(Math.log(weight / brute.total), 10);
  });
});

describe('fit', () => {
  it('converges: the exact expected occupancy matches the target and recovers the true grid', () => {
    const truth = randomGrid(36, 11);
    const target = priorOccupancy(six, truth).occupancy;
    const fit = fitOccupancy(
      { rules: six, counts: target.map((t) => t * 500), full: 500 },
      { tolerance: 1e-9 },
    );
    expect(fit.converged).toBe(true);
    expect(fit.maxAbsDiff).toBeLessThan(1e-9);
    expect(fit.solves).toBeLessThan(25);
    // Unique up to a common factor: compare centred log-weights.
    const lt = Array.from(truth, Math.log);
    const mean = lt.reduce((a, b) => a + b, 0) / lt.length;
    lt.forEach((v, i) => expect(fit.logWeights[i]).toBeCloseTo(v - mean, 6));
    // Independent check of the claim with a fresh solve.
    const check = priorOccupancy(six, fit.weights).occupancy;
    check.forEach((m, i) => expect(Math.abs(m - target[i]!)).toBeLessThan(1e-9));
  });

  it('with partial games stops where the exact gradient (posterior - prior occupancy) vanishes', () => {
    const games = trainingGames(six, 30, 21);
    const precision = 2;
    const prior = learnPrior(games, { method: 'fit', precision, tolerance: 1e-7 });
    expect(prior.converged).toBe(true);
    expect(prior.partialGames).toBeGreaterThan(0);
    const theta = Array.from(prior.grid, Math.log);
    const m = priorOccupancy(six, prior.grid).occupancy;
    const g = theta.map((t, i) => -precision * t - games.length * m[i]!);
    for (const game of games) {
      const post = exactOccupancy(replay(game), prior.grid).occupancy;
      const seen = game.layout ? new Set(game.layout.flat()) : undefined;
      for (let i = 0; i < 36; i++) g[i]! += seen ? (seen.has(i) ? 1 : 0) : post[i]!;
    }
    for (const v of g) expect(Math.abs(v) / games.length).toBeLessThan(1e-6);
    // And it is a maximum: the training likelihood beats uniform.
    expect(prior.logLikelihood).toBeGreaterThan(prior.uniformLogLikelihood);
  });

  it('beats uniform and counts on held-out games of an edge-hugging opponent', () => {
    const test = (() => {
      const random = seededRandom(99);
      return Array.from({ length: 1500 }, () => edgeHuggerLayout(six, random));
    })();
    const uniform = heldOut(six, undefined, test);
    for (const seed of [31, 32, 33]) {
      const games = trainingGames(six, 100, seed);
      const fit = heldOut(six, learnPrior(games, { method: 'fit' }).grid, test);
      const counts = heldOut(six, learnPrior(games, { method: 'counts' }).grid, test);
      expect(fit).toBeGreaterThan(uniform + 0.5);
      expect(fit).toBeGreaterThan(counts);
      expect(counts).toBeGreaterThan(uniform);
    }
  });

  it('with 5 games does no worse than uniform on held-out games', () => {
    const random = seededRandom(77);
    // A weak habit (each ship on the border with probability 0.4) is where overfitting shows.
    const test = Array.from({ length: 1500 }, () => edgeHuggerLayout(six, random, 0.4));
    const uniform = heldOut(six, undefined, test);
    for (let seed = 0; seed < 6; seed++) {
      const r = seededRandom(500 + seed);
      const games = Array.from({ length: 5 }, () =>
        revealedGame(six, edgeHuggerLayout(six, r, 0.4)),
      );
      const fit = learnPrior(games, { method: 'fit' });
      expect(heldOut(six, fit.grid, test)).toBeGreaterThan(uniform - 0.02);
      // Regularised: no weight strays far from 1 on 5 games.
      for (const w of fit.grid) expect(Math.abs(Math.log(w))).toBeLessThan(1);
    }
  });

  it('symmetric pooling ties mirror cells and helps with few games', () => {
    const games = trainingGames(six, 20, 41);
    const sym = learnPrior(games, { method: 'fit', symmetric: true });
    for (const perm of boardSymmetries(6, 6)) {
      for (let i = 0; i < 36; i++) expect(sym.grid[perm[i]!]).toBeCloseTo(sym.grid[i]!, 8);
    }
    const random = seededRandom(123);
    const test = Array.from({ length: 1500 }, () => edgeHuggerLayout(six, random));
    const plain = learnPrior(games, { method: 'fit' });
    expect(heldOut(six, sym.grid, test)).toBeGreaterThan(heldOut(six, plain.grid, test));
  });

  it('learns a one-sided habit that pooling mirror cells would wash out', () => {
    const random = seededRandom(61);
    const games = Array.from({ length: 40 }, () =>
      revealedGame(six, cornerLoverLayout(six, random)),
    );
    const test = Array.from({ length: 1500 }, () => cornerLoverLayout(six, random));
    const fit = learnPrior(games, { method: 'fit' });
    const pooled = learnPrior(games, { method: 'fit', symmetric: true });
    const uniform = heldOut(six, undefined, test);
    expect(heldOut(six, fit.grid, test)).toBeGreaterThan(uniform + 0.5);
    expect(heldOut(six, fit.grid, test)).toBeGreaterThan(heldOut(six, pooled.grid, test) + 0.5);
    // The top-left cell weighs more than its mirror image at the bottom right.
    expect(fit.grid[0]!).toBeGreaterThan(2 * fit.grid[35]!);
  });
});

describe('counts', () => {
  it('is the smoothed ratio of observed to uniform occupancy', () => {
    const u = priorOccupancy(small).occupancy;
    expect(Array.from(countsGrid([], u, 5, 5))).toEqual(new Array(25).fill(1));
    const layout = [
      [0, 1, 2],
      [5, 10],
      [20, 21],
    ];
    const grid = countsGrid([layout], u, 5, 5, { pseudoGames: 1 });
    // Before normalising: (c + u) / 2 / u; ratios between cells survive normalising.
    const raw = (i: number, c: number): number => (c + u[i]!) / 2 / u[i]!;
    expect(grid[0]! / grid[24]!).toBeCloseTo(raw(0, 1) / raw(24, 0), 12);
    const product = Array.from(grid).reduce((p, w) => p * w, 1);
    expect(product).toBeCloseTo(1, 10);
  });
});

describe('learnPrior input', () => {
  it('skips logs of their shots at us and refuses mixed rules or no usable game', () => {
    const random = seededRandom(3);
    const layout = edgeHuggerLayout(six, random);
    const theirs = playedGame(six, layout, random, 10, 'opponent');
    const ours = revealedGame(six, layout);
    const prior = learnPrior([theirs, ours], { method: 'counts' });
    expect(prior).toMatchObject({ games: 1, fullGames: 1, skipped: 1 });
    expect(() => learnPrior([theirs])).toThrow(InputError);
    expect(() => learnPrior([theirs])).toThrow(/none reveals where the opponent placed ships/);
    const other = revealedGame(small, edgeHuggerLayout(small, random));
    expect(() => learnPrior([ours, other])).toThrow(/game 2: is played under other rules/);
  });

  it('parses game logs from an array, {"games": [...]} or one log, naming the bad game', () => {
    const random = seededRandom(4);
    const json = gameLogToJson(playedGame(six, edgeHuggerLayout(six, random), random, 8));
    expect(parseGames([json, json])).toHaveLength(2);
    expect(parseGames({ games: [json] })).toHaveLength(1);
    expect(parseGames(json)).toHaveLength(1);
    expect(() => parseGames([json, { ...json, shots: 'x' }])).toThrow(/game 2\.shots/);
  });

  it('the learn job returns plain JSON for the priors table', () => {
    const games = trainingGames(six, 12, 5).map((g) => gameLogToJson(g));
    const progress: number[] = [];
    const r = learnJob(
      { opponent: 'Ann', games, options: { method: 'fit', symmetric: true } },
      { progress: (f) => progress.push(f) },
    );
    expect(r).toMatchObject({ opponent: 'Ann', method: 'fit', symmetric: true, games: 12 });
    expect(r.rules).toEqual({ width: 6, height: 6, fleet: [3, 3, 2], touch: 'allowed' });
    expect(r.grid).toHaveLength(6);
    expect(r.grid.every((row) => row.length === 6 && row.every((w) => w > 0))).toBe(true);
    expect(r.logLikelihood).toBeGreaterThan(r.uniformLogLikelihood);
    expect(progress.at(-1)).toBe(1);
    expect(() =>
      learnJob({ games, options: { method: 'magic' as 'fit' } }, { progress: () => {} }),
    ).toThrow(/options\.method/);
  });
});
