// The best shot in words, for the line under the status ("Best shot: E5 (22.26%)"), with the
// cells tied with it: the board's ring marker alone is easy to miss or to take for another mark.

import { cellName } from '../../../core/rules';
import { formatPercent } from './heat';

/** Tied cells named in full before the rest are counted ("and 7 more"). */
const TIES_NAMED = 6;

export function bestShotText(
  best: number,
  ties: readonly number[],
  probabilities: Float64Array,
  width: number,
): string {
  const name = (c: number): string => cellName(Math.floor(c / width), c % width);
  const head = `Best shot: ${name(best)} (${formatPercent(probabilities[best] ?? 0)})`;
  const others = ties.filter((c) => c !== best).sort((a, b) => a - b);
  if (others.length === 0) return head;
  const named = others.slice(0, TIES_NAMED).map(name).join(', ');
  const rest = others.length - TIES_NAMED;
  return `${head}, tied with ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
}
