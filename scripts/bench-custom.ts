// `npm run bench -- custom [12x12]`: house rule sets as the app meets them (build first: the pool
// runs out/main/worker.js). Per rule set, a fresh pool as the app starts it (one solving thread,
// the default memory budget, an empty graphs folder): the time from the first solve to the graph
// answering (its build and load on the graph thread), the graph file's size, then a hunting game
// of clicks (a miss at a seeded cell each, one shot after the one before, as a player clicks)
// answered by `auto` through the graph, beside the same positions answered by the DP: median and
// worst wall ms. A rule set the memory plan refuses says why instead. 12x12 classic (a 0.5 GB
// graph, several GB while it is built) only when asked for.

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { emptyPosition, MISS, positionToJson, type PositionJson } from '../src/core/position';
import { seededRandom, randomInt } from '../src/core/random';
import { parseRules } from '../src/core/rules-json';
import type { RulesJson } from '../src/core/rules-json';
import { runSolveJob } from '../src/main/api/solve';
import { availableMemory } from '../src/main/memory-budget';
import { memoryPlan } from '../src/main/memory-plan';
import { createPool } from '../src/main/pool';

const WORKER = resolve('out/main/worker.js');
const CLICKS = 24;

const CASES: { name: string; rules: RulesJson; onlyAsked?: boolean }[] = [
  {
    name: '10x10 no-touch 4,3,3,2,2',
    rules: { width: 10, height: 10, fleet: [4, 3, 3, 2, 2], touch: 'no-touch' },
  },
  {
    name: '8x8 no-touch 4,3,2,2',
    rules: { width: 8, height: 8, fleet: [4, 3, 2, 2], touch: 'no-touch' },
  },
  {
    name: '12x12 classic',
    rules: { width: 12, height: 12, fleet: [5, 4, 3, 3, 2], touch: 'allowed' },
    onlyAsked: true,
  },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A hunting game: `n` positions, each one seeded miss after the one before. */
function huntingClicks(rules: RulesJson, n: number, seed = 7): PositionJson[] {
  const position = emptyPosition(parseRules(rules));
  const random = seededRandom(seed);
  const out: PositionJson[] = [];
  for (let i = 0; i < n; i++) {
    let cell: number;
    do cell = randomInt(random, position.cells.length);
    while (position.cells[cell] !== 0);
    position.cells[cell] = MISS;
    out.push(positionToJson(position));
  }
  return out;
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

const f0 = (ms: number): string => ms.toFixed(0).padStart(6);

export async function benchCustom(argv: string[]): Promise<void> {
  const asked = argv.filter((a) => /^\d+x\d+$/.test(a));
  const cases = CASES.filter((c) =>
    asked.length ? asked.some((a) => c.name.startsWith(a)) : !c.onlyAsked,
  );
  console.log(
    `custom rule sets: one solving thread, default budget; ${CLICKS} hunting clicks; load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    'rule set                     build s   file MB   graph median / worst ms   dp median / worst ms',
  );
  for (const c of cases) {
    const root = mkdtempSync(join(tmpdir(), 'broadside-bench-custom-'));
    const dir = join(root, 'graphs');
    const plan = memoryPlan({ availableBytes: availableMemory(), threads: 1, graphs: [] });
    const pool = createPool({
      workerFile: WORKER,
      threads: 1,
      graphs: { dir, maxBytes: plan.graphBytes, memoryBytes: plan.memoryMaxBytes },
    });
    try {
      const clicks = huntingClicks(c.rules, CLICKS);
      const rules = parseRules(c.rules);
      const t0 = performance.now();
      await runSolveJob(pool, clicks[0]!, 'auto');
      const graph = await pool.graphs!.ready(rules);
      const buildS = (performance.now() - t0) / 1000;
      if (!graph) {
        console.log(`${c.name.padEnd(28)} not used: ${pool.graphs!.reason(rules)}`);
        continue;
      }
      const files = readdirSync(dir).filter((f) => f.endsWith('.graph'));
      const fileMb = files.reduce((s, f) => s + statSync(join(dir, f)).size, 0) / 2 ** 20;
      // The first click by the graph warms its thread (the app's warm-up does the same).
      await runSolveJob(pool, clicks[0]!, 'auto');
      const byGraph: number[] = [];
      for (const p of clicks.slice(1)) {
        let note = '';
        byGraph.push(
          await timed(async () => (note = (await runSolveJob(pool, p, 'auto')).wire.note ?? '')),
        );
        if (!note.startsWith('auto chose graph')) throw new Error(`not by the graph: ${note}`);
      }
      const byDp: number[] = [];
      for (const p of clicks.slice(1)) byDp.push(await timed(() => runSolveJob(pool, p, 'dp')));
      console.log(
        `${c.name.padEnd(28)} ${buildS.toFixed(1).padStart(7)}   ${fileMb.toFixed(0).padStart(7)}   ${f0(median(byGraph))} / ${f0(Math.max(...byGraph))}          ${f0(median(byDp))} / ${f0(Math.max(...byDp))}`,
      );
    } finally {
      await pool.close();
      rmSync(root, { recursive: true, force: true });
    }
  }
}
