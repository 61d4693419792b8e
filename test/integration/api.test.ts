// The API as every transport reaches it: dispatch(method, params) against a real library file
// and a real pool running the built worker. Validation errors name the field; results are plain
// JSON; a new solve of the same board cancels the stale one at once.

import { describe, expect, it } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { parsePosition, positionToJson, type Position } from '../../src/core/position';
import { createApi } from '../../src/main/api';
import { runBatch } from '../../src/main/api/batch';
import { isAppPage, registerApiIpc } from '../../src/main/ipc';
import { createPool, type JobOptions, type JobPool } from '../../src/main/pool';
import { API_CHANNEL } from '../../src/shared/api';
import { batchPositions } from '../support/library';
import { BUILT_WORKER, HEAP_WORKER } from '../support/paths';
import {
  EMPTY_CLASSIC,
  OVER9000_EXAMPLE,
  RULES_4X4,
  SINK_A1_B1,
  sinkSingle,
} from '../support/fixtures';
import { apiCalls, liveApi, type Loose } from '../support/live-api';

const { dbPath, db, api } = liveApi('api');

const small = OVER9000_EXAMPLE;
/** Billions of layouts: enumeration runs far longer than any test waits. */
const endless = EMPTY_CLASSIC;

const { call, ok, error } = apiCalls(api);

describe('validation at the boundary', () => {
  it('names the method and field at fault, and never throws', async () => {
    expect(await error('positionsList', { limit: 0 })).toEqual({
      name: 'InputError',
      message: 'positionsList.limit: must be a whole number from 1 to 1000, got 0',
    });
    expect((await error('positionsGet', { id: 1, extra: true })).message).toBe(
      'positionsGet: has an unknown field "extra" (known: id)',
    );
    expect((await error('positionsGet', 'x')).message).toBe(
      'positionsGet: must be an object with id, got "x"',
    );
    expect((await error('solve', { position: { ...small, board: ['...'] } })).message).toBe(
      'solve.position: board: has 1 rows, expected 5',
    );
    expect((await error('solve', { position: small, solver: 'magic' })).message).toMatch(
      /^solve.solver: unknown solver "magic" \(known: /,
    );
    expect(await error('dropTables', {})).toEqual({
      name: 'InputError',
      message: 'unknown method "dropTables"',
    });
    expect((await error('toString', {})).name).toBe('InputError');
    expect((await error('positionsGet', { id: 999 })).name).toBe('NotFoundError');
    expect(
      (await error('priorsLearn', { opponentId: 1, options: { f: () => 1 } })).message,
    ).toMatch(/^priorsLearn.options: has an unknown field "f" \(known: method, /);
    expect(
      (await error('priorsLearn', { opponentId: 1, options: { method: 'magic' } })).message,
    ).toMatch(/^priorsLearn.options.method: must be one of "counts", "fit"/);
    expect(
      (await error('simulate', { rules: 'classic', strategies: ['magic'], games: 1, seed: 1 }))
        .message,
    ).toMatch(/^simulate.strategies\[0\]: unknown strategy "magic" \(known: random, /);
  });
});

describe('fleets that cannot fit', () => {
  it('are refused when saved, not only when solved', async () => {
    const crowded = (fleet: number[]) => ({
      name: 'Crowded',
      position: { rules: { width: 10, height: 10, fleet, touch: 'no-touch' } },
    });
    for (const fleet of [Array<number>(15).fill(3), Array<number>(26).fill(1)]) {
      const e = await error('positionsSave', crowded(fleet));
      expect(e.name).toBe('InputError');
      expect(e.message).toMatch(
        /^positionsSave.position: rules.fleet: the fleet .* cannot be placed on an empty 10x10 board with touch rule "no-touch" \(ships that may not touch cannot share a 2x2 block: .*\); use fewer or shorter ships/,
      );
    }
    // Just inside the bound: 25 single cells fit on every other row and column.
    const fits = await ok('positionsSave', crowded(Array<number>(25).fill(1)));
    expect(fits.position.rules.fleet).toHaveLength(25);
  });
});

describe('solving', () => {
  it('returns a JSON-safe result with exact counts', async () => {
    const r = await ok('solve', { position: small, solver: 'dp' });
    expect(r).toMatchObject({ solver: 'dp', exact: true, total: '7', best: [2, 4], width: 5 });
    expect(r.probabilities[0][0]).toBeCloseTo(1 / 7, 15);
    expect(r.cellCounts[2][4]).toBe('3');
    expect(r.byLength.map((b: { length: number }) => b.length)).toEqual([3]);
    expect(
      (
        await error('solve', {
          position: { ...small, board: ['ooooo', 'xxxoo', 'ooooo', 'oxooo', 'ooooo'] },
        })
      ).name,
    ).toBe('NoLayoutError');
  });

  it('a new solve of the same board cancels the stale one', async () => {
    const stale = call('solve', { position: endless, solver: 'enumerate', boardKey: 'board-1' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await ok('jobProgress', { key: 'board-1' })).running).toBe(true);
    const fresh = ok('solve', { position: small, boardKey: 'board-1' });
    // The stale solve never ends on its own: its reply can only be the cancellation.
    const staleReply = await stale;
    expect(staleReply).toEqual({
      ok: false,
      error: { name: 'CancelledError', message: 'solve cancelled' },
    });
    expect((await fresh).total).toBe('7');
    expect(await ok('jobProgress', { key: 'board-1' })).toEqual({ running: false, fraction: 0 });
  });

  it('propose asks a strategy for its next shot on the pool, and refuses what it cannot answer', async () => {
    // 5x5, ships 3 and 2 allowed to touch, a miss on C1: B3, C3, D3 and C4 are tied for likeliest;
    // greedy takes B3 (first in reading order), phased weighs the next shot and takes C4.
    const rules = { width: 5, height: 5, fleet: [3, 2], touch: 'allowed' };
    const position = { rules, board: ['..o..', '.....', '.....', '.....', '.....'] };
    expect(await ok('propose', { position, strategy: 'greedy' })).toMatchObject({
      strategy: 'greedy',
      cell: 11,
    });
    for (const strategy of ['phased', 'phased:1000']) {
      const r = await ok('propose', { position, strategy, key: 'proposal' });
      // The whole reply: the strategy, its shot and how long it thought, nothing else.
      expect(r).toEqual({ strategy, cell: 17, ms: expect.any(Number) });
    }
    expect((await error('propose', { position, strategy: 'phased:0' })).message).toBe(
      `propose.strategy: "phased:0": phased's budget must be 1 to 1,000,000 drawn layouts`,
    );
    const full = { rules, board: ['ooooo', 'xxxoo', 'xxooo', 'ooooo', 'ooooo'] };
    expect(await error('propose', { position: full, strategy: 'greedy' })).toEqual({
      name: 'InputError',
      message: 'propose.position: has no unknown cell left to fire at',
    });
    const named = {
      rules: {
        ...rules,
        fleet: [
          { length: 3, name: 'Cruiser' },
          { length: 2, name: 'Destroyer' },
        ],
      },
      board: ['x.o..', '.....', '.....', '.....', '.....'],
      named: [[0, 0, 'Cruiser']],
    };
    expect((await error('propose', { position: named, strategy: 'phased' })).message).toBe(
      'propose.strategy: phased does not read named hits or volleys; propose with greedy instead',
    );
  });

  it('jobCancel stops a running solve and the pool keeps serving', async () => {
    const running = call('solve', { position: endless, solver: 'enumerate', boardKey: 'b2' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await ok('jobCancel', { key: 'b2' })).toEqual({ cancelled: true });
    // An endless solve: its reply can only be the cancellation.
    expect(await running).toMatchObject({ ok: false, error: { name: 'CancelledError' } });
    expect(await ok('jobCancel', { key: 'b2' })).toEqual({ cancelled: false });
    expect((await ok('solve', { position: small })).total).toBe('7');
  });

  it('simulate plays the games on the pool, with progress under its key', async () => {
    const params = { rules: 'classic', strategies: ['random', 'pdf'], games: 600, seed: 3 };
    const running = ok('simulate', { ...params, key: 'lab' });
    let settled = false;
    void running.finally(() => (settled = true));
    const labels: string[] = [];
    while (!settled) {
      const p = await ok('jobProgress', { key: 'lab' });
      if (p.running && p.label) labels.push(p.label);
      await new Promise((r) => setTimeout(r, 10));
    }
    const report = await running;
    expect(labels.some((l) => /^\d+ of 600 games$/.test(l))).toBe(true);
    expect(Object.keys(report.strategies)).toEqual(['random', 'pdf']);
    for (const s of Object.values<Loose>(report.strategies)) {
      const games = Object.values<number>(s.histogram).reduce((a, b) => a + b, 0);
      expect(games).toBe(600);
    }
    expect(report.strategies.pdf.mean).toBeLessThan(report.strategies.random.mean - 30);
    expect(report.paired).toMatchObject([{ a: 'random', b: 'pdf', games: 600 }]);
    expect(report.threads).toBe(2);
  });

  it('simulate with a prior can also play each strategy without it, on the same fleets', async () => {
    const edges = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => (r === 0 || r === 5 || c === 0 || c === 5 ? 8 : 1)),
    );
    const report = await ok('simulate', {
      rules: { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' },
      strategies: ['greedy'],
      games: 60,
      seed: 5,
      prior: edges,
      alsoUninformed: true,
    });
    expect(report.prior).toBe(true);
    expect(Object.keys(report.strategies)).toEqual(['greedy', 'greedy (uninformed)']);
    const [pair] = report.paired;
    expect(pair).toMatchObject({ a: 'greedy', b: 'greedy (uninformed)', games: 60 });
    // Knowing where this opponent puts ships cannot make the informed shooter worse on average
    // by much; on edge-heavy fleets it is clearly better.
    expect(pair.meanDifference).toBeLessThan(0);
  });

  it('simulate with huge prior weights plays exactly the games of no prior (a uniform grid)', async () => {
    // 1e308 in every cell overflowed to NaN and the call failed with a 500.
    const huge = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => 1e308));
    const params = {
      rules: { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' },
      strategies: ['greedy', 'pdf'],
      games: 40,
      seed: 11,
    };
    const plain = await ok('simulate', params);
    const weighted = await ok('simulate', { ...params, prior: huge, shooterPrior: huge });
    for (const name of ['greedy', 'pdf']) {
      expect(weighted.strategies[name].histogram).toEqual(plain.strategies[name].histogram);
    }
  });

  it("priorsLearn runs the job on the opponent's games and can save the prior", async () => {
    const opponent = await ok('opponentsCreate', { name: 'Learner' });
    expect((await error('priorsLearn', { opponentId: opponent.id })).message).toBe(
      'priorsLearn.opponentId: Learner has no logged games',
    );
    const rules = RULES_4X4;
    await ok('gamesCreate', {
      log: {
        opponent: 'Learner',
        rules,
        shots: [...SINK_A1_B1, sinkSingle([3, 3])],
      },
    });
    await api.context.priorUpdates.idle(); // the save above re-learned it in the background
    const learned = await ok('priorsLearn', { opponentId: opponent.id, save: true });
    expect(learned.grid).toHaveLength(4);
    expect(learned).toMatchObject({ method: 'fit', games: 1, rules });
    const prior = await ok('priorsGet', { opponentId: opponent.id });
    expect(prior).toMatchObject({
      rules,
      grid: learned.grid,
      source: expect.stringMatching(/^learned/),
    });
  });
});

describe('learned priors follow the saved games', () => {
  const rules = RULES_4X4;
  /** A finished game of ours against Auto: their 2-ship along the top edge, the 1-ship at c. */
  const game = (c: [number, number]) => ({
    log: {
      opponent: 'Auto',
      rules,
      firedBy: 'me',
      shots: [...SINK_A1_B1, sinkSingle(c)],
    },
  });

  it('each saved game updates the prior; a prior the user entered is kept', async () => {
    const first = await ok('gamesCreate', game([3, 3]));
    await api.context.priorUpdates.idle();
    const prior1 = await ok('priorsGet', { opponentId: first.opponentId });
    expect(prior1).toMatchObject({ games: 1, source: expect.stringMatching(/^learned \(fit\)/) });
    await ok('gamesCreate', game([2, 2]));
    await api.context.priorUpdates.idle();
    const prior2 = await ok('priorsGet', { opponentId: first.opponentId });
    expect(prior2.games).toBe(2);
    expect(prior2.grid).not.toEqual(prior1.grid);
    // The top-left corner held a ship in both games: it weighs more than the far corner.
    expect(prior2.grid[0][0]).toBeGreaterThan(prior2.grid[3][0]);

    const mine = [
      [1, 1, 1, 1],
      [1, 2, 2, 1],
      [1, 2, 2, 1],
      [1, 1, 1, 1],
    ];
    await ok('priorsSave', { opponentId: first.opponentId, rules, grid: mine, source: 'manual' });
    const third = await ok('gamesCreate', game([3, 0]));
    await api.context.priorUpdates.idle();
    expect((await ok('priorsGet', { opponentId: first.opponentId })).grid).toEqual(mine);

    // Back to learned: deleting a game re-learns from the rest.
    await ok('priorsDelete', { opponentId: first.opponentId });
    expect(await ok('gamesDelete', { id: third.id })).toEqual({ deleted: true });
    await api.context.priorUpdates.idle();
    expect((await ok('priorsGet', { opponentId: first.opponentId })).games).toBe(2);
  });
});

describe('the library through the API', () => {
  it('positions CRUD, a stored solve, a heatmap CSV', async () => {
    const saved = await ok('positionsSave', { name: 'Example', tags: ['t'], position: small });
    expect(saved.position.board).toEqual(small.board);
    await ok('solve', { positionId: saved.id, solver: 'dp' });
    const results = await ok('batchResults', { positionIds: [saved.id] });
    expect(results.items).toEqual([
      expect.objectContaining({
        positionId: saved.id,
        solver: 'dp',
        ok: true,
        layouts: '7',
        best: [2, 4],
        batchId: null,
      }),
    ]);
    const { csv } = await ok('exportHeatmapCsv', { positionId: saved.id });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(',A,B,C,D,E');
    expect(lines[1]!.split(',').slice(0, 2)).toEqual(['1', String(1 / 7)]);
    expect(lines).toHaveLength(6);
    expect((await ok('positionsDuplicate', { id: saved.id })).name).toBe('Example (copy)');
    expect((await ok('positionsList', { tags: ['t'] })).total).toBe(2);
    expect(await ok('positionsDelete', { id: saved.id })).toEqual({ deleted: true });
  });

  it('games: create, append shots as they happen, refuse an impossible one', async () => {
    const rules = RULES_4X4;
    const game = await ok('gamesCreate', { log: { opponent: 'Zed', rules, shots: [] } });
    await ok('gamesAppendShot', { id: game.id, shot: { cell: [0, 0], result: 'hit' } });
    const e = await error('gamesAppendShot', {
      id: game.id,
      shot: {
        cell: [0, 1],
        result: 'sunk',
        sunk: [
          [0, 1],
          [0, 2],
        ],
      },
    });
    expect(e.message).toBe(`game ${game.id} shot 2 (B1): sinks a ship over C1, which was not hit`);
    expect((await ok('gamesGet', { id: game.id })).log.shots).toHaveLength(1);
    expect((await error('opponentsDelete', { id: game.opponentId })).name).toBe('ConflictError');
  });

  it('batch: start, progress, results; a second run skips what is done; cancel', async () => {
    const ids: number[] = [];
    for (const p of batchPositions(8, 7)) ids.push((await ok('positionsSave', p)).id);
    const started = await ok('batchStart', { solver: 'dp', positionIds: ids });
    expect(started).toMatchObject({ state: 'running', total: 8, skipped: 0 });
    let status = started;
    while (status.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      status = await ok('batchProgress', { id: started.id });
    }
    expect(status).toMatchObject({ state: 'done', solved: 8, failed: 0 });
    const page = await ok('batchResults', { solver: 'dp', positionIds: ids, limit: 3 });
    expect(page.total).toBe(8);
    expect(page.items[0]).toMatchObject({ ok: true, batchId: started.id });
    expect(page.items[0].topProbability).toBeGreaterThan(0);

    const again = await ok('batchStart', { solver: 'dp', positionIds: ids });
    expect(again).toMatchObject({ total: 8, skipped: 8 });

    const slow = await ok('positionsSave', { name: 'endless', position: endless });
    const run = await ok('batchStart', { solver: 'enumerate', positionIds: [slow.id] });
    await new Promise((r) => setTimeout(r, 200));
    const cancelled = await ok('batchCancel', { id: run.id });
    expect(cancelled).toMatchObject({ state: 'cancelled', solved: 0, failed: 0 });
    const list = await ok('batchList', {});
    expect(list[0]).toMatchObject({ id: run.id, state: 'cancelled' });
  });

  it('batch: threads used, a stop as "interrupted", the runs of one solver', async () => {
    const ids: number[] = [];
    for (const p of batchPositions(6, 8)) ids.push((await ok('positionsSave', p)).id);
    let status = await ok('batchStart', { solver: 'dp', positionIds: ids });
    while (status.state === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      status = await ok('batchProgress', { id: status.id });
    }
    expect(status).toMatchObject({ state: 'done', solved: 6, error: null });
    // Six positions on a pool of two threads: one or both of them solved.
    expect(status.threads).toBeGreaterThanOrEqual(1);
    expect(status.threads).toBeLessThanOrEqual(2);

    const slow = await ok('positionsSave', { name: 'endless too', position: endless });
    const run = await ok('batchStart', { solver: 'enumerate', positionIds: [slow.id] });
    expect(run).toMatchObject({ state: 'running', threads: 0, error: null });
    const wrong = await error('batchCancel', { id: run.id, state: 'paused' });
    expect(wrong.name).toBe('InputError');
    expect(wrong.message).toMatch(/^batchCancel\.state: /);
    const stopped = await ok('batchCancel', { id: run.id, state: 'interrupted' });
    expect(stopped).toMatchObject({ id: run.id, state: 'interrupted', solved: 0 });
    expect(await ok('batchProgress', { id: run.id })).toMatchObject({ state: 'interrupted' });

    const dpRuns = await ok('batchList', { solver: 'dp' });
    expect(dpRuns.length).toBeGreaterThan(0);
    expect(dpRuns.map((r: { solver: string }) => r.solver)).toEqual(dpRuns.map(() => 'dp'));
    expect(dpRuns[0]).toMatchObject({ id: status.id, threads: status.threads });
    expect(await ok('batchList', { solver: 'enumerate', limit: 1 })).toMatchObject([
      { id: run.id, state: 'interrupted' },
    ]);
  });
});

describe('workers that are stopped or crash', () => {
  it('a cancelled job stops its worker: a one-thread pool serves the next job', async () => {
    const one = createPool({ workerFile: BUILT_WORKER, threads: 1 });
    const api1 = createApi({ db, dbPath, pool: one });
    try {
      await api1.dispatch('solve', { position: small }); // warm the thread
      const running = api1.dispatch('solve', {
        position: endless,
        solver: 'enumerate',
        boardKey: 'k',
      });
      await new Promise((r) => setTimeout(r, 200));
      await api1.dispatch('jobCancel', { key: 'k' });
      expect(await running).toMatchObject({ ok: false, error: { name: 'CancelledError' } });
      // The only thread was busy with an endless job: this answer needs it stopped and replaced.
      const next = await api1.dispatch('solve', { position: small });
      expect(next).toMatchObject({ ok: true, value: { total: '7' } });
    } finally {
      await api1.close();
      await one.close();
    }
  });

  it('a worker that crashes mid-batch fails that position clearly; the batch goes on', async () => {
    const crashy = createPool({ workerFile: HEAP_WORKER, threads: 1, maxMemoryMb: 64 });
    const victim = JSON.stringify(positionToJson(parsePosition(small)));
    // The victim's job runs a real allocation storm that kills its worker thread.
    const pool: JobPool = {
      ...crashy,
      runDetailed: ((kind: 'solve', payload: { parsed: Position }, options?: JobOptions) =>
        JSON.stringify(positionToJson(payload.parsed)) === victim
          ? crashy.runDetailed(
              'solve',
              { position: positionToJson(parsePosition(small)), solver: 'exhaust-heap' },
              options,
            )
          : crashy.runDetailed(kind, payload as never, options)) as JobPool['runDetailed'],
    };
    try {
      const ids: number[] = [];
      for (const p of [...batchPositions(3, 11), { name: 'victim', position: small }]) {
        ids.push((await ok('positionsSave', p)).id);
      }
      const report = await runBatch(db, pool, {
        solver: 'dp',
        positionIds: [ids[3]!, ...ids.slice(0, 3)],
      });
      expect(report).toMatchObject({ state: 'done', solved: 3, failed: 1 });
      const victimRow = (await ok('batchResults', { solver: 'dp', positionIds: [ids[3]] }))
        .items[0];
      expect(victimRow).toMatchObject({ ok: false, best: null });
      expect(victimRow.error).toMatch(/^the worker running this job stopped: it ran out of memory/);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await crashy.close();
    }
  });
});

describe('the IPC adapter', () => {
  it('answers trusted senders through dispatch and refuses others', async () => {
    const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
    const fakeIpc = {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
        handlers.set(channel, fn),
      removeHandler: (channel: string) => handlers.delete(channel),
    };
    let trusted = true;
    const remove = registerApiIpc(fakeIpc as never, api.dispatch, () => trusted);
    const handler = handlers.get(API_CHANNEL)!;
    const event = {} as IpcMainInvokeEvent;
    expect(await handler(event, 'solve', { position: small })).toMatchObject({ ok: true });
    expect(await handler(event, 'positionsGet', { id: -1 })).toMatchObject({
      ok: false,
      error: { name: 'InputError' },
    });
    trusted = false;
    expect(await handler(event, 'info', {})).toMatchObject({
      ok: false,
      error: { message: 'this page may not use the Broadside API' },
    });
    remove();
    expect(handlers.size).toBe(0);

    const app = 'file:///opt/broadside/out/renderer/index.html';
    expect(isAppPage('file:///opt/broadside/out/renderer/index.html#/library', app)).toBe(true);
    expect(isAppPage('file:///home/user/evil.html', app)).toBe(false);
    expect(isAppPage('https://example.com/', app)).toBe(false);
    expect(isAppPage('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppPage('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });
});
