// The kept solved positions file (main/store/solved-positions.ts) on real SQLite files: what is
// written is read back to the bit, by another handle as another thread would; the oldest rows go
// past the limit; a file of another format is emptied; a damaged file leaves the run without it,
// with one line on stderr, instead of failing it.

import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Posterior } from '../../src/core/strategy/posterior';
import {
  SolvedPositionsFile,
  decodePosterior,
  encodePosterior,
} from '../../src/main/store/solved-positions';
import Database from 'better-sqlite3';
import { tempDir } from '../support/library';

const tmp = tempDir('broadside-solved-');
afterAll(() => tmp.remove());

/** A posterior as a solve of a 3x3 board would give it (exact counts, ties, a length-1 view). */
function posterior(seed: number, single = false): Posterior {
  const cells = Float64Array.from({ length: 9 }, (_, i) => ((i * 7 + seed) % 5) + seed);
  const total = 40 + seed;
  const value: Posterior = {
    total,
    p: cells.map((c) => c / total),
    ties: [seed % 9, (seed + 4) % 9].sort((a, b) => a - b),
    exact: true,
    counts: { total, cells },
  };
  if (single) value.single = cells.map((c) => c / (3 * total));
  return value;
}

describe('kept solved positions', () => {
  it('encode and decode give back every field, with and without the length-1 view', () => {
    for (const value of [posterior(1), posterior(2, true)]) {
      expect(decodePosterior(encodePosterior(value))).toEqual(value);
    }
    expect(() => decodePosterior(new Uint8Array(24))).toThrow(/not the/);
  });

  it('what one handle flushes, another reads; scopes are kept apart', () => {
    const path = tmp.file('shared.sqlite');
    const writer = new SolvedPositionsFile(path);
    const store = writer.scoped('classic');
    store.put('a', posterior(3));
    // Nothing is visible before the flush (a chunk writes once, at its end).
    const reader = new SolvedPositionsFile(path);
    expect(reader.scoped('classic').get('a')).toBeUndefined();
    writer.flush();
    expect(writer.written).toBe(1);
    expect(reader.scoped('classic').get('a')).toEqual(posterior(3));
    expect(reader.scoped('russian').get('a')).toBeUndefined();
    expect(reader.read).toBe(1);
    // The same position offered again adds nothing.
    store.put('a', posterior(3));
    writer.flush();
    expect(writer.written).toBe(1);
    writer.close();
    reader.close();
  });

  it('keeps the newest rows past its limit', () => {
    const file = new SolvedPositionsFile(tmp.file('capped.sqlite'), 3);
    const store = file.scoped('s');
    for (let k = 0; k < 5; k++) {
      store.put(`p${k}`, posterior(k));
      file.flush();
    }
    expect([0, 1, 2, 3, 4].map((k) => store.get(`p${k}`) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    file.close();
  });

  it('empties a file of another format instead of reading it', () => {
    const path = tmp.file('old.sqlite');
    const first = new SolvedPositionsFile(path);
    first.scoped('s').put('a', posterior(5));
    first.close();
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    const again = new SolvedPositionsFile(path);
    expect(again.scoped('s').get('a')).toBeUndefined();
    again.close();
  });

  it('a damaged file: one line on stderr, then no answers and no failure', () => {
    const path = tmp.file('damaged.sqlite');
    writeFileSync(path, 'this is not a database '.repeat(200));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const file = new SolvedPositionsFile(path);
      const store = file.scoped('s');
      expect(store.get('a')).toBeUndefined();
      store.put('a', posterior(1));
      file.flush();
      expect(file.written).toBe(0);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(
        /kept solved positions \(.*damaged\.sqlite\) cannot be used: .+; solving without them/,
      );
      file.close();
    } finally {
      errors.mockRestore();
    }
  });
});
