// The graph build's key table: every key added is found with its index, keys never added are
// not, across growth and keys past 2^32 (frontier keys reach 2^53).

import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../src/core/solve/graph/key-index';
import { seededRandom } from '../../src/core/random';

describe('KeyIndex', () => {
  it('finds what was added and nothing else, through growth, small and large keys', () => {
    const random = seededRandom(7);
    const index = new KeyIndex(4);
    const added = new Map<number, number>();
    for (let k = 0; k < 20_000; k++) {
      const key =
        k % 3 === 0
          ? k
          : Math.floor(random() * 2 ** 53) - (k % 2 ? 0 : Math.floor(random() * 2 ** 20));
      if (added.has(key)) continue;
      index.add(key, added.size);
      added.set(key, added.size);
    }
    expect(added.size).toBeGreaterThan(19_000);
    for (const [key, value] of added) expect(index.get(key)).toBe(value);
    let misses = 0;
    for (let k = 0; k < 5_000; k++) {
      const key = 2 ** 52 + k * 7919;
      if (!added.has(key)) {
        expect(index.get(key)).toBe(-1);
        misses++;
      }
    }
    expect(misses).toBe(5_000);
  });
});
