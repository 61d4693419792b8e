// House rules as first-class rule sets, on real pools, real graph files and real threads: a rule
// set's graph is built in the background at its first solve, the `auto` reply says it is being
// prepared (with how far), then the graph answers exactly as the DP does; the file is kept for the
// next start (read, not built again); the graphs folder keeps within its size limit by removing
// the least recently used file first (its last load, not its writing, counts), never a file in
// use; and a graph the memory plan would not admit is never finished nor written.

import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MISS, parsePosition, positionToJson, type PositionJson } from '../../src/core/position';
import { solveDp } from '../../src/core/solve/dp/dp';
import { buildGraph } from '../../src/core/solve/graph/build';
import { graphKey } from '../../src/core/solve/graph/graph';
import { resultToWire } from '../../src/core/solve/result';
import { createApi } from '../../src/main/api';
import { runSolveJob } from '../../src/main/api/solve';
import { solveCacheKey } from '../../src/main/api/solve-cache';
import { evictGraphFiles } from '../../src/main/graphs/graph-cache';
import { graphFileName } from '../../src/main/graphs/graph-store';
import { PROCESS_BYTES, scratchBytes } from '../../src/main/memory-plan';
import type { PoolGraphOptions } from '../../src/main/graphs/graph-lane';
import { createPool } from '../../src/main/pool';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { BUILT_WORKER, GATED_WORKER } from '../support/paths';
import { collectErrorLog } from '../support/logged';

const tmp = tempDir();
afterAll(() => tmp.remove());

const MIB = 2 ** 20;

/** A position on house rules: 7x7 (two misses), or 8x8 (the fixture's four misses). */
function housePosition(fleet: number[], size = 7, touch = 'no-touch'): PositionJson {
  const board =
    size === 8
      ? OPEN_8X8_NO_TOUCH.board
      : ['o......', '.......', '.......', '...o...', '.......', '.......', '.......'];
  return { rules: { width: size, height: size, fleet, touch }, board, sunk: [] } as PositionJson;
}

/** 8x8, fleet 4,3,2,2, ships may not touch: too many layouts to enumerate, so `auto` needs the graph or the DP. */
const house = housePosition([4, 3, 2, 2], 8);
const houseRules = parsePosition(house).rules;
const fileOf = (dir: string, p: PositionJson) =>
  join(dir, graphFileName(graphKey(parsePosition(p).rules)));

/**
 * A one-thread pool whose graph lane's thread is held in its start until `open`: its solving
 * thread is started first (with the gate open), so an answer given before `open` is always
 * given while the graph is being prepared, however fast its build would be.
 */
async function poolWithHeldLane(graphs: PoolGraphOptions) {
  const gate = join(tmp.path, `lane-gate-${Math.random().toString(36).slice(2)}`);
  writeFileSync(gate, '');
  process.env['BROADSIDE_TEST_START_GATE'] = gate;
  const pool = createPool({ workerFile: GATED_WORKER, threads: 1, graphs });
  pool.start();
  const tiny = housePosition([2], 7, 'allowed');
  expect((await runSolveJob(pool, parsePosition(tiny), 'dp')).wire.solver).toBe('dp');
  rmSync(gate);
  const open = (): void => {
    delete process.env['BROADSIDE_TEST_START_GATE'];
    writeFileSync(gate, '');
  };
  return { pool, open };
}

describe('a house rule set', () => {
  const dir = join(tmp.path, 'house');
  const graphs: PoolGraphOptions = { dir, maxBytes: 256 * MIB };

  it('is built at first use, said to be preparing meanwhile, then answers exactly', async () => {
    const { pool, open } = await poolWithHeldLane(graphs);
    try {
      const first = await runSolveJob(pool, parsePosition(house), 'auto');
      open();
      expect(first.wire.note).toMatch(/^auto chose dp/);
      // The reply says the exact engine for these rules is on its way, and how far.
      expect(first.wire.graph?.state).toBe('preparing');
      expect(first.wire.graph!.fraction).toBeGreaterThanOrEqual(0);
      expect(first.wire.graph!.fraction).toBeLessThanOrEqual(1);
      expect(first.wire.graph!.key).toBe(graphKey(houseRules));
      expect(pool.graphs!.state(houseRules)?.state).toBe('preparing');

      // The store keeps the build's latest fraction: it only grows, up to the whole.
      const seen: number[] = [];
      const watch = setInterval(() => {
        const s = pool.graphs!.state(houseRules);
        if (s?.state === 'preparing') seen.push(s.fraction);
      }, 5);
      const graph = await pool.graphs!.ready(houseRules);
      clearInterval(watch);
      expect(graph).toBeDefined();
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(pool.graphs!.state(houseRules)).toEqual({ state: 'ready' });
      expect(existsSync(fileOf(dir, house))).toBe(true);

      const next = parsePosition(house);
      next.cells[next.cells.indexOf(0)] = MISS;
      const byGraph = await runSolveJob(pool, next, 'auto');
      expect(byGraph.wire.note).toMatch(/^auto chose graph/);
      expect(byGraph.wire.graph).toBeUndefined();
      const reference = resultToWire(solveDp(next));
      expect(byGraph.wire.total).toBe(reference.total);
      expect(byGraph.wire.cellCounts).toEqual(reference.cellCounts);
    } finally {
      open();
      await pool.close();
    }
  });

  it('is warmed once ready: the next click is one pass from the position solved last', async () => {
    const warmDir = join(tmp.path, 'warm');
    const dbPath = join(tmp.path, 'warm.db');
    const { pool, open } = await poolWithHeldLane({ dir: warmDir, maxBytes: 256 * MIB });
    const db = openDatabase(dbPath);
    const api = createApi({ db, dbPath, pool });
    try {
      const solved = async (position: PositionJson) => {
        const reply = await api.call('solve', { position, solver: 'auto' });
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.value;
      };
      const first = await solved(house);
      open();
      expect(first.note).toMatch(/^auto chose dp/);
      expect(first.graph?.state).toBe('preparing');
      expect(await pool.graphs!.ready(houseRules)).toBeDefined();
      // The position on screen is being solved again through the graph, in the background.
      const key = solveCacheKey(parsePosition(house), 'auto');
      const warming = api.context.presolver.adopt(key);
      expect(warming).toBeDefined();
      const warmed = await warming!;
      expect(warmed.note).toMatch(/^auto chose graph/);
      expect(warmed.total).toBe(first.total);
      const next = parsePosition(house);
      next.cells[next.cells.indexOf(0)] = MISS;
      const click = await solved(positionToJson(next));
      expect(click.note).toMatch(
        /^auto chose graph.*from the position solved before \(\d+ layer passes/,
      );
      expect(click.total).toBe(resultToWire(solveDp(next)).total);
    } finally {
      open();
      await api.close();
      closeDatabase(db);
      await pool.close();
    }
  });

  it('is read from its file at the next start, not built again', async () => {
    const path = fileOf(dir, house);
    const written = statSync(path).mtimeMs;
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs });
    try {
      expect(await pool.graphs!.ready(houseRules)).toBeDefined();
      expect(statSync(path).mtimeMs).toBe(written);
      const solved = await runSolveJob(pool, parsePosition(house), 'auto');
      expect(solved.wire.note).toMatch(/^auto chose graph/);
      expect(solved.wire.total).toBe(resultToWire(solveDp(parsePosition(house))).total);
    } finally {
      await pool.close();
    }
  });
});

describe('the graphs folder past its size limit', () => {
  const dir = join(tmp.path, 'cache');
  const a = housePosition([3, 2, 2]);
  const b = housePosition([3, 3, 2]);
  const c = housePosition([4, 3, 2]);
  const rulesOf = (p: PositionJson) => parsePosition(p).rules;

  /** Loads (or builds) the graphs of `positions` in one pool's life: one start of the app. */
  async function start(positions: PositionJson[], cacheBytes?: number): Promise<string[]> {
    const { logged, restore } = collectErrorLog();
    const pool = createPool({
      workerFile: BUILT_WORKER,
      threads: 1,
      graphs: { dir, maxBytes: 256 * MIB, ...(cacheBytes === undefined ? {} : { cacheBytes }) },
    });
    try {
      for (const p of positions) expect(await pool.graphs!.ready(rulesOf(p))).toBeDefined();
    } finally {
      await pool.close();
      restore();
    }
    return logged;
  }

  it('removes the least recently used file first, by its last load, not its writing', async () => {
    await start([a, b]); // a written first, then b
    await start([a]); // a used again since: b is now the least recently used
    const sizeOf = (p: PositionJson) => statSync(fileOf(dir, p)).size;
    const [sizeA, sizeB] = [sizeOf(a), sizeOf(b)];
    // c's own size is known once built: the limit leaves room for it and one of the others.
    const sizeC = buildGraph(rulesOf(c), 64 * MIB).bytes;
    const limit = sizeA + sizeC + Math.min(sizeA, sizeB) / 2 + 4096;

    const logged = await start([c], limit);
    expect(readdirSync(dir).sort()).toEqual(
      [fileOf(dir, a), fileOf(dir, c)].map((f) => f.slice(dir.length + 1)).sort(),
    );
    const removals = logged.filter((l) => l.includes('least recently used'));
    expect(removals).toHaveLength(1);
    expect(removals[0]).toContain(fileOf(dir, b).slice(dir.length + 1));

    // The next start reads what is left, and builds only what went.
    await start([a, c], limit);
    expect(existsSync(fileOf(dir, b))).toBe(false);
  });

  it('never removes a file in use, however far past the limit', async () => {
    const folder = join(tmp.path, 'in-use');
    mkdirSync(folder, { recursive: true });
    const paths = ['x', 'y', 'z'].map((n) => join(folder, `${n}.graph`));
    for (const p of paths) writeFileSync(p, Buffer.alloc(1000));
    const removed = await evictGraphFiles(folder, 0, new Set([paths[1]!]));
    expect(removed.sort()).toEqual(['x.graph', 'z.graph']);
    expect(readdirSync(folder)).toEqual(['y.graph']);
  });
});

describe('a graph the memory plan would not admit', () => {
  it('is neither finished nor written; the note and the log say why', async () => {
    const p: PositionJson = {
      rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' },
      board: [
        'o.......',
        '........',
        '........',
        '...o....',
        '........',
        '........',
        '........',
        '........',
      ],
      sunk: [],
    };
    const rules = parsePosition(p).rules;
    const graph = buildGraph(rules, 256 * MIB);
    const threads = 2;
    // A budget whose memory takes the graph's build and file (half of it, the store's room) but
    // not the graph beside two threads' scratch: the old store built it and wrote its file, then
    // the plan refused it.
    const need = graph.bytes + threads * scratchBytes(graph.states, graph.widestLayer);
    const memory = Math.floor((need - 65536) / 65536) * 65536;
    expect(() => buildGraph(rules, memory / 2)).not.toThrow();

    const { logged, restore } = collectErrorLog();
    const dir = join(tmp.path, 'refused');
    const pool = createPool({
      workerFile: BUILT_WORKER,
      threads,
      memoryBudgetBytes: memory + PROCESS_BYTES,
      graphs: { dir, maxBytes: memory / 2, memoryBytes: memory },
    });
    try {
      await runSolveJob(pool, parsePosition(p), 'auto');
      expect(await pool.graphs!.ready(rules)).toBeUndefined();
      expect(pool.graphs!.reason(rules)).toMatch(/more than the memory plan admits/);
      expect(readdirSync(dir)).toEqual([]);
      const after = await runSolveJob(pool, parsePosition(p), 'auto');
      expect(after.wire.note).toMatch(
        /^auto chose dp: .*; the state graph of these rules is not used: .*memory plan admits/,
      );
      expect(after.wire.graph).toBeUndefined();
      expect(logged.filter((l) => l.includes('is not used'))).toHaveLength(1);
    } finally {
      restore();
      await pool.close();
    }
  });
});
