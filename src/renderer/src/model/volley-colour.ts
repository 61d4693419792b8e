// The colour a volley is drawn in: the chart series in turn, leaving out the orange of the
// selection so a volley never looks like cells being selected.

const VOLLEY_SERIES = [1, 3, 4, 6, 5];

/** A CSS colour for volley k (0-based). */
export function volleyColour(k: number): string {
  return `var(--series-${VOLLEY_SERIES[k % VOLLEY_SERIES.length]})`;
}
