// Import and export of the library as one JSON document (README, "Bundle format").
//
// Import accepts a bundle, a single position (JSON form, optionally with name/tags/notes, or the
// text form that starts with a "rules:" line), a single game log, or a plain array of game logs
// (the form `learn` reads). The app and the command line both import through here. It is all or nothing: every record is validated first, and if any is bad the
// error lists each bad record (which one, and why) and nothing is written; otherwise everything
// is written in one transaction. Opponents are matched by name: an existing one keeps its notes
// and its prior (an imported prior only fills an empty place), so an import never loses data.
//
// Export writes positions, opponents (with priors) and games with every stored field, ids
// excepted (records refer to opponents by name), so export -> import -> export is identical.
// Stored solves are not exported: they can be recomputed with `broadside batch`.

import { InputError } from '../../core/errors';
import { jsonNestsDeeperThan, jsonSyntaxError, MAX_JSON_DEPTH } from '../../core/json-text';
import {
  gridRows,
  parsePosition,
  parsePositionText,
  parsePrior,
  positionToJson,
  type PositionJson,
} from '../../core/position';
import { parseRules, rulesToJson } from '../../core/rules-json';
import { OUTCOMES, type Outcome } from '../../shared/catalog';
import { LIMITS } from '../../shared/limits';
import type { GameLogJson, ImportSummary } from '../../shared/records';
import { describeValue, isRecord } from '../../shared/schema';
import { allGameIds, getGame, insertGame, normaliseLog } from './games';
import type { Db } from './open';
import { findOpponentId, insertOpponent, listOpponents } from './opponents';
import { allPositionIds, getPosition, insertPosition, normaliseTags } from './positions';
import { getPrior, putPrior, type NewPrior } from './priors';
import { write } from './sql';

export const BUNDLE_FORMAT = 'broadside-bundle';
export const BUNDLE_VERSION = 1;
/** Bad records listed in one import error before "and N more". */
export const MAX_REPORTED = 10;

interface Meta {
  createdAt?: string;
  updatedAt?: string;
}

export interface PositionIn extends Meta {
  name: string;
  tags: string[];
  notes: string;
  position: PositionJson;
}

export interface GameIn extends Meta {
  log: GameLogJson;
  outcome: Outcome | null;
  notes: string;
}

export interface OpponentIn extends Meta {
  name: string;
  notes: string;
  prior?: Omit<NewPrior, 'opponentId'>;
}

interface Parsed {
  positions: PositionIn[];
  games: GameIn[];
  opponents: OpponentIn[];
}

// ---------------------------------------------------------------- field checks

function text(r: Record<string, unknown>, key: string, max: number, fallback?: string): string {
  const v = r[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string' || v.length > max || (fallback === undefined && !v.trim())) {
    throw new InputError(
      key,
      `must be a ${fallback === undefined ? 'non-empty ' : ''}string of at most ${max} characters, got ${describeValue(v)}`,
    );
  }
  return v;
}

function date(r: Record<string, unknown>, key: string): string | undefined {
  const v = r[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 40 || Number.isNaN(Date.parse(v))) {
    throw new InputError(key, `must be an ISO date, got ${describeValue(v)}`);
  }
  return v;
}

function meta(r: Record<string, unknown>): Meta {
  const m: Meta = {};
  const created = date(r, 'createdAt');
  const updated = date(r, 'updatedAt');
  if (created) m.createdAt = created;
  if (updated) m.updatedAt = updated;
  return m;
}

function tagsOf(r: Record<string, unknown>): string[] {
  const v = r.tags ?? [];
  if (
    !Array.isArray(v) ||
    v.length > LIMITS.tags ||
    !v.every((t) => typeof t === 'string' && t.length <= LIMITS.tag)
  ) {
    throw new InputError(
      'tags',
      `must be an array of at most ${LIMITS.tags} strings of at most ${LIMITS.tag} characters`,
    );
  }
  return normaliseTags(v as string[]);
}

/** A lone position may go unnamed (`defaultName`); in a bundle `name` is required. */
export function positionIn(raw: unknown, defaultName?: string): PositionIn {
  if (!isRecord(raw)) throw new InputError('', `must be an object, got ${describeValue(raw)}`);
  if (defaultName === undefined && raw.name === undefined) {
    throw new InputError('name', 'is missing (every position in a bundle needs a name)');
  }
  return {
    name:
      defaultName === undefined
        ? text(raw, 'name', LIMITS.name)
        : text(raw, 'name', LIMITS.name, defaultName) || defaultName,
    tags: tagsOf(raw),
    notes: text(raw, 'notes', LIMITS.notes, ''),
    position: positionToJson(parsePosition(raw)),
    ...meta(raw),
  };
}

export function gameIn(raw: unknown): GameIn {
  if (!isRecord(raw)) throw new InputError('', `must be an object, got ${describeValue(raw)}`);
  const outcome = raw.outcome ?? null;
  if (outcome !== null && !OUTCOMES.includes(outcome as Outcome)) {
    throw new InputError('outcome', `must be one of ${OUTCOMES.join(', ')} or null`);
  }
  return {
    log: normaliseLog(raw, 'game'),
    outcome: outcome as Outcome | null,
    notes: text(raw, 'notes', LIMITS.notes, ''),
    ...meta(raw),
  };
}

export function opponentIn(raw: unknown): OpponentIn {
  if (!isRecord(raw)) throw new InputError('', `must be an object, got ${describeValue(raw)}`);
  const o: OpponentIn = {
    name: text(raw, 'name', LIMITS.name).trim(),
    notes: text(raw, 'notes', LIMITS.notes, ''),
    ...meta(raw),
  };
  if (raw.prior !== undefined && raw.prior !== null) {
    const p = raw.prior;
    if (!isRecord(p)) throw new InputError('prior', 'must be an object {rules, grid}');
    const rules = parseRules(p.rules, 'prior.rules');
    const games = p.games ?? 0;
    if (!Number.isInteger(games) || (games as number) < 0) {
      throw new InputError('prior.games', 'must be a whole number');
    }
    o.prior = {
      rules: rulesToJson(rules),
      grid: gridRows(parsePrior(p.grid, rules, 'prior.grid'), rules.width),
      games: games as number,
      source: text(p, 'source', LIMITS.source, ''),
    };
    const updated = date(p, 'updatedAt');
    if (updated) o.prior.updatedAt = updated;
  }
  return o;
}

// ---------------------------------------------------------------- import

type Kind = 'positions' | 'games' | 'opponents';

/** The text as a value: JSON, or a position in the text form (turned into its JSON form). */
function importValue(text: string): unknown {
  const start = text.trimStart();
  if (/^rules\s*:/i.test(start)) return positionToJson(parsePositionText(text));
  if (!start.startsWith('{') && !start.startsWith('[')) {
    throw new InputError(
      'import',
      'is neither JSON (a bundle, a position, a game log or an array of game logs) nor a position in the text form, whose first line is "rules: ..."',
    );
  }
  if (jsonNestsDeeperThan(text)) {
    throw new InputError('import', `nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw jsonSyntaxError(text, 'import');
  }
}

/** Validates every record; throws one InputError listing every bad record. */
export function parseImport(text: string, defaultName = 'Imported position'): Parsed {
  const raw = importValue(text);
  const parsed: Parsed = { positions: [], games: [], opponents: [] };
  const errors: string[] = [];
  const each = (kind: Kind, list: unknown, one: (r: unknown) => void): void => {
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      errors.push(`${kind}: must be an array, got ${describeValue(list)}`);
      return;
    }
    list.forEach((r, i) => {
      try {
        one(r);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        const name = isRecord(r) && typeof r.name === 'string' ? ` ("${r.name.slice(0, 60)}")` : '';
        errors.push(`${kind}[${i}]${name}: ${e.message}`);
      }
    });
  };
  if (Array.isArray(raw)) {
    if (raw.length === 0) throw new InputError('import', 'is an empty array: no game logs in it');
    each('games', raw, (r) => parsed.games.push(gameIn(r)));
    return reportOrReturn(parsed, errors);
  }
  if (!isRecord(raw)) {
    throw new InputError('import', `must be a JSON object or array, got ${describeValue(raw)}`);
  }
  const isBundle =
    raw.format !== undefined ||
    raw.positions !== undefined ||
    raw.games !== undefined ||
    raw.opponents !== undefined;
  if (isBundle) {
    if (raw.format !== BUNDLE_FORMAT) {
      throw new InputError(
        'format',
        `must be "${BUNDLE_FORMAT}", got ${describeValue(raw.format)}`,
      );
    }
    if (typeof raw.version !== 'number' || raw.version > BUNDLE_VERSION) {
      throw new InputError(
        'version',
        `bundle version ${describeValue(raw.version)} is not one this version reads (up to ${BUNDLE_VERSION})`,
      );
    }
    each('positions', raw.positions, (r) => parsed.positions.push(positionIn(r)));
    each('opponents', raw.opponents, (r) => parsed.opponents.push(opponentIn(r)));
    each('games', raw.games, (r) => parsed.games.push(gameIn(r)));
    const names = new Set<string>();
    parsed.opponents.forEach((o, i) => {
      const key = o.name.toLowerCase();
      if (names.has(key)) errors.push(`opponents[${i}] ("${o.name}"): appears twice`);
      names.add(key);
    });
  } else if (raw.shots !== undefined) {
    each('games', [raw], (r) => parsed.games.push(gameIn(r)));
  } else {
    each('positions', [raw], (r) => parsed.positions.push(positionIn(r, defaultName)));
  }
  return reportOrReturn(parsed, errors);
}

/** The records, or one InputError listing each bad one. */
function reportOrReturn(parsed: Parsed, errors: readonly string[]): Parsed {
  if (errors.length) {
    const more = errors.length > MAX_REPORTED ? `\n  and ${errors.length - MAX_REPORTED} more` : '';
    const head =
      errors.length === 1 ? 'a record is invalid' : `${errors.length} records are invalid`;
    throw new InputError(
      'import',
      `${head}; nothing was imported:\n  ${errors.slice(0, MAX_REPORTED).join('\n  ')}${more}`,
    );
  }
  return parsed;
}

/** An import's summary and the opponents whose fleets its games fired at. */
export interface ImportOutcome {
  summary: ImportSummary;
  firedAt: number[];
}

/** Imports everything or nothing (see the top of this file). */
export function importBundle(db: Db, text: string, defaultName?: string): ImportSummary {
  return importRecords(db, text, defaultName).summary;
}

/**
 * As importBundle, also naming the opponents whose fleets the imported games fired at (their
 * learned priors are out of date now).
 */
export function importRecords(db: Db, text: string, defaultName?: string): ImportOutcome {
  const parsed = parseImport(text, defaultName);
  const summary: ImportSummary = { positions: 0, games: 0, opponents: 0, priors: 0 };
  const firedAt = new Set<number>();
  write(db, () => {
    for (const o of parsed.opponents) {
      let id = findOpponentId(db, o.name);
      if (id === undefined) {
        id = insertOpponent(db, o);
        summary.opponents++;
      }
      if (o.prior && !getPrior(db, id)) {
        putPrior(db, { ...o.prior, opponentId: id });
        summary.priors++;
      }
    }
    for (const p of parsed.positions) {
      insertPosition(db, p);
      summary.positions++;
    }
    for (const g of parsed.games) {
      const before = findOpponentId(db, g.log.opponent.trim());
      insertGame(db, g);
      if (g.log.opponent.trim() && before === undefined) summary.opponents++;
      summary.games++;
      const id = findOpponentId(db, g.log.opponent.trim());
      if (g.log.firedBy === 'me' && id !== undefined) firedAt.add(id);
    }
  });
  return { summary, firedAt: [...firedAt] };
}

// ---------------------------------------------------------------- export

export interface ExportSelection {
  positionIds?: readonly number[];
  gameIds?: readonly number[];
}

function positionOut(db: Db, id: number): Record<string, unknown> {
  const p = getPosition(db, id);
  return {
    name: p.name,
    tags: p.tags,
    notes: p.notes,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    ...p.position,
  };
}

function opponentsOut(db: Db): Record<string, unknown>[] {
  return listOpponents(db).map((o) => {
    const prior = getPrior(db, o.id);
    const out: Record<string, unknown> = {
      name: o.name,
      notes: o.notes,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
    if (prior) {
      out.prior = {
        rules: prior.rules,
        grid: prior.grid,
        games: prior.games,
        source: prior.source,
        updatedAt: prior.updatedAt,
      };
    }
    return out;
  });
}

function gameOut(db: Db, id: number): Record<string, unknown> {
  const g = getGame(db, id);
  return {
    ...g.log,
    outcome: g.outcome,
    notes: g.notes,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  };
}

/** The bundle as an object (records in id order, opponents by name). */
export function exportBundleObject(db: Db, sel: ExportSelection = {}): Record<string, unknown> {
  const positions = (sel.positionIds ?? allPositionIds(db)).map((id) => positionOut(db, id));
  const games = (sel.gameIds ?? allGameIds(db)).map((id) => gameOut(db, id));
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    positions,
    opponents: opponentsOut(db),
    games,
  };
}

/**
 * The text formatBundle writes for the library, a line at a time, reading one record at a time:
 * a library of any size is exported in bounded memory. Call inside a read transaction for a
 * consistent snapshot.
 */
export function* bundleLines(db: Db, sel: ExportSelection = {}): Generator<string> {
  const sections: [string, number[] | Record<string, unknown>[], (r: never) => unknown][] = [
    [
      'positions',
      [...(sel.positionIds ?? allPositionIds(db))],
      (id: number) => positionOut(db, id),
    ],
    ['opponents', opponentsOut(db), (o: Record<string, unknown>) => o],
    ['games', [...(sel.gameIds ?? allGameIds(db))], (id: number) => gameOut(db, id)],
  ];
  yield '{\n';
  yield `  "format": ${JSON.stringify(BUNDLE_FORMAT)},\n`;
  yield `  "version": ${BUNDLE_VERSION},\n`;
  for (const [s, [key, items, out]] of sections.entries()) {
    const comma = s < sections.length - 1 ? ',' : '';
    if (items.length === 0) {
      yield `  ${JSON.stringify(key)}: []${comma}\n`;
      continue;
    }
    yield `  ${JSON.stringify(key)}: [\n`;
    for (let k = 0; k < items.length; k++) {
      yield `    ${JSON.stringify(out(items[k] as never))}${k < items.length - 1 ? ',' : ''}\n`;
    }
    yield `  ]${comma}\n`;
  }
  yield '}\n';
}

/** JSON text with one record per line: readable, and diffs well. */
export function formatBundle(bundle: Record<string, unknown>): string {
  const lines = ['{'];
  const entries = Object.entries(bundle);
  entries.forEach(([key, value], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(value) && value.length > 0) {
      lines.push(`  ${JSON.stringify(key)}: [`);
      value.forEach((v, k) =>
        lines.push(`    ${JSON.stringify(v)}${k < value.length - 1 ? ',' : ''}`),
      );
      lines.push(`  ]${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
    }
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export function exportBundle(db: Db, sel: ExportSelection = {}): string {
  // One read transaction: a consistent snapshot even while a batch writes.
  return formatBundle(db.transaction(() => exportBundleObject(db, sel))());
}
