// Version 5: the prior a game's heatmaps were solved with during play (the log's "prior", a JSON
// grid of weights), so a replay shows what the player saw rather than a prior learned later
// (which may include the game itself). Null: uniform, and every game stored before this version.

import type { Migration } from './index';

export const migration005: Migration = {
  version: 5,
  name: 'game-prior',
  up(db) {
    db.exec(`ALTER TABLE games ADD COLUMN prior TEXT;`);
  },
};
