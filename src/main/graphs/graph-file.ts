// A rule set's state graph on disk, and back into shared memory. The graph is a plain object of
// typed arrays and JSON values (core/solve/graph), so the file is a JSON header naming each
// array's type, length and offset, then the arrays' bytes, then a SHA-256 of every byte before it
// (magic, header length, header, padding and arrays: a changed number in the header fails the
// check as surely as a changed array). Reading checks everything before it is trusted: that the
// path is a regular file (a FIFO or a device is never opened for a blocking read), the magic, the
// header's format and engine version, the rules key, every length against the file's size, and
// the digest; anything else is reported as a reason to rebuild, never served. The arrays are read
// straight into a region the caller gives (shared memory, graph-memory.ts), so every worker
// thread sees the same copy: a structured clone of a view on it shares, not copies, the memory.

import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
  type Stats,
} from 'node:fs';
import type { GraphObject } from '../../core/solve/graph/transfer';

export type { GraphObject };

const MAGIC = 'BSGRAPH1';
/**
 * Bumped when the file's own layout changes (the graph's is the engine version's business).
 * 2: the digest covers the whole file and trails it; the kept empty-board values are no longer
 * stored (format 1 files are rebuilt, never read as format 2).
 */
const FILE_FORMAT = 2;
/** Arrays start on 8-byte boundaries, so a Float64Array view can sit on any of them. */
const ALIGN = 8;
/** The SHA-256 after the arrays. */
const DIGEST_BYTES = 32;
/** Where the header's JSON starts: after the magic and its length. */
const HEADER_START = MAGIC.length + 4;
/** A header longer than this is damage, not a graph (the presets' are a few kB). */
const MAX_HEADER_BYTES = 1 << 20;

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
}

/** A file that cannot be used, with the reason (it is then rebuilt). */
export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

/** The graph file could not be written (a read-only folder, a full disk, a folder in its place). */
export class GraphWriteError extends Error {
  override name = 'GraphWriteError';
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

/** What stands at `path` when it is not a regular file, in words; null for a file (or nothing). */
export function specialFileKind(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a link';
  return 'something other than a file';
}

/** Why a graph file could not be written, in one line naming it. */
function writeFailure(path: string, e: unknown): GraphWriteError {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'the disk is full'
      : code === 'EROFS'
        ? 'the disk is read-only'
        : code === 'EACCES' || code === 'EPERM'
          ? 'the folder may not be written'
          : code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST'
            ? 'a folder stands in its place'
            : code === 'ENOTDIR' || code === 'ENOENT'
              ? 'its folder is missing or is not a folder'
              : e instanceof Error
                ? e.message
                : String(e);
  return new GraphWriteError(`cannot write the graph file ${path}: ${why}`);
}

/** The temporary file a graph is written to before it is renamed into place. */
export function temporaryPath(path: string, pid = process.pid): string {
  return `${path}.${pid}.tmp`;
}

/**
 * A graph file being written: opened (as its temporary file) before the graph is built, so a
 * folder that cannot take it is known before any work; `write` puts the graph in place whole,
 * `abandon` leaves nothing behind.
 */
export interface GraphFileWriter {
  write(graph: GraphObject, key: string, engine: string): void;
  abandon(): void;
}

/** Opens `path`'s temporary file for writing; GraphWriteError when the folder cannot take it. */
export function openGraphFileWriter(path: string): GraphFileWriter {
  let inPlace: Stats | undefined;
  try {
    inPlace = lstatSync(path);
  } catch {
    // Nothing there yet: the usual case.
  }
  if (inPlace?.isDirectory()) throw writeFailure(path, { code: 'EISDIR' });
  const tmp = temporaryPath(path);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
  } catch (e) {
    throw writeFailure(path, e);
  }
  const abandon = (): void => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    rmSync(tmp, { force: true });
  };
  return {
    abandon,
    write(graph, key, engine) {
      if (fd === undefined) throw new GraphWriteError(`the graph file ${path} was abandoned`);
      try {
        writeGraph(fd, graph, key, engine);
        closeSync(fd);
        fd = undefined;
        renameSync(tmp, path);
      } catch (e) {
        abandon();
        throw writeFailure(path, e);
      }
    },
  };
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
  openGraphFileWriter(path).write(graph, key, engine);
}

function writeGraph(fd: number, graph: GraphObject, key: string, engine: string): void {
  const { arrays, fields, dataBytes } = layout(graph);
  const header: Header = { format: FILE_FORMAT, engine, key, fields, arrays, dataBytes };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(alignUp(HEADER_START + headerBytes.length));
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(prefix, HEADER_START);
  const hash = createHash('sha256');
  const put = (bytes: Uint8Array): void => {
    hash.update(bytes);
    writeAll(fd, bytes);
  };
  put(prefix);
  const pad = new Uint8Array(ALIGN);
  for (const a of arrays) {
    const bytes = viewBytes(graph[a.name] as ArrayBufferView);
    put(bytes);
    const gap = alignUp(bytes.length) - bytes.length;
    if (gap) put(pad.subarray(0, gap));
  }
  writeAll(fd, hash.digest());
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
  /** The bytes before the arrays, as they are in the file (the digest covers them). */
  prefix: Uint8Array;
}

/**
 * Opens `path` for reading, refusing anything but a regular file: the open does not wait (a
 * named pipe with no writer would hold it for good), and what was opened is checked.
 */
function openRegularFile(path: string): { fd: number; size: number } {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  const special = specialFileKind(stats);
  if (special !== null) {
    closeSync(fd);
    throw new GraphFileError(`${special} stands where the graph file should be`);
  }
  return { fd, size: stats.size };
}

function readHeader(fd: number, size: number): GraphFileInfo {
  const head = new Uint8Array(HEADER_START);
  if (size < head.length) throw new GraphFileError('the file is too short to be a graph');
  readExactly(fd, head, 0);
  if (Buffer.from(head.subarray(0, MAGIC.length)).toString('latin1') !== MAGIC) {
    throw new GraphFileError('the file is not a Broadside graph');
  }
  if (size < head.length + DIGEST_BYTES) {
    throw new GraphFileError('the file is too short to be a graph');
  }
  const headerLength = Buffer.from(head).readUInt32LE(MAGIC.length);
  if (headerLength > MAX_HEADER_BYTES || HEADER_START + headerLength > size) {
    throw new GraphFileError('the header is damaged');
  }
  const dataStart = alignUp(HEADER_START + headerLength);
  if (dataStart > size) throw new GraphFileError('the header is damaged');
  const prefix = new Uint8Array(dataStart);
  readExactly(fd, prefix, 0);
  let header: Header;
  try {
    header = JSON.parse(
      Buffer.from(prefix.subarray(HEADER_START, HEADER_START + headerLength)).toString('utf8'),
    ) as Header;
  } catch {
    throw new GraphFileError('the header is damaged');
  }
  checkHeader(header, size - dataStart - DIGEST_BYTES);
  return { header, dataStart, prefix };
}

function checkHeader(h: Header, available: number): void {
  if (typeof h !== 'object' || h === null || h.format !== FILE_FORMAT) {
    throw new GraphFileError('the file is of another format');
  }
  if (typeof h.key !== 'string' || typeof h.engine !== 'string') {
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
  const { fd, size } = openRegularFile(path);
  try {
    return readHeader(fd, size);
  } finally {
    closeSync(fd);
  }
}

/**
 * The graph in the file at `path`, its arrays in one region of shared memory. Throws
 * GraphFileError when the file is damaged, not a regular file, of another engine version or for
 * other rules; `allocate` gives the region (8-byte aligned) and may throw to refuse, before
 * anything is read. The graph is returned only once every byte of the file has passed the digest.
 */
export function readGraphFile(
  path: string,
  key: string,
  engine: string,
  allocate: (bytes: number) => Uint8Array = (n) => new Uint8Array(new SharedArrayBuffer(n)),
): GraphObject {
  const { fd, size } = openRegularFile(path);
  try {
    const { header, dataStart, prefix } = readHeader(fd, size);
    if (header.engine !== engine)
      throw new GraphFileError('the file was built by another engine version');
    if (header.key !== key) throw new GraphFileError('the file is for other rules');
    const bytes = allocate(header.dataBytes);
    const hash = createHash('sha256');
    hash.update(prefix);
    // Read in slices: one readSync is limited to 2 GB, and slices keep the hash incremental.
    const slice = 64 * 2 ** 20;
    for (let at = 0; at < bytes.length; at += slice) {
      const part = bytes.subarray(at, Math.min(bytes.length, at + slice));
      readExactly(fd, part, dataStart + at);
      hash.update(part);
    }
    const digest = new Uint8Array(DIGEST_BYTES);
    readExactly(fd, digest, dataStart + header.dataBytes);
    if (!Buffer.from(digest).equals(hash.digest())) {
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
