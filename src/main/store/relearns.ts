// Relearns wanted: the opponents whose learned prior is to be learned again from their games,
// kept in the library (opponents.relearn_wanted) from when it is scheduled until the new prior
// is saved, so that stopping the app first loses nothing (see api/prior-updates.ts).

import type { Db } from './open';
import { stmt, write } from './sql';

/** Records that the opponent's prior is wanted again; returns the wish's number. */
export function wantRelearn(db: Db, opponentId: number): number {
  return write(db, () => {
    stmt(
      db,
      'UPDATE opponents SET relearn_wanted = (SELECT max(relearn_wanted) FROM opponents) + 1 WHERE id = ?',
    ).run(opponentId);
    return relearnWanted(db, opponentId);
  });
}

/** The number of the opponent's standing wish, 0 when none (or no such opponent). */
export function relearnWanted(db: Db, opponentId: number): number {
  const row = stmt<[number], { relearn_wanted: number }>(
    db,
    'SELECT relearn_wanted FROM opponents WHERE id = ?',
  ).get(opponentId);
  return row?.relearn_wanted ?? 0;
}

/** Opponents with a standing wish, oldest wish first. */
export function relearnsWanted(db: Db): number[] {
  return stmt<[], { id: number }>(
    db,
    'SELECT id FROM opponents WHERE relearn_wanted > 0 ORDER BY relearn_wanted',
  )
    .all()
    .map((r) => r.id);
}

/**
 * Clears the wish numbered `wish` (call inside the write that saved its prior); a newer wish,
 * made while the relearn ran, stays.
 */
export function relearnDone(db: Db, opponentId: number, wish: number): void {
  stmt(db, 'UPDATE opponents SET relearn_wanted = 0 WHERE id = ? AND relearn_wanted = ?').run(
    opponentId,
    wish,
  );
}
