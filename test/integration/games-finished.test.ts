// The list of games says which are over: every ship of the fleet fired at is sunk (by single
// sinkings, by volleys, or both), whatever outcome the user did or did not record. On a real
// library file.

import { afterAll, describe, expect, it } from 'vitest';
import { createGame, listGames, normaliseLog } from '../../src/main/store/games';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { tempDir } from '../support/library';
import { FINISHED_GAME, SALVO_ENTRIES, SALVO_RULES } from '../support/fixtures';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('listed games', () => {
  it('say whether every ship is sunk, with or without an outcome', () => {
    const db = openDatabase(tmp.file('finished.db'));
    try {
      const add = (opponent: string, log: object, outcome: 'won' | null = null): number =>
        createGame(db, { log: normaliseLog({ ...log, opponent }), outcome }).id;
      const ids = {
        sunkNoOutcome: add('All sunk', FINISHED_GAME),
        sunkWon: add('All sunk, won', FINISHED_GAME, 'won'),
        lastShipAfloat: add('One afloat', {
          ...FINISHED_GAME,
          shots: FINISHED_GAME.shots.slice(0, -1),
        }),
        noShots: add('Nothing yet', { ...FINISHED_GAME, shots: [] }),
        // Two of three ships sunk by volleys.
        salvoTwoOfThree: add('Salvo 2/3', {
          rules: SALVO_RULES,
          firedBy: 'me',
          shots: SALVO_ENTRIES,
        }),
        // The third then sunk by one more volley.
        salvoAll: add('Salvo 3/3', {
          rules: SALVO_RULES,
          firedBy: 'me',
          shots: [
            ...SALVO_ENTRIES,
            { volley: { cells: [[2, 1]], hits: { Raft: 1 }, sunk: ['Raft'] } },
          ],
        }),
      };
      const allSunk = new Map(listGames(db).items.map((g) => [g.id, g.allSunk]));
      expect(
        Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, allSunk.get(id)])),
      ).toEqual({
        sunkNoOutcome: true,
        sunkWon: true,
        lastShipAfloat: false,
        noShots: false,
        salvoTwoOfThree: false,
        salvoAll: true,
      });
    } finally {
      closeDatabase(db);
    }
  });
});
