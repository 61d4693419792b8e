// The rules header of the compact text form: "classic" (a preset) or
// "10x10 fleet=5,4,3,3,2 touch=no-touch". Read strictly, token by token: a token that is not
// understood whole is refused by name rather than half-read (a loose read once solved
// "touch=No-Touch" as touching allowed and "fleet=5,4,3x" as the fleet 5,4,3).

import { InputError } from './errors';
import { PRESETS, TOUCH_RULES } from './rules';

const WHERE = 'rules header';
/** Plain decimal sides: no sign, no leading zero (010x10 is refused, not read as 10x10). */
const SIZE = /^([1-9]\d{0,2})x([1-9]\d{0,2})$/;
const LENGTH = /^[1-9]\d{0,2}$/;

function shown(token: string): string {
  return JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}...` : token);
}

/** The header after "rules:", as the JSON rules form (parseRules validates sizes and fit). */
export function parseRulesHeader(spec: string): unknown {
  const tokens = spec.split(/\s+/).filter(Boolean);
  const [first, ...rest] = tokens;
  if (first !== undefined && Object.hasOwn(PRESETS, first)) {
    if (rest.length) {
      throw new InputError(
        WHERE,
        `a preset takes nothing after it, got ${shown(rest[0]!)} (use "WxH fleet=... touch=..." to change the rules)`,
      );
    }
    return { preset: first };
  }
  const size = first === undefined ? null : SIZE.exec(first);
  if (!size) {
    throw new InputError(
      WHERE,
      `expected a preset name (${Object.keys(PRESETS).join(', ')}) or "WxH fleet=5,4,3 touch=allowed", got ${shown(first ?? '')}`,
    );
  }
  const values = new Map<string, string>();
  for (const token of rest) {
    const eq = token.indexOf('=');
    const key = eq < 0 ? token : token.slice(0, eq);
    if (eq < 0 || (key !== 'fleet' && key !== 'touch')) {
      throw new InputError(
        WHERE,
        `unknown setting ${shown(token)} (use fleet=5,4,3 and touch=...)`,
      );
    }
    if (values.has(key)) throw new InputError(WHERE, `${key}= is given twice`);
    values.set(key, token.slice(eq + 1));
  }
  const fleetText = values.get('fleet');
  if (fleetText === undefined) {
    throw new InputError(WHERE, 'needs the fleet, e.g. fleet=5,4,3,3,2');
  }
  const fleet = fleetText.split(',').map((entry) => {
    if (!LENGTH.test(entry)) {
      throw new InputError(
        WHERE,
        `fleet: ${entry === '' ? 'an empty entry' : shown(entry)} is not a ship length (whole numbers, comma-separated, no spaces)`,
      );
    }
    return Number(entry);
  });
  const touch = values.get('touch') ?? 'allowed';
  if (!(TOUCH_RULES as readonly string[]).includes(touch)) {
    throw new InputError(
      WHERE,
      `touch: unknown rule ${shown(touch)} (use ${TOUCH_RULES.join(', ')}; lower case)`,
    );
  }
  return { width: Number(size[1]), height: Number(size[2]), fleet, touch };
}
