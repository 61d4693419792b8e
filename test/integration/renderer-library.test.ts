// The library's state (Library) against the real API over the browser's transport: positions
// saved to a real library file, exported as bundles and imported back through its intents.

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/renderer/src/lib/api-client';
import { Library } from '../../src/renderer/src/lib/library.svelte';
import { OVER9000_EXAMPLE } from '../support/fixtures';
import { liveApi, liveWebServer } from '../support/live-api';

const live = liveApi('library-state', { threads: 1 });
const web = liveWebServer(live);

function library(): Library {
  const { url, origin } = web.server;
  return new Library(createApiClient({ location: { href: url, origin } }).call);
}

describe('Library', () => {
  it('exports the selection or everything, and imports a bundle back', async () => {
    const lib = library();
    await lib.save('first', ['a'], '', OVER9000_EXAMPLE);
    await lib.save('second', [], '', OVER9000_EXAMPLE);
    expect(lib.total).toBe(2);
    lib.toggle(lib.items.find((p) => p.name === 'first')!.id);

    const selected = JSON.parse(await lib.exportBundle(true)) as { positions: { name: string }[] };
    expect(selected.positions.map((p) => p.name)).toEqual(['first']);
    const everything = JSON.parse(await lib.exportBundle(false)) as { positions: unknown[] };
    expect(everything.positions).toHaveLength(2);

    const summary = await lib.importBundle(JSON.stringify(selected));
    expect(summary).toMatchObject({ positions: 1, games: 0 });
    await lib.refresh();
    expect(lib.total).toBe(3);
    expect(lib.items.filter((p) => p.name === 'first')).toHaveLength(2);
  });

  it('refuses a file that is no bundle, saying why, and keeps the list', async () => {
    const lib = library();
    await lib.refresh();
    const before = lib.items.map((p) => p.id);
    await expect(lib.importBundle('not a bundle')).rejects.toThrow(/import/);
    await lib.refresh();
    expect(lib.items.map((p) => p.id)).toEqual(before);
  });
});
