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
  countsFromShots,
  cumulative,
  describeRun,
  quantile,
  readSimulation,
  statsFromCounts,
} from '../../src/renderer/src/model/sim-stats';
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
  const counts = countsFromShots([40, 42, 42, 50, 61]);

  it('summarises shots to finish', () => {
    const s = statsFromCounts('pdf', counts);
    expect(s).toMatchObject({ games: 5, min: 40, max: 61, median: 42, p90: 61 });
    expect(s.mean).toBeCloseTo(47);
    expect(quantile(counts, 0.4)).toBe(42);
    expect(cumulative(counts, 50).at(-1)).toBeCloseTo(0.8);
    expect(binCounts(counts, 10, 40, 61)).toEqual([
      { start: 40, games: 3 },
      { start: 50, games: 1 },
      { start: 60, games: 1 },
    ]);
  });

  it('reads the report form (histograms keyed by strategy) and the chunk form (shot lists)', () => {
    const report = readSimulation({
      strategies: {
        'hunt-target': { histogram: { '60': 1, '70': 1 }, ci95: [55, 75], msPerGame: 2, games: 2 },
      },
    });
    expect(report[0]).toMatchObject({
      name: 'hunt-target',
      games: 2,
      mean: 65,
      ms: 4,
      ci95: [55, 75],
    });
    const chunk = readSimulation({
      from: 0,
      to: 2,
      games: [{ strategy: 'pdf', shots: [40, 44], ms: [1, 2] }],
    });
    expect(chunk[0]).toMatchObject({ name: 'pdf', games: 2, mean: 42, ms: 3 });
    expect(() => readSimulation({ nothing: 1 })).toThrow(/no strategy/);
  });
});

describe('learned priors', () => {
  it('accepts the grid as rows or flat and names the method', () => {
    const flat = readLearned({
      rules: { width: 2, height: 2, fleet: [2], touch: 'allowed' },
      grid: [1, 2, 3, 4],
      games: 4,
      method: 'fit',
      symmetric: true,
      logLikelihood: -10,
      uniformLogLikelihood: -12,
    });
    expect(flat.grid).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(flat.source).toBe('learned (fit, symmetric)');
    expect(flat.gainPerGame).toBeCloseTo(0.5);
    expect(() => readLearned(null)).toThrow();
  });
});

describe('describeRun', () => {
  it('says the games, rules, where the fleets came from and what the shots were told', () => {
    const base = { games: 10000, rules: { preset: 'classic' }, prior: false };
    expect(describeRun(base)).toBe(
      '10,000 games per strategy, classic rules, every legal fleet equally likely, answers: miss, hit or sunk',
    );
    expect(
      describeRun({
        ...base,
        rules: { width: 8, height: 6 },
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
