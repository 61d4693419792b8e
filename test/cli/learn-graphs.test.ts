// `broadside learn` and the state graphs, as users run it: the built bin in child processes, a
// graphs folder of this file's own. The fit runs on a worker thread of the command's pool, so
// its exact solves go through the graph of the games' rules the way the app's do; the output
// says which engine answered, `--no-graphs` refuses the graph, and the grid learned is the same
// either way. The board (8x8, ships 4,3,3,2 that may touch) builds its graph in well under a
// second.

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRules } from '../../src/core/rules-json';
import { GRAPHS_DIR_ENV } from '../../src/main/graphs/graph-store';
import { learnGames } from '../support/learn-games';
import { tempDir } from '../support/library';
import { broadside as run } from '../support/cli';

const tmp = tempDir('broadside-learn-graphs-');
afterAll(() => tmp.remove());

const GRAPHS = tmp.file('graphs');
const GRAPH_FILE = join(GRAPHS, '8x8_allowed_4,3,3,2.graph');
const RULES = parseRules({ width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' });

/** The built command with this file's own graphs folder. */
const broadside = (args: string[]) => run(args, undefined, { [GRAPHS_DIR_ENV]: GRAPHS });

interface Learned {
  grid: number[][];
  logLikelihood: number;
  solverUsed: string;
  graphNote: string;
  solvedBy: Record<string, number>;
}

function learn(file: string, extra: string[] = []): Learned {
  const r = broadside(['learn', file, '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Learned;
}

function gamesFile(name: string, games: unknown): string {
  const file = tmp.file(name);
  writeFileSync(file, JSON.stringify(games));
  return file;
}

/** Whole fleets only: `counts` solves the empty board twice, too few to repay building a graph. */
const SHORT = gamesFile('short.json', learnGames(RULES, 12, { partialEvery: 0 }));
/** A third of the games unfinished: each grid the fit tries solves each of them too. */
const LONG = gamesFile('long.json', learnGames(RULES, 36, { partialEvery: 3, seed: 2 }));

/**
 * Priors are floats: the graph sums the same layouts' weights in another order than the DP, so
 * the last bits of each occupancy may differ (about 1e-12 relative where we looked), and the
 * fit's steps carry that on without amplifying it past its own tolerance. The log-likelihood is
 * compared to 1e-9 relative; the grid as printed (6 significant digits), so a value next to a
 * rounding boundary may differ by one unit of its 6th digit: 1e-5 relative.
 */
function expectSameFit(a: Learned, b: Learned): void {
  expect(Math.abs(a.logLikelihood - b.logLikelihood)).toBeLessThanOrEqual(
    1e-9 * Math.abs(b.logLikelihood),
  );
  expect(a.grid).toHaveLength(b.grid.length);
  a.grid.forEach((row, r) =>
    row.forEach((w, c) => {
      const v = b.grid[r]![c]!;
      expect(Math.abs(w - v), `cell ${r},${c}`).toBeLessThanOrEqual(1e-5 * Math.max(w, v));
    }),
  );
}

// In order: the first runs find no graph file, the long run builds it, the rest find it.
describe.sequential('broadside learn and the state graphs', () => {
  it('counts builds no graph: the DP answers and the output says why', () => {
    const r = learn(SHORT, ['--method', 'counts']);
    expect(r.solverUsed).toBe('dp');
    expect(r.graphNote).toMatch(
      /2 exact solves are too few to repay building one \(5 are enough\)/,
    );
    expect(r.solvedBy['graph']).toBeUndefined();
    expect(r.solvedBy['dp']).toBeGreaterThan(0);
    expect(existsSync(GRAPH_FILE)).toBe(false);
  });

  it('a fit builds the graph (its empty boards repay it) and its solves go through it', () => {
    const r = learn(LONG);
    expect(r.solverUsed).toBe('graph');
    expect(r.graphNote).toMatch(/built for this run/);
    expect(existsSync(GRAPH_FILE)).toBe(true);
    // Every solve the enumeration probe did not finish: none is left to the DP.
    expect(r.solvedBy['graph']).toBeGreaterThan(0);
    expect(r.solvedBy['dp']).toBeUndefined();
  });

  it('uses the graph file that is there, and the DP with --no-graphs: the same fit', () => {
    for (const file of [SHORT, LONG]) {
      const graph = learn(file);
      expect(graph.solverUsed).toBe('graph');
      expect(graph.graphNote).toContain(`the graph file ${GRAPH_FILE} is there`);
      expect(graph.solvedBy['graph']).toBeGreaterThan(0);
      expect(graph.solvedBy['dp']).toBeUndefined();
      const dp = learn(file, ['--no-graphs']);
      expect(dp.solverUsed).toBe('dp');
      expect(dp.graphNote).toBe('DP: refused by --no-graphs');
      expect(dp.solvedBy['graph']).toBeUndefined();
      expect(dp.solvedBy['dp']).toBeGreaterThan(0);
      expectSameFit(graph, dp);
    }
  });

  it('the text output says which engine answered; counts learns through the graph too', () => {
    const text = broadside(['learn', SHORT]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^exact solves: state graph 8x8\/allowed\/4,3,3,2: the graph file .* is there \(\d+ by the graph/m,
    );
    const counts = learn(SHORT, ['--method', 'counts']);
    expect(counts.solverUsed).toBe('graph');
    expect(counts.solvedBy['graph']).toBeGreaterThan(0);
    const refused = broadside(['learn', SHORT, '--no-graphs']);
    expect(refused.stdout).toMatch(/^exact solves: DP: refused by --no-graphs \(\d+ by the DP/m);
  });

  it('--no-graphs given a value gets one line', () => {
    const r = broadside(['learn', SHORT, '--no-graphs=yes']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'broadside: learn: option --no-graphs is a switch and takes no value, got --no-graphs=yes',
    ]);
  });
});
