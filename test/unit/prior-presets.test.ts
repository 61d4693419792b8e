// The named priors: the shipped "Human players (classic)" grid (its provenance, where it applies,
// and that it is exactly the fit of the published data, so it cannot silently drift), `edges`
// and `uniform`.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import { emptyPosition } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { fitHumanPrior, humanTarget, parseHumanSquares } from '../../experiments/human-data';
import { exactOccupancy } from '../../src/core/prior/occupancy';
import {
  EDGE_WEIGHT,
  applicablePresets,
  getPriorPreset,
  presetPrior,
  priorPresetNames,
  shippedHumanPrior,
} from '../../src/core/prior/presets';
import { presetRules } from '../../src/core/rules';
import { ROOT } from '../support/paths';

const DATA = resolve(ROOT, 'resources/data/cliambrown-battleship-data/battleship_squares.csv');
const classic = presetRules('classic');

describe('the human prior', () => {
  const file = shippedHumanPrior();

  it('ships a 10x10 grid with its provenance', () => {
    expect(file.label).toBe('Human players (classic)');
    expect(file.grid).toHaveLength(10);
    expect(file.grid.every((row) => row.length === 10 && row.every((w) => w > 0))).toBe(true);
    expect(file.provenance).toMatchObject({
      url: 'https://github.com/cliambrown/battleship-data',
      licence: 'MIT',
      games: 59708,
    });
    expect(file.provenance.source).toMatch(/^cliambrown\/battleship-data/);
    expect(file.provenance.fitted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file.provenance.residual.maxAbs).toBeLessThan(0.5); // percentage points
    const grid = presetPrior('human', classic)!;
    // Geometric mean 1: the gauge that makes the fit unique.
    const meanLog = Array.from(grid, Math.log).reduce((a, b) => a + b, 0) / 100;
    expect(Math.abs(meanLog)).toBeLessThan(1e-9);
    // People favour the border: every corner weighs more than every centre cell.
    for (const corner of [0, 9, 90, 99]) {
      for (const centre of [44, 45, 54, 55]) expect(grid[corner]!).toBeGreaterThan(grid[centre]!);
    }
  });

  it('applies to classic rules only, and says so instead of rescaling', () => {
    const same = parseRules({ width: 10, height: 10, fleet: [2, 3, 3, 4, 5], touch: 'allowed' });
    const human = getPriorPreset('human');
    expect(human.appliesTo(classic)).toBe(true);
    expect(human.appliesTo(same)).toBe(true);
    for (const name of ['russian', 'margin'])
      expect(human.appliesTo(presetRules(name))).toBe(false);
    const small = parseRules({ width: 8, height: 8, fleet: [5, 4, 3, 3, 2], touch: 'allowed' });
    expect(human.notApplicable(small)).toMatch(
      /fitted to games on classic rules \(10x10, ships 5,4,3,3,2, touch allowed\); it does not apply to 8x8, ships 5,4,3,3,2, touch allowed, and Broadside does not rescale it/,
    );
    expect(() => presetPrior('human', presetRules('margin'))).toThrow(InputError);
    expect(() => presetPrior('human', presetRules('margin'))).toThrow(/touch no-touch/);
    expect(applicablePresets(presetRules('russian')).map((p) => p.name)).toEqual([
      'uniform',
      'edges',
    ]);
    expect(applicablePresets(classic).map((p) => p.label)).toContain('Human players (classic)');
  });

  // One exact solve of the empty classic board (seconds): the shipped grid's exact occupancy
  // is the shipped target table.
  it('reproduces the observed occupancy within half a percentage point (exact)', () => {
    const grid = presetPrior('human', classic)!;
    const { occupancy } = exactOccupancy(emptyPosition(classic), grid);
    const target = file.provenance.target.flat();
    let worst = 0;
    occupancy.forEach((m, i) => (worst = Math.max(worst, Math.abs(m - target[i]!))));
    expect(worst).toBeLessThan(1e-5); // 0.001 percentage points; the data's own noise is ~0.15
    expect(worst * 100).toBeLessThanOrEqual(file.provenance.residual.maxAbs * 1.01 + 1e-6);
  });

  // Refitting is exact and unique: the likelihood is strictly concave in the log-weights up to a
  // common factor, so the grid whose exact occupancy equals the data's table, with geometric mean
  // 1, IS the refit. The test above checks the shipped grid against the stored table (one exact
  // solve); this one checks the stored table against the data. Together: refitting from the data
  // gives the shipped grid. With BROADSIDE_FULL_REFIT=1 it also refits from uniform and compares
  // (about a minute; the same as `npm run experiment -- fit-human --check`).
  it('refitting from the data reproduces the shipped grid', () => {
    const data = parseHumanSquares(readFileSync(DATA, 'utf8'));
    expect(data.games).toBe(file.provenance.games);
    const target = humanTarget(data);
    file.provenance.target.flat().forEach((t, i) => expect(t).toBeCloseTo(target[i]!, 11));
    if (process.env['BROADSIDE_FULL_REFIT'] !== '1') return;
    const shipped = file.grid.flat();
    const fit = fitHumanPrior(data);
    expect(fit.converged).toBe(true);
    fit.weights.forEach((w, i) => expect(Math.abs(Math.log(w / shipped[i]!))).toBeLessThan(1e-4));
  });
});

describe('other presets', () => {
  it('uniform has no weights, edges weighs the border ring on any board', () => {
    expect(priorPresetNames()).toEqual(['uniform', 'edges', 'human']);
    expect(presetPrior('uniform', classic)).toBeUndefined();
    const russian = presetRules('russian');
    const edges = presetPrior('edges', russian)!;
    expect(edges[0]).toBe(EDGE_WEIGHT);
    expect(edges[5]).toBe(EDGE_WEIGHT);
    expect(edges[11]).toBe(1);
    expect(edges[99]).toBe(EDGE_WEIGHT);
    expect(() => presetPrior('sneaky', classic)).toThrow(
      /unknown prior preset "sneaky" \(known: uniform, edges, human\)/,
    );
  });
});
