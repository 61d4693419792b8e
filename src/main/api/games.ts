// Game logs: list, get, create, update, append a shot (the recorder saves each shot as it
// happens), delete.

import { appendShot, createGame, deleteGame, getGame, listGames, updateGame } from '../store/games';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';

export function gamesApi(
  ctx: ApiContext,
): HandlersFor<
  'gamesList' | 'gamesGet' | 'gamesCreate' | 'gamesUpdate' | 'gamesAppendShot' | 'gamesDelete'
> {
  const { db } = ctx;
  return {
    gamesList: (p) => listGames(db, p),
    gamesGet: (p) => getGame(db, p.id),
    gamesCreate: (p) => createGame(db, p),
    gamesUpdate: ({ id, ...patch }) => updateGame(db, id, patch),
    gamesAppendShot: (p) => appendShot(db, p.id, p.shot),
    gamesDelete: (p) => ({ deleted: deleteGame(db, p.id) }),
  };
}
