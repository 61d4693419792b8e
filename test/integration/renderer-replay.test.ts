// The replay of a recorded game (Replay) against the real API over the browser's transport: a
// game stored in a real library file, solves on a real pool. The calls the replay makes are
// noted on their way to the server (which answers them), so what it asks for and what it
// cancels is checked, as well as the board and the next shot it shows at each step.

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/renderer/src/lib/api-client';
import type { Call } from '../../src/renderer/src/lib/backend';
import { REPLAY_AHEAD_KEY, Replay } from '../../src/renderer/src/lib/replay.svelte';
import type { GameRecord, MethodName } from '../../src/shared/api';
import { liveApi, liveWebServer } from '../support/live-api';
import { gameLogToJson, parseGameLog } from '../../src/core/game-log';
import { finishedGame } from '../support/opponent-games';

const live = liveApi('replay', { threads: 1 });
const web = liveWebServer(live);

interface Sent {
  method: MethodName;
  params: unknown;
  reply: Promise<unknown>;
}

/** The web client's call, noting each call it passes on. */
function noting(sent: Sent[]): Call {
  const { url, origin } = web.server;
  const api = createApiClient({ location: { href: url, origin } });
  return ((method, params) => {
    const reply = api.call(method, params);
    sent.push({ method, params, reply });
    return reply;
  }) as Call;
}

/** A stored game of ours (eve's fleet sunk after two misses), and a replay of it. */
async function setUp(priorGrid: number[][] | null = null) {
  const sent: Sent[] = [];
  const call = noting(sent);
  const game: GameRecord = await call('gamesCreate', {
    log: gameLogToJson(parseGameLog(finishedGame('Eve', 0))),
  });
  sent.length = 0;
  let switches = 0;
  const replay = new Replay(
    () => game,
    { priorGrid, solver: 'auto' },
    () => switches++,
    call,
  );
  return { sent, game, replay, switches: () => switches };
}

const marked = (cells: Uint8Array): number => cells.filter((m) => m !== 0).length;

describe('Replay', () => {
  it('starts at the first shot, steps within the game, and leaves for the live game', async () => {
    const { game, replay, switches, sent } = await setUp();
    const n = game.log.shots.length;
    expect([replay.on, replay.at, replay.board, replay.next]).toEqual([false, null, null, null]);

    replay.start();
    expect([replay.on, replay.at, switches()]).toEqual([true, 0, 1]);
    expect(marked(replay.board!.cells)).toBe(0);
    expect(replay.next).toEqual(game.log.shots[0]);

    replay.to(3);
    expect(marked(replay.board!.cells)).toBe(3);
    expect(replay.next).toEqual(game.log.shots[3]);
    replay.step(1);
    expect(replay.at).toBe(4);
    replay.step(-2);
    expect(replay.at).toBe(2);
    replay.to(1.6);
    expect(replay.at).toBe(2);
    replay.to(n + 5);
    expect(replay.at).toBe(n);
    expect(replay.next).toBeNull(); // after the last shot
    expect(replay.board!.sunk).toHaveLength(4);
    replay.to(-3);
    expect(replay.at).toBe(0);

    replay.leave();
    expect([replay.on, replay.at, replay.board, replay.next, switches()]).toEqual([
      false,
      null,
      null,
      null,
      2,
    ]);
    expect(sent).toEqual([]); // stepping alone asks the API nothing
  });

  it('solves a step ahead once, with the prior, and cancels it when the replay moves away', async () => {
    const prior = Array.from({ length: 8 }, (_, r) =>
      Array.from({ length: 8 }, (_, c) => 1 + r + c),
    );
    const { game, replay, sent } = await setUp(prior);
    replay.start();

    replay.solveAhead(3);
    replay.solveAhead(3); // already under way: not asked again
    expect(sent.map((s) => s.method)).toEqual(['solve']);
    const ahead = sent[0]!.params as { position: { board: string[]; prior?: number[][] } };
    expect(sent[0]!.params).toMatchObject({ solver: 'auto', boardKey: REPLAY_AHEAD_KEY });
    // After three shots: two misses, then a hit.
    expect(ahead.position.board.slice(0, 2)).toEqual(['x.......', '.....oo.']);
    expect(ahead.position.prior).toEqual(prior);

    replay.to(3); // onto the step being solved: it goes on
    expect(sent.map((s) => s.method)).toEqual(['solve']);
    replay.to(1); // away from it: cancelled
    expect(sent.map((s) => s.method)).toEqual(['solve', 'jobCancel']);
    expect(sent[1]!.params).toEqual({ key: REPLAY_AHEAD_KEY });
    await Promise.allSettled(sent.map((s) => s.reply));

    // Finished (or cancelled): the same step may be asked again; steps off the game are not.
    replay.solveAhead(-1);
    replay.solveAhead(game.log.shots.length + 1);
    replay.solveAhead(2);
    expect(sent.map((s) => s.method)).toEqual(['solve', 'jobCancel', 'solve']);
    const solved = await sent[2]!.reply;
    expect(solved).toMatchObject({ width: 8, height: 8, exact: true });
    // With nothing ahead (the replay notes the answer once its own handlers have run), leaving
    // cancels nothing.
    await new Promise((r) => setImmediate(r));
    replay.leave();
    expect(sent).toHaveLength(3);
  });
});
