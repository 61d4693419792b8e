// Exact results reused and solved ahead (api/solve-cache.ts, api/presolve.ts), against a real
// library file and a real pool: a result is reused only for exactly the question it answered
// (board, sunk ships, rules, prior, solver), empty boards' results outlive the process in the
// library, and the positions one shot after an interactive solve are solved ahead and answered
// from there with the same numbers a fresh solve gives.

import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition, type PositionJson } from '../../src/core/position';
import { solve } from '../../src/core/solve';
import { resultToWire } from '../../src/core/solve/result';
import { createApi, type ApiService } from '../../src/main/api';
import { createPool } from '../../src/main/pool';
import { EXACT_CACHE_ROWS, getExact, putExact } from '../../src/main/store/exact-cache';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { write } from '../../src/main/store/sql';
import type { SolveResultWire } from '../../src/shared/api';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
const dbPath = tmp.file('cache.db');
const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
const opened: { api: ApiService; close: () => void }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.api.close();
    o.close();
  }
  await pool.close();
  tmp.remove();
});

function open(): ApiService {
  const db = openDatabase(dbPath);
  const api = createApi({ db, dbPath, pool });
  opened.push({ api, close: () => closeDatabase(db) });
  return api;
}

async function solveWith(api: ApiService, params: object): Promise<SolveResultWire> {
  const reply = await api.dispatch('solve', params);
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`);
  return reply.value as SolveResultWire;
}

const rules = { width: 7, height: 7, fleet: [4, 3, 2], touch: 'allowed' as const };
const emptyBoard = Array.from({ length: 7 }, () => '.......');
const empty: PositionJson = { rules, board: emptyBoard, sunk: [] };
const reused = /reused: /;

/** The position with `mark` ('o' or 'x') at the cell [row, col]. */
function marked(position: PositionJson, [row, col]: [number, number], mark: string): PositionJson {
  const board = position.board.map((line, r) =>
    r === row ? line.slice(0, col) + mark + line.slice(col + 1) : line,
  );
  return { ...position, board };
}

/** A solve of the board being played: under the editor's key, with the next clicks solved ahead. */
function played(position: PositionJson, solver: string): object {
  return { position, solver, boardKey: 'editor', solveAhead: true };
}

/** What a fresh exact solve says, in the same process, with no cache anywhere. */
function fresh(position: PositionJson): SolveResultWire {
  return resultToWire(solve(parsePosition(position), 'dp'));
}

describe('exact results kept for reuse', () => {
  it('answers exactly the same empty board from the library, also after a reopen', async () => {
    const api = open();
    const first = await solveWith(api, { position: empty, solver: 'dp' });
    expect(first.note ?? '').not.toMatch(reused);
    const again = await solveWith(api, { position: empty, solver: 'dp' });
    expect(again.note).toMatch(reused);
    expect(again.probabilities).toEqual(first.probabilities);
    expect(again.total).toBe(first.total);

    const reopened = open(); // a new API on the same file: nothing in memory
    const kept = await solveWith(reopened, { position: empty, solver: 'dp' });
    expect(kept.note).toMatch(reused);
    expect(kept.probabilities).toEqual(fresh(empty).probabilities);
  });

  it('never reuses a result for another prior, touch rule, fleet, board, sunk ship or solver', async () => {
    const api = open();
    await solveWith(api, { position: empty, solver: 'dp' });
    const prior = emptyBoard.map(() => [1, 1, 1, 1, 1, 1, 1]);
    prior[3]![3] = 1.5; // one weight differs
    const uniformPrior = emptyBoard.map(() => [2, 2, 2, 2, 2, 2, 2]);
    const variants: PositionJson[] = [
      { ...empty, prior },
      { ...empty, prior: uniformPrior }, // same numbers, other question: solved, not reused
      { ...empty, rules: { ...rules, touch: 'no-touch' } },
      { ...empty, rules: { ...rules, fleet: [4, 3, 3] } },
      { ...empty, board: ['o......', ...emptyBoard.slice(1)] },
      {
        ...empty,
        board: ['xx.....', ...emptyBoard.slice(1)],
        sunk: [
          [
            [0, 0],
            [0, 1],
          ],
        ],
      },
      { ...empty, board: ['xx.....', ...emptyBoard.slice(1)], sunk: [], sunkReported: false },
    ];
    for (const position of variants) {
      const r = await solveWith(api, { position, solver: 'dp' });
      expect(r.note ?? '').not.toMatch(reused);
      expect(r.probabilities).toEqual(fresh(position).probabilities);
    }
    // Another solver is another question, even where the numbers agree.
    const auto = await solveWith(api, { position: empty, solver: 'auto' });
    expect(auto.solver).not.toBe('dp');
    expect(auto.note ?? '').not.toMatch(reused);
    // Estimating solvers are never reused.
    const a = await solveWith(api, { position: empty, solver: 'sample' });
    const b = await solveWith(api, { position: empty, solver: 'sample' });
    expect([a.note, b.note].join(' ')).not.toMatch(reused);
  });
});

describe('the library keeps the newest results only', () => {
  it(`holds at most ${EXACT_CACHE_ROWS} rows, dropping the oldest`, async () => {
    const api = open();
    const db = api.context.db;
    const result = await solveWith(api, { position: empty, solver: 'dp' });
    for (let k = 0; k < EXACT_CACHE_ROWS + 5; k++)
      write(db, () => putExact(db, `key ${k}`, result));
    expect(db.prepare('SELECT count(*) AS n FROM exact_cache').get()).toEqual({
      n: EXACT_CACHE_ROWS,
    });
    expect(getExact(db, 'key 0')).toBeNull();
    expect(getExact(db, `key ${EXACT_CACHE_ROWS + 4}`)?.total).toBe(result.total);
  });
});

describe('keeping never fails a solve', () => {
  it('answers when the library is full, keeping nothing', async () => {
    const api = open();
    const db = api.context.db;
    const position = { ...empty, rules: { ...rules, fleet: [4, 2] } };
    db.exec('VACUUM'); // no free pages left for the new row to use
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const r = await solveWith(api, { position, solver: 'dp' });
    expect(r.probabilities).toEqual(fresh(position).probabilities);
    expect(
      db.prepare('SELECT count(*) AS n FROM exact_cache WHERE key LIKE ?').get('%[4,2]%'),
    ).toEqual({ n: 0 });
  });

  it('solves again, and repairs the row, when a kept result cannot be read', async () => {
    const first = open();
    const position = { ...empty, rules: { ...rules, fleet: [3, 3] } };
    await solveWith(first, { position, solver: 'dp' });
    first.context.db
      .prepare("UPDATE exact_cache SET result = '{broken' WHERE key LIKE ?")
      .run('%[3,3]%');
    const reopened = open();
    const r = await solveWith(reopened, { position, solver: 'dp' });
    expect(r.note ?? '').not.toMatch(reused);
    expect(r.probabilities).toEqual(fresh(position).probabilities);
    const again = await solveWith(open(), { position, solver: 'dp' });
    expect(again.note).toMatch(reused);
  });
});

describe('solving ahead', () => {
  it('solves the best shot as a miss and as a hit, and answers those clicks from there', async () => {
    const api = open();
    const position: PositionJson = { rules, board: ['.o.....', ...emptyBoard.slice(1)], sunk: [] };
    const shown = await solveWith(api, played(position, 'auto'));
    await api.context.presolver.idle();
    for (const mark of ['o', 'x']) {
      const next = marked(position, shown.best!, mark);
      const answer = await solveWith(api, played(next, 'auto'));
      expect(answer.note).toMatch(reused);
      expect(answer.probabilities).toEqual(fresh(next).probabilities);
    }
    // A click elsewhere was not solved ahead: it is solved now.
    const other = { ...position, board: ['.o....o', ...emptyBoard.slice(1)] };
    const solved = await solveWith(api, played(other, 'auto'));
    expect(solved.note ?? '').not.toMatch(reused);
  });

  it('solves nothing ahead unless asked (a prior shown, not played)', async () => {
    const api = open();
    const position: PositionJson = { rules, board: ['......o', ...emptyBoard.slice(1)], sunk: [] };
    const shown = await solveWith(api, { position, solver: 'auto', boardKey: 'opponent-prior' });
    await api.context.presolver.idle();
    const next = await solveWith(api, {
      position: marked(position, shown.best!, 'o'),
      solver: 'auto',
    });
    expect(next.note ?? '').not.toMatch(reused);
  });

  it('a solve of another position stops the solves ahead; one of the same position takes it over', async () => {
    const api = open();
    const position: PositionJson = { rules, board: ['o......', ...emptyBoard.slice(1)], sunk: [] };
    const shown = await solveWith(api, played(position, 'dp'));
    const missed = marked(position, shown.best!, 'o');
    // The solves ahead start once the answer has been sent (the next turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    // Taken over while (or after) it runs: the answer is the pre-solve's, with exact numbers.
    const taken = await solveWith(api, played(missed, 'dp'));
    expect(taken.note).toMatch(reused);
    expect(taken.probabilities).toEqual(fresh(missed).probabilities);
    // The hit variant may still be running; a solve elsewhere stops it and is answered itself.
    const elsewhere = { ...position, board: ['o.....o', ...emptyBoard.slice(1)] };
    const own = await solveWith(api, { position: elsewhere, solver: 'dp', boardKey: 'other' });
    expect(own.note ?? '').not.toMatch(reused);
    await api.context.presolver.idle();
  });
});
