// The kept solved positions through `broadside simulate` (the built bin in child processes, a
// graphs folder of this file's own): a run adds the positions its graph solved to the folder's
// solved-positions.sqlite; the next run answers them from it and plays the same games;
// `--no-kept-positions` neither reads nor adds; a damaged file costs one line on stderr, not the
// run. The board is the fixtures' 8x8 one (ships 4,3,3,2 that may not touch).

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { GRAPHS_DIR_ENV } from '../../src/main/graphs/graph-store';
import { SOLVED_POSITIONS_FILE } from '../../src/main/store/solved-positions';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { broadside as run } from '../support/cli';

const tmp = tempDir('broadside-kept-positions-');
afterAll(() => tmp.remove());

const GRAPHS = tmp.file('graphs');
const KEPT = join(GRAPHS, SOLVED_POSITIONS_FILE);

/** The built command with this file's own graphs folder. */
const broadside = (args: string[]) => run(args, undefined, { [GRAPHS_DIR_ENV]: GRAPHS });

const rulesFile = tmp.file('rules.json');
writeFileSync(rulesFile, JSON.stringify(OPEN_8X8_NO_TOUCH.rules));
/** Long enough to build the graph (20 greedy games), on one thread: one cache, one order. */
const RUN = ['simulate', '--rules', rulesFile, '--strategy', 'greedy', '--games', '20'];
const ONE_THREAD = ['--seed', '3', '--threads', '1', '--json'];

interface Report {
  strategies: Record<string, { histogram: unknown; mean: number }>;
  solverUsed: string;
  keptPositions?: { read: number; written: number };
}

function simulate(extra: string[] = []): Report {
  const r = broadside([...RUN, ...ONE_THREAD, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Report;
}

const games = (r: Report) => r.strategies['greedy']!.histogram;

/** Rows of the kept file, read as another process would. */
function rows(): number {
  const db = new Database(KEPT, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM solved').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe.sequential('simulate and the kept solved positions', () => {
  let first: Report;

  it('a run keeps the positions its graph solved; the next answers them and plays the same games', () => {
    first = simulate();
    expect(first.solverUsed).toBe('graph');
    expect(existsSync(KEPT)).toBe(true);
    expect(first.keptPositions!.read).toBe(0);
    expect(first.keptPositions!.written).toBeGreaterThan(0);
    const again = simulate();
    expect(games(again)).toEqual(games(first));
    // One thread meets each position once: every one the first run kept is read back.
    expect(again.keptPositions).toEqual({ read: first.keptPositions!.written, written: 0 });
    const text = broadside([...RUN, '--seed', '3', '--threads', '1']);
    expect(text.stdout).toContain(
      `kept solved positions: ${first.keptPositions!.written} answered from them, 0 added`,
    );
  });

  it('--no-kept-positions neither reads nor adds, and plays the same games', () => {
    const without = simulate(['--no-kept-positions']);
    expect(without.keptPositions).toBeUndefined();
    expect(games(without)).toEqual(games(first));
    const before = rows();
    const other = simulate(['--no-kept-positions', '--seed', '4']);
    expect(other.keptPositions).toBeUndefined();
    expect(rows()).toBe(before);
    // Other fleets meet the positions every run shares first: read from the file.
    const otherKept = simulate(['--seed', '4']);
    expect(otherKept.keptPositions!.read).toBeGreaterThan(0);
    expect(games(otherKept)).toEqual(games(other));
    expect(rows()).toBe(before + otherKept.keptPositions!.written);
  });

  it('info names the kept file and its size beside the graphs', () => {
    const r = broadside(['info', '--db', tmp.file('library.db')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /kept solved positions [\d.]+ (KB|MB) \(outside the limit; at most 50,000 positions\)/,
    );
  });

  it('a damaged file: one line on stderr, the same games, nothing kept', () => {
    writeFileSync(KEPT, 'not a database '.repeat(500));
    const r = broadside([...RUN, ...ONE_THREAD]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(games(report)).toEqual(games(first));
    expect(report.keptPositions).toEqual({ read: 0, written: 0 });
    const lines = r.stderr.split('\n').filter((l) => l.includes('kept solved positions'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot be used: .+; solving without them$/);
  });
});
