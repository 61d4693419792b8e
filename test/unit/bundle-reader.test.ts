// The streaming bundle reader against JSON.parse: however the text is cut into chunks (inside
// strings, escapes, numbers, surrogate pairs), it hands on exactly the records and members the
// whole text holds, and refuses text that is not one whole JSON object.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import { BundleReader } from '../../src/main/store/bundle-reader';

interface Read {
  records: [string, number, unknown][];
  members: [string, unknown][];
}

function read(chunks: string[]): Read {
  const out: Read = { records: [], members: [] };
  const reader = new BundleReader({
    record: (section, index, text) => out.records.push([section, index, JSON.parse(text)]),
    member: (key, text) => out.members.push([key, JSON.parse(text)]),
  });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return out;
}

/** `text` cut at the given fractions of its length. */
function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

const section = fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 6 });
const bundle = fc.record(
  {
    format: fc.string(),
    version: fc.integer(),
    positions: section,
    opponents: section,
    games: section,
    other: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);

describe('the bundle reader', () => {
  it('reads what JSON.parse reads, however the text is cut', () => {
    fc.assert(
      fc.property(
        bundle,
        fc.constantFrom(undefined, 2, '\t'),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (value, indent, at) => {
          const text = JSON.stringify(value, null, indent);
          const got = read(cut(text, at));
          const expected: Read = { records: [], members: [] };
          for (const [key, v] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
            if (['positions', 'opponents', 'games'].includes(key) && Array.isArray(v)) {
              v.forEach((r, i) => expected.records.push([key, i, r]));
            } else expected.members.push([key, v]);
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps strings with escapes and non-ASCII whole across chunks', () => {
    const text = '{"positions": [{"name": "a \\"quoted\\" ] } , name \\\\", "n": "🚢é\\u0041"}]}';
    for (let i = 0; i <= text.length; i++) {
      expect(read([text.slice(0, i), text.slice(i)]).records).toEqual([
        ['positions', 0, { name: 'a "quoted" ] } , name \\', n: '🚢éA' }],
      ]);
    }
  });

  it('says where each record starts, line and column, however the text is cut', () => {
    const text = '{"format": "x",\n "positions": [{"a":\n "b\\nc"},\n   {"d": 1}, 2]}';
    const expected = [
      [2, 16],
      [4, 4],
      [4, 14],
    ];
    for (let i = 0; i <= text.length; i++) {
      for (const size of [1, 3, text.length]) {
        const chunks = [text.slice(0, i)];
        for (let k = i; k < text.length; k += size) chunks.push(text.slice(k, k + size));
        const places: number[][] = [];
        const reader = new BundleReader({
          record: (_, __, ___, at) => places.push([at.line, at.column]),
          member: () => undefined,
        });
        for (const chunk of chunks) reader.push(chunk);
        reader.end();
        expect(places, `cut at ${i}, then every ${size}`).toEqual(expected);
      }
    }
  });

  it('refuses a value nesting deeper than any record, at the bracket past the limit', () => {
    const reader = new BundleReader({ record: () => undefined, member: () => undefined });
    // pushed a few characters at a time, as a pipe might deliver them; never ended
    const stream = '{"a":'.repeat(100);
    let error: unknown;
    try {
      for (let k = 0; k < stream.length; k += 7) reader.push(stream.slice(k, k + 7));
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe(
      'import: nests more than 64 levels deep (line 1, column 326); no bundle, position or game log does',
    );
  });

  it.each([
    ['empty text', '', /is empty/],
    ['an array', '[]', /must be a JSON object/],
    ['a cut-off bundle', '{"positions": [{"name": "a"}', /ends before the bundle is complete/],
    ['text after the object', '{"format": "x"} {}', /text follows the closing \}/],
    ['a missing comma', '{"positions": [1 2]}', /expected ',' or '\]' after positions\[0\]/],
    ['a trailing comma in the object', '{"format": "x",}', /member name/],
    ['a bare key', '{format: 1}', /member name in double quotes/],
  ])('refuses %s with a one-line InputError', (_, text, message) => {
    let error: unknown;
    try {
      read([text]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/^import: /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/\n/);
  });
});
