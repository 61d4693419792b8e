// Finished games against one opponent on a small board that is no preset (no state graph), each
// with their fleet in another place: enough for the `fit` learning to take a few exact solves.

import { sinkShipShots } from './fixtures';

export const OPPONENT_RULES = {
  width: 8,
  height: 8,
  fleet: [4, 3, 3, 2],
  touch: 'allowed' as const,
};

type Cell = [number, number];
const run = (row: number, col: number, length: number, down = false): Cell[] =>
  Array.from({ length }, (_, i) => (down ? [row + i, col] : [row, col + i]));

/** Game g against `opponent` (log JSON): two misses, then every ship sunk. */
export function finishedGame(opponent: string, g: number) {
  const r = g % 8;
  const ships = [run(r, 0, 4), run((r + 2) % 8, 4, 3), run(3, 7, 3, true), run((r + 4) % 8, 0, 2)];
  return {
    opponent,
    rules: OPPONENT_RULES,
    firedBy: 'me' as const,
    shots: [
      { cell: [(r + 1) % 8, 5] as Cell, result: 'miss' },
      { cell: [(r + 1) % 8, 6] as Cell, result: 'miss' },
      ...ships.flatMap(sinkShipShots),
    ],
    playedAt: `2026-11-${String(10 + g).padStart(2, '0')}T18:00:00Z`,
  };
}
