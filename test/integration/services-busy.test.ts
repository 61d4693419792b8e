// The estimate's busy check through the real services (src/main/services.ts), as the app, the
// web server and the command line build them: with the only thread held by a long solve and an
// exact solve waiting for it, an estimate for `auto` is drawn (the exact answer is not coming
// soon), even though the rules' graph is ready. The services' pool starts its threads on first
// use and must pass the pool's count of waiting solves through.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPosition, parsePosition, positionToJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { openServices, type Services } from '../../src/main/services';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { apiCalls } from '../support/live-api';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
let services: Services;

beforeAll(() => {
  process.env['BROADSIDE_WORKER'] = BUILT_WORKER;
  services = openServices({ dbPath: tmp.file('library.db'), threads: 1, graphsDataDir: tmp.path });
});
afterAll(async () => {
  await services.close();
  delete process.env['BROADSIDE_WORKER'];
  tmp.remove();
});

/** OPEN_8X8_NO_TOUCH with a hit at C2: the graph takes it. */
const withHit = { ...OPEN_8X8_NO_TOUCH, board: OPEN_8X8_NO_TOUCH.board.with(1, '..x.....') };

describe('the services’ pool', () => {
  it('says when solves wait for a thread, so the estimate is drawn then', async () => {
    const { ok } = apiCalls(services.api());
    const pool = services.pool();
    expect(await pool.graphs!.ready(parsePosition(OPEN_8X8_NO_TOUCH).rules)).toBeDefined();
    // Nothing waits: the exact answer comes at once, no estimate is drawn.
    expect(await ok('estimate', { position: withHit, exactSolver: 'auto' })).toMatchObject({
      exactSoon: true,
    });
    // An open classic board through the DP holds the only thread for seconds.
    const hold = new AbortController();
    const held = pool
      .run(
        'solve',
        { position: positionToJson(emptyPosition(presetRules('classic'))), solver: 'dp' },
        { priority: 'background', signal: hold.signal },
      )
      .catch((e: unknown) => e);
    const waiting = ok('solve', { position: withHit, solver: 'auto' });
    await expect.poll(() => pool.solvesWaiting!()).toBe(1);
    expect(await ok('estimate', { position: withHit, exactSolver: 'auto' })).toMatchObject({
      exact: false,
    });
    hold.abort();
    expect(await held).toMatchObject({ name: 'CancelledError' });
    expect(await waiting).toMatchObject({ exact: true });
    expect(pool.solvesWaiting!()).toBe(0);
  });
});
