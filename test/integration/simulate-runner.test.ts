import { afterAll, describe, expect, it } from 'vitest';
import { CancelledError, InputError } from '../../src/core/errors';
import { presetRules } from '../../src/core/rules';
import { buildReport, type SimulationReport } from '../../src/core/simulate/report';
import { simulateChunk } from '../../src/core/simulate/run';
import { createPool, type JobOptions, type JobPool } from '../../src/main/pool';
import { runSimulation as runPlan, type SimulateRunOptions } from '../../src/main/simulate-runner';
import { BUILT_WORKER } from '../support/paths';
import { checkedPlan, reportOutcome } from '../support/simulation';

const runSimulation = async (pool: JobPool, request: unknown, options?: SimulateRunOptions) =>
  runPlan(pool, checkedPlan(request), options);

describe('simulations on the piscina pool with the built worker', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 2 });
  afterAll(() => pool.close());

  it('splits games into chunks over the threads, reports progress, and equals a one-chunk run', async () => {
    const seen: number[] = [];
    const request = {
      rules: 'classic',
      strategies: ['random', 'parity', 'pdf'],
      games: 60,
      seed: 9,
    };
    const report = await runSimulation(pool, request, {
      chunkSize: 7,
      onProgress: (p) => {
        expect(p.games).toBe(60);
        seen.push(p.gamesDone);
      },
    });
    expect(report.threads).toBe(2);
    // Each thread plays its games one after another, so the strategies' own time, summed over
    // both threads, fits in twice the run's wall time (a wall time of one chunk would not).
    const thinking = Object.values(report.strategies).reduce((sum, s) => sum + s.ms, 0);
    expect(thinking).toBeLessThanOrEqual(2 * report.wallMs!);
    expect(seen.at(-1)).toBe(60);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const rules = presetRules('classic');
    const local = buildReport(
      { rules, seed: 9 },
      simulateChunk({ rules, strategies: request.strategies, seed: 9 }, 0, 60),
    );
    expect(reportOutcome(report)).toEqual(reportOutcome(local));
  });

  it('firstGame plays games K..K+N-1 of a seed: those games of one long run, game for game', async () => {
    const request = {
      rules: { width: 7, height: 7, fleet: [3, 2, 2], touch: 'allowed' as const },
      strategies: ['random', 'hunt-target', 'greedy'],
      seed: 31,
    };
    const long = await runSimulation(
      pool,
      { ...request, games: 90 },
      {
        chunkSize: 13,
        perGameShots: true,
      },
    );
    expect(long.firstGame).toBe(0);
    for (const [firstGame, games, chunkSize] of [
      [0, 25, 4],
      [37, 20, 7],
      [61, 29, 29],
    ] as const) {
      const slice = await runSimulation(
        pool,
        { ...request, games, firstGame },
        {
          chunkSize,
          perGameShots: true,
        },
      );
      expect(slice).toMatchObject({ games, firstGame });
      for (const name of request.strategies) {
        expect(slice.perGameShots![name], `${name} games ${firstGame}+`).toEqual(
          long.perGameShots![name]!.slice(firstGame, firstGame + games),
        );
        // The same games fire at the same cells, in the same order, in any slice.
        expect(slice.perGameCells![name]).toEqual(
          long.perGameCells![name]!.slice(firstGame, firstGame + games),
        );
        slice.perGameCells![name]!.forEach((cells, g) => {
          expect(cells).toHaveLength(slice.perGameShots![name]![g]!);
          expect(new Set(cells).size).toBe(cells.length);
        });
      }
    }
  });

  it('cancels a running simulation and the pool keeps serving', async () => {
    const controller = new AbortController();
    // 500 classic games run far longer than the moment of the cancel: it ends cancelled.
    const run = runSimulation(
      pool,
      { rules: 'classic', strategies: ['greedy'], games: 500, seed: 1 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    const after = await runSimulation(pool, {
      rules: 'classic',
      strategies: ['random'],
      games: 10,
      seed: 1,
    });
    expect(after.strategies.random!.games).toBe(10);
  });

  it('on cancel with keepPartial, reports the leading games finished: the same as a run of that many', async () => {
    const controller = new AbortController();
    const request = { rules: 'classic', strategies: ['random', 'pdf'], games: 400, seed: 5 };
    const partial = await runSimulation(pool, request, {
      chunkSize: 10,
      signal: controller.signal,
      keepPartial: true,
      perGameShots: true,
      // Stop once a few chunks are in.
      onProgress: (p) => {
        if (p.gamesDone >= 40) controller.abort();
      },
    });
    expect(partial.games).toBeGreaterThanOrEqual(10);
    expect(partial.games).toBeLessThan(400);
    expect(partial.games % 10).toBe(0);
    expect(partial.perGameShots?.['pdf']).toHaveLength(partial.games);
    const whole = await runSimulation(pool, { ...request, games: partial.games });
    expect(whole.perGameShots).toBeUndefined();
    expect(
      reportOutcome({
        ...partial,
        perGameShots: undefined,
        perGameCells: undefined,
      } as SimulationReport),
    ).toEqual(reportOutcome({ ...whole, perGameShots: undefined } as SimulationReport));
    // Without keepPartial a cancel still throws.
    const again = new AbortController();
    const cancelled = runSimulation(pool, request, {
      chunkSize: 10,
      signal: again.signal,
      onProgress: (p) => {
        if (p.gamesDone >= 20) again.abort();
      },
    });
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
  });

  it('keeps only a few chunks of a 10-million-game run on the pool, so starting it is quick', async () => {
    // Submitting all 40,000 chunks at once held the main thread for seconds (a server froze).
    let inFlight = 0;
    let most = 0;
    const counting: JobPool = {
      ...pool,
      run: (async (kind: 'simulate', payload: never, options?: JobOptions) => {
        most = Math.max(most, ++inFlight);
        try {
          return await pool.run(kind, payload, options);
        } finally {
          inFlight--;
        }
      }) as JobPool['run'],
    };
    const stop = new AbortController();
    let progressed = (): void => undefined;
    const firstProgress = new Promise<void>((resolve) => (progressed = resolve));
    const request = { rules: 'classic', strategies: ['random'], games: 10_000_000, seed: 1 };
    const run = runSimulation(counting, request, {
      signal: stop.signal,
      onProgress: () => progressed(),
    }).catch((e: unknown) => e);
    await firstProgress;
    stop.abort();
    expect(await run).toBeInstanceOf(CancelledError);
    expect(most).toBeLessThanOrEqual(2 * pool.threads);
  });

  it('refuses a bad request before any job runs, naming the field', async () => {
    const base = { rules: 'classic', strategies: ['pdf'], games: 10, seed: 1 };
    const cases: [object, RegExp][] = [
      [{ strategies: ['pdf', 'magic'] }, /unknown strategy "magic"/],
      [{ strategies: [] }, /strategies: must list at least one strategy/],
      [{ strategies: ['pdf', 'pdf'] }, /lists "pdf" twice/],
      [{ games: 0 }, /games: must be a whole number from 1/],
      [{ seed: -1 }, /seed: must be a whole number from 0/],
      [{ firstGame: -3 }, /firstGame: must be a whole number from 0/],
      [{ firstGame: 1.5 }, /firstGame: must be a whole number from 0/],
      [{ rules: 'huge' }, /unknown preset "huge"/],
      [{ prior: [[1, 2]] }, /prior: must be 10 rows of 10 positive numbers/],
    ];
    for (const [change, message] of cases) {
      const err = await runSimulation(pool, { ...base, ...change }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as Error).message).toMatch(message);
    }
  });
});
