// Which named preset, if any, a set of rules is: the rules panel's label says "classic" whenever
// the values are classic's, whether they came from the preset menu or were typed in.

import { PRESETS, type Rules } from '../../../core/rules';

function fleetKey(rules: Pick<Rules, 'fleet'>): string {
  return rules.fleet
    .map((s) => `${s.length}:${s.name ?? ''}`)
    .sort()
    .join(',');
}

/** The preset whose size, fleet (lengths and names) and touch rule these are, or null. */
export function presetMatching(rules: Omit<Rules, 'preset'>): string | null {
  for (const [name, p] of Object.entries(PRESETS)) {
    if (
      p.width === rules.width &&
      p.height === rules.height &&
      p.touch === rules.touch &&
      fleetKey(p) === fleetKey(rules)
    ) {
      return name;
    }
  }
  return null;
}
