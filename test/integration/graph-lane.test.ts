// The graph lane when the process closes: a build under way (seconds of work on its own thread)
// is stopped, not waited for, its temporary file is removed, and its stop is no reason to report.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { presetRules } from '../../src/core/rules';
import { createPool } from '../../src/main/pool';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';
import { collectErrorLog } from '../support/logged';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('closing a pool while its graph lane builds', () => {
  it('stops the build, leaves no temporary file and logs nothing', async () => {
    const dir = join(tmp.path, 'graphs');
    const { logged, restore } = collectErrorLog();
    const pool = createPool({
      workerFile: BUILT_WORKER,
      threads: 1,
      graphs: { dir, maxBytes: 2 * 2 ** 30 },
    });
    try {
      const ready = pool.graphs!.ready(presetRules('classic'));
      // The build opens its temporary file first: once it is there, the build is under way.
      while (!existsSync(dir) || !readdirSync(dir).some((n) => n.endsWith('.tmp'))) {
        await new Promise((done) => setTimeout(done, 20));
      }
      await pool.close();
      expect(await ready).toBeUndefined();
      expect(readdirSync(dir)).toEqual([]);
      expect(logged.filter((l) => l.startsWith('broadside:'))).toEqual([]);
    } finally {
      restore();
    }
  });
});
