// Results are stored and served only for the position they answer (issue "Reliability, third
// pass", items 2-4), against a real library file and a real pool:
//   - a batch or a solve of a saved position whose position is edited while it solves stores
//     nothing for the old board (the comparison is made inside the write);
//   - a kept exact result that does not fit its board (an edited or damaged row) is dropped and
//     solved afresh, never answered as "reused";
//   - a proposal's solves take the same memory budget a solve does.

import { describe, expect, it } from 'vitest';
import { emptyPosition, positionToJson, type PositionJson } from '../../src/core/position';
import { presetRules, validateRules } from '../../src/core/rules';
import { createApi, type ApiService } from '../../src/main/api';
import { poolSolveBudget } from '../../src/main/api/solve';
import type { JobKind } from '../../src/main/jobs';
import type { JobOptions, JobPool } from '../../src/main/pool';
import { openDatabase, closeDatabase } from '../../src/main/store/open';
import type { SolveResultWire } from '../../src/shared/api';
import { liveApi } from '../support/live-api';

const live = liveApi('stale-results');

type Reply<T> = { ok: true; value: T } | { ok: false; error: { name: string; message: string } };

async function call<T>(method: string, params: unknown, api = live.api): Promise<T> {
  const reply = (await api.dispatch(method, params)) as Reply<T>;
  if (!reply.ok) throw new Error(`${method}: ${reply.error.name}: ${reply.error.message}`);
  return reply.value;
}

const board = (width: number, height: number, misses: [number, number][] = []): string[] =>
  Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) =>
      misses.some(([mr, mc]) => mr === r && mc === c) ? 'o' : '.',
    ).join(''),
  );

const big: PositionJson = {
  rules: { width: 11, height: 11, fleet: [4, 3, 3, 2], touch: 'allowed' },
  board: board(11, 11, [[5, 5]]),
  sunk: [],
};
const small: PositionJson = {
  rules: { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' },
  board: board(6, 6, [[0, 0]]),
  sunk: [],
};

interface Saved {
  id: number;
}
interface SolveRecord {
  positionId: number;
  ok: boolean;
  layouts: string | null;
  best: [number, number] | null;
}
interface BatchStatus {
  id: number;
  state: string;
  solved: number;
  skipped: number;
}

async function batchDone(id: number): Promise<BatchStatus> {
  for (;;) {
    const s = await call<BatchStatus>('batchProgress', { id });
    if (s.state !== 'running') return s;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const csvColumns = (csv: string): number => csv.split('\r\n')[0]!.split(',').length - 1;

describe('a result is stored only for the position it was computed from', () => {
  it('a batch whose position is edited while it solves stores the new board, not the old', async () => {
    const saved = await call<Saved>('positionsSave', { name: 'edited in a batch', position: big });
    const started = await call<BatchStatus>('batchStart', {
      solver: 'dp',
      positionIds: [saved.id],
    });
    // The batch has read the 11x11 board and handed it to a worker; the edit lands before the
    // worker can answer (its answer needs a turn of this thread's event loop).
    await call('positionsUpdate', { id: saved.id, position: small });
    const done = await batchDone(started.id);
    expect(done.state).toBe('done');

    const fresh = await call<SolveResultWire>('solve', { position: small, solver: 'dp' });
    const results = await call<{ items: SolveRecord[] }>('batchResults', {
      positionIds: [saved.id],
    });
    expect(results.items).toHaveLength(1);
    expect(results.items[0]).toMatchObject({ ok: true, layouts: fresh.total });
    const { csv } = await call<{ csv: string }>('exportHeatmapCsv', { positionId: saved.id });
    expect(csvColumns(csv)).toBe(6);
    // A second batch finds it solved (for the board it holds).
    const again = await call<BatchStatus>('batchStart', { solver: 'dp', positionIds: [saved.id] });
    expect((await batchDone(again.id)).skipped).toBe(1);
  });

  it('a solve {positionId} whose position is edited meanwhile stores nothing for it', async () => {
    const saved = await call<Saved>('positionsSave', { name: 'edited in a solve', position: big });
    const solving = call<SolveResultWire>('solve', { positionId: saved.id, solver: 'dp' });
    await call('positionsUpdate', { id: saved.id, position: small });
    const answered = await solving;
    expect(answered.width).toBe(11); // the caller asked about the 11x11 board and gets its answer
    const results = await call<{ items: SolveRecord[] }>('batchResults', {
      positionIds: [saved.id],
    });
    expect(results.items).toEqual([]);
    const { csv } = await call<{ csv: string }>('exportHeatmapCsv', { positionId: saved.id });
    expect(csvColumns(csv)).toBe(6);
  });
});

describe('a kept exact result is checked against its board before it is served', () => {
  const rules = { width: 7, height: 7, fleet: [4, 3, 2], touch: 'allowed' as const };
  const empty: PositionJson = { rules, board: board(7, 7), sunk: [] };

  /** The exact_cache row of the empty board, rewritten by `forge`. */
  function forgeRow(forge: (r: SolveResultWire) => unknown): void {
    const rows = live.db.prepare('SELECT key, result FROM exact_cache').all() as {
      key: string;
      result: string;
    }[];
    const row = rows.find((r) => (JSON.parse(r.result) as SolveResultWire).width === 7);
    expect(row).toBeDefined();
    live.db
      .prepare('UPDATE exact_cache SET result = ? WHERE key = ?')
      .run(JSON.stringify(forge(JSON.parse(row!.result) as SolveResultWire)), row!.key);
  }

  /** A new API on the same file: nothing kept in memory, the row is all it has. */
  function reopened(): { api: ApiService; close: () => Promise<void> } {
    const db = openDatabase(live.dbPath);
    const api = createApi({ db, dbPath: live.dbPath, pool: live.pool });
    return {
      api,
      close: async () => {
        await api.close();
        closeDatabase(db);
      },
    };
  }

  const forgeries: [string, (r: SolveResultWire) => unknown][] = [
    [
      'a 2x1 result with probability 1.5 and best cell [42,42]',
      (r) => ({
        ...r,
        width: 2,
        height: 1,
        probabilities: [[1.5, 0]],
        byLength: [],
        cellCounts: undefined,
        best: [42, 42],
        ties: [[42, 42]],
      }),
    ],
    [
      'a probability of 1.5 on the right board',
      (r) => ({ ...r, probabilities: r.probabilities.map((row) => row.map(() => 1.5)) }),
    ],
    ['a best cell off the board', (r) => ({ ...r, best: [42, 42], ties: [[42, 42]] })],
    ['a total that is not a decimal integer', (r) => ({ ...r, total: '1.5e3' })],
    [
      'a cell count that is not a decimal integer',
      (r) => ({ ...r, cellCounts: r.cellCounts!.map((row) => row.map(() => '0x10')) }),
    ],
  ];

  it.each(forgeries)('%s: dropped and solved afresh', async (_, forge) => {
    const first = await call<SolveResultWire>('solve', { position: empty, solver: 'dp' });
    forgeRow(forge);
    const { api, close } = reopened();
    try {
      const again = await call<SolveResultWire>('solve', { position: empty, solver: 'dp' }, api);
      expect(again.note ?? '').not.toMatch(/reused/);
      expect(again.probabilities).toEqual(first.probabilities);
      expect(again.total).toBe(first.total);
      // The row now holds the fresh result: the next one is reused, and right.
      const third = await call<SolveResultWire>('solve', { position: empty, solver: 'dp' }, api);
      expect(third.note).toMatch(/reused/);
      expect(third.probabilities).toEqual(first.probabilities);
    } finally {
      await close();
    }
  });

  it('a saved empty board solves by id after its row was forged', async () => {
    await call<SolveResultWire>('solve', { position: empty, solver: 'dp' });
    forgeRow(forgeries[0]![1]);
    const { api, close } = reopened();
    try {
      const saved = await call<Saved>('positionsSave', { name: 'empty', position: empty }, api);
      const r = await call<SolveResultWire>('solve', { positionId: saved.id, solver: 'dp' }, api);
      expect([r.width, r.height]).toEqual([7, 7]);
      const stored = await call<{ items: SolveRecord[] }>(
        'batchResults',
        { positionIds: [saved.id] },
        api,
      );
      expect(stored.items[0]).toMatchObject({ ok: true, layouts: r.total });
    } finally {
      await close();
    }
  });
});

describe('every pool job that solves takes the memory budget of a solve', () => {
  /** Classic rules on 12x12: its exact DP needs far more than 16 MB (and seconds). */
  const classic12 = positionToJson(
    emptyPosition(
      validateRules({ ...presetRules('classic'), preset: undefined, width: 12, height: 12 }),
    ),
  );
  const tight = 16 * 2 ** 20;

  it('the propose and simulate jobs refuse past their budget, and the pool serves on', async () => {
    const propose = live.pool.run(
      'propose',
      { position: classic12, strategy: 'greedy', maxBytes: tight },
      { timeoutMs: 30_000 },
    );
    await expect(propose).rejects.toMatchObject({
      name: 'BudgetError',
      message: expect.stringMatching(/needs more than 16 MB/),
    });
    const simulate = live.pool.run(
      'simulate',
      { rules: classic12.rules, strategies: ['greedy'], seed: 1, games: 1, maxBytes: tight },
      { timeoutMs: 30_000 },
    );
    await expect(simulate).rejects.toMatchObject({ name: 'BudgetError' });
    const after = await call<SolveResultWire>('solve', { position: small, solver: 'dp' });
    expect(after.width).toBe(6);
  });

  it('the API gives propose and each simulation chunk the per-thread share', async () => {
    const seen: { kind: string; maxBytes?: number }[] = [];
    const recording: JobPool = {
      ...live.pool,
      run: ((kind: JobKind, payload: { maxBytes?: number }, options?: JobOptions) => {
        seen.push({ kind, maxBytes: payload.maxBytes });
        return live.pool.run(kind, payload as never, options);
      }) as JobPool['run'],
    };
    const api = createApi({ db: live.db, dbPath: live.dbPath, pool: recording });
    try {
      await call('propose', { position: small, strategy: 'greedy' }, api);
      await call(
        'simulate',
        { rules: small.rules, strategies: ['greedy'], seed: 1, games: 2 },
        api,
      );
    } finally {
      await api.close();
    }
    const budget = poolSolveBudget(live.pool);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((s) => s.kind)).toContain('simulate');
    for (const s of seen) expect(s).toMatchObject({ maxBytes: budget });
  });
});
