// The board as the editor holds it, as data: the snapshot type and its conversion to the core's
// position. The edits live in board-model.ts (marks, sunk ships) and observation-edits.ts (named
// hits, volleys); both build on this module, which imports neither.

import type { NamedHit, Volley } from '../../../core/observations';
import { positionToJson, type Position, type PositionJson } from '../../../core/position';
import type { Rules } from '../../../core/rules';

export interface BoardSnapshot {
  readonly rules: Rules;
  readonly cells: Uint8Array;
  /** Each sunk ship as its cells, sorted. */
  readonly sunk: readonly (readonly number[])[];
  /**
   * Which fleet entry (index in rules.fleet) each sunk ship is, where the user named it; parallel
   * to `sunk`. The solver treats ships of one length alike, but the user's record keeps the
   * Submarine apart from the Cruiser. Missing or undefined: the first entry of that length.
   */
  readonly sunkShips?: readonly (number | undefined)[];
  /** Hits whose ship was named, sorted by cell (absent: none). */
  readonly named?: readonly NamedHit[];
  /** Volleys in firing order (absent: none); their cells stay unknown. */
  readonly volleys?: readonly Volley[];
}

export function toPosition(s: BoardSnapshot, prior?: Float64Array): Position {
  return {
    rules: s.rules,
    cells: s.cells,
    sunk: s.sunk.map((ship) => [...ship]),
    sunkReported: true,
    ...(s.named?.length ? { named: [...s.named] } : {}),
    ...(s.volleys?.length ? { volleys: [...s.volleys] } : {}),
    ...(prior ? { prior } : {}),
  };
}

export function toPositionJson(s: BoardSnapshot): PositionJson {
  return positionToJson(toPosition(s));
}
