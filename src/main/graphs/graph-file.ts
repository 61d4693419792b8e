// A rule set's state graph on disk, and back into shared memory. The graph is a plain object of
// typed arrays and JSON values (core/solve/graph), so the file is a JSON header naming each
// array's type, length and offset, then the arrays' bytes. Reading checks everything before it is
// trusted: the magic, the header's format and engine version, the rules key, every length
// against the file's size, and a SHA-256 of the bytes; anything else is reported as a reason to
// rebuild, never served. The arrays are read straight into shared memory (graph-memory.ts), so every
// worker thread sees the same copy: a structured clone of a view on it shares, not copies, the memory.

import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

const MAGIC = 'BSGRAPH1';
/** Bumped when the file's own layout changes (the graph's is the engine version's business). */
const FILE_FORMAT = 1;
/** Arrays start on 8-byte boundaries, so a Float64Array view can sit on any of them. */
const ALIGN = 8;

type TypedArray =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

const ARRAY_TYPES = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

interface ArrayEntry {
  name: string;
  type: ArrayTypeName;
  length: number;
  /** Byte offset within the data region. */
  offset: number;
}

interface Header {
  format: number;
  engine: string;
  key: string;
  /** The graph's plain fields (numbers, strings, arrays of them). */
  fields: Record<string, unknown>;
  arrays: ArrayEntry[];
  dataBytes: number;
  sha256: string;
}

export type GraphObject = Record<string, unknown>;

/** A file that cannot be used, with the reason (it is then rebuilt). */
export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

const alignUp = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

function typeName(a: ArrayBufferView): ArrayTypeName {
  const name = a.constructor.name;
  if (!Object.hasOwn(ARRAY_TYPES, name)) throw new GraphFileError(`cannot store a ${name}`);
  return name as ArrayTypeName;
}

/** The layout of a graph's arrays in a file's data region, and its plain fields. */
function layout(graph: GraphObject): {
  arrays: ArrayEntry[];
  fields: Record<string, unknown>;
  dataBytes: number;
} {
  const arrays: ArrayEntry[] = [];
  const fields: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, value] of Object.entries(graph)) {
    if (ArrayBuffer.isView(value)) {
      const type = typeName(value);
      const length = (value as TypedArray).length;
      arrays.push({ name, type, length, offset });
      offset = alignUp(offset + value.byteLength);
    } else {
      fields[name] = value;
    }
  }
  return { arrays, fields, dataBytes: offset };
}

function viewBytes(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * Writes `graph` to `path` whole or not at all (a temporary file renamed into place), under the
 * rules `key` and the `engine` version that built it.
 */
export function writeGraphFile(
  path: string,
  graph: GraphObject,
  key: string,
  engine: string,
): void {
  const { arrays, fields, dataBytes } = layout(graph);
  const hash = createHash('sha256');
  const pad = new Uint8Array(ALIGN);
  for (const a of arrays) {
    const bytes = viewBytes(graph[a.name] as ArrayBufferView);
    hash.update(bytes);
    const gap = alignUp(bytes.length) - bytes.length;
    if (gap) hash.update(pad.subarray(0, gap));
  }
  const header: Header = {
    format: FILE_FORMAT,
    engine,
    key,
    fields,
    arrays,
    dataBytes,
    sha256: hash.digest('hex'),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(alignUp(MAGIC.length + 4 + headerBytes.length));
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(prefix, MAGIC.length + 4);

  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeAll(fd, prefix);
    for (const a of arrays) {
      const bytes = viewBytes(graph[a.name] as ArrayBufferView);
      writeAll(fd, bytes);
      const gap = alignUp(bytes.length) - bytes.length;
      if (gap) writeAll(fd, pad.subarray(0, gap));
    }
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
}

function readExactly(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length;) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new GraphFileError('the file is shorter than its header says');
    done += n;
  }
}

/** What a file says of itself, read and checked without its arrays. */
export interface GraphFileInfo {
  header: Header;
  dataStart: number;
}

function readHeader(fd: number, size: number): GraphFileInfo {
  const head = new Uint8Array(MAGIC.length + 4);
  if (size < head.length) throw new GraphFileError('the file is too short to be a graph');
  readExactly(fd, head, 0);
  if (Buffer.from(head.subarray(0, MAGIC.length)).toString('latin1') !== MAGIC) {
    throw new GraphFileError('the file is not a Broadside graph');
  }
  const headerLength = Buffer.from(head).readUInt32LE(MAGIC.length);
  if (headerLength > 1 << 20 || MAGIC.length + 4 + headerLength > size) {
    throw new GraphFileError('the header is damaged');
  }
  const raw = new Uint8Array(headerLength);
  readExactly(fd, raw, MAGIC.length + 4);
  let header: Header;
  try {
    header = JSON.parse(Buffer.from(raw).toString('utf8')) as Header;
  } catch {
    throw new GraphFileError('the header is damaged');
  }
  const dataStart = alignUp(MAGIC.length + 4 + headerLength);
  checkHeader(header, size - dataStart);
  return { header, dataStart };
}

function checkHeader(h: Header, available: number): void {
  if (typeof h !== 'object' || h === null || h.format !== FILE_FORMAT) {
    throw new GraphFileError('the file is of another format');
  }
  if (typeof h.key !== 'string' || typeof h.engine !== 'string' || typeof h.sha256 !== 'string') {
    throw new GraphFileError('the header is damaged');
  }
  if (!Number.isSafeInteger(h.dataBytes) || h.dataBytes !== available) {
    throw new GraphFileError('the file is not the size its header says');
  }
  if (!Array.isArray(h.arrays) || typeof h.fields !== 'object' || h.fields === null) {
    throw new GraphFileError('the header is damaged');
  }
  let offset = 0;
  for (const a of h.arrays) {
    if (!Object.hasOwn(ARRAY_TYPES, a.type) || !Number.isSafeInteger(a.length) || a.length < 0) {
      throw new GraphFileError('the header names an array it cannot hold');
    }
    if (a.offset !== offset) throw new GraphFileError('the header is damaged');
    offset = alignUp(offset + a.length * ARRAY_TYPES[a.type].BYTES_PER_ELEMENT);
  }
  if (offset !== h.dataBytes) throw new GraphFileError('the header is damaged');
}

/** The header of the file at `path` (its size in memory is `header.dataBytes`). */
export function readGraphFileInfo(path: string): GraphFileInfo {
  const fd = openSync(path, 'r');
  try {
    return readHeader(fd, fstatSync(fd).size);
  } finally {
    closeSync(fd);
  }
}

/**
 * The graph in the file at `path`, its arrays in one region of shared memory. Throws
 * GraphFileError when the file is damaged, of another engine version or for other rules;
 * `allocate` gives the region (8-byte aligned) and may throw to refuse, before anything is read.
 */
export function readGraphFile(
  path: string,
  key: string,
  engine: string,
  allocate: (bytes: number) => Uint8Array = (n) => new Uint8Array(new SharedArrayBuffer(n)),
): GraphObject {
  const fd = openSync(path, 'r');
  try {
    const { header, dataStart } = readHeader(fd, fstatSync(fd).size);
    if (header.engine !== engine)
      throw new GraphFileError('the file was built by another engine version');
    if (header.key !== key) throw new GraphFileError('the file is for other rules');
    const bytes = allocate(header.dataBytes);
    // Read in slices: one readSync is limited to 2 GB, and slices keep the hash incremental.
    const slice = 64 * 2 ** 20;
    const hash = createHash('sha256');
    for (let at = 0; at < bytes.length; at += slice) {
      const part = bytes.subarray(at, Math.min(bytes.length, at + slice));
      readExactly(fd, part, dataStart + at);
      hash.update(part);
    }
    if (hash.digest('hex') !== header.sha256) {
      throw new GraphFileError('the file is damaged (its checksum does not match)');
    }
    const graph: GraphObject = { ...header.fields };
    for (const a of header.arrays) {
      const View = ARRAY_TYPES[a.type] as new (
        buffer: ArrayBufferLike,
        offset: number,
        length: number,
      ) => TypedArray;
      graph[a.name] = new View(bytes.buffer, bytes.byteOffset + a.offset, a.length);
    }
    return graph;
  } finally {
    closeSync(fd);
  }
}
