// An opponent's prior is learned again when their games change, but never in front of a game
// being played, and never lost: the real `broadside web` child process on a library file, with
// one worker thread (the default on a two-core machine).
//   - Recording a game to a sinking: the next proposal (the heatmap's solve and a strategy's
//     proposal) is answered while the relearn the sinking asked for has not started: it waits
//     until play pauses, below the game's solves.
//   - An import asks for a relearn; the server killed before it finished starts it again on the
//     next start, without a new import.

import { describe, expect, it } from 'vitest';
import { parseGameLog, replay } from '../../src/core/game-log';
import { positionToJson } from '../../src/core/position';
import { sinkShipShots } from '../support/fixtures';
import type { Loose } from '../support/live-api';
import { finishedGame, OPPONENT_RULES } from '../support/opponent-games';
import { tempDir } from '../support/library';
import { startWebChild, type Reply, type WebChild } from '../support/web-child';

const RULES = OPPONENT_RULES;

/** The value of a call that must succeed (replies are checked field by field). */
function value<T = Loose>(reply: Reply, what: string): T {
  if (!reply.ok) throw new Error(`${what}: ${reply.error?.name}: ${reply.error?.message}`);
  return reply.value as T;
}

async function opponentId(server: WebChild, name: string): Promise<number> {
  const list = value<{ id: number; name: string }[]>(
    await server.call('opponentsList', {}),
    'opponentsList',
  );
  return list.find((o) => o.name === name)!.id;
}

/** Polls until `check` holds: a bound on waiting (the machine may be busy), not on speed. */
async function until(what: string, check: () => Promise<boolean>, limitMs = 240_000) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('relearns wait for play and survive a restart', () => {
  it('after a sinking, the next proposal is answered before any relearn starts', async () => {
    const tmp = tempDir();
    const server = await startWebChild(tmp.file('play.db'), 1, ['--no-graphs']);
    try {
      const name = 'Rita';
      const games = [0, 1, 2, 3, 4].map((g) => finishedGame(name, g));
      value(await server.call('importBundle', { text: JSON.stringify(games) }), 'import');
      const id = await opponentId(server, name);
      // The import's relearn (nothing is played yet) runs and saves the prior.
      await until('the prior learned from the import', async () => {
        const prior = value(await server.call('priorsGet', { opponentId: id }), 'priorsGet');
        return prior?.games === 5;
      });
      const progress = async () =>
        value(await server.call('jobProgress', { key: `prior-update:${id}` }), 'jobProgress');

      // A new game, as the recorder plays it: a miss, a hit, then the 2-ship sinks.
      const prior = value(await server.call('priorsGet', { opponentId: id }), 'priorsGet');
      const created = value(
        await server.call('gamesCreate', {
          log: { opponent: name, rules: RULES, firedBy: 'me', shots: [], prior: prior.grid },
          outcome: null,
        }),
        'gamesCreate',
      );
      const shots = [
        { cell: [7, 7], result: 'miss' },
        ...sinkShipShots([
          [6, 2],
          [6, 3],
        ]),
      ];
      let game = created;
      for (const shot of shots) {
        game = value(await server.call('gamesAppendShot', { id: game.id, shot }), 'append');
      }
      expect(game.log.shots.at(-1).result).toBe('sunk');
      const events: string[] = [];
      if ((await progress()).running) events.push('relearn running');

      // The next proposal: the heatmap's exact solve, and another strategy's shot.
      const position = { ...positionToJson(replay(parseGameLog(game.log))), prior: prior.grid };
      const [solved, proposed] = await Promise.all([
        server
          .call('solve', { position, solver: 'auto', boardKey: 'recorder', solveAhead: true })
          .then((r) => (events.push('solve answered'), r)),
        server
          .call('propose', { position, strategy: 'hunt-target', key: 'recorder-proposal' })
          .then((r) => (events.push('proposal answered'), r)),
      ]);
      const heat = value(solved, 'solve');
      expect(heat.probabilities).toHaveLength(8);
      const proposal = value(proposed, 'propose');
      expect(proposal.cell).toBeGreaterThanOrEqual(0);
      if ((await progress()).running) events.push('relearn running');
      // Nothing was learned in front of them: the prior is still the import's.
      const after = value(await server.call('priorsGet', { opponentId: id }), 'priorsGet');
      if (after.games !== 5 || after.updatedAt !== prior.updatedAt) events.push('relearn saved');
      expect(events.sort()).toEqual(['proposal answered', 'solve answered']);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      tmp.remove();
    }
  }, 300_000);

  it('a relearn cut short by a kill starts again on the next start, without a new import', async () => {
    const tmp = tempDir();
    const dbPath = tmp.file('restart.db');
    const name = 'Kurt';
    let server = await startWebChild(dbPath, 1, ['--no-graphs']);
    try {
      const games = [0, 1, 2, 3, 4, 5, 6, 7].map((g) => finishedGame(name, g));
      const summary = value(
        await server.call('importBundle', { text: JSON.stringify(games) }),
        'import',
      );
      expect(summary).toMatchObject({ games: 8, relearning: 1 });
      server.child.kill('SIGKILL');
      await server.exited;

      server = await startWebChild(dbPath, 1, ['--no-graphs']);
      const id = await opponentId(server, name);
      // The import's relearn did not finish before the kill: no prior then.
      expect(value(await server.call('priorsGet', { opponentId: id }), 'priorsGet')).toBeNull();
      await until('the prior learned after the restart', async () => {
        const prior = value(await server.call('priorsGet', { opponentId: id }), 'priorsGet');
        return prior !== null;
      });
      const prior = value(await server.call('priorsGet', { opponentId: id }), 'priorsGet');
      expect(prior).toMatchObject({ games: 8, source: expect.stringMatching(/^learned \(fit\)/) });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      tmp.remove();
    }
  }, 600_000);
});
