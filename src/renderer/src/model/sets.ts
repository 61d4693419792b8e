// Immutable sets for state that is replaced whole ($state.raw): every change builds a new set,
// so Svelte sees the assignment and nothing needs a reactive set.

export const NO_CELLS: ReadonlySet<number> = new Set();

export function setOf<T>(items: Iterable<T> = []): ReadonlySet<T> {
  return new Set(items);
}

/** The set with `item` added when absent, removed when present. */
export function toggled<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
