// Graph files on a real disk: a graph written and read back is the same, its arrays in one shared
// buffer; a file that is damaged, cut short, of another engine or for other rules is refused with
// the reason, never served; the memory check comes before any allocation.

import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GraphFileError,
  readGraphFile,
  readGraphFileInfo,
  writeGraphFile,
  type GraphObject,
} from '../../src/main/graphs/graph-file';
import { tempDir } from '../support/library';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** A graph-shaped object: arrays of every width, odd lengths (alignment), plain fields. */
function sampleGraph(n: number): GraphObject {
  const layerStart = new Int32Array(n + 1).map((_, i) => i * 3);
  const runLen = new Uint16Array(2 * n + 1).map((_, i) => (i * 7) % 65535);
  const values = new Float64Array(n).map((_, i) => i / 3);
  const flags = new Uint8Array(3 * n + 5).map((_, i) => i % 251);
  return {
    key: 'test/1',
    width: 7,
    lengths: [3, 2],
    states: n * 3,
    layerStart,
    runLen,
    values,
    flags,
  };
}

function expectSameGraph(read: GraphObject, written: GraphObject): void {
  expect(Object.keys(read).sort()).toEqual(Object.keys(written).sort());
  for (const [name, value] of Object.entries(written)) {
    if (ArrayBuffer.isView(value)) {
      expect(read[name]).toBeInstanceOf(value.constructor);
      expect(Array.from(read[name] as Uint8Array)).toEqual(Array.from(value as Uint8Array));
    } else {
      expect(read[name]).toEqual(value);
    }
  }
}

describe('graph files', () => {
  it('round-trip into one shared buffer', () => {
    const path = tmp.file('round.graph');
    const graph = sampleGraph(1001);
    writeGraphFile(path, graph, 'rules-a', 'engine-1');
    const read = readGraphFile(path, 'rules-a', 'engine-1');
    expectSameGraph(read, graph);
    const buffers = new Set(
      Object.values(read)
        .filter((v) => ArrayBuffer.isView(v))
        .map((v) => (v as Uint8Array).buffer),
    );
    expect(buffers.size).toBe(1);
    expect([...buffers][0]).toBeInstanceOf(SharedArrayBuffer);
    expect(readGraphFileInfo(path).header.key).toBe('rules-a');
  });

  it('refuses a damaged, cut, foreign or stale file, saying why', () => {
    const path = tmp.file('good.graph');
    writeGraphFile(path, sampleGraph(500), 'rules-a', 'engine-1');
    const good = readFileSync(path);

    const flipped = Buffer.from(good);
    flipped[flipped.length - 9]! ^= 0x40;
    writeFileSync(tmp.file('flipped.graph'), flipped);
    expect(() => readGraphFile(tmp.file('flipped.graph'), 'rules-a', 'engine-1')).toThrow(
      /checksum does not match/,
    );

    writeFileSync(tmp.file('cut.graph'), good.subarray(0, good.length - 100));
    expect(() => readGraphFile(tmp.file('cut.graph'), 'rules-a', 'engine-1')).toThrow(
      /not the size its header says/,
    );

    writeFileSync(tmp.file('foreign.graph'), Buffer.from('SQLite format 3\0 and more bytes'));
    expect(() => readGraphFile(tmp.file('foreign.graph'), 'rules-a', 'engine-1')).toThrow(
      /not a Broadside graph/,
    );

    expect(() => readGraphFile(path, 'rules-a', 'engine-2')).toThrow(/another engine version/);
    expect(() => readGraphFile(path, 'rules-b', 'engine-1')).toThrow(/for other rules/);
    for (const bad of ['flipped', 'cut', 'foreign']) {
      expect(() => readGraphFile(tmp.file(`${bad}.graph`), 'rules-a', 'engine-1')).toThrow(
        GraphFileError,
      );
    }
  });

  it('asks for the memory before allocating it, and allocates nothing when refused', () => {
    const path = tmp.file('budget.graph');
    const graph = sampleGraph(2000);
    writeGraphFile(path, graph, 'rules-a', 'engine-1');
    const asked: number[] = [];
    expect(() =>
      readGraphFile(path, 'rules-a', 'engine-1', (bytes) => {
        asked.push(bytes);
        throw new RangeError('over the budget');
      }),
    ).toThrow(/over the budget/);
    expect(asked).toEqual([readGraphFileInfo(path).header.dataBytes]);
    expect(asked[0]).toBeGreaterThanOrEqual(2001 * 4 + 4001 * 2 + 2000 * 8 + 6005);
  });
});
