// The process's graph store on a real folder: a graph is built once, kept on disk and read back by
// the next process instead of rebuilt; a damaged file (one bit anywhere), another rule set's file
// under this one's name, or a named pipe in its place is rebuilt, never served, and the rebuilt
// graph answers as the DP does; a graph past the memory allowed, or whose build fails, is refused
// with the reason (said once in the log) and not tried again; temporary files of dead processes
// are removed when the folder is first used.

import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition, type PositionJson } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { solve } from '../../src/core/solve';
import { buildGraph } from '../../src/core/solve/graph/build';
import { graphKey } from '../../src/core/solve/graph/graph';
import { solveGraph } from '../../src/core/solve/graph/solve';
import { resultToWire } from '../../src/core/solve/result';
import {
  readGraphFileInfo,
  writeGraphFile,
  type GraphObject,
} from '../../src/main/graphs/graph-file';
import {
  GraphStore,
  graphFileName,
  type GraphStoreOptions,
} from '../../src/main/graphs/graph-store';
import { preparedFromFlat } from '../../src/core/solve/graph/transfer';
import { tempDir } from '../support/library';

const tmp = tempDir();
afterAll(() => tmp.remove());

interface Size {
  width: number;
  height: number;
}

function graphOf(rules: Size): GraphObject {
  const cells = rules.width * rules.height;
  return { key: `${rules.width}x${rules.height}`, cells: new Int32Array(cells).map((_, i) => i) };
}

/** A store over `dir` whose builds are counted. */
function storeWith(dir: string | null, overrides: Partial<GraphStoreOptions> = {}) {
  const built: string[] = [];
  const store = new GraphStore({
    dir,
    engine: 'engine-1',
    keyOf: (r) => `${(r as Size).width}x${(r as Size).height}`,
    build: async (r, path) => {
      built.push(path);
      writeGraphFile(
        path,
        graphOf(r as Size),
        `${(r as Size).width}x${(r as Size).height}`,
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
    const read = await next.store.ready(rules);
    expect(read!['key']).toBe('5x4');
    expect(next.store.get(rules)).toBe(read);
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

/** A real rule set whose graph builds in a moment, and a position of it the graph can take. */
const SMALL: PositionJson = {
  rules: { width: 6, height: 6, fleet: [3, 2, 2], touch: 'no-touch' },
  board: ['o.....', '......', '..o...', '......', '....o.', '......'],
  sunk: [],
};

/** A store of real graphs over `dir`, built on this thread, its builds and log lines counted. */
function realStore(dir: string, maxBytes = 64 * 2 ** 20) {
  const built: string[] = [];
  const log: string[] = [];
  const store = new GraphStore({
    dir,
    engine: 'engine-test',
    keyOf: (r) => graphKey(r as Rules),
    maxBytes,
    log: (line) => log.push(line),
    build: async (r, path, room) => {
      built.push(path);
      writeGraphFile(
        path,
        { ...buildGraph(r as Rules, room) },
        graphKey(r as Rules),
        'engine-test',
      );
    },
  });
  return { store, built, log };
}

/** The exact answer through `graph` equals the DP's. */
function expectAnswersAsDp(graph: GraphObject, json: PositionJson): void {
  const position = parsePosition(json);
  const prepared = preparedFromFlat(graph);
  const answered = solveGraph(position, prepared);
  expect(answered).not.toBeNull();
  const viaGraph = resultToWire(answered!);
  const dp = resultToWire(solve(position, 'dp'));
  expect(viaGraph.total).toBe(dp.total);
  expect(viaGraph.cellCounts).toEqual(dp.cellCounts);
}

describe('the graph store never serves a file it cannot trust', () => {
  const rules = parsePosition(SMALL).rules;

  it('rebuilds after any single bit flip, in the header or the arrays, and answers as the DP', async () => {
    const dir = join(tmp.path, 'flips');
    await realStore(dir).store.ready(rules);
    const [name] = readdirSync(dir);
    const path = join(dir, name!);
    const good = readFileSync(path);
    const { dataStart, header } = readGraphFileInfo(path);
    const { dataBytes } = header;
    const random = seededRandom(3901);
    const positions: number[] = [];
    for (let i = 0; i < 12; i++) positions.push(Math.floor(random() * dataStart));
    for (let i = 0; i < 8; i++)
      positions.push(dataStart + Math.floor(random() * (good.length - dataStart)));
    for (const at of positions) {
      const bytes = Buffer.from(good);
      bytes[at]! ^= 1 << Math.floor(random() * 8);
      writeFileSync(path, bytes);
      const { store, built, log } = realStore(dir);
      const graph = await store.ready(rules);
      expect(built, `byte ${at}`).toEqual([path]);
      expect(log.join('\n')).toMatch(/is not used \(.*\): it is rebuilt/);
      expectAnswersAsDp(graph!, SMALL);
      // The region the damaged file was read into holds the rebuilt graph: the memory (which
      // cannot shrink) holds its first page and one graph, not two.
      const memory = graph!['memory'] as WebAssembly.Memory;
      expect(memory.buffer.byteLength, `byte ${at}`).toBe(
        65536 * (1 + Math.ceil(dataBytes / 65536)),
      );
    }
    // The last rebuilt file is good: the next store reads it instead of building.
    const next = realStore(dir);
    expectAnswersAsDp((await next.store.ready(rules))!, SMALL);
    expect(next.built).toEqual([]);
  });

  it("refuses another rule set's file under this one's name, and a named pipe in its place", async () => {
    const dir = join(tmp.path, 'foreign');
    const other = { ...rules, width: 5 };
    await realStore(dir).store.ready(other);
    const otherFile = join(dir, readdirSync(dir)[0]!);
    const ownFile = join(dir, graphFileName(graphKey(rules)));
    copyFileSync(otherFile, ownFile);
    const first = realStore(dir);
    expectAnswersAsDp((await first.store.ready(rules))!, SMALL);
    expect(first.built).toEqual([ownFile]);
    expect(first.log.join('\n')).toMatch(/for other rules/);

    // A pipe with no writer: a blocking read would wait for good.
    execFileSync('rm', [ownFile]);
    execFileSync('mkfifo', [ownFile]);
    const second = realStore(dir);
    expectAnswersAsDp((await second.store.ready(rules))!, SMALL);
    expect(second.built).toEqual([ownFile]);
    expect(second.log.join('\n')).toMatch(/a named pipe stands where the graph file should be/);
  });

  it("a folder in the file's place: refused before building, the reason kept and logged once", async () => {
    const dir = join(tmp.path, 'folder');
    const path = join(dir, graphFileName(graphKey(rules)));
    mkdirSync(path, { recursive: true });
    const { store, log } = realStore(dir);
    expect(await store.ready(rules)).toBeUndefined();
    expect(store.reason(rules)).toMatch(
      /cannot write the graph file .* a folder stands in its place/,
    );
    expect(await store.ready(rules)).toBeUndefined();
    expect(log.filter((l) => l.includes('is not used: cannot write'))).toHaveLength(1);
    expect(log.every((l) => l.startsWith('broadside: '))).toBe(true);
  });

  it('builds nothing and writes nothing past what the store may still hold', async () => {
    const dir = join(tmp.path, 'over');
    const { store, log } = realStore(dir, 64 * 1024);
    expect(await store.ready(rules)).toBeUndefined();
    expect(store.reason(rules)).toMatch(/need(s)? more than/);
    expect(readdirSync(dir)).toEqual([]);
    expect(log).toHaveLength(1);
  });

  it('removes the temporary files of dead processes, not of live ones', async () => {
    const dir = join(tmp.path, 'leftovers');
    mkdirSync(dir);
    // A process that has ended: its pid names no live process now.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const deadFile = join(dir, `x.graph.${dead}.tmp`);
    const liveFile = join(dir, `y.graph.${process.ppid}.tmp`);
    writeFileSync(deadFile, 'half a graph');
    writeFileSync(liveFile, 'a graph being written');
    const { store } = realStore(dir);
    await store.ready(rules);
    expect(existsSync(deadFile)).toBe(false);
    expect(existsSync(liveFile)).toBe(true);
  });
});
