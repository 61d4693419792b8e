// The process's graph store on a real folder: a graph is built once, kept on disk and read back by
// the next process instead of rebuilt; a damaged file is rebuilt, never served; a graph past the
// memory allowed, or whose build fails, is refused with the reason and not tried again.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGraphFile, type GraphObject } from '../../src/main/graphs/graph-file';
import { GraphStore, type GraphStoreOptions } from '../../src/main/graphs/graph-store';
import { tempDir } from '../support/library';

const tmp = tempDir();
afterAll(() => tmp.remove());

interface Rules {
  width: number;
  height: number;
}

function graphOf(rules: Rules): GraphObject {
  const cells = rules.width * rules.height;
  return { key: `${rules.width}x${rules.height}`, cells: new Int32Array(cells).map((_, i) => i) };
}

/** A store over `dir` whose builds are counted. */
function storeWith(dir: string | null, overrides: Partial<GraphStoreOptions> = {}) {
  const built: string[] = [];
  const store = new GraphStore({
    dir,
    engine: 'engine-1',
    keyOf: (r) => `${(r as Rules).width}x${(r as Rules).height}`,
    build: async (r, path) => {
      built.push(path);
      writeGraphFile(
        path,
        graphOf(r as Rules),
        `${(r as Rules).width}x${(r as Rules).height}`,
        'engine-1',
      );
    },
    maxBytes: 2 ** 20,
    ...overrides,
  });
  return { store, built };
}

describe('the graph store', () => {
  it('builds a graph once, answers nothing until it is ready, and keeps it on disk', async () => {
    const dir = join(tmp.path, 'a');
    const { store, built } = storeWith(dir);
    const rules = { width: 5, height: 4 };
    expect(store.get(rules)).toBeUndefined();
    const graph = await store.ready(rules);
    expect(Array.from(graph!['cells'] as Int32Array)).toEqual([...Array(20).keys()]);
    expect(store.get(rules)).toBe(graph);
    expect(built).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['5x4.graph']);

    // The next process reads the file instead of building.
    const next = storeWith(dir);
    expect((await next.store.ready(rules))!['key']).toBe('5x4');
    expect(next.built).toEqual([]);
  });

  it('rebuilds a damaged file instead of serving it', async () => {
    const dir = join(tmp.path, 'b');
    const rules = { width: 6, height: 6 };
    await storeWith(dir).store.ready(rules);
    const path = join(dir, '6x6.graph');
    const bytes = readFileSync(path);
    bytes[bytes.length - 3]! ^= 0xff;
    writeFileSync(path, bytes);

    const { store, built } = storeWith(dir);
    const graph = await store.ready(rules);
    expect(built).toEqual([path]);
    expect((graph!['cells'] as Int32Array)[35]).toBe(35);
  });

  it('refuses a graph past the memory allowed, saying how much it needs', async () => {
    const { store } = storeWith(join(tmp.path, 'c'), { maxBytes: 1000 });
    const rules = { width: 20, height: 20 };
    expect(await store.ready(rules)).toBeUndefined();
    expect(store.reason(rules)).toMatch(/needs \d+ MB and this process may hold \d+ MB more/);
    expect(store.get(rules)).toBeUndefined();
  });

  it('keeps why a build failed and does not try again', async () => {
    let calls = 0;
    const { store } = storeWith(join(tmp.path, 'd'), {
      build: async () => {
        calls++;
        throw new Error('the board is too wide for a graph');
      },
    });
    const rules = { width: 3, height: 3 };
    expect(await store.ready(rules)).toBeUndefined();
    expect(store.get(rules)).toBeUndefined();
    expect(await store.ready(rules)).toBeUndefined();
    expect(calls).toBe(1);
    expect(store.reason(rules)).toBe('the board is too wide for a graph');
  });

  it('without a folder, builds in a temporary file and leaves nothing behind', async () => {
    const { store, built } = storeWith(null);
    const rules = { width: 4, height: 4 };
    expect((await store.ready(rules))!['key']).toBe('4x4');
    expect(built).toHaveLength(1);
    expect(existsSync(built[0]!)).toBe(false);
  });
});
