// The games API with named hits, salvo turns and volleys, as the recorder calls it: a real
// library file and a real pool behind dispatch. The boundary checks each entry's form with a
// one-line error naming the field; the log's replay checks it against the game.

import { describe, expect, it } from 'vitest';
import { apiCalls, liveApi, type Loose } from '../support/live-api';
import { SALVO_ENTRIES, SALVO_RULES as rules } from '../support/fixtures';

const { api } = liveApi('games-salvo', { threads: 1 });

const { call, ok } = apiCalls(api);

async function errorMessage(method: string, params?: unknown): Promise<string> {
  const reply = await call(method, params);
  expect(reply.ok).toBe(false);
  const message = (reply as { error: { message: string } }).error.message;
  expect(message).not.toContain('\n');
  return message;
}

async function newGame(opponent: string): Promise<number> {
  return (await ok('gamesCreate', { log: { opponent, rules, shots: [] } })).id;
}

describe('gamesAppendShot with named hits, salvo turns and volleys', () => {
  it('appends a named hit, turn shots and a volley of each answer kind', async () => {
    const id = await newGame('Eve');
    const entries = SALVO_ENTRIES;
    let record: Loose;
    for (const shot of entries) record = await ok('gamesAppendShot', { id, shot });
    expect(record.log.shots).toEqual(entries);
    expect((await ok('gamesGet', { id })).log.shots).toEqual(entries);
    expect((await ok('gamesList', { text: 'Eve' })).items[0].shots).toBe(5);
  });

  it('refuses a malformed entry at the boundary with a one-line error naming the field', async () => {
    const id = await newGame('Fay');
    const append = (shot: unknown): Promise<string> =>
      errorMessage('gamesAppendShot', { id, shot });
    expect(await append({ volley: { cells: [[0, 0]] } })).toBe(
      'gamesAppendShot.shot.volley: has no answer: give one of "hits", "hitShips" or "hitCount"',
    );
    expect(await append({ volley: { cells: [[0, 0]], hits: { Boat: 1 }, hitCount: 1 } })).toBe(
      'gamesAppendShot.shot.volley: gives hits and hitCount: give exactly one answer',
    );
    expect(await append({ volley: { cells: [[0, 0]], hits: { Boat: 'one' } } })).toBe(
      'gamesAppendShot.shot.volley.hits.Boat: must be a whole number from 0 to 26, got "one"',
    );
    expect(await append({ volley: { cells: [[0, 0]], hitCount: 0 }, cell: [0, 0] })).toBe(
      'gamesAppendShot.shot: has an unknown field "cell" (known: volley)',
    );
    expect(await append({ volley: { cells: [[0, 0]], hitCount: 0, extra: 1 } })).toMatch(
      /^gamesAppendShot\.shot\.volley: has an unknown field "extra"/,
    );
    expect(await append({ cell: [0, 0], result: 'hit', turn: -1 })).toBe(
      'gamesAppendShot.shot.turn: must be a whole number from 0 to 676, got -1',
    );
    expect(await append({ cell: [0, 0], result: 'hit', ship: 'Boat' })).toBe(
      'gamesAppendShot.shot.ship: must be a whole number from 0 to 1000, got "Boat"',
    );
    // The form is right but the game says otherwise: the log's replay names the shot.
    expect(await append({ volley: { cells: [[0, 0]], hitShips: ['Ark'] } })).toBe(
      `game ${id} shot 1 volley.hitShips[0]: unknown ship "Ark" (the fleet's names: Boat, Raft, Buoy)`,
    );
    expect(await append({ cell: [0, 0], result: 'hit', ship: 9 })).toBe(
      `game ${id} shot 1 ship: must be a fleet index from 0 to 2`,
    );
    expect((await ok('gamesGet', { id })).log.shots).toEqual([]);
  });

  it('gamesCreate and gamesUpdate take whole salvo logs; a bad one changes nothing', async () => {
    const shots = [
      { cell: [0, 0], result: 'hit', ship: 0 },
      { volley: { cells: [[0, 1]], hits: { Boat: 1 }, sunk: ['Boat'] } },
    ];
    const game = await ok('gamesCreate', { log: { opponent: 'Gus', rules, shots } });
    expect(game.log.shots).toEqual(shots);
    const message = await errorMessage('gamesUpdate', {
      id: game.id,
      log: {
        opponent: 'Gus',
        rules,
        shots: [...shots, { volley: { cells: [[0, 1]], hitCount: 0 } }],
      },
    });
    expect(message).toBe(
      'gamesUpdate.log shot 3 (volley): fires at B1, already fired at in the volley of shot 2',
    );
    expect((await ok('gamesGet', { id: game.id })).log.shots).toEqual(shots);
  });

  it("a volley announcing a sinking has the opponent's prior re-learned, as a single sinking does", async () => {
    const id = await newGame('Hal');
    const opponentId = (await ok('gamesGet', { id })).opponentId;
    await ok('gamesAppendShot', { id, shot: { cell: [1, 0], result: 'miss' } });
    await api.context.priorUpdates.idle();
    expect(await ok('priorsGet', { opponentId })).toBeNull();
    await ok('gamesAppendShot', {
      id,
      shot: {
        volley: {
          cells: [
            [3, 3],
            [3, 2],
          ],
          hitCount: 1,
          sunk: ['Buoy'],
        },
      },
    });
    await api.context.priorUpdates.idle();
    expect(await ok('priorsGet', { opponentId })).toMatchObject({ games: 1 });
  });
});
