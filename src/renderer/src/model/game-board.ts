// Game logs as boards: replaying a log's shots gives the position the shooter saw, and a shot on
// a board becomes the log's JSON shot. Used by the game recorder for both sides of a game.

import { isVolley, parseGameLog, replay } from '../../../core/game-log';
import { HIT, UNKNOWN } from '../../../core/position';
import { cellName } from '../../../core/rules';
import type { Cell, GameLogJson, ShotJson } from '../../../shared/api';
import { setMark, snapshotFromPosition, type BoardSnapshot } from './board-model';
import { volleyAt } from './observation-edits';
import { inferSunk, type SunkInference } from './sunk-inference';

/** The board after the log's first `count` shots (all by default), sunk ships named as logged. */
export function snapshotFromLog(log: GameLogJson, count = log.shots.length): BoardSnapshot {
  const parsed = parseGameLog(log);
  // Per single sinking (parallel to the board's sunk ships), the fleet index when told. A
  // volley's sinkings have no cells of their own: the board's volleys carry them.
  const sunkShips = parsed.shots
    .slice(0, count)
    .flatMap((s) => (isVolley(s) || s.result !== 'sunk' ? [] : [s.ship]));
  return { ...snapshotFromPosition(replay(parsed, count)), sunkShips };
}

export function toCell(cell: number, width: number): Cell {
  return [Math.floor(cell / width), cell % width];
}

export function fromCell([r, c]: Cell, width: number): number {
  return r * width + c;
}

/** Why `cell` cannot be fired at on this board, or null. */
export function shotProblem(board: BoardSnapshot, cell: number): string | null {
  if (cell < 0 || cell >= board.cells.length) return 'choose a cell on the board';
  const W = board.rules.width;
  if (board.cells[cell] !== UNKNOWN) {
    return `${cellName(Math.floor(cell / W), cell % W)} has already been shot`;
  }
  const volley = volleyAt(board, cell);
  if (volley >= 0) {
    return `${cellName(Math.floor(cell / W), cell % W)} was fired at in volley ${volley + 1}`;
  }
  return null;
}

/** What a "sunk" answer at `cell` means: the board with the shot as a hit, then the inference. */
export function sinkingShot(board: BoardSnapshot, cell: number, length?: number): SunkInference {
  return inferSunk(setMark(board, cell, HIT), cell, length);
}

export function shotJson(
  board: BoardSnapshot,
  cell: number,
  result: ShotJson['result'],
  sunk?: readonly number[],
  ship?: number,
): ShotJson {
  const W = board.rules.width;
  const shot: ShotJson = { cell: toCell(cell, W), result };
  if (result === 'sunk' && sunk) shot.sunk = sunk.map((c) => toCell(c, W));
  // A sinking names the ship that sank, a hit the ship it struck (when the defender said).
  if (ship !== undefined && (result === 'hit' || (result === 'sunk' && sunk))) shot.ship = ship;
  return shot;
}
