// Game logs: list, get, create, update, append a shot (the recorder saves each shot as it
// happens), delete. Saving a game in which we fired at an opponent's fleet, or a shot that sinks
// one of their ships, has their learned prior updated in the background (prior-updates.ts), once
// play pauses: a game started or a shot logged tells it a game is being played.

import { appendShot, createGame, deleteGame, getGame, listGames, updateGame } from '../store/games';
import type { GameRecord, LogEntryJson } from '../../shared/records';
import { NotFoundError } from '../errors';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';

/** Does the entry sink a ship (a single sinking, or a volley announcing one)? */
function sinks(entry: LogEntryJson): boolean {
  return 'volley' in entry ? (entry.volley.sunk?.length ?? 0) > 0 : entry.result === 'sunk';
}

export function gamesApi(
  ctx: ApiContext,
): HandlersFor<
  'gamesList' | 'gamesGet' | 'gamesCreate' | 'gamesUpdate' | 'gamesAppendShot' | 'gamesDelete'
> {
  const { db } = ctx;
  /** Has the opponent's prior re-learned when the game tells where their ships were. */
  const changed = (game: GameRecord): GameRecord => {
    if (game.log.firedBy === 'me') ctx.priorUpdates.schedule(game.opponentId);
    return game;
  };
  return {
    gamesList: (p) => listGames(db, p),
    gamesGet: (p) => getGame(db, p.id),
    gamesCreate: (p) => {
      const game = createGame(db, p);
      // A game starting (no shot yet) is play, and tells the prior nothing new.
      if (game.log.shots.length > 0) return changed(game);
      ctx.priorUpdates.played();
      return game;
    },
    gamesUpdate: ({ id, ...patch }) => changed(updateGame(db, id, patch)),
    gamesAppendShot: (p) => {
      const game = appendShot(db, p.id, p.shot);
      ctx.priorUpdates.played();
      return sinks(p.shot) ? changed(game) : game;
    },
    gamesDelete: (p) => {
      let game: GameRecord | null = null;
      try {
        game = getGame(db, p.id);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
      const deleted = deleteGame(db, p.id);
      if (deleted && game) changed(game);
      return { deleted };
    },
  };
}
