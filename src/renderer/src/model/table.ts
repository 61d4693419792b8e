// Table helpers shared by the results views: sorting by a column and CSV export (RFC 4180:
// fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF line ends).

export type SortDir = 'asc' | 'desc';

export interface Column<T> {
  key: string;
  label: string;
  /** The value to sort by (null sorts last in either direction). */
  value: (row: T) => string | number | null;
  /** The text for the table and the CSV (defaults to the value). */
  text?: (row: T) => string;
  numeric?: boolean;
}

export function sortRows<T>(rows: readonly T[], column: Column<T>, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: column.value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v === b.v) return a.i - b.i;
        return a.v === null ? 1 : -1;
      }
      const c =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v), undefined, { numeric: true });
      return c !== 0 ? c * sign : a.i - b.i;
    })
    .map((x) => x.row);
}

export function csvField(v: string): string {
  return /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cell = (col: Column<T>, row: T): string => {
    if (col.text) return col.text(row);
    const v = col.value(row);
    return v === null ? '' : String(v);
  };
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(cell(c, row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A big decimal integer string as a sortable number (precision is not needed for order). */
export function decimalValue(s: string | null): number | null {
  if (s === null || s === '') return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}
