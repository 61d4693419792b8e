// Reads bundle text as it streams in, one record at a time, so a library of any size imports in
// bounded memory. Only the outer shape is scanned here: the top-level object, its members, and
// the elements of its record arrays (positions, opponents, games), each handed on as its own JSON
// text with its section and index; every other member is handed on whole (a lone position's
// board, a bundle's format). Strings, escapes and nesting are tracked across chunk boundaries;
// each piece is then parsed with the ordinary JSON parser by the caller, told where the piece
// starts in the text (line and column) so its messages can say where a mistake is. A value that
// nests deeper than any record does is refused as soon as the scan sees it: a stream of `{"a":`
// is not read to its end.

import { InputError } from '../../core/errors';
import { MAX_JSON_DEPTH, type TextStart } from '../../core/json-text';

export type RecordSection = 'positions' | 'opponents' | 'games';
const SECTIONS: readonly string[] = ['positions', 'opponents', 'games'];

/** Longest single record or member, in characters (a record is a position or one game log). */
export const MAX_PIECE_CHARS = 64 * 1024 * 1024;

export interface BundleEvents {
  /** One element of a record array, as JSON text, and where it starts. */
  record(section: RecordSection, index: number, text: string, at: TextStart): void;
  /** Any other top-level member, its value as JSON text, and where it starts. */
  member(key: string, text: string, at: TextStart): void;
}

type Phase =
  'start' | 'key' | 'colon' | 'value' | 'element' | 'after-element' | 'after-value' | 'done';

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class BundleReader {
  #buf = '';
  #pos = 0;
  #phase: Phase = 'start';
  #key = '';
  #index = 0;
  // Where the buffer's text sits in the whole: the line number at buffer index #counted, and the
  // buffer index where that line starts (negative when it started in text already dropped).
  #counted = 0;
  #line = 1;
  #lineStart = 0;
  // A value being scanned: where it starts in the buffer and how far the scan has come.
  #valueStart = -1;
  #scan = {
    i: 0,
    depth: 0,
    inString: false,
    escaped: false,
    scalar: false,
    /** Where the value starts in the whole text. */
    at: { line: 1, column: 1 },
    /** The value's text from earlier chunks, set aside (see push), and its length. */
    held: [] as string[],
    heldChars: 0,
  };

  constructor(private readonly events: BundleEvents) {}

  push(chunk: string): void {
    this.#buf = this.#pos > 0 ? this.#buf.slice(this.#pos) + chunk : this.#buf + chunk;
    if (this.#valueStart >= 0) {
      this.#scan.i -= this.#pos;
      this.#valueStart -= this.#pos;
    }
    this.#pos = 0;
    this.#run();
    // Drop what has been read (counting its lines). A value still being scanned is set aside
    // whole, scanned as it is: the next chunk is then scanned alone. (Joining it to the buffer
    // instead would copy the whole value again for every chunk, which for a value of tens of
    // megabytes arriving through a pipe in small chunks is minutes of copying.)
    const scanning = this.#valueStart >= 0;
    const keep = scanning ? this.#buf.length : this.#pos;
    this.#placeOf(keep);
    if (scanning) {
      const s = this.#scan;
      s.held.push(this.#buf.slice(this.#valueStart));
      s.heldChars += this.#buf.length - this.#valueStart;
      s.i = 0;
      this.#valueStart = 0;
      this.#pos = keep;
    }
    this.#counted -= keep;
    this.#lineStart -= keep;
    this.#buf = this.#buf.slice(keep);
    this.#pos -= keep;
  }

  /** The text has ended: throws unless it was one whole object. */
  end(): void {
    this.#run();
    if (this.#phase !== 'done') {
      throw this.#error(
        this.#phase === 'start' ? 'is empty' : 'ends before the bundle is complete',
      );
    }
  }

  /** Line and column (1-based) of buffer index `index`, counted on from the last one asked. */
  #placeOf(index: number): TextStart {
    const buf = this.#buf;
    for (let i = this.#counted; i < index; i++) {
      if (buf.charCodeAt(i) === 0x0a) {
        this.#line++;
        this.#lineStart = i + 1;
      }
    }
    this.#counted = Math.max(this.#counted, index);
    return { line: this.#line, column: index - this.#lineStart + 1 };
  }

  #error(what: string): InputError {
    const { line, column } = this.#placeOf(Math.min(this.#pos, this.#buf.length));
    return new InputError('import', `is not valid JSON (line ${line}, column ${column}: ${what})`);
  }

  #skipSpace(): boolean {
    const buf = this.#buf;
    while (this.#pos < buf.length && isSpace(buf.charCodeAt(this.#pos))) this.#pos++;
    return this.#pos < buf.length;
  }

  #run(): void {
    for (;;) {
      if (this.#phase === 'done') {
        if (this.#skipSpace()) throw this.#error('text follows the closing }');
        return;
      }
      if (this.#valueStart < 0 && !this.#skipSpace()) return;
      const c = this.#buf.charCodeAt(this.#pos);
      switch (this.#phase) {
        case 'start':
          if (this.#pos === 0 && c === 0xfeff) {
            this.#pos++;
            continue;
          }
          if (c !== 0x7b) throw new InputError('import', 'must be a JSON object');
          this.#pos++;
          this.#phase = 'key';
          continue;
        case 'key': {
          // (a key still being scanned from the last chunk goes straight on)
          if (this.#valueStart < 0) {
            if (c === 0x7d && this.#key === '') {
              this.#pos++;
              this.#phase = 'done';
              continue;
            }
            if (c !== 0x22) throw this.#error('expected a member name in double quotes');
          }
          const text = this.#value();
          if (text === undefined) return;
          this.#key = JSON.parse(text) as string;
          this.#phase = 'colon';
          continue;
        }
        case 'colon':
          if (c !== 0x3a) throw this.#error(`expected ':' after "${this.#key.slice(0, 40)}"`);
          this.#pos++;
          this.#phase = 'value';
          continue;
        case 'value':
          if (c === 0x5b && SECTIONS.includes(this.#key) && this.#valueStart < 0) {
            this.#pos++;
            this.#index = 0;
            this.#phase = 'element';
            continue;
          } else {
            const text = this.#value();
            if (text === undefined) return;
            this.events.member(this.#key, text, this.#scan.at);
            this.#phase = 'after-value';
            continue;
          }
        case 'element': {
          if (c === 0x5d && this.#index === 0 && this.#valueStart < 0) {
            this.#pos++;
            this.#phase = 'after-value';
            continue;
          }
          const text = this.#value();
          if (text === undefined) return;
          this.events.record(this.#key as RecordSection, this.#index++, text, this.#scan.at);
          this.#phase = 'after-element';
          continue;
        }
        case 'after-element':
          this.#pos++;
          if (c === 0x2c) this.#phase = 'element';
          else if (c === 0x5d) this.#phase = 'after-value';
          else {
            this.#pos--;
            throw this.#error(`expected ',' or ']' after ${this.#key}[${this.#index - 1}]`);
          }
          continue;
        case 'after-value':
          this.#pos++;
          if (c === 0x2c) {
            this.#phase = 'key';
            this.#key = '';
          } else if (c === 0x7d) this.#phase = 'done';
          else {
            this.#pos--;
            throw this.#error(`expected ',' or '}' after "${this.#key.slice(0, 40)}"`);
          }
          if (this.#phase === 'key') this.#key = '\0'; // a comma must be followed by a member
          continue;
      }
    }
  }

  /**
   * The JSON value starting at the read position, once all of it is in the buffer (then the
   * position moves past it); undefined while more text is needed.
   */
  #value(): string | undefined {
    const buf = this.#buf;
    const s = this.#scan;
    if (this.#valueStart < 0) {
      this.#valueStart = this.#pos;
      s.i = this.#pos;
      s.depth = 0;
      s.inString = false;
      s.escaped = false;
      const first = buf.charCodeAt(this.#pos);
      s.scalar = first !== 0x7b && first !== 0x5b && first !== 0x22;
      s.at = this.#placeOf(this.#pos);
    }
    let end = -1;
    for (; s.i < buf.length; s.i++) {
      const c = buf.charCodeAt(s.i);
      if (s.inString) {
        if (s.escaped) s.escaped = false;
        else if (c === 0x5c) s.escaped = true;
        else if (c === 0x22) {
          s.inString = false;
          if (s.depth === 0) {
            end = s.i + 1;
            break;
          }
        }
      } else if (s.scalar) {
        if (c === 0x2c || c === 0x5d || c === 0x7d || isSpace(c)) {
          end = s.i;
          break;
        }
      } else if (c === 0x22) s.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++s.depth > MAX_JSON_DEPTH) {
          const { line, column } = this.#placeOf(s.i);
          throw new InputError(
            'import',
            `nests more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column}); no bundle, position or game log does`,
          );
        }
      } else if (c === 0x7d || c === 0x5d) {
        if (--s.depth === 0) {
          end = s.i + 1;
          break;
        }
      }
    }
    if (end < 0) {
      if (s.heldChars + s.i - this.#valueStart > MAX_PIECE_CHARS) {
        throw new InputError(
          'import',
          `a single record is larger than ${MAX_PIECE_CHARS / 2 ** 20} MB of text (line ${s.at.line}, column ${s.at.column})`,
        );
      }
      return undefined;
    }
    const tail = buf.slice(this.#valueStart, end);
    const text = s.held.length > 0 ? s.held.join('') + tail : tail;
    s.held = [];
    s.heldChars = 0;
    this.#pos = end;
    this.#valueStart = -1;
    return text;
  }
}
