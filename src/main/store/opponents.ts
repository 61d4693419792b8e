// The opponents table: people (or programs) games are logged against, matched by name without
// regard to case. A game names its opponent in its log; saving the game finds or creates them.

import type { OpponentRecord } from '../../shared/records';
import { ConflictError, NotFoundError } from '../errors';
import type { Db } from './open';
import { now, stmt, write } from './sql';

interface Row {
  id: number;
  name: string;
  notes: string;
  created_at: string;
  updated_at: string;
  games: number;
  has_prior: number;
}

const SELECT = `SELECT o.*,
  (SELECT count(*) FROM games g WHERE g.opponent_id = o.id) AS games,
  EXISTS (SELECT 1 FROM priors p WHERE p.opponent_id = o.id) AS has_prior
  FROM opponents o`;

function fromRow(r: Row): OpponentRecord {
  return {
    id: r.id,
    name: r.name,
    notes: r.notes,
    games: r.games,
    hasPrior: r.has_prior === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function listOpponents(db: Db): OpponentRecord[] {
  return stmt<[], Row>(db, `${SELECT} ORDER BY o.name COLLATE NOCASE`).all().map(fromRow);
}

export function getOpponent(db: Db, id: number): OpponentRecord {
  const row = stmt<[number], Row>(db, `${SELECT} WHERE o.id = ?`).get(id);
  if (!row) throw new NotFoundError('opponent', id);
  return fromRow(row);
}

export function findOpponentId(db: Db, name: string): number | undefined {
  return stmt<[string], { id: number }>(db, 'SELECT id FROM opponents WHERE name = ?').get(name)
    ?.id;
}

export interface NewOpponent {
  name: string;
  notes?: string;
  createdAt?: string;
  updatedAt?: string;
}

export function insertOpponent(db: Db, o: NewOpponent): number {
  const name = o.name.trim();
  if (findOpponentId(db, name) !== undefined) {
    throw new ConflictError(`an opponent named "${name}" already exists`);
  }
  const t = now();
  const info = stmt(
    db,
    'INSERT INTO opponents (name, notes, created_at, updated_at) VALUES (?, ?, ?, ?)',
  ).run(name, o.notes ?? '', o.createdAt ?? t, o.updatedAt ?? o.createdAt ?? t);
  return Number(info.lastInsertRowid);
}

/** The opponent's id by name, created when new; null for an empty name (no opponent). */
export function opponentIdFor(db: Db, name: string): number | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  return findOpponentId(db, trimmed) ?? insertOpponent(db, { name: trimmed });
}

export function createOpponent(db: Db, o: NewOpponent): OpponentRecord {
  return getOpponent(
    db,
    write(db, () => insertOpponent(db, o)),
  );
}

export function updateOpponent(
  db: Db,
  id: number,
  patch: { name?: string; notes?: string },
): OpponentRecord {
  write(db, () => {
    const current = getOpponent(db, id);
    const name = patch.name?.trim() ?? current.name;
    const other = findOpponentId(db, name);
    if (other !== undefined && other !== id) {
      throw new ConflictError(`an opponent named "${name}" already exists`);
    }
    stmt(db, 'UPDATE opponents SET name = ?, notes = ?, updated_at = ? WHERE id = ?').run(
      name,
      patch.notes ?? current.notes,
      now(),
      id,
    );
  });
  return getOpponent(db, id);
}

/** Deletes an opponent without games (their prior goes with them). */
export function deleteOpponent(db: Db, id: number): boolean {
  return write(db, () => {
    const row = stmt<[number], { n: number }>(
      db,
      'SELECT count(*) AS n FROM games WHERE opponent_id = ?',
    ).get(id)!;
    if (row.n > 0) {
      throw new ConflictError(
        `opponent ${id} has ${row.n} logged game${row.n === 1 ? '' : 's'}; delete those first`,
      );
    }
    return stmt(db, 'DELETE FROM opponents WHERE id = ?').run(id).changes > 0;
  });
}
