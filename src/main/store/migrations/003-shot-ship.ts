// Version 3: which ship of the fleet a "sunk" shot sank, when the player named it (its index in
// the game's fleet). Ships of one length are alike to the solver, but a record of the game
// keeps the Submarine apart from the Cruiser. Null for older shots and unnamed sinkings.

import type { Migration } from './index';

export const migration003: Migration = {
  version: 3,
  name: 'shot-ship',
  up(db) {
    db.exec(`ALTER TABLE game_shots ADD COLUMN ship INTEGER CHECK (ship IS NULL OR ship >= 0);`);
  },
};
