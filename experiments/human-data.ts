// The "human players" prior: reading the published occupancy table of real games and fitting a
// weight grid whose exact expected occupancy reproduces it. Pure functions (text in, numbers out);
// `npm run experiment -- fit-human` (experiments/fit-human.ts) reads the files and writes
// resources/human-prior.json, which the app reads through core/prior/presets.ts.
//
// Source: cliambrown/battleship-data (MIT licence), battleship_squares.csv: over 59,708 games of
// people against a computer on classic rules, the fraction of games with a person's ship on each
// square. That table is all the model needs: for the weight-product prior the per-cell occupancy
// is the sufficient statistic, so the maximum-likelihood grid for those games is exactly the grid
// whose expected occupancy equals the observed one (unique up to a common factor).

import { InputError } from '../src/core/errors';
import { gridRows } from '../src/core/position';
import { fitOccupancy, type FitOptions, type FitResult } from '../src/core/prior/learn-fit';
import type { HumanPriorFile } from '../src/core/prior/presets';
import { presetRules, type Rules } from '../src/core/rules';

export const HUMAN_SOURCE = {
  name: 'cliambrown/battleship-data',
  url: 'https://github.com/cliambrown/battleship-data',
  licence: 'MIT',
  file: 'battleship_squares.csv',
};

export interface HumanOccupancy {
  /** Games the table summarises. */
  games: number;
  /** Fraction of games with a person's ship on each cell, row-major (10 x 10). */
  occupancy: Float64Array;
}

/** Splits one CSV line with double-quoted fields (quotes doubled inside). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else v += line[i++];
      }
      out.push(v);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}

/** Parses battleship_squares.csv: one row with `games` and the nested `hit_counts` array. */
export function parseHumanSquares(text: string): HumanOccupancy {
  const where = HUMAN_SOURCE.file;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) throw new InputError(where, 'needs a header and one data row');
  const header = csvFields(lines[0]!);
  const row = csvFields(lines[1]!);
  const games = Number(row[header.indexOf('games')]);
  const raw = row[header.indexOf('hit_counts')];
  if (!Number.isInteger(games) || games <= 0 || raw === undefined) {
    throw new InputError(where, 'has no "games" count or no "hit_counts" column');
  }
  let nested: unknown;
  try {
    nested = JSON.parse(raw);
  } catch {
    throw new InputError(`${where} hit_counts`, 'is not a JSON array');
  }
  // 1-based: hit_counts[row][col], rows and columns 1..10, index 0 unused.
  const occupancy = new Float64Array(100);
  for (let r = 1; r <= 10; r++) {
    const line = (nested as unknown[][])[r];
    for (let c = 1; c <= 10; c++) {
      const v = Array.isArray(line) ? line[c] : undefined;
      if (typeof v !== 'number' || !(v > 0 && v < 1)) {
        throw new InputError(`${where} hit_counts[${r}][${c}]`, 'must be a fraction in (0, 1)');
      }
      occupancy[(r - 1) * 10 + (c - 1)] = v;
    }
  }
  return { games, occupancy };
}

/**
 * The occupancy target for the fit: the published fractions, rescaled so they sum to exactly the
 * fleet's 17 cells (the table sums to 17 within 3e-10; a layout always covers 17 cells, so no
 * prior can match a table that does not).
 */
export function humanTarget(
  data: HumanOccupancy,
  rules: Rules = presetRules('classic'),
): Float64Array {
  const cells = rules.fleet.reduce((s, ship) => s + ship.length, 0);
  let sum = 0;
  for (const v of data.occupancy) sum += v;
  return data.occupancy.map((v) => (v * cells) / sum);
}

/** Fits the classic-rules grid whose exact expected occupancy is the people's occupancy. */
export function fitHumanPrior(data: HumanOccupancy, options: FitOptions = {}): FitResult {
  const rules = presetRules('classic');
  const target = humanTarget(data, rules);
  return fitOccupancy(
    { rules, counts: target.map((t) => t * data.games), full: data.games },
    { tolerance: 1e-6, draws: 20_000, seed: 9, ...options, precision: 0 },
  );
}

const round = (v: number, digits: number): number => Number(v.toPrecision(digits));

/** The resources/human-prior.json content for a fit. */
export function humanPriorFile(
  data: HumanOccupancy,
  fit: FitResult,
  fitted: string,
): HumanPriorFile {
  return {
    name: 'human',
    label: 'Human players (classic)',
    rules: { preset: 'classic' },
    grid: gridRows(
      fit.weights.map((w) => round(w, 12)),
      10,
    ),
    provenance: {
      source: `${HUMAN_SOURCE.name}: games people played on an online classic-rules Battleship site`,
      url: HUMAN_SOURCE.url,
      licence: HUMAN_SOURCE.licence,
      file: HUMAN_SOURCE.file,
      games: data.games,
      target: gridRows(
        fit.target.map((v) => round(v, 12)),
        10,
      ),
      fitted,
      method:
        'maximum likelihood for the weight-product prior: Newton steps until the exact expected occupancy (exact DP with weights) equals the observed occupancy',
      residual: {
        maxAbs: round(fit.maxAbsDiff * 100, 3),
        meanAbs: round(fit.meanAbsDiff * 100, 3),
        unit: 'percentage points of occupancy',
      },
      solves: fit.solves,
      seconds: round(fit.ms / 1000, 3),
      logLikelihoodPerGame: {
        uniform: round(fit.initialLogLikelihood / data.games, 8),
        human: round(fit.logLikelihood / data.games, 8),
      },
    },
  };
}

/** The JSON text of the file: one grid row per line, so a diff shows which cells moved. */
export function formatHumanPriorFile(file: HumanPriorFile): string {
  const rows = (grid: number[][], indent: string): string =>
    `[\n${grid.map((r) => `${indent}  ${JSON.stringify(r).replace(/,/g, ', ')}`).join(',\n')}\n${indent}]`;
  const { grid, provenance, ...head } = file;
  const { target, ...rest } = provenance;
  const body = JSON.stringify(
    { ...head, grid: '@GRID', provenance: { ...rest, target: '@TARGET' } },
    null,
    2,
  );
  return (
    body.replace('"@GRID"', rows(grid, '  ')).replace('"@TARGET"', rows(target, '    ')) + '\n'
  );
}
