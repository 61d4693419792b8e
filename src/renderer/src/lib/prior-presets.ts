// The preset layout priors offered next to "uniform" and the learned opponent priors. The
// presets and their grids live in the core (src/core/prior/presets); this module adapts them
// for the picker: which apply to the board's rules, and the grid in the position's JSON form.

import { InputError } from '../../../core/errors';
import { gridRows } from '../../../core/position';
import { PRIOR_PRESETS as CORE_PRESETS } from '../../../core/prior/presets';
import type { Rules } from '../../../core/rules';

export interface PickerPreset {
  name: string;
  label: string;
  description: string;
  /** Why it does not apply to the rules, or null when it does. */
  unavailable: string | null;
}

/** Every preset but uniform (the picker has its own entry for that), for these rules. */
export function pickerPresets(rules: Rules): PickerPreset[] {
  return CORE_PRESETS.filter((p) => p.name !== 'uniform').map((p) => ({
    name: p.name,
    label: p.label,
    description: p.description,
    unavailable: p.notApplicable(rules) ?? null,
  }));
}

export function presetLabel(name: string): string {
  return CORE_PRESETS.find((p) => p.name === name)?.label ?? name;
}

/** The preset's weight grid (H rows of W) for the rules; null for uniform; throws InputError
 * (with the reason) when the preset does not apply. */
export function presetGrid(name: string, rules: Rules): number[][] | null {
  const preset = CORE_PRESETS.find((p) => p.name === name);
  if (!preset) throw new InputError('prior', `unknown prior preset "${name}"`);
  const grid = preset.grid(rules);
  return grid ? gridRows(grid, rules.width) : null;
}
