// A graph is written only when it will be used: on a real pool whose graph allowance is partly
// taken, the next rule set's graph is refused before it is built, so no file is left; the reason
// is kept, said in the `auto` result's note (the DP answers) and logged once, on standard error.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition, type PositionJson } from '../../src/core/position';
import { solveDp } from '../../src/core/solve/dp/dp';
import { buildGraph } from '../../src/core/solve/graph/build';
import { resultToWire } from '../../src/core/solve/result';
import { runSolveJob } from '../../src/main/api/solve';
import { createPool } from '../../src/main/pool';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';
import { collectErrorLog } from '../support/logged';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Four scattered misses on 8x8 (the fixture's board). */
const board = OPEN_8X8_NO_TOUCH.board;
const first: PositionJson = {
  rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' },
  board,
  sunk: [],
};
const second: PositionJson = {
  rules: { width: 8, height: 8, fleet: [4, 3, 2, 2], touch: 'allowed' },
  board,
  sunk: [],
};
/** Room for either graph and its build, not for both graphs. */
const MAX_BYTES = 4.1 * 2 ** 20;

describe('a graph past what the store may still hold', () => {
  it('is neither built nor written, and the note and the log say why', async () => {
    const rulesA = parsePosition(first).rules;
    const rulesB = parsePosition(second).rules;
    // Each graph alone builds within the allowance (as the old store built it), both do not fit.
    const bytesA = buildGraph(rulesA, MAX_BYTES).bytes;
    const bytesB = buildGraph(rulesB, MAX_BYTES).bytes;
    expect(bytesA + bytesB).toBeGreaterThan(MAX_BYTES);
    const maxBytes = MAX_BYTES;

    const { logged, restore } = collectErrorLog();
    const dir = join(tmp.path, 'graphs');
    const pool = createPool({ workerFile: BUILT_WORKER, threads: 1, graphs: { dir, maxBytes } });
    try {
      expect(await pool.graphs!.ready(rulesA)).toBeDefined();
      const filesBefore = readdirSync(dir);
      expect(filesBefore).toHaveLength(1);

      const before = await runSolveJob(pool, parsePosition(second), 'auto');
      expect(before.wire.note).toMatch(/^auto chose dp/);
      expect(await pool.graphs!.ready(rulesB)).toBeUndefined();
      expect(pool.graphs!.reason(rulesB)).toMatch(/state graph of these rules .*more than/);
      // Nothing written: no graph file, no temporary one.
      expect(readdirSync(dir)).toEqual(filesBefore);

      const after = await runSolveJob(pool, parsePosition(second), 'auto');
      expect(after.wire.note).toMatch(
        /^auto chose dp: .*; the state graph of these rules is not used: the state graph of these rules .*more than/,
      );
      expect(after.wire.total).toBe(resultToWire(solveDp(parsePosition(second))).total);
      await runSolveJob(
        pool,
        parsePosition({ ...second, board: second.board.map((r) => r.replace('o', '.')) }),
        'auto',
      );
      const lines = logged.filter((l) => l.includes('is not used'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^broadside: the state graph of 8x8\/allowed\/4,3,2,2 is not used: /,
      );
    } finally {
      restore();
      await pool.close();
    }
  });
});
