// The priors table: one weight grid per opponent, for the rules it was learned under. The grid is
// checked against those rules when saved and when read back.

import { parsePrior } from '../../core/position';
import { parseRules, rulesToJson } from '../../core/rules-json';
import { gridRows } from '../../core/position';
import type { PriorRecord, RulesJson } from '../../shared/records';
import { NotFoundError } from '../errors';
import type { Db } from './open';
import { now, readJson, stmt, write } from './sql';

interface Row {
  opponent_id: number;
  rules: string;
  grid: string;
  games: number;
  source: string;
  updated_at: string;
}

function fromRow(r: Row): PriorRecord {
  const where = { table: 'priors', id: r.opponent_id };
  const rules = readJson(r.rules, { ...where, column: 'rules' }, (raw) => parseRules(raw));
  const grid = readJson(r.grid, { ...where, column: 'grid' }, (raw) =>
    gridRows(parsePrior(raw, rules), rules.width),
  );
  return {
    opponentId: r.opponent_id,
    rules: rulesToJson(rules),
    grid,
    games: r.games,
    source: r.source,
    updatedAt: r.updated_at,
  };
}

export function getPrior(db: Db, opponentId: number): PriorRecord | null {
  const row = stmt<[number], Row>(db, 'SELECT * FROM priors WHERE opponent_id = ?').get(opponentId);
  return row ? fromRow(row) : null;
}

export interface NewPrior {
  opponentId: number;
  rules: RulesJson;
  grid: number[][];
  games?: number;
  source?: string;
  updatedAt?: string;
}

/** Validates the grid against the rules (InputError naming the cell), then upserts. */
export function putPrior(db: Db, p: NewPrior, where = 'grid'): void {
  const rules = parseRules(p.rules);
  const grid = gridRows(parsePrior(p.grid, rules, where), rules.width);
  const exists = stmt(db, 'SELECT 1 FROM opponents WHERE id = ?').get(p.opponentId);
  if (!exists) throw new NotFoundError('opponent', p.opponentId);
  stmt(
    db,
    `INSERT INTO priors (opponent_id, rules, grid, games, source, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (opponent_id) DO UPDATE SET rules = excluded.rules, grid = excluded.grid,
       games = excluded.games, source = excluded.source, updated_at = excluded.updated_at`,
  ).run(
    p.opponentId,
    JSON.stringify(rulesToJson(rules)),
    JSON.stringify(grid),
    p.games ?? 0,
    p.source ?? '',
    p.updatedAt ?? now(),
  );
}

export function savePrior(db: Db, p: NewPrior): PriorRecord {
  write(db, () => putPrior(db, p));
  return getPrior(db, p.opponentId)!;
}

export function deletePrior(db: Db, opponentId: number): boolean {
  return write(
    db,
    () => stmt(db, 'DELETE FROM priors WHERE opponent_id = ?').run(opponentId).changes > 0,
  );
}
