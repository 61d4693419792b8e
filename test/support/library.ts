// Helpers for tests against real library files: a temporary folder per test file, and sets of
// distinct small positions whose exact DP takes a noticeable but short time.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PositionJson } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';

export interface TempDir {
  path: string;
  file(name: string): string;
  remove(): void;
}

export function tempDir(prefix = 'broadside-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file: (name) => join(path, name),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/**
 * `n` distinct positions on an 8x8 board with fleet 4,3,3,2 and a few random misses: tens of
 * milliseconds each with the exact DP.
 */
export function batchPositions(n: number, seed = 1): { name: string; position: PositionJson }[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: { name: string; position: PositionJson }[] = [];
  while (out.length < n) {
    const board = Array.from({ length: 8 }, () =>
      Array.from({ length: 8 }, () => (random() < 0.08 ? 'o' : '.')).join(''),
    );
    const key = board.join('');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      name: `batch ${out.length + 1}`,
      position: {
        rules: { width: 8, height: 8, fleet: [4, 3, 3, 2], touch: 'allowed' },
        board,
        sunk: [],
      },
    });
  }
  return out;
}
