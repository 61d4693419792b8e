// Version 2: exact results of empty boards kept per rules, prior and solver, so the first heatmap
// of a game, the recorder's first proposal and an opponent's prior view appear at once instead
// of after a full solve of the open board. The key is the whole position as solved, so a hit is only ever the same
// question.

import type { Migration } from './index';

export const migration002: Migration = {
  version: 2,
  name: 'exact-cache',
  up(db) {
    db.exec(`
      CREATE TABLE exact_cache (
        key TEXT PRIMARY KEY,                  -- canonical JSON: solver, rules, board, prior
        result TEXT NOT NULL,                  -- JSON solve result (the wire form)
        created_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
