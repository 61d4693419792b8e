// Reading command-line inputs: a file path, or '-' for standard input, with clear errors. Every
// input is read with a size limit, so a huge file or an endless one (/dev/zero, a pipe that never
// ends) is refused instead of exhausting memory.

import { open } from 'node:fs/promises';
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

export async function readInput(file: string): Promise<string> {
  if (file === '-') return readLimited(process.stdin, 'standard input');
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (e) {
    throw cannotRead(file, e);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new InputError(file, 'cannot read it (is a folder)');
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
