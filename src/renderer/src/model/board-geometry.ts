// Fixed sizes for drawing a board: the cell size depends only on the board's dimensions and the
// room the window gives it, never on what the cells hold, so the page does not move while the
// heatmap updates. A roomy window draws the board larger, up to MAX_CELL.

export interface BoardGeometry {
  cell: number;
  gap: number;
  label: number;
  font: number;
}

/** The largest cell drawn, in pixels (larger cells only spread the eye over more screen). */
export const MAX_CELL = 58;

function baseGeometry(width: number, height: number): BoardGeometry {
  const side = Math.max(width, height);
  if (side <= 10) return { cell: 40, gap: 2, label: 26, font: 13 };
  if (side <= 14) return { cell: 34, gap: 2, label: 26, font: 12 };
  if (side <= 20) return { cell: 28, gap: 1, label: 24, font: 11 };
  return { cell: 25, gap: 1, label: 24, font: 10 };
}

/**
 * The geometry of a `width` x `height` board; with `room` (the pixels free for the whole board,
 * labels included) the cells grow to fill it, never below the base size nor above MAX_CELL.
 */
export function boardGeometry(
  width: number,
  height: number,
  room?: { width: number; height: number } | null,
): BoardGeometry {
  const base = baseGeometry(width, height);
  if (!room || !(room.width > 0) || !(room.height > 0)) return base;
  const fit = (px: number, n: number): number =>
    Math.floor((px - base.label - base.gap) / n - base.gap);
  const cell = Math.min(MAX_CELL, fit(room.width, width), fit(room.height, height));
  if (cell <= base.cell) return base;
  return { ...base, cell, font: Math.round((base.font * cell) / base.cell) };
}

/** Moves a cursor by a key; returns the new cell or null when the key is not a movement key. */
export function moveCursor(
  cell: number,
  key: string,
  width: number,
  height: number,
  ctrl = false,
): number | null {
  const r = Math.floor(cell / width);
  const c = cell % width;
  switch (key) {
    case 'ArrowLeft':
      return r * width + Math.max(0, c - 1);
    case 'ArrowRight':
      return r * width + Math.min(width - 1, c + 1);
    case 'ArrowUp':
      return Math.max(0, r - 1) * width + c;
    case 'ArrowDown':
      return Math.min(height - 1, r + 1) * width + c;
    case 'Home':
      return ctrl ? 0 : r * width;
    case 'End':
      return ctrl ? width * height - 1 : r * width + width - 1;
    case 'PageUp':
      return c;
    case 'PageDown':
      return (height - 1) * width + c;
    default:
      return null;
  }
}
