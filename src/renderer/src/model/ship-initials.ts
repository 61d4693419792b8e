// The short tag a named hit shows in its cell: the shortest start of the ship's name that no
// other ship's name shares ("B" for Battleship, "Ca" and "Cr" for Carrier and Cruiser).

/** Each name's tag, by name. */
export function shipInitials(names: readonly string[]): ReadonlyMap<string, string> {
  const tags = new Map<string, string>();
  for (const name of names) {
    let k = 1;
    while (
      k < name.length &&
      names.some((other) => other !== name && other.slice(0, k) === name.slice(0, k))
    ) {
      k++;
    }
    tags.set(name, name.slice(0, k));
  }
  return tags;
}
