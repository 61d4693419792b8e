// "Did you mean": the known name a mistyped one most likely meant, for every name the command
// line takes (commands, options, solvers, presets, strategies), so each mistake gets the same hint.

/** Edits (insert, delete, replace, swap neighbours) turning `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name a mistyped one most likely meant: the nearest within a third of its length (at
 * least one edit), else the only name it begins; undefined when nothing is close.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(typed.length / 3))) return best;
  const prefixed = known.filter((name) => lower.length >= 2 && name.startsWith(lower));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** ` (did you mean "auto"?)` for a typed name close to a known one, else ''. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const guess = closestName(typed, known);
  return guess === undefined ? '' : ` (did you mean "${guess}"?)`;
}
