// The batch_runs table: one row per batch run with its solver, scope and counters, updated in
// the same transaction as each stored solve, so the counters always match solve_results. A run
// left "running" by a process that no longer exists (killed, a zombie, its pid now another
// process's: see run-owner.ts) reads as "interrupted".

import type { BatchState, BatchStatus } from '../../shared/records';
import { NotFoundError } from '../errors';
import type { Db } from './open';
import { ownerAlive } from './run-owner';
import { now, stmt, write } from './sql';

interface Row {
  id: number;
  solver: string;
  scope: string | null;
  state: BatchState;
  total: number;
  solved: number;
  skipped: number;
  failed: number;
  pid: number;
  started_at: string;
  finished_at: string | null;
  ms: number;
}

function fromRow(r: Row, live: ReadonlySet<number>): BatchStatus {
  let state = r.state;
  // A run of this process that is no longer driven, or of a process that died.
  if (
    state === 'running' &&
    (r.pid === process.pid ? !live.has(r.id) : !ownerAlive(r.pid, r.started_at))
  ) {
    state = 'interrupted';
  }
  return {
    id: r.id,
    solver: r.solver,
    state,
    total: r.total,
    solved: r.solved,
    skipped: r.skipped,
    failed: r.failed,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    ms: r.ms,
    // Known only to the process that drives the run (see createBatchRuns).
    threads: null,
    error: null,
  };
}

export function startRun(
  db: Db,
  run: { solver: string; scope?: readonly number[]; total: number; skipped: number },
): number {
  return write(db, () => {
    const info = stmt(
      db,
      `INSERT INTO batch_runs (solver, scope, state, total, skipped, pid, started_at)
       VALUES (?, ?, 'running', ?, ?, ?, ?)`,
    ).run(
      run.solver,
      run.scope ? JSON.stringify(run.scope) : null,
      run.total,
      run.skipped,
      process.pid,
      now(),
    );
    return Number(info.lastInsertRowid);
  });
}

/** Counts one solved (or failed) position; call in the transaction that stores its result. */
export function countRunResult(db: Db, id: number, ok: boolean, ms: number): void {
  stmt(
    db,
    `UPDATE batch_runs SET solved = solved + ?, failed = failed + ?, ms = ? WHERE id = ?`,
  ).run(ok ? 1 : 0, ok ? 0 : 1, ms, id);
}

export function finishRun(db: Db, id: number, state: BatchState, ms: number): void {
  write(db, () =>
    stmt(db, 'UPDATE batch_runs SET state = ?, finished_at = ?, ms = ? WHERE id = ?').run(
      state,
      now(),
      ms,
      id,
    ),
  );
}

export function getRun(db: Db, id: number, live: ReadonlySet<number> = new Set()): BatchStatus {
  const row = stmt<[number], Row>(db, 'SELECT * FROM batch_runs WHERE id = ?').get(id);
  if (!row) throw new NotFoundError('batch', id);
  return fromRow(row, live);
}

/** The newest runs, all or those with `solver`. */
export function listRuns(
  db: Db,
  limit: number,
  live: ReadonlySet<number> = new Set(),
  solver?: string,
): BatchStatus[] {
  const rows =
    solver === undefined
      ? stmt<[number], Row>(db, 'SELECT * FROM batch_runs ORDER BY id DESC LIMIT ?').all(limit)
      : stmt<[string, number], Row>(
          db,
          'SELECT * FROM batch_runs WHERE solver = ? ORDER BY id DESC LIMIT ?',
        ).all(solver, limit);
  return rows.map((r) => fromRow(r, live));
}
