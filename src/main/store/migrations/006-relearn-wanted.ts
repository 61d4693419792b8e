// Version 6: an opponent whose learned prior is to be learned again (their games changed) keeps
// that wish in the library until the new prior is saved, so a relearn the app was stopped before
// finishing starts again on the next start. 0: none wanted; otherwise a number raised by each
// new wish, so a relearn clears only the wish it answered, not one made while it ran.

import type { Migration } from './index';

export const migration006: Migration = {
  version: 6,
  name: 'relearn-wanted',
  up(db) {
    db.exec(`ALTER TABLE opponents ADD COLUMN relearn_wanted INTEGER NOT NULL DEFAULT 0;`);
  },
};
