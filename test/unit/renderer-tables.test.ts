import { describe, expect, it } from 'vitest';
import {
  csvField,
  decimalValue,
  sortRows,
  toCsv,
  type Column,
} from '../../src/renderer/src/model/table';
import {
  binCounts,
  countsFromHistogram,
  cumulative,
  describeRun,
  readSimulation,
} from '../../src/renderer/src/model/sim-stats';
import { presetRules } from '../../src/core/rules';
import { buildReport } from '../../src/core/simulate/report';
import type { LearnedPrior, SimulationReport } from '../../src/shared/api';
import {
  cellPercent,
  formatCount,
  formatPercent,
  formatTick,
  groupDigits,
} from '../../src/renderer/src/model/heat';
import { parseTags } from '../../src/renderer/src/model/tags';
import { readLearned } from '../../src/renderer/src/model/learned';

interface Row {
  name: string;
  layouts: string | null;
}
const name: Column<Row> = { key: 'name', label: 'Name', value: (r) => r.name };
const layouts: Column<Row> = {
  key: 'layouts',
  label: 'Layouts',
  value: (r) => decimalValue(r.layouts),
  text: (r) => r.layouts ?? '',
};
const rows: Row[] = [
  { name: 'b, "two"', layouts: '15046987768' },
  { name: 'a10', layouts: null },
  { name: 'a9', layouts: '7' },
];

describe('results tables', () => {
  it('sorts numbers as numbers and names naturally, empty values last both ways', () => {
    expect(sortRows(rows, layouts, 'asc').map((r) => r.name)).toEqual(['a9', 'b, "two"', 'a10']);
    expect(sortRows(rows, layouts, 'desc').map((r) => r.name)).toEqual(['b, "two"', 'a9', 'a10']);
    expect(sortRows(rows, name, 'asc').map((r) => r.name)).toEqual(['a9', 'a10', 'b, "two"']);
  });

  it('writes RFC 4180 CSV', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(rows.slice(0, 2), [name, layouts])).toBe(
      'Name,Layouts\r\n"b, ""two""",15046987768\r\na10,\r\n',
    );
  });
});

describe('number formats', () => {
  it('formats probabilities, ticks and counts', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.21364)).toBe('21.36%');
    expect(formatPercent(0.00001)).toBe('<0.01%');
    expect(cellPercent(0.004)).toBe('<1');
    expect(cellPercent(0.995)).toBe('>99');
    expect(cellPercent(0.5)).toBe('50');
    expect(formatTick(0.1)).toBe('10%');
    expect(formatTick(0.025)).toBe('2.5%');
    expect(groupDigits('15046987768')).toBe('15,046,987,768');
    expect(formatCount('1855545978831780')).toBe('1.85 × 10^15');
    expect(formatCount('294')).toBe('294');
  });

  it('reads tags typed on one line', () => {
    expect(parseTags(' e2e, opening ,,e2e ')).toEqual(['e2e', 'opening']);
  });
});

describe('simulation statistics', () => {
  // The report the simulate method answers, built by the simulator's own report code.
  const report: SimulationReport = buildReport({ rules: presetRules('classic'), seed: 1 }, [
    { strategy: 'pdf', shots: [40, 42, 42, 50, 61], ms: [1, 1, 2, 2, 4] },
    { strategy: 'random', shots: [90, 95, 99, 100, 97], ms: [0, 0, 1, 0, 0] },
  ]);

  it('reads each strategy figures from the report, not a second computation', () => {
    const [pdf, random] = readSimulation(report);
    expect(pdf).toMatchObject({ name: 'pdf', games: 5, min: 40, max: 61, median: 42, p90: 61 });
    expect(pdf!.mean).toBeCloseTo(47);
    expect(pdf!.ms).toBeCloseTo(10);
    expect(pdf!.ci95).toEqual(report.strategies['pdf']!.ci95);
    expect(random).toMatchObject({ name: 'random', games: 5, median: 97 });
  });

  it('turns the histogram into counts for the charts', () => {
    const counts = countsFromHistogram(report.strategies['pdf']!.histogram);
    expect(counts).toHaveLength(62);
    expect(counts[42]).toBe(2);
    expect(cumulative(counts, 50).at(-1)).toBeCloseTo(0.8);
    expect(binCounts(counts, 10, 40, 61)).toEqual([
      { start: 40, games: 3 },
      { start: 50, games: 1 },
      { start: 60, games: 1 },
    ]);
  });
});

describe('learned priors', () => {
  it('stores the learned grid under a learned source naming the method', () => {
    const learned: LearnedPrior = {
      opponent: 'Ann',
      method: 'fit',
      symmetric: true,
      rules: { width: 2, height: 2, fleet: [2], touch: 'allowed' },
      games: 4,
      fullGames: 4,
      partialGames: 0,
      skipped: 0,
      grid: [
        [1, 2],
        [3, 4],
      ],
      logLikelihood: -10,
      uniformLogLikelihood: -12,
      solves: 8,
      ms: 5,
    };
    const stored = readLearned(learned);
    expect(stored.grid).toEqual(learned.grid);
    expect(stored.source).toBe('learned (fit, symmetric)');
    expect(stored.gainPerGame).toBeCloseTo(0.5);
    expect(readLearned({ ...learned, games: 0 }).gainPerGame).toBeNull();
  });
});

describe('describeRun', () => {
  it('says the games, rules, where the fleets came from and what the shots were told', () => {
    const base = {
      games: 10000,
      rules: { preset: 'classic' },
      prior: false,
      shooterPrior: false,
      answers: 'sunk',
      fleets: 'uniform',
    } as const;
    expect(describeRun(base)).toBe(
      '10,000 games per strategy, classic rules, every legal fleet equally likely, answers: miss, hit or sunk',
    );
    expect(
      describeRun({
        ...base,
        rules: { width: 8, height: 6, fleet: [3, 2], touch: 'allowed' },
        fleets: 'sequential',
        answers: 'hit-miss',
      }),
    ).toBe(
      '10,000 games per strategy, 8x6 rules, fleets placed ship by ship, answers: miss or hit only',
    );
    expect(describeRun({ ...base, prior: true, fleets: 'sequential' })).toMatch(
      /fleets drawn from the prior, placed ship by ship,/,
    );
    expect(describeRun({ ...base, shooterPrior: true })).toBe(
      '10,000 games per strategy, classic rules, every legal fleet equally likely, shooters told their own prior, answers: miss, hit or sunk',
    );
  });
});
