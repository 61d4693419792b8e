// JSON text from outside (files, pasted text, request bodies) parsed with a nesting limit.
// JSON.parse itself copes with any depth, but a few megabytes of brackets nest millions of levels
// deep, which costs seconds and gigabytes to build; nothing Broadside reads nests more than a
// dozen levels, so deeper text is refused by a linear scan before it is parsed.

import { InputError } from './errors';

/** Deepest nesting of arrays and objects accepted in JSON text. */
export const MAX_JSON_DEPTH = 64;

/** Does the text nest arrays and objects more than `max` levels deep? (Strings are skipped.) */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses JSON text; an InputError under `where` if it is not JSON or nests too deeply. */
export function parseJsonText(text: string, where: string): unknown {
  if (jsonNestsDeeperThan(text)) {
    throw new InputError(where, `nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(where, `is not valid JSON (${(e as Error).message})`);
  }
}
