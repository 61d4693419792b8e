// The positions table: named, tagged positions with notes. A position is stored as its rules and
// its observations (board, sunk ships, sunkReported, prior) in the README's JSON form; both are
// checked by the core parser when read back.

import { InputError } from '../../core/errors';
import { parsePosition, positionToJson, type PositionJson } from '../../core/position';
import { parseRules } from '../../core/rules-json';
import type { Page, PositionRecord } from '../../shared/records';
import { NotFoundError } from '../errors';
import type { Db } from './open';
import { likePattern, now, readJson, stmt, write } from './sql';

interface Row {
  id: number;
  name: string;
  tags: string;
  notes: string;
  rules: string;
  observations: string;
  created_at: string;
  updated_at: string;
}

export interface NewPosition {
  name: string;
  tags?: string[];
  notes?: string;
  position: PositionJson;
  /** Kept on import so a round trip preserves them; default now. */
  createdAt?: string;
  updatedAt?: string;
}

function checkTags(raw: unknown): string[] {
  if (!Array.isArray(raw) || !raw.every((t) => typeof t === 'string')) {
    throw new InputError('tags', 'must be an array of strings');
  }
  return raw as string[];
}

/** Tags trimmed, empty ones dropped, duplicates removed, order kept. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

function split(position: PositionJson): { rules: string; observations: string } {
  const { rules, ...observations } = position;
  return { rules: JSON.stringify(rules), observations: JSON.stringify(observations) };
}

function fromRow(row: Row): PositionRecord {
  const where = { table: 'positions', id: row.id };
  const rules = readJson(row.rules, { ...where, column: 'rules' }, (raw) => {
    parseRules(raw);
    return raw;
  });
  const position = readJson(row.observations, { ...where, column: 'observations' }, (raw) =>
    positionToJson(parsePosition({ ...(raw as object), rules })),
  );
  return {
    id: row.id,
    name: row.name,
    tags: readJson(row.tags, { ...where, column: 'tags' }, checkTags),
    notes: row.notes,
    position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function insertPosition(db: Db, p: NewPosition): number {
  const t = now();
  const { rules, observations } = split(p.position);
  const info = stmt(
    db,
    `INSERT INTO positions (name, tags, notes, rules, observations, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    p.name,
    JSON.stringify(normaliseTags(p.tags ?? [])),
    p.notes ?? '',
    rules,
    observations,
    p.createdAt ?? t,
    p.updatedAt ?? p.createdAt ?? t,
  );
  return Number(info.lastInsertRowid);
}

export function createPosition(db: Db, p: NewPosition): PositionRecord {
  return getPosition(
    db,
    write(db, () => insertPosition(db, p)),
  );
}

export function getPosition(db: Db, id: number): PositionRecord {
  const row = stmt<[number], Row>(db, 'SELECT * FROM positions WHERE id = ?').get(id);
  if (!row) throw new NotFoundError('position', id);
  return fromRow(row);
}

export interface PositionPatch {
  name?: string;
  tags?: string[];
  notes?: string;
  position?: PositionJson;
}

/** Updates the given fields; a changed position forgets the stored solves of the old one. */
export function updatePosition(db: Db, id: number, patch: PositionPatch): PositionRecord {
  write(db, () => {
    const current = getPosition(db, id);
    const next = { ...current, ...patch };
    const { rules, observations } = split(next.position);
    stmt(
      db,
      `UPDATE positions SET name = ?, tags = ?, notes = ?, rules = ?, observations = ?,
       updated_at = ? WHERE id = ?`,
    ).run(
      next.name,
      JSON.stringify(normaliseTags(next.tags)),
      next.notes,
      rules,
      observations,
      now(),
      id,
    );
    if (patch.position && JSON.stringify(patch.position) !== JSON.stringify(current.position)) {
      stmt(db, 'DELETE FROM solve_results WHERE position_id = ?').run(id);
    }
  });
  return getPosition(db, id);
}

export function duplicatePosition(db: Db, id: number, name?: string): PositionRecord {
  const p = getPosition(db, id);
  return createPosition(db, {
    name: name ?? `${p.name} (copy)`,
    tags: p.tags,
    notes: p.notes,
    position: p.position,
  });
}

export function deletePosition(db: Db, id: number): boolean {
  return write(db, () => stmt(db, 'DELETE FROM positions WHERE id = ?').run(id).changes > 0);
}

export interface PositionQuery {
  /** Matches name or notes, case-insensitively. */
  text?: string;
  /** Every one of these tags must be present. */
  tags?: string[];
  offset?: number;
  limit?: number;
}

export function listPositions(db: Db, q: PositionQuery = {}): Page<PositionRecord> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.text?.trim()) {
    where.push(`(name LIKE ? ESCAPE '\\' OR notes LIKE ? ESCAPE '\\')`);
    const pattern = likePattern(q.text.trim());
    args.push(pattern, pattern);
  }
  for (const tag of normaliseTags(q.tags ?? [])) {
    where.push('EXISTS (SELECT 1 FROM json_each(positions.tags) WHERE json_each.value = ?)');
    args.push(tag);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    db.prepare(`SELECT count(*) AS n FROM positions ${filter}`).get(...args) as { n: number }
  ).n;
  const rows = db
    .prepare(`SELECT * FROM positions ${filter} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, q.limit ?? 100, q.offset ?? 0) as Row[];
  return { items: rows.map(fromRow), total };
}

/** Every tag in use, sorted. */
export function listTags(db: Db): string[] {
  const rows = stmt<[], { tag: string }>(
    db,
    `SELECT DISTINCT json_each.value AS tag FROM positions, json_each(positions.tags)
     ORDER BY tag COLLATE NOCASE`,
  ).all();
  return rows.map((r) => r.tag);
}

/** All position ids, oldest first (the order batches and exports use). */
export function allPositionIds(db: Db): number[] {
  return stmt<[], { id: number }>(db, 'SELECT id FROM positions ORDER BY id')
    .all()
    .map((r) => r.id);
}
