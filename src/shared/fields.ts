// The contract's field schemas: what each kind of parameter may hold (ids, names, cells,
// positions, game logs, strategy lists...), each refusing bad input with one line that names the
// field. The method table (api.ts) is built from them; nothing here knows a method.

import { InputError } from '../core/errors';
import { parseGameLog, gameLogToJson } from '../core/game-log';
import { parsePosition, positionToJson } from '../core/position';
import { parseRules, rulesToJson } from '../core/rules-json';
import {
  BOT_NAME,
  OUTCOMES,
  PHASED_MAX_DRAWS,
  SOLVER_NAMES,
  STRATEGY_NAMES,
  phasedBudget,
  type SolverName,
} from './catalog';
import { LIMITS } from './limits';
import type { GameLogJson, LogEntryJson, VolleyJson, PositionJson, RulesJson } from './records';
import {
  arr,
  custom,
  describeValue,
  fieldName,
  int,
  isPlainObject,
  obj,
  oneOf,
  optional,
  str,
  type Schema,
} from './schema';

/** Rethrows a core parser's InputError under the field's path. */
function under<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(path, e.message);
    throw e;
  }
}

export const id = int({ min: 1 });
export const key = str({ min: 1, max: 200 });
/** One of the catalog's names; anything else is refused naming the known ones. */
export function named<T extends string>(what: string, names: readonly T[]): Schema<T> {
  const isName = (v: string): v is T => (names as readonly string[]).includes(v);
  return custom(`a ${what} name`, (v, path) => {
    if (typeof v !== 'string') {
      throw new InputError(path, `must be a ${what} name, got ${describeValue(v)}`);
    }
    if (!isName(v)) {
      const known = names.join(', ');
      throw new InputError(path, `unknown ${what} ${describeValue(v)} (known: ${known})`);
    }
    return v;
  });
}

/** A solver's name: the one check of solver names, for every transport. */
export const solverName: Schema<SolverName> = named('solver', SOLVER_NAMES);
export const solver = solverName;
export const name = str({ min: 1, max: LIMITS.name });
export const notes = str({ max: LIMITS.notes });
export const tag = str({ min: 1, max: LIMITS.tag });
export const tags = arr(tag, { max: LIMITS.tags });
export const ids = arr(id, { max: 100_000 });
export const offset = optional(int({ max: 1_000_000_000 }));
export const limit = optional(int({ min: 1, max: 1000 }));
/** The range of every method's `timeoutMs` (a solve's is shorter still, below). */
export const TIMEOUT_RANGE_MS = { min: 100, max: 24 * 3600_000 } as const;
export const timeoutMs = optional(int(TIMEOUT_RANGE_MS));
/** The longest a solve may run (README: "a solve stops after 2 minutes"); also its default. */
export const MAX_SOLVE_TIMEOUT_MS = 2 * 60_000;
export const outcome = oneOf(OUTCOMES);
export const cell = custom<[number, number]>('a cell [row, col]', (v, path) => {
  if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0)) {
    throw new InputError(path, 'must be a cell [row, col] of two whole numbers');
  }
  return [v[0], v[1]] as [number, number];
});

/** A position in its JSON form, fully validated and normalised (positionToJson). */
export const position: Schema<PositionJson> = custom('a position (JSON form)', (v, path) =>
  under(path, () => positionToJson(parsePosition(v))),
);
export const rules: Schema<RulesJson> = custom(
  'rules ({"preset": ...} or width/height/fleet/touch)',
  (v, path) => rulesToJson(parseRules(v, path)),
);
/** A game log in its JSON form, validated by replaying its shots, normalised. */
export const gameLog: Schema<GameLogJson> = custom('a game log (JSON form)', (v, path) =>
  gameLogToJson(parseGameLog(v, path)),
);
/** A single shot: answered on its own (a salvo game's shots of one turn share `turn`). */
const singleShot = obj({
  cell,
  result: oneOf(['miss', 'hit', 'sunk'] as const),
  sunk: optional(arr(cell, { max: 26 })),
  /** The ship's fleet index: the ship a hit struck or a sinking sank, when the player named it. */
  ship: optional(int({ min: 0, max: 1000 })),
  turn: optional(int({ min: 0, max: 26 * 26 })),
});
const shipNameField = str({ min: 1, max: LIMITS.name });
/** A volley's per-ship answer: ship name -> cells of the volley it covers. */
const volleyHits = custom<Record<string, number>>(
  'an object of ship name to cells hit',
  (v, path) => {
    if (!isPlainObject(v)) {
      throw new InputError(
        path,
        `must be an object of ship name to cells hit, got ${describeValue(v)}`,
      );
    }
    const entries = Object.entries(v);
    if (entries.length > 1000) throw new InputError(path, `names ${entries.length} ships`);
    // fromEntries defines own properties: a ship called "__proto__" stays a plain key.
    return Object.fromEntries(
      entries.map(([name, count]) => [
        shipNameField.parse(name, `${path} key`),
        int({ min: 0, max: 26 }).parse(count, `${path}.${fieldName(name)}`),
      ]),
    );
  },
);
/**
 * A volley: the position format's volley (README, "Position format"), one answer of three. Its
 * form is checked here; the ship names and the cells against the game when the log replays.
 */
const volleyBody = obj({
  cells: arr(cell, { max: 26 * 26 }),
  hits: optional(volleyHits),
  hitShips: optional(arr(shipNameField, { max: 1000 })),
  hitCount: optional(int({ min: 0, max: 26 * 26 })),
  sunk: optional(arr(shipNameField, { max: 1000 })),
});
export const volley = custom<VolleyJson>(volleyBody.expected, (v, path) => {
  const body = volleyBody.parse(v, path);
  const answers = (['hits', 'hitShips', 'hitCount'] as const).filter((k) => body[k] !== undefined);
  if (answers.length !== 1) {
    throw new InputError(
      path,
      answers.length === 0
        ? 'has no answer: give one of "hits", "hitShips" or "hitCount"'
        : `gives ${answers.join(' and ')}: give exactly one answer`,
    );
  }
  return body as VolleyJson;
});
/** One entry of a game log: a single shot, or `{ volley }`. */
export const shot = custom<LogEntryJson>(
  'a shot {cell, result, sunk?, ship?, turn?} or a volley {volley: {cells, hits | hitShips | hitCount, sunk?}}',
  (v, path) =>
    isPlainObject(v) && Object.hasOwn(v, 'volley')
      ? obj({ volley }).parse(v, path)
      : singleShot.parse(v, path),
);
export const grid = arr(
  arr(
    custom<number>('a number', (v, path) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new InputError(path, 'must be a finite number');
      }
      return v;
    }),
    { max: 26 },
  ),
  { max: 26 },
);

/**
 * A strategy's name: the one check of strategy names, for every transport. The catalog's names,
 * and `phased:D` for phased with a budget of D drawn layouts.
 */
const catalogStrategy = named('strategy', STRATEGY_NAMES);
export const strategyName = custom<string>('a strategy name', (v, path) => {
  const budget = typeof v === 'string' ? phasedBudget(v) : null;
  if (budget === null) return catalogStrategy.parse(v, path);
  if (Number.isNaN(budget)) {
    throw new InputError(
      path,
      `${describeValue(v)}: phased's budget must be 1 to ${PHASED_MAX_DRAWS.toLocaleString('en-US')} drawn layouts`,
    );
  }
  return v as string;
});

/**
 * Up to 20 distinct names from the strategy registry: the one check of a strategy list (a
 * simulation may list none when it plays bots only; its method says so).
 */
export const strategies = custom<string[]>(
  'a list of up to 20 distinct strategy names',
  (v, path) => {
    if (!Array.isArray(v) || v.length > 20) {
      throw new InputError(path, 'must list up to 20 strategy names');
    }
    const names = v.map((s: unknown, i) => {
      if (typeof s !== 'string') throw new InputError(`${path}[${i}]`, 'must be a strategy name');
      return strategyName.parse(s, `${path}[${i}]`);
    });
    const twice = names.find((s, i) => names.indexOf(s) !== i);
    if (twice !== undefined) throw new InputError(path, `lists "${twice}" twice`);
    return names;
  },
);

/** An external program that plays: the name reports show and the command that starts it. */
export const botCommand = obj({
  name: custom<string>('a bot name', (v, path) => {
    if (typeof v !== 'string' || !BOT_NAME.test(v)) {
      throw new InputError(
        path,
        'must be 1 to 40 letters, digits or _.+- (starting with a letter or digit)',
      );
    }
    return v;
  }),
  command: str({ min: 1, max: 4000 }),
});
