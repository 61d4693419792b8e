// `--prior NAME|FILE`: a preset (uniform, edges, human) or a JSON file holding an H x W grid of
// positive weights, either bare ([[...], ...]) or as the "grid" of an object (what `learn --json`
// prints; its "rules", when present, must be the position's).

import { InputError } from '../core/errors';
import { parseJsonText } from '../core/json-text';
import { parsePrior } from '../core/position';
import { parseRules } from '../core/rules-json';
import { presetPrior, priorPresetNames } from '../core/prior/presets';
import { rulesKey } from '../core/rules';
import { fleetLengths, type Rules } from '../core/rules';
import { didYouMean } from './closest-name';
import { readInput } from './io';

/** The weights for `--prior value` under these rules; undefined means uniform (no prior). */
export async function loadPriorOption(
  value: string,
  rules: Rules,
  option = '--prior',
): Promise<Float64Array | undefined> {
  if (priorPresetNames().includes(value)) return presetPrior(value, rules);
  let text: string;
  try {
    text = await readInput(value);
  } catch {
    const presets = priorPresetNames();
    throw new InputError(
      option,
      `"${value}" is neither a preset (${presets.join(', ')}) nor a readable file${didYouMean(value, presets)}`,
    );
  }
  let raw = parseJsonText(text, `${option} ${value}`);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const obj = raw as { grid?: unknown; rules?: unknown };
    if (obj.rules !== undefined) {
      const theirs = parseRules(obj.rules, `${option} ${value} rules`);
      if (rulesKey(theirs) !== rulesKey(rules)) {
        const show = (r: Rules): string =>
          `${r.width}x${r.height}, ships ${fleetLengths(r.fleet).join(',')}, touch ${r.touch}`;
        throw new InputError(
          `${option} ${value}`,
          `was made for ${show(theirs)}, but the position is ${show(rules)}`,
        );
      }
    }
    raw = obj.grid;
  }
  return parsePrior(raw, rules, `${option} ${value}`);
}
