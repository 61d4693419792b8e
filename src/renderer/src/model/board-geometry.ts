// Fixed sizes for drawing a board: the cell size depends only on the board's dimensions, never
// on what the cells hold, so the page does not move while the heatmap updates.

export interface BoardGeometry {
  cell: number;
  gap: number;
  label: number;
  font: number;
}

export function boardGeometry(width: number, height: number): BoardGeometry {
  const side = Math.max(width, height);
  if (side <= 10) return { cell: 40, gap: 2, label: 26, font: 13 };
  if (side <= 14) return { cell: 34, gap: 2, label: 26, font: 12 };
  if (side <= 20) return { cell: 28, gap: 1, label: 24, font: 11 };
  return { cell: 25, gap: 1, label: 24, font: 10 };
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
