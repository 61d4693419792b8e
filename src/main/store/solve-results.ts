// The solve_results table: the latest solve of each saved position per solver (or why it failed),
// with the summary a results table shows (best shot, its probability, the layout count, time)
// and the full result as JSON. A batch writes one row per position in its own transaction, so a
// killed batch keeps everything solved before the kill and a re-run skips it.

import { InputError } from '../../core/errors';
import type { PositionJson } from '../../core/position';
import type { SolveResultWire } from '../../core/solve/result';
import type { Page, SolveRecord } from '../../shared/records';
import { NotFoundError } from '../errors';
import type { Db } from './open';
import { getPosition } from './positions';
import { now, readJson, stmt } from './sql';

interface Row {
  position_id: number;
  position_name: string;
  solver: string;
  ok: number;
  error: string | null;
  result: string | null;
  best_row: number | null;
  best_col: number | null;
  top_probability: number | null;
  layouts: string | null;
  ms: number;
  batch_id: number | null;
  solved_at: string;
}

export interface SolveOutcome {
  positionId: number;
  solver: string;
  result?: SolveResultWire;
  /** Set instead of `result` when the solve failed. */
  error?: string;
  ms: number;
  worker?: number;
  batchId?: number | null;
}

/** Stores (or replaces) the solve of a position with a solver. Call inside a transaction. */
export function putSolve(db: Db, o: SolveOutcome): void {
  const r = o.result;
  const best = r?.best ?? null;
  stmt(
    db,
    `INSERT OR REPLACE INTO solve_results (position_id, solver, ok, error, result, best_row,
       best_col, top_probability, layouts, ms, worker, batch_id, solved_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    o.positionId,
    o.solver,
    r ? 1 : 0,
    r ? null : (o.error ?? 'failed'),
    r ? JSON.stringify(r) : null,
    best?.[0] ?? null,
    best?.[1] ?? null,
    best && r ? r.probabilities[best[0]]![best[1]]! : null,
    r ? r.total : null,
    o.ms,
    o.worker ?? null,
    o.batchId ?? null,
    now(),
  );
}

/**
 * Stores the solve only when the saved position still is `solved`, the position it was computed
 * from: an edit (or a delete) while it was solving makes the result another board's. Call inside
 * the write transaction, so no edit can land between the comparison and the store. Returns
 * whether it was stored.
 */
export function putSolveIfCurrent(db: Db, solved: PositionJson, o: SolveOutcome): boolean {
  let current: PositionJson;
  try {
    current = getPosition(db, o.positionId).position;
  } catch (e) {
    if (e instanceof NotFoundError) return false;
    throw e;
  }
  if (JSON.stringify(current) !== JSON.stringify(solved)) return false;
  putSolve(db, o);
  return true;
}

function scopeClause(positionIds: readonly number[] | undefined, column: string): string {
  return positionIds ? `AND ${column} IN (SELECT value FROM json_each(?))` : '';
}

/** Positions in scope (all, or the given ids) without a successful solve by `solver`, by id. */
export function unsolvedPositionIds(
  db: Db,
  solver: string,
  positionIds?: readonly number[],
): number[] {
  const sql = `SELECT p.id FROM positions p WHERE NOT EXISTS (
      SELECT 1 FROM solve_results s WHERE s.position_id = p.id AND s.solver = ? AND s.ok = 1)
    ${scopeClause(positionIds, 'p.id')} ORDER BY p.id`;
  const args: unknown[] = [solver];
  if (positionIds) args.push(JSON.stringify(positionIds));
  return (db.prepare(sql).all(...args) as { id: number }[]).map((r) => r.id);
}

/** Positions in scope that exist. */
export function countPositions(db: Db, positionIds?: readonly number[]): number {
  const sql = `SELECT count(*) AS n FROM positions p WHERE 1 ${scopeClause(positionIds, 'p.id')}`;
  const args = positionIds ? [JSON.stringify(positionIds)] : [];
  return (db.prepare(sql).get(...args) as { n: number }).n;
}

/** Checks a stored result's shape (JSON columns are validated on read). */
export function checkWire(raw: unknown): SolveResultWire {
  const r = raw as SolveResultWire;
  const ok =
    typeof r === 'object' &&
    r !== null &&
    typeof r.solver === 'string' &&
    typeof r.total === 'string' &&
    Number.isInteger(r.width) &&
    Array.isArray(r.probabilities) &&
    r.probabilities.length === r.height &&
    r.probabilities.every(
      (row) =>
        Array.isArray(row) && row.length === r.width && row.every((p) => typeof p === 'number'),
    ) &&
    // Results of positions that name ships carry one view per named ship.
    (r.byShip === undefined ||
      (Array.isArray(r.byShip) &&
        r.byShip.every((v) => typeof v?.name === 'string' && Array.isArray(v.probabilities))));
  if (!ok) throw new InputError('result', 'is not a solve result');
  return r;
}

/** The stored successful result of a position with a solver, or null. */
export function getStoredResult(
  db: Db,
  positionId: number,
  solver: string,
): SolveResultWire | null {
  const row = stmt<[number, string], { result: string }>(
    db,
    'SELECT result FROM solve_results WHERE position_id = ? AND solver = ? AND ok = 1',
  ).get(positionId, solver);
  if (!row) return null;
  return readJson(
    row.result,
    { table: 'solve_results', id: `${positionId}/${solver}`, column: 'result' },
    checkWire,
  );
}

export interface ResultQuery {
  solver?: string;
  positionIds?: readonly number[];
  offset?: number;
  limit?: number;
}

export function listSolves(db: Db, q: ResultQuery = {}): Page<SolveRecord> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.solver !== undefined) {
    where.push('s.solver = ?');
    args.push(q.solver);
  }
  if (q.positionIds) {
    where.push('s.position_id IN (SELECT value FROM json_each(?))');
    args.push(JSON.stringify(q.positionIds));
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const from = 'FROM solve_results s JOIN positions p ON p.id = s.position_id';
  const total = (db.prepare(`SELECT count(*) AS n ${from} ${filter}`).get(...args) as { n: number })
    .n;
  const rows = db
    .prepare(
      `SELECT s.position_id, p.name AS position_name, s.solver, s.ok, s.error, s.best_row,
         s.best_col, s.top_probability, s.layouts, s.ms, s.batch_id, s.solved_at,
         json_extract(s.result, '$.exact') AS exact, json_extract(s.result, '$.weighted') AS weighted,
         json_extract(s.result, '$.solver') AS solver_used
       ${from} ${filter} ORDER BY s.position_id, s.solver LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit ?? 100, q.offset ?? 0) as (Row & {
    exact: number | null;
    weighted: number | null;
    solver_used: string | null;
  })[];
  const items = rows.map((r): SolveRecord => ({
    positionId: r.position_id,
    positionName: r.position_name,
    solver: r.solver,
    solverUsed: typeof r.solver_used === 'string' ? r.solver_used : null,
    ok: r.ok === 1,
    error: r.error,
    best: r.best_row === null || r.best_col === null ? null : [r.best_row, r.best_col],
    topProbability: r.top_probability,
    layouts: r.layouts,
    exact: r.exact === null ? null : r.exact === 1,
    weighted: r.weighted === null ? null : r.weighted === 1,
    ms: r.ms,
    solvedAt: r.solved_at,
    batchId: r.batch_id,
  }));
  return { items, total };
}
