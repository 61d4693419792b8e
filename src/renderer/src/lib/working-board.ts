// The board being edited survives a reload (or a crash of the window): every change is written
// to the page's local storage and read back at start. Only the working copy lives here; the
// library is still where positions are kept. A stored board that no longer parses is dropped.

import { parsePosition, type PositionJson } from '../../../core/position';
import { snapshotFromPosition, toPositionJson, type BoardSnapshot } from '../model/board-model';

const STORAGE_KEY = 'broadside-working-board';

interface Stored {
  position: PositionJson;
  sunkShips?: (number | null)[];
  source?: { id: number; name: string } | null;
}

export function saveWorkingBoard(
  board: BoardSnapshot,
  source: { id: number; name: string } | null,
): void {
  const stored: Stored = {
    position: toPositionJson(board),
    sunkShips: board.sunk.map((_, i) => board.sunkShips?.[i] ?? null),
    source,
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the board simply is not kept across a reload.
  }
}

export function loadWorkingBoard(): {
  board: BoardSnapshot;
  source: { id: number; name: string } | null;
} | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const stored = JSON.parse(text) as Stored;
    const board = snapshotFromPosition(parsePosition(stored.position));
    const sunkShips = board.sunk.map((_, i) => {
      const k = stored.sunkShips?.[i];
      return typeof k === 'number' && Number.isInteger(k) ? k : undefined;
    });
    const source =
      stored.source &&
      typeof stored.source.id === 'number' &&
      typeof stored.source.name === 'string'
        ? { id: stored.source.id, name: stored.source.name }
        : null;
    return { board: { ...board, sunkShips }, source };
  } catch {
    localStorage.removeItem(STORAGE_KEY);
    return null;
  }
}
