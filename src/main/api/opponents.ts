// Opponents and their priors (one weight grid per opponent). Learning a prior runs the pool job
// `learn` on the opponent's logged games; the learner itself lives with that job.

import { InputError } from '../../core/errors';
import { getGame, listGames } from '../store/games';
import {
  createOpponent,
  deleteOpponent,
  getOpponent,
  listOpponents,
  updateOpponent,
} from '../store/opponents';
import { deletePrior, getPrior, putPrior } from '../store/priors';
import { write } from '../store/sql';
import { learnedSource } from '../../shared/prior-source';
import type { AdvisePayload } from '../jobs/advise-job';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';
import { runLongJob } from './long-job';

export function opponentsApi(
  ctx: ApiContext,
): HandlersFor<
  | 'opponentsList'
  | 'opponentsGet'
  | 'opponentsCreate'
  | 'opponentsUpdate'
  | 'opponentsDelete'
  | 'priorsGet'
  | 'priorsSave'
  | 'priorsDelete'
  | 'priorsLearn'
  | 'adviseLayout'
> {
  const { db } = ctx;
  return {
    opponentsList: () => listOpponents(db),
    opponentsGet: (p) => getOpponent(db, p.id),
    opponentsCreate: (p) => createOpponent(db, p),
    opponentsUpdate: ({ id, ...patch }) => updateOpponent(db, id, patch),
    opponentsDelete: (p) => ({ deleted: deleteOpponent(db, p.id) }),
    priorsGet: (p) => {
      getOpponent(db, p.opponentId); // NotFoundError for an unknown opponent
      return getPrior(db, p.opponentId);
    },
    priorsSave: (p) => {
      write(db, () => putPrior(db, p, 'priorsSave.grid'));
      return getPrior(db, p.opponentId)!;
    },
    priorsDelete: (p) => ({ deleted: deletePrior(db, p.opponentId) }),
    async priorsLearn(p, call) {
      const opponent = getOpponent(db, p.opponentId);
      const games = listGames(db, { opponentId: opponent.id, limit: 1_000_000 }).items.map(
        (g) => getGame(db, g.id).log,
      );
      if (games.length === 0) {
        throw new InputError('priorsLearn.opponentId', `${opponent.name} has no logged games`);
      }
      const payload = { opponent: opponent.name, games, options: p.options ?? {} };
      const learned = await runLongJob(ctx, 'learn', payload, { ...p, signal: call.signal });
      if (p.save) {
        write(db, () =>
          putPrior(db, {
            opponentId: opponent.id,
            rules: learned.rules,
            grid: learned.grid,
            games: learned.games,
            source: learnedSource(learned),
          }),
        );
      }
      return learned;
    },
    adviseLayout({ opponentId, key, timeoutMs, ...options }, call) {
      let payload: AdvisePayload;
      if (options.randomLayout) {
        if (!options.rules) {
          throw new InputError('adviseLayout.rules', 'are needed to draw a random layout');
        }
        payload = { rules: options.rules, randomLayout: true, seed: options.seed };
      } else {
        if (opponentId === undefined) {
          throw new InputError(
            'adviseLayout.opponentId',
            'is needed (whose shooting to read), unless randomLayout is true',
          );
        }
        const opponent = getOpponent(db, opponentId);
        const games = listGames(db, { opponentId, limit: 1_000_000 })
          .items.filter((g) => g.firedBy === 'opponent' && g.shots > 0)
          .map((g) => getGame(db, g.id).log);
        if (games.length === 0) {
          throw new InputError(
            'adviseLayout.opponentId',
            `no game logs ${opponent.name}'s shots at our fleet (record one with "shots by them")`,
          );
        }
        payload = { ...options, games };
      }
      return runLongJob(ctx, 'advise', payload, { key, timeoutMs, signal: call.signal });
    },
  };
}
