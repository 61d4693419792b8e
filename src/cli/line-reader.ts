// Lines of a stream with a length limit checked while reading: a line that grows past the limit
// is refused as soon as it does, so an endless or enormous line costs at most the limit and one
// chunk of memory, never the whole line (nor a RangeError from a string too long to build).

import type { Readable } from 'node:stream';
import { InputError } from '../core/errors';

/** Yields each line (without its \n or \r\n); the last one even when it has no \n. */
export async function* boundedLines(
  input: Readable,
  maxChars: number,
  where: string,
): AsyncGenerator<string> {
  input.setEncoding('utf8');
  let partial = '';
  let lineNo = 1;
  const tooLong = () =>
    new InputError(`${where} line ${lineNo}`, `is longer than ${maxChars} characters`);
  for await (const chunk of input as AsyncIterable<string>) {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      if (partial.length + nl - start > maxChars + 1) throw tooLong();
      const line = partial + chunk.slice(start, nl);
      partial = '';
      start = nl + 1;
      yield line.endsWith('\r') ? line.slice(0, -1) : line;
      lineNo++;
    }
    if (partial.length + chunk.length - start > maxChars + 1) throw tooLong();
    partial += chunk.slice(start);
  }
  if (partial !== '') yield partial;
}
