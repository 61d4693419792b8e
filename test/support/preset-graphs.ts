// The presets' state graphs for tests that need them on a real pool, and hunting positions of
// the presets (misses only). The graph files are kept between runs in one folder of the system's temporary
// directory, named for the engine version: building the three takes minutes, and a file that is
// stale, foreign or damaged is rebuilt by the store like any other, so keeping them is safe.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyPosition, MISS, type Position } from '../../src/core/position';
import { seededRandom } from '../../src/core/random';
import { presetRules } from '../../src/core/rules';
import { GRAPH_ENGINE_VERSION } from '../../src/core/solve/graph/graph';
import type { PoolGraphOptions } from '../../src/main/graphs/graph-lane';

export const PRESET_NAMES = ['classic', 'russian', 'margin'] as const;

/** Graph options of a pool that keeps the presets' graphs in the shared test folder. */
export function presetGraphOptions(): PoolGraphOptions {
  return {
    dir: join(tmpdir(), `broadside-test-graphs-${GRAPH_ENGINE_VERSION}`),
    maxBytes: 2 * 2 ** 30,
  };
}

/**
 * `count` hunting positions of `preset` one shot apart: misses only, at seeded random cells, the
 * first with `fromMisses` misses and each next with one more.
 */
export function huntingPositions(
  preset: string,
  seed: number,
  count: number,
  fromMisses = 1,
): Position[] {
  const position = emptyPosition(presetRules(preset));
  const random = seededRandom(seed);
  const out: Position[] = [];
  for (let misses = 0; out.length < count;) {
    const cell = Math.floor(random() * position.cells.length);
    if (position.cells[cell] !== 0) continue;
    position.cells[cell] = MISS;
    if (++misses >= fromMisses) out.push(structuredClone(position));
  }
  return out;
}
