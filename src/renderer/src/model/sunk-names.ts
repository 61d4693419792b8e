// The named ships known to be sunk, so menus stop offering them for new hits and volleys. A ship
// counts as sunk when the user or a volley named it sunk, or when every ship of its length is
// sunk; an unnamed sunk ship of a length two named ships share could be either, so neither is.

import { remainingFleet, type BoardSnapshot } from './board-model';

export function sunkShipNames(
  s: Pick<BoardSnapshot, 'rules' | 'sunk' | 'sunkShips' | 'volleys'>,
): ReadonlySet<string> {
  const fleet = s.rules.fleet;
  const sure = new Set<string>();
  for (const v of s.volleys ?? []) for (const name of v.sunk) sure.add(name);
  s.sunk.forEach((ship, i) => {
    const k = s.sunkShips?.[i];
    const entry = k === undefined ? undefined : fleet[k];
    if (entry?.name && entry.length === ship.length) sure.add(entry.name);
  });
  const entries = remainingFleet(s);
  for (const e of entries) {
    const name = fleet[e.index]!.name;
    if (!name || !e.sunk) continue;
    const sameLength = entries.filter((o) => o.length === e.length);
    if (sameLength.every((o) => o.sunk)) sure.add(name);
  }
  return sure;
}
