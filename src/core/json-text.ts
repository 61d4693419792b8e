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

/** Where a piece of text starts in its file (1-based), so a problem in it is placed in the file. */
export interface TextStart {
  line: number;
  column: number;
}

/** Text that is not JSON: `line` and `column` (1-based) say where, `what` what was found. */
export class JsonSyntaxError extends InputError {
  constructor(
    where: string,
    readonly line: number,
    readonly column: number,
    readonly what: string,
  ) {
    super(where, `is not valid JSON (line ${line}, column ${column}: ${what})`);
  }
}

/**
 * Parses JSON text; an InputError under `where` if it nests too deeply, a JsonSyntaxError
 * (line and column, in one line) if it is not JSON. `start` places a piece of a larger file.
 */
export function parseJsonText(text: string, where: string, start?: TextStart): unknown {
  if (jsonNestsDeeperThan(text)) {
    throw new InputError(where, `nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw jsonSyntaxError(text, where, start);
  }
}

/** The first syntax error of `text` (which JSON.parse refused), placed in its file. */
export function jsonSyntaxError(text: string, where: string, start?: TextStart): JsonSyntaxError {
  const { offset, what } = firstProblem(text);
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const column = offset - lineStart + 1;
  if (!start) return new JsonSyntaxError(where, line, column, what);
  return line === 1
    ? new JsonSyntaxError(where, start.line, start.column + column - 1, what)
    : new JsonSyntaxError(where, start.line + line - 1, column, what);
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** "'}'" for a printable character, else its code point. */
function shown(c: string): string {
  return /^[\x21-\x7e]$/.test(c)
    ? `'${c}'`
    : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

type Expect = 'value' | 'first-value' | 'key' | 'first-key' | 'colon' | 'after';

/**
 * Where JSON text first goes wrong and what is there: a scan of the grammar (JSON.parse's own
 * messages name no position for most mistakes, and quote the text, line breaks and all).
 */
function firstProblem(text: string): { offset: number; what: string } {
  const stack: string[] = [];
  let expect = 'value' as Expect;
  let i = 0;
  const problem = (what: string) => ({ offset: i, what });
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (i >= text.length) {
      return stack.length === 0 && expect === 'after'
        ? problem('nothing wrong found')
        : problem('the text ends before the JSON does');
    }
    const c = text[i]!;
    const close = stack.at(-1) === '{' ? '}' : ']';
    const wantKey: boolean = expect === 'key' || expect === 'first-key';
    switch (expect) {
      case 'after':
        if (stack.length === 0) return problem(`unexpected ${shown(c)} after the end of the JSON`);
        if (c === ',') expect = close === '}' ? 'key' : 'value';
        else if (c === close) stack.pop();
        else return problem(`expected ',' or '${close}', found ${shown(c)}`);
        i++;
        continue;
      case 'colon':
        if (c !== ':') return problem(`expected ':' after a member name, found ${shown(c)}`);
        i++;
        expect = 'value';
        continue;
      case 'key':
      case 'first-key':
        if (c === '}' && expect === 'first-key') {
          stack.pop();
          i++;
          expect = 'after';
          continue;
        }
        if (c !== '"') return problem(`expected a member name in double quotes, found ${shown(c)}`);
        break;
      default:
        if (c === ']' && expect === 'first-value') {
          stack.pop();
          i++;
          expect = 'after';
          continue;
        }
        if (c === '{' || c === '[') {
          stack.push(c);
          i++;
          expect = c === '{' ? 'first-key' : 'first-value';
          continue;
        }
    }
    if (c === '"') {
      const bad = stringProblem(text, i);
      if (typeof bad === 'object') return bad;
      i = bad;
      expect = wantKey ? 'colon' : 'after';
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (!number && !literal) return problem(`unexpected ${shown(c)}`);
    i += number ? number[0].length : literal!.length;
    expect = 'after';
  }
}

/** The end of the string starting at `i` (just past its closing quote), or what is wrong in it. */
function stringProblem(text: string, i: number): number | { offset: number; what: string } {
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k]!;
    if (c === '"') return k + 1;
    if (c < ' ') return { offset: k, what: `a raw ${shown(c)} inside a string (write it escaped)` };
    if (c !== '\\') continue;
    const next = text[k + 1] ?? '';
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(k + 2, k + 6))) k += 5;
    else if (ESCAPES.has(next)) k++;
    else return { offset: k, what: `a bad escape \\${next} inside a string` };
  }
  return { offset: text.length, what: 'the text ends inside a string' };
}
