// Reading command-line inputs: a file path, or '-' for standard input, with clear errors. Every
// input is read with a size limit, so a huge file or an endless one (/dev/zero, a pipe that never
// ends) is refused instead of exhausting memory.

import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputError } from '../core/errors';

/** Inputs larger than this are refused before parsing (positions and logs are small). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

function tooLarge(where: string): InputError {
  return new InputError(where, `is larger than the ${MAX_INPUT_BYTES / 2 ** 20} MB input limit`);
}

async function readLimited(stream: Readable | AsyncIterable<unknown>, where: string) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw tooLarge(where);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function cannotRead(file: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (e as Error).message;
  return new InputError(file, `cannot read it (${why})`);
}

/** `file` opened for reading; a missing file or a folder is refused with one line. */
async function openInput(file: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (e) {
    throw cannotRead(file, e);
  }
  try {
    if ((await handle.stat()).isDirectory())
      throw new InputError(file, 'cannot read it (is a folder)');
  } catch (e) {
    await handle.close();
    throw e instanceof InputError ? e : cannotRead(file, e);
  }
  return handle;
}

export async function readInput(file: string): Promise<string> {
  if (file === '-') return readLimited(process.stdin, 'standard input');
  const handle = await openInput(file);
  try {
    const info = await handle.stat();
    if (info.size > MAX_INPUT_BYTES) throw tooLarge(file);
    // Devices and pipes report no size: the limit is enforced while reading.
    return await readLimited(handle.createReadStream({ autoClose: false }), file);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead(file, e);
  } finally {
    await handle.close();
  }
}

/**
 * An input as UTF-8 text in chunks, with no size limit: for readers that hold one piece at a
 * time (a library bundle of any size). Unreadable paths fail as readInput's do.
 */
export async function* inputChunks(file: string): AsyncGenerator<string> {
  if (file === '-') {
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) yield chunk as string;
    return;
  }
  const handle = await openInput(file);
  try {
    const stream = handle.createReadStream({
      autoClose: false,
      encoding: 'utf8',
      highWaterMark: 1 << 20,
    });
    try {
      for await (const chunk of stream) yield chunk as string;
    } catch (e) {
      throw cannotRead(file, e);
    }
  } finally {
    await handle.close();
  }
}

/** The rest of `chunks` joined, refused past MAX_INPUT_BYTES (a small input read whole). */
export async function joinLimited(chunks: AsyncIterable<string>, where: string): Promise<string> {
  let text = '';
  for await (const chunk of chunks) {
    text += chunk;
    if (text.length > MAX_INPUT_BYTES) throw tooLarge(where);
  }
  return text;
}
