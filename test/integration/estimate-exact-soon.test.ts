// The estimate stands in for an exact solve that takes a while. Where `auto` answers exactly
// within a moment (the pool holds the rules' state graph, the position fits it, a thread is free),
// the API draws no estimate and says so, so the app never flashes one; everywhere else (another
// solver, no graph yet, named hits, a busy thread, a caller that does not say which solve it
// stands in for) the estimate is drawn as before. Real pools on the built worker, real graphs.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyPosition, parsePosition, positionToJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { exactSoon, graphPlan } from '../../src/main/api/exact-soon';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool } from '../../src/main/pool';
import { getStoredResult } from '../../src/main/store/solve-results';
import type { PositionJson } from '../../src/shared/api';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { apiCalls, liveApi } from '../support/live-api';
import { GATED_WORKER } from '../support/paths';

const MB = 2 ** 20;
const withGraphs = liveApi('exact-soon', {
  threads: 1,
  graphs: { dir: null, maxBytes: 512 * MB },
});
const { ok, error } = apiCalls(withGraphs.api);
const rules = parsePosition(OPEN_8X8_NO_TOUCH).rules;

/** The same rules with a name per ship: the same lengths, so the same state graph. */
const NAMED_RULES = {
  ...OPEN_8X8_NO_TOUCH.rules,
  fleet: [
    { length: 4, name: 'Carrier' },
    { length: 3, name: 'Cruiser' },
    { length: 3, name: 'Frigate' },
    { length: 2, name: 'Tug' },
  ],
};

/** OPEN_8X8_NO_TOUCH with a hit at C2 (row 1, column 2) and the reading of unsunk ships. */
function withHit(sunkReported: boolean): PositionJson {
  const board = [...OPEN_8X8_NO_TOUCH.board];
  board[1] = '..x.....';
  return { ...OPEN_8X8_NO_TOUCH, board, ...(sunkReported ? {} : { sunkReported: false }) };
}

describe('an estimate where the exact answer comes at once', () => {
  it('is not drawn for auto once the graph is ready and the position fits it', async () => {
    expect(await withGraphs.pool.graphs!.ready(rules)).toBeDefined();
    for (const position of [OPEN_8X8_NO_TOUCH, withHit(true), withHit(false)]) {
      const reply = await ok('estimate', { position, exactSolver: 'auto' });
      expect(reply).toEqual({ exactSoon: true, reason: expect.stringMatching(/state graph/) });
    }
    // The open board's solve is the graph's (a hit leaves few enough layouts to enumerate).
    const exact = await ok('solve', { position: OPEN_8X8_NO_TOUCH, solver: 'auto' });
    expect(exact).toMatchObject({ exact: true, solver: 'graph' });
  });

  it('is drawn for another solver, or when the caller does not say which solve it stands in for', async () => {
    expect(await withGraphs.pool.graphs!.ready(rules)).toBeDefined();
    const forDp = await ok('estimate', { position: OPEN_8X8_NO_TOUCH, exactSolver: 'dp' });
    expect(forDp).toMatchObject({ exact: false });
    const unsaid = await ok('estimate', { position: OPEN_8X8_NO_TOUCH });
    expect(unsaid).toMatchObject({ exact: false });
  });

  it('is drawn for a position the graph cannot take (a named hit)', async () => {
    const named = { ...withHit(true), rules: NAMED_RULES, named: [[1, 2, 'Cruiser']] };
    expect(await withGraphs.pool.graphs!.ready(parsePosition(named).rules)).toBeDefined();
    const reply = await ok('estimate', { position: named, exactSolver: 'auto' });
    expect(reply).toMatchObject({ exact: false });
    expect((await ok('solve', { position: named, solver: 'auto' })).solver).not.toBe('graph');
  });

  it("is drawn while the rules' graph is still being built", async () => {
    const other = positionToJson(
      emptyPosition({
        width: 6,
        height: 6,
        fleet: [{ length: 3 }, { length: 2 }],
        touch: 'allowed',
      }),
    );
    const otherRules = parsePosition(other).rules;
    expect(withGraphs.pool.graphFor!(otherRules)).toBeUndefined(); // starts the build
    const reply = await ok('estimate', { position: other, exactSolver: 'auto' });
    expect(reply).toMatchObject({ exact: false });
    // Once built, the same request draws none.
    expect(await withGraphs.pool.graphs!.ready(otherRules)).toBeDefined();
    expect(await ok('estimate', { position: other, exactSolver: 'auto' })).toMatchObject({
      exactSoon: true,
    });
  });

  it('is drawn while solves wait for the only thread (a background job holds it)', async () => {
    expect(await withGraphs.pool.graphs!.ready(rules)).toBeDefined();
    const hold = new AbortController();
    // An open classic board through the DP: seconds of work, far longer than this test's steps.
    const held = withGraphs.pool
      .run(
        'solve',
        { position: positionToJson(emptyPosition(presetRules('classic'))), solver: 'dp' },
        { priority: 'background', signal: hold.signal },
      )
      .catch((e: unknown) => e);
    const waiting = ok('solve', { position: withHit(false), solver: 'auto' });
    await expect.poll(() => withGraphs.pool.solvesWaiting!()).toBe(1);
    const reply = await ok('estimate', { position: withHit(false), exactSolver: 'auto' });
    expect(reply).toMatchObject({ exact: false });
    hold.abort();
    expect(await held).toMatchObject({ name: 'CancelledError' });
    expect(await waiting).toMatchObject({ exact: true });
    expect(withGraphs.pool.solvesWaiting!()).toBe(0);
  });

  it('is drawn when the graph is too large for its passes to be quick', async () => {
    const graph = await withGraphs.pool.graphs!.ready(rules);
    const edges = graph!['edges'] as number;
    const open = parsePosition(OPEN_8X8_NO_TOUCH);
    const plan = (quickEdges: number) => graphPlan(withGraphs.pool, open, 'auto', quickEdges);
    expect(exactSoon(withGraphs.pool, plan(edges))).toMatch(/state graph/);
    expect(exactSoon(withGraphs.pool, plan(edges - 1))).toBeNull();
  });

  it('refuses an unknown solver in exactSolver, naming the field', async () => {
    expect(
      (await error('estimate', { position: OPEN_8X8_NO_TOUCH, exactSolver: 'magic' })).message,
    ).toMatch(/^estimate\.exactSolver: unknown solver "magic"/);
  });
});

describe("a solve's reply says what the next solve like it brings", () => {
  it("'exact' for auto once the graph is ready and the position fits it, so no estimate is asked", async () => {
    expect(await withGraphs.pool.graphs!.ready(rules)).toBeDefined();
    for (const position of [OPEN_8X8_NO_TOUCH, withHit(true)]) {
      expect(await ok('solve', { position, solver: 'auto' })).toMatchObject({
        exact: true,
        follows: 'exact',
      });
    }
  });

  it("'estimate' for another solver and for a position the graph cannot take", async () => {
    expect(await withGraphs.pool.graphs!.ready(rules)).toBeDefined();
    const dp = await ok('solve', { position: withHit(true), solver: 'dp' });
    expect(dp).toMatchObject({ exact: true, follows: 'estimate' });
    const named = { ...withHit(true), rules: NAMED_RULES, named: [[1, 2, 'Cruiser']] };
    expect(await withGraphs.pool.graphs!.ready(parsePosition(named).rules)).toBeDefined();
    expect(await ok('solve', { position: named, solver: 'auto' })).toMatchObject({
      follows: 'estimate',
    });
  });

  it('is not stored with the result of a saved position', async () => {
    const { id } = await ok('positionsSave', { name: 'follows', position: OPEN_8X8_NO_TOUCH });
    expect(await ok('solve', { positionId: id, solver: 'auto' })).toHaveProperty('follows');
    const stored = getStoredResult(withGraphs.db, id, 'auto');
    expect(stored).toMatchObject({ exact: true });
    expect(stored).not.toHaveProperty('follows');
  });
});

describe('a solve job given its position parsed', () => {
  it('takes it as it is, typed arrays and all, and answers as from the JSON form', async () => {
    const json = {
      ...withHit(true),
      prior: Array.from({ length: 8 }, (_, r) => Array(8).fill(r + 1)),
    };
    const parsed = parsePosition(json);
    expect(parsed.prior).toBeInstanceOf(Float64Array);
    const fromParsed = await withGraphs.pool.run('solve', { parsed, solver: 'dp' });
    const fromJson = await withGraphs.pool.run('solve', { position: json, solver: 'dp' });
    const uniform = await withGraphs.pool.run('solve', { position: withHit(true), solver: 'dp' });
    expect(fromParsed.total).toBe(fromJson.total);
    expect(Array.from(fromParsed.probabilities)).toEqual(Array.from(fromJson.probabilities));
    // The prior weighed: it crossed the thread boundary intact.
    expect(Array.from(fromParsed.probabilities)).not.toEqual(Array.from(uniform.probabilities));
  });
});

describe('an estimate on a pool without graphs', () => {
  const without = liveApi('no-graphs', { threads: 1 });
  const calls = apiCalls(without.api);

  it('is always drawn: the exact solve is the DP', async () => {
    const reply = await calls.ok('estimate', { position: OPEN_8X8_NO_TOUCH, exactSolver: 'auto' });
    expect(reply).toMatchObject({ exact: false });
  });
});

describe('an estimate while a solve that started before the graph was ready still runs', () => {
  it('is drawn: that solve runs the DP however soon the graph is ready now', async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'broadside-gate-')), 'open');
    writeFileSync(gate, '');
    process.env['BROADSIDE_TEST_START_GATE'] = gate;
    const pool = createPool({
      workerFile: GATED_WORKER,
      threads: 1,
      graphs: { dir: null, maxBytes: 512 * MB },
    });
    try {
      // The only thread is busy, so the auto solve waits for it, after starting the graph's build.
      const hold = new AbortController();
      const held = pool
        .run(
          'solve',
          { position: positionToJson(emptyPosition(presetRules('classic'))), solver: 'dp' },
          { priority: 'background', signal: hold.signal },
        )
        .catch((e: unknown) => e);
      const open = parsePosition(OPEN_8X8_NO_TOUCH);
      const soon = () => exactSoon(pool, graphPlan(pool, open, 'auto'));
      const solving = runSolveJob(pool, open, 'auto');
      expect(await pool.graphs!.ready(rules)).toBeDefined();
      // Freed, the thread is replaced by one held in its start: the solve is under way (no
      // longer waiting for a thread) without the graph it started before.
      rmSync(gate);
      hold.abort();
      expect(await held).toMatchObject({ name: 'CancelledError' });
      await expect.poll(() => pool.solvesWaiting!()).toBe(0);
      expect(soon()).toBeNull();
      writeFileSync(gate, '');
      expect((await solving).wire.note).toMatch(/auto chose dp/);
      // Once it has settled, the graph answers at once.
      expect(soon()).toMatch(/state graph/);
    } finally {
      delete process.env['BROADSIDE_TEST_START_GATE'];
      writeFileSync(gate, '');
      await pool.close();
      rmSync(join(gate, '..'), { recursive: true, force: true });
    }
  });
});
