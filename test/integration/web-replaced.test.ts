// A solve replaced by a newer one of the same board is the normal course of editing: over the web
// transport it answers 200 (so the browser logs no error), its envelope still says CancelledError,
// and the renderer's client reads it as that error, which the views ignore. The real API, a real
// one-thread pool and the real server on 127.0.0.1, called by the renderer's own client.

import { describe, expect, it } from 'vitest';
import { emptyPosition, positionToJson } from '../../src/core/position';
import { validateRules } from '../../src/core/rules';
import { ApiError, createApiClient } from '../../src/renderer/src/lib/api-client';
import { liveApi, liveWebServer } from '../support/live-api';
import { EMPTY_14X14 } from '../support/fixtures';

const live = liveApi('web-replaced', { threads: 1 });
const web = liveWebServer(live);

/** Exact enumeration of an empty 14x14 board: minutes, so it is still running when replaced. */
const slow = EMPTY_14X14;
const quick = positionToJson(
  emptyPosition(validateRules({ width: 4, height: 4, fleet: [{ length: 2 }], touch: 'allowed' })),
);

describe('a replaced solve over the web transport', () => {
  it('answers 200 with a CancelledError envelope, which the client rejects with', async () => {
    const origin = `http://127.0.0.1:${web.server.port}`;
    const statuses: number[] = [];
    const realFetch = globalThis.fetch;
    const fetchAndNote: typeof fetch = async (...args) => {
      const res = await realFetch(...args);
      statuses.push(res.status);
      return res;
    };
    const page = { location: { href: `${origin}/?token=${web.server.token}`, origin } };
    const client = createApiClient(page);
    expect(client.transport).toBe('web');
    // The client made by createApiClient uses the global fetch; note the statuses through it.
    globalThis.fetch = fetchAndNote;
    try {
      const first = client
        .call('solve', { position: slow, solver: 'enumerate', boardKey: 'board' })
        .then(
          () => 'answered',
          (e: unknown) => e,
        );
      // The slow solve is running once its progress is known under the key.
      await expect
        .poll(async () => (await client.call('jobProgress', { key: 'board' })).running, {
          timeout: 60_000,
        })
        .toBe(true);
      const second = await client.call('solve', {
        position: quick,
        solver: 'enumerate',
        boardKey: 'board',
      });
      expect(second.solver).toBe('enumerate');
      const replaced = await first;
      expect(replaced).toBeInstanceOf(ApiError);
      expect((replaced as ApiError).name).toBe('CancelledError');
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
    }
  }, 120_000);
});
