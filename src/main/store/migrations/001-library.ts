// Version 1: the library of positions, games with their shots, opponents, one prior per
// opponent, stored solves per (position, solver) and batch runs. JSON columns hold values in the
// README's JSON forms and are validated on read.

import type { Migration } from './index';

export const migration001: Migration = {
  version: 1,
  name: 'library',
  up(db) {
    db.exec(`
      CREATE TABLE positions (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',       -- JSON array of strings
        notes TEXT NOT NULL DEFAULT '',
        rules TEXT NOT NULL,                   -- JSON rules
        observations TEXT NOT NULL,            -- JSON {board, sunk, sunkReported?, prior?}
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX positions_updated ON positions (updated_at DESC, id DESC);

      CREATE TABLE opponents (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        notes TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        opponent_id INTEGER REFERENCES opponents (id) ON DELETE RESTRICT,
        rules TEXT NOT NULL,                   -- JSON rules
        fired_by TEXT NOT NULL CHECK (fired_by IN ('me', 'opponent')),
        layout TEXT,                           -- JSON ships of [row, col] cells, when known
        outcome TEXT CHECK (outcome IN ('won', 'lost', 'abandoned')),
        played_at TEXT,
        notes TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX games_opponent ON games (opponent_id);

      CREATE TABLE game_shots (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,                  -- 0, 1, 2, ... in firing order
        row INTEGER NOT NULL,
        col INTEGER NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('miss', 'hit', 'sunk')),
        sunk TEXT,                             -- JSON cells of the sunk ship (result 'sunk')
        PRIMARY KEY (game_id, seq)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE priors (
        opponent_id INTEGER PRIMARY KEY REFERENCES opponents (id) ON DELETE CASCADE,
        rules TEXT NOT NULL,                   -- JSON rules the grid is for
        grid TEXT NOT NULL,                    -- JSON H rows of W positive weights
        games INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL DEFAULT '',
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE batch_runs (
        id INTEGER PRIMARY KEY,
        solver TEXT NOT NULL,
        scope TEXT,                            -- JSON array of position ids; NULL: all
        state TEXT NOT NULL
          CHECK (state IN ('running', 'done', 'cancelled', 'failed', 'interrupted')),
        total INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        skipped INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        pid INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        ms REAL NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE solve_results (
        position_id INTEGER NOT NULL REFERENCES positions (id) ON DELETE CASCADE,
        solver TEXT NOT NULL,
        ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
        error TEXT,                            -- why it failed, when ok = 0
        result TEXT,                           -- JSON SolveResultWire, when ok = 1
        best_row INTEGER,
        best_col INTEGER,
        top_probability REAL,
        layouts TEXT,                          -- exact count (decimal) or weighted total
        ms REAL NOT NULL,
        worker INTEGER,                        -- worker thread id, for diagnostics
        batch_id INTEGER REFERENCES batch_runs (id) ON DELETE SET NULL,
        solved_at TEXT NOT NULL,
        PRIMARY KEY (position_id, solver)
      ) STRICT;
      CREATE INDEX solve_results_solver ON solve_results (solver, ok);
    `);
  },
};
