// Reading command-line inputs: a file path, or '-' for standard input, with clear errors.

import { readFile } from 'node:fs/promises';
import { InputError } from '../core/errors';

/** Files larger than this are refused before parsing (positions and logs are small). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export async function readInput(file: string): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_INPUT_BYTES)
        throw new InputError('standard input', `is larger than ${MAX_INPUT_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (e as Error).message;
    throw new InputError(file, `cannot read it (${why})`);
  }
}
