// Graph files on a real disk: a graph written and read back is the same, its arrays in one shared
// buffer; a file that is damaged (one bit anywhere, header included), cut short, of another engine
// or for other rules is refused with the reason, never served; a named pipe, a device or a folder
// in a file's place is refused at once, never waited on; the memory check comes before any
// allocation.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random';
import {
  GraphFileError,
  openGraphFileWriter,
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

describe('every byte of a graph file is checked', () => {
  it('refuses the file after any single bit flip, in the header or the arrays', () => {
    const path = tmp.file('bits.graph');
    writeGraphFile(path, sampleGraph(300), 'rules-a', 'engine-1');
    const good = readFileSync(path);
    const { dataStart } = readGraphFileInfo(path);
    const random = seededRandom(39);
    // Every byte of the header region (magic, length, JSON, padding), and a sample of the rest.
    const positions = [...Array(dataStart).keys()];
    for (let i = 0; i < 400; i++)
      positions.push(dataStart + Math.floor(random() * (good.length - dataStart)));
    const flipped = tmp.file('flipped-bit.graph');
    for (const at of positions) {
      const bytes = Buffer.from(good);
      bytes[at]! ^= 1 << Math.floor(random() * 8);
      writeFileSync(flipped, bytes);
      expect(() => readGraphFile(flipped, 'rules-a', 'engine-1'), `byte ${at}`).toThrow(
        GraphFileError,
      );
    }
  });

  it('refuses a header whose key or numbers were edited to look right', () => {
    const path = tmp.file('margin.graph');
    const graph = { ...sampleGraph(200), key: 'margin' };
    writeGraphFile(path, graph, 'margin', 'engine-1');
    const good = readFileSync(path);
    // Another rule set's key of the same length, and a plain field changed: both parse.
    for (const [from, to] of [
      ['"key":"margin"', '"key":"classi"'],
      ['"width":7', '"width":9'],
    ] as const) {
      const at = good.indexOf(from);
      expect(at).toBeGreaterThan(0);
      const edited = Buffer.from(good);
      edited.write(to, at, 'latin1');
      writeFileSync(tmp.file('edited.graph'), edited);
      expect(() =>
        readGraphFile(
          tmp.file('edited.graph'),
          to.includes('classi') ? 'classi' : 'margin',
          'engine-1',
        ),
      ).toThrow(/checksum does not match/);
    }
    // Renamed to another rule set's file: its own key says whose it is.
    writeFileSync(tmp.file('classic.graph'), good);
    expect(() => readGraphFile(tmp.file('classic.graph'), 'classic', 'engine-1')).toThrow(
      /for other rules/,
    );
  });

  it('refuses a named pipe, a device or a folder in its place without waiting', () => {
    const fifo = tmp.file('pipe.graph');
    execFileSync('mkfifo', [fifo]);
    // A blocking open of a pipe with no writer would never return: this call must.
    expect(() => readGraphFile(fifo, 'rules-a', 'engine-1')).toThrow(
      /a named pipe stands where the graph file should be/,
    );
    expect(() => readGraphFileInfo(fifo)).toThrow(GraphFileError);
    expect(() => readGraphFile('/dev/zero', 'rules-a', 'engine-1')).toThrow(/a device stands/);
    const folder = tmp.file('folder.graph');
    mkdirSync(folder);
    expect(() => readGraphFile(folder, 'rules-a', 'engine-1')).toThrow(/a folder stands/);
    // Writing over a folder is refused before anything is built.
    expect(() => openGraphFileWriter(folder)).toThrow(
      /cannot write the graph file .*a folder stands in its place/,
    );
  });
});
