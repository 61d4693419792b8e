// The memory plan in a real `broadside web` child: a small budget (--memory) still answers, or
// says why in one line, and never takes the server down; with the default budget and one
// solving thread, the server holds at most 1.6 GB after all three presets were used. Graph
// files are written into the child's own data folder first, without kept empty-board values
// (the plan says whether they are made; files do not carry them).

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MISS, emptyPosition, positionToJson, type PositionJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { randomInt, seededRandom } from '../../src/core/random';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../src/core/solve/graph/graph';
import { prepareGraph } from '../../src/core/solve/graph/prepare';
import { writeGraphFile } from '../../src/main/graphs/graph-file';
import { flattenPrepared } from '../../src/core/solve/graph/transfer';
import { startWebChild } from '../support/web-child';

type Reply = { ok: boolean; value?: Record<string, unknown>; error?: { message: string } };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment without the suite's shared graph folder: graphs/ beside the library. */
const { BROADSIDE_GRAPHS_DIR: _shared, ...withoutSharedGraphs } = process.env;

/** A data folder (the library's) with the presets' graph files, without kept values. */
function dataFolder(): string {
  const home = mkdtempSync(join(tmpdir(), 'broadside-plan-'));
  dirs.push(home);
  const graphs = join(home, 'graphs');
  mkdirSync(graphs, { recursive: true });
  for (const name of ['classic', 'russian', 'margin']) {
    const rules = presetRules(name);
    const prepared = prepareGraph(rules, 3 * 2 ** 30);
    const key = graphKey(rules);
    const file = join(graphs, `${key.replace(/[^A-Za-z0-9.,-]+/g, '_')}.graph`);
    writeGraphFile(
      file,
      flattenPrepared({ ...prepared, empty: undefined }),
      key,
      GRAPH_ENGINE_VERSION,
    );
  }
  return home;
}

async function startWeb(home: string, args: string[]) {
  const { child, call, stderr } = await startWebChild(
    join(home, 'lib.db'),
    1,
    args,
    withoutSharedGraphs,
  );
  const rssBytes = (): number => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return Number(m![1]) * 1024;
  };
  return { child, call: call as (m: string, p: unknown) => Promise<Reply>, rssBytes, stderr };
}

/** A hunting position of a preset: a few misses at seeded random cells. */
function hunting(name: string, seed: number): PositionJson {
  const p = emptyPosition(presetRules(name));
  const random = seededRandom(seed);
  for (let k = 0; k < 6; k++) p.cells[randomInt(random, p.cells.length)] = MISS;
  return positionToJson(p);
}

/** Solves through the graph once it is loaded (until then the DP answers, and we ask again). */
async function solvedByGraph(
  call: (m: string, p: unknown) => Promise<Reply>,
  name: string,
  seed = 0,
) {
  for (let attempt = 0; ; attempt++) {
    const position = hunting(name, seed + attempt);
    const r = await call('solve', { position, solver: 'auto' });
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    if (String(r.value!['note']).includes('auto chose graph')) return r;
    if (attempt > 60) throw new Error(`${name} was never solved by its graph: ${r.value!['note']}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('the memory plan in a real server', () => {
  const home = dataFolder();

  it('a small budget still answers a Russian position, or says why in one line, and lives on', async () => {
    const web = await startWeb(home, ['--memory', '700']);
    for (const seed of [1, 2]) {
      const r = await web.call('solve', { position: hunting('russian', seed), solver: 'auto' });
      if (r.ok) expect(Number(r.value!['total'])).toBeGreaterThan(0);
      else expect(r.error!.message).not.toContain('\n');
    }
    // The graph that does not fit is not used, and the log says why in one line.
    const margin = await solvedByGraph(web.call, 'margin');
    expect(String(margin.value!['note'])).toMatch(/WebAssembly kernel/);
    expect(web.child.exitCode).toBeNull();
    expect((await web.call('info', {})).ok).toBe(true);
    const refusals = web
      .stderr()
      .split('\n')
      .filter((l) => l.includes('is not used'));
    for (const line of refusals) expect(line).toMatch(/memory budget of 700 MB/);
  }, 600_000);

  it('one solving thread, default budget: at most 1.6 GB after the three presets', async () => {
    const web = await startWeb(home, []);
    for (const [name, seed] of [
      ['classic', 0],
      ['russian', 0],
      ['margin', 0],
      ['classic', 1000],
    ] as const) {
      const r = await solvedByGraph(web.call, name, seed);
      expect(String(r.value!['note'])).toMatch(/WebAssembly kernel/);
    }
    expect(web.rssBytes()).toBeLessThanOrEqual(1.6e9);
  }, 600_000);
});
