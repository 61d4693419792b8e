// The fleet as the rules panel's text field shows it: lengths ("5,4,3,3,2") or, for a fleet with
// names, "Carrier 5, Battleship 4, ...". A name is what precedes an entry's length, so named
// hits and volleys can be entered for a custom fleet too.

import type { ShipSpec } from '../../../core/rules';

export function fleetToText(fleet: readonly ShipSpec[]): string {
  if (fleet.every((s) => !s.name)) return fleet.map((s) => s.length).join(',');
  return fleet.map((s) => (s.name ? `${s.name} ${s.length}` : String(s.length))).join(', ');
}

/** The fleet the text describes, or why it cannot be read. */
export function parseFleetText(text: string): ShipSpec[] | string {
  const fleet: ShipSpec[] = [];
  for (const entry of text.split(/[,;]/)) {
    const tokens = entry.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    if (tokens.every((t) => /^\d+$/.test(t))) {
      for (const t of tokens) fleet.push({ length: Number(t) });
      continue;
    }
    const last = tokens[tokens.length - 1]!;
    if (!/^\d+$/.test(last) || tokens.length < 2) {
      return `"${entry.trim()}" is not a ship: give a length, or a name then its length (Cruiser 3)`;
    }
    fleet.push({ length: Number(last), name: tokens.slice(0, -1).join(' ') });
  }
  return fleet;
}
