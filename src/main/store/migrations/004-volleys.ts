// Version 4: game logs of salvo games. A shot may carry its turn, and an entry may be a volley
// (cells fired together with an aggregated answer, kept as its JSON form) instead of a single
// shot, so a volley's row has no cell or result of its own. SQLite cannot relax NOT NULL or a
// CHECK in place: the table is rebuilt with every row copied, in the migration's transaction.

import type { Migration } from './index';

export const migration004: Migration = {
  version: 4,
  name: 'volleys',
  up(db) {
    db.exec(`
      CREATE TABLE game_shots_v4 (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,                  -- 0, 1, 2, ... in firing order
        row INTEGER,                           -- a single shot's cell (NULL for a volley)
        col INTEGER,
        result TEXT CHECK (result IN ('miss', 'hit', 'sunk')),
        sunk TEXT,                             -- JSON cells of the sunk ship (result 'sunk')
        ship INTEGER CHECK (ship IS NULL OR ship >= 0),
        turn INTEGER CHECK (turn IS NULL OR turn >= 0),
        volley TEXT,                           -- JSON volley (position format), else NULL
        CHECK ((volley IS NULL) = (row IS NOT NULL AND col IS NOT NULL AND result IS NOT NULL)),
        PRIMARY KEY (game_id, seq)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO game_shots_v4 (game_id, seq, row, col, result, sunk, ship)
        SELECT game_id, seq, row, col, result, sunk, ship FROM game_shots;
      DROP TABLE game_shots;
      ALTER TABLE game_shots_v4 RENAME TO game_shots;
    `);
  },
};
