// The command line is one more transport over the API: `solve --json` prints exactly the result
// the API's solve answers (the app's and the browser's form), and a failure exits with the code
// the error table gives its kind.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import { createPool } from '../../src/main/pool';
import { closeDatabase, openMemoryLibrary } from '../../src/main/store/open';
import { ERROR_KINDS, type PositionJson } from '../../src/shared/api';
import { broadside } from '../support/cli';
import { BUILT_WORKER } from '../support/paths';

const dir = mkdtempSync(join(tmpdir(), 'broadside-solve-api-'));
const db = openMemoryLibrary();
const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
const api = createApi({ db, dbPath: 'memory', pool });

afterAll(async () => {
  await api.close();
  await pool.close();
  closeDatabase(db);
});

const position: PositionJson = {
  rules: { width: 5, height: 5, fleet: [3, 2], touch: 'no-touch' },
  board: ['x....', '.....', '..o..', '.....', '.....'],
  sunk: [],
};

describe('solve on the command line and over the API', () => {
  it.each(['dp', 'enumerate', 'sample', 'pdf'] as const)(
    '%s: --json prints the API result, field for field',
    async (solver) => {
      const file = join(dir, `${solver}.json`);
      writeFileSync(file, JSON.stringify(position));
      const cli = broadside(['solve', file, '--solver', solver, '--json']);
      expect(cli.code, cli.stderr).toBe(0);
      const printed = JSON.parse(cli.stdout) as Record<string, unknown>;
      const reply = await api.call('solve', { position, solver });
      if (!reply.ok) throw new Error(reply.error.message);
      const answered = JSON.parse(JSON.stringify(reply.value)) as Record<string, unknown>;
      expect(Object.keys(printed).sort()).toEqual(Object.keys(answered).sort());
      // Timings differ from run to run, and `sample` draws its own layouts; all else is equal.
      const stable = (r: Record<string, unknown>) =>
        solver === 'sample'
          ? { solver: r.solver, exact: r.exact, width: r.width, height: r.height }
          : { ...r, ms: 0 };
      expect(stable(printed)).toEqual(stable(answered));
    },
  );

  it('a failure exits with its kind code from the error table', async () => {
    const impossible = { ...position, board: ['xxxx.', '.....', '..o..', '.....', '.....'] };
    const file = join(dir, 'impossible.json');
    writeFileSync(file, JSON.stringify(impossible));
    const reply = await api.call('solve', { position: impossible, solver: 'dp' });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.name).toBe('NoLayoutError');
    const cli = broadside(['solve', file, '--solver', 'dp']);
    expect(cli.code).toBe(ERROR_KINDS.NoLayoutError.exit);
    expect(cli.stderr.trim()).toBe(`broadside: ${reply.error.message}`);
  });
});
