// An estimate stands in for an exact solve while that runs, so it must not wait behind it: on a
// pool of one thread (the app's on a two-core machine) the estimate of a board answers while the
// exact solve of an open classic board still holds the thread.

import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition } from '../../src/core/position';
import { estimateOnPool } from '../../src/main/api/solve';
import { createPool } from '../../src/main/pool';
import { BUILT_WORKER } from '../support/paths';
import { EMPTY_CLASSIC } from '../support/fixtures';

describe('estimates on a busy pool', () => {
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
  afterAll(() => pool.close());

  it('answer while the only thread solves exactly', async () => {
    const open = EMPTY_CLASSIC;
    const order: string[] = [];
    const exact = pool.run('solve', { position: open, solver: 'dp' }).then((r) => {
      order.push('exact');
      return r;
    });
    const estimate = await estimateOnPool(pool, parsePosition(open));
    order.push('estimate');
    expect(estimate.exact).toBe(false);
    expect((await exact).exact).toBe(true);
    expect(order).toEqual(['estimate', 'exact']);
  });
});
