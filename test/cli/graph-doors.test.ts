// Every command that solves exactly goes through the data folder's state graph, as the app does:
// the built bin in child processes, real graph files in a folder of their own, a real library.
// Each run's output says whether the graph or the DP answered; `--no-graphs` refuses the graph,
// and a simulation plays the same games either way. The board is the fixtures' 8x8 one (ships
// 4,3,3,2 that may not touch): its graph builds in well under a second.

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GRAPHS_DIR_ENV } from '../../src/main/graphs/graph-store';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { broadside as run } from '../support/cli';

const tmp = tempDir('broadside-graph-doors-');
afterAll(() => tmp.remove());

/** This file's own graphs folder: whether the graph file is there is the test's to say. */
const GRAPHS = tmp.file('graphs');
const GRAPH_FILE = join(GRAPHS, '8x8_no-touch_4,3,3,2.graph');

/** The built command with this file's own graphs folder. */
const broadside = (args: string[]) => run(args, undefined, { [GRAPHS_DIR_ENV]: GRAPHS });

function json(args: string[]): Record<string, unknown> {
  const r = broadside([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

const rulesFile = tmp.file('rules.json');
writeFileSync(rulesFile, JSON.stringify(OPEN_8X8_NO_TOUCH.rules));
const positionFile = tmp.file('position.json');
writeFileSync(positionFile, JSON.stringify(OPEN_8X8_NO_TOUCH));

/** Greedy against random: 20 greedy games are just enough exact solves to build the graph. */
const SIMULATE = ['simulate', '--rules', rulesFile, '--strategy', 'greedy,random'];
const LONG_RUN = [...SIMULATE, '--games', '20', '--seed', '11', '--threads', '2'];
/** A run too short to build a graph: it uses the file when it is there. */
const SHORT_RUN = [...SIMULATE, '--games', '8', '--seed', '11', '--threads', '2'];

/** The short run's report through the graph, for the merge of its slices. */
let shortRun: Record<string, unknown> | undefined;

/** What a report says about the games: per strategy, the shots' histogram; the paired counts. */
function games(report: Record<string, unknown>): unknown {
  const strategies = report['strategies'] as Record<string, Record<string, unknown>>;
  return {
    histograms: Object.fromEntries(Object.entries(strategies).map(([k, v]) => [k, v.histogram])),
    paired: report['paired'],
  };
}

// In order: the first runs find no graph file, the simulation builds it, the rest find it.
describe.sequential('the commands and the state graphs', () => {
  it('one solve builds no graph: the DP answers and says why', () => {
    const r = json(['solve', positionFile]);
    expect(r['solver']).toBe('dp');
    expect(r['note']).toContain(`no graph file ${GRAPH_FILE}`);
    expect(existsSync(GRAPH_FILE)).toBe(false);
  });

  it('a short simulation builds no graph; a long one builds it and plays through it', () => {
    const short = json([...SIMULATE, '--games', '2', '--threads', '1']);
    expect(short['solverUsed']).toBe('dp');
    expect(short['graphNote']).toMatch(/too few to repay building one/);
    expect(existsSync(GRAPH_FILE)).toBe(false);

    const long = json(LONG_RUN);
    expect(long['solverUsed']).toBe('graph');
    expect(long['graphNote']).toMatch(/built for this run/);
    expect(existsSync(GRAPH_FILE)).toBe(true);
  });

  it('simulate plays the same games with the graph and with --no-graphs', () => {
    const graph = json(SHORT_RUN);
    expect(graph['solverUsed']).toBe('graph');
    expect(graph['graphNote']).toContain(`the graph file ${GRAPH_FILE} is there`);
    const dp = json([...SHORT_RUN, '--no-graphs']);
    expect(dp['solverUsed']).toBe('dp');
    expect(dp['graphNote']).toBe('DP: refused by --no-graphs');
    expect(games(graph)).toEqual(games(dp));
    // Same games, but not trivially: the exact strategies beat random in every one of them.
    expect((graph['paired'] as { aFewer: number }[])[0]!.aFewer).toBe(8);

    shortRun = graph;

    const text = broadside([...SIMULATE, '--games', '3', '--threads', '1']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('exact solves: state graph 8x8/no-touch/4,3,3,2');
  });

  it('slices played with the graph and without merge into the run (broadside merge)', () => {
    const slice = (first: string, extra: string[]) => {
      const file = tmp.file(`slice-${first}.json`);
      const args = [...SIMULATE, '--games', '4', '--first-game', first, '--seed', '11'];
      writeFileSync(file, JSON.stringify(json([...args, '--threads', '1', ...extra])));
      return file;
    };
    const merged = json(['merge', slice('0', []), slice('4', ['--no-graphs'])]);
    expect(games(merged)).toEqual(games(shortRun!));
  });

  it('solve uses the graph file that is there, and the DP with --no-graphs', () => {
    const graph = json(['solve', positionFile]);
    expect(graph['solver']).toBe('graph');
    expect(graph['note']).toMatch(/^auto chose graph/);
    const dp = json(['solve', positionFile, '--no-graphs']);
    expect(dp['solver']).toBe('dp');
    expect(dp['note']).toMatch(/refused by --no-graphs$/);
    expect(dp['total']).toBe(graph['total']);
  });

  it('batch solves through the graph, and by the DP with --no-graphs', () => {
    const run = (db: string, extra: string[]) => {
      const imported = broadside(['import', positionFile, '--db', db]);
      expect(imported.code, imported.stderr).toBe(0);
      return json(['batch', '--db', db, '--threads', '1', ...extra]);
    };
    expect(run(tmp.file('with.db'), [])).toMatchObject({ solved: 1, graphAnswered: 1 });
    expect(run(tmp.file('without.db'), ['--no-graphs'])).toMatchObject({
      solved: 1,
      graphAnswered: 0,
    });
  });

  it('--no-graphs given a value gets one line', () => {
    for (const args of [
      [...SIMULATE, '--no-graphs=yes'],
      ['solve', positionFile, '--no-graphs=yes'],
      ['batch', '--db', tmp.file('with.db'), '--no-graphs=yes'],
    ]) {
      const r = broadside(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toEqual([
        `broadside: ${args[0]}: option --no-graphs is a switch and takes no value, got --no-graphs=yes`,
      ]);
    }
  });
});
