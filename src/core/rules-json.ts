// The rules' JSON form (README, "Position format"): a preset name, `{ "preset": ... }`, or an
// explicit width, height, fleet and touch rule. Parsing names the offending field; formatting
// gives back the shortest form (the preset's name when the rules came from one).

import { InputError } from './errors';
import { describeValue, isRecord } from './plain-data';
import {
  MAX_SIDE,
  MIN_SIDE,
  PRESETS,
  presetRules,
  validateRules,
  type Rules,
  type ShipSpec,
  type TouchRule,
} from './rules';

export type RulesJson =
  | { width: number; height: number; fleet: (number | ShipSpec)[]; touch: TouchRule }
  | { preset: string };

/** Rules from JSON: `{ "preset": "classic" }` or explicit width/height/fleet/touch. */
export function parseRules(raw: unknown, where = 'rules'): Rules {
  try {
    return parseRulesAt(raw, where);
  } catch (e) {
    // validateRules and presetRules name fields from "rules": put them under `where`.
    if (e instanceof InputError && where !== 'rules' && /^rules\b/.test(e.where)) {
      const what = e.message.slice(e.where.length + 2);
      throw new InputError(where + e.where.slice('rules'.length), what);
    }
    throw e;
  }
}

function parseRulesAt(raw: unknown, where: string): Rules {
  if (typeof raw === 'string') return presetRules(raw);
  if (!isRecord(raw)) throw new InputError(where, `must be an object, got ${describeValue(raw)}`);
  if (raw.preset !== undefined) {
    if (typeof raw.preset !== 'string') {
      throw new InputError(
        `${where}.preset`,
        `must be a preset name, got ${describeValue(raw.preset)}`,
      );
    }
    if (!Object.hasOwn(PRESETS, raw.preset)) {
      throw new InputError(
        `${where}.preset`,
        `unknown preset ${describeValue(raw.preset)} (known: ${Object.keys(PRESETS).join(', ')})`,
      );
    }
    return presetRules(raw.preset);
  }
  for (const side of ['width', 'height'] as const) {
    const v = raw[side];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
      throw new InputError(
        `${where}.${side}`,
        `must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, got ${describeValue(v)}`,
      );
    }
  }
  if (!Array.isArray(raw.fleet)) {
    throw new InputError(
      `${where}.fleet`,
      `must be an array of ship lengths, got ${describeValue(raw.fleet)}`,
    );
  }
  if (raw.fleet.length > MAX_SIDE * MAX_SIDE) {
    throw new InputError(
      `${where}.fleet`,
      `has ${raw.fleet.length} ships, more than any board holds`,
    );
  }
  const fleet: ShipSpec[] = raw.fleet.map((entry: unknown, i: number) => {
    if (typeof entry === 'number') return { length: entry };
    if (isRecord(entry) && typeof entry.length === 'number') {
      if (entry.name !== undefined && typeof entry.name !== 'string') {
        throw new InputError(
          `${where}.fleet[${i}].name`,
          `must be a string, got ${describeValue(entry.name)}`,
        );
      }
      const name = typeof entry.name === 'string' ? entry.name.slice(0, 100) : undefined;
      return name ? { length: entry.length, name } : { length: entry.length };
    }
    throw new InputError(
      `${where}.fleet[${i}]`,
      `must be a ship length or {"length": n, "name": "..."}, got ${describeValue(entry)}`,
    );
  });
  const touch = raw.touch === undefined ? 'allowed' : raw.touch;
  if (typeof touch !== 'string') {
    throw new InputError(`${where}.touch`, `must be a string, got ${describeValue(touch)}`);
  }
  return validateRules({
    width: raw.width as number,
    height: raw.height as number,
    fleet,
    touch: touch as TouchRule,
  });
}

export function rulesToJson(rules: Rules): RulesJson {
  if (rules.preset) return { preset: rules.preset };
  return {
    width: rules.width,
    height: rules.height,
    fleet: rules.fleet.map((s) => (s.name ? { ...s } : s.length)),
    touch: rules.touch,
  };
}
