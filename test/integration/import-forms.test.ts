// Importing through the API as the app does: the text position form and a plain array of game
// logs are read by the store's one import (the command line's too), bad files get one clear
// message, and games at an opponent have their learned prior learned again.

import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../src/shared/api';
import { RULES_4X4, SINK_A1_B1, sinkSingle } from '../support/fixtures';
import { liveApi } from '../support/live-api';

const { api } = liveApi('import-forms', { threads: 1 });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
type Loose = any;

async function ok(method: string, params?: unknown): Promise<Loose> {
  const reply: ApiReply<Loose> = await api.dispatch(method, params);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.name}: ${reply.error.message}`);
  return reply.value;
}
async function refused(method: string, params?: unknown): Promise<string> {
  const reply: ApiReply<Loose> = await api.dispatch(method, params);
  expect(reply.ok).toBe(false);
  return (reply as { error: { message: string } }).error.message;
}

const game = (opponent: string, c: [number, number]) => ({
  opponent,
  rules: RULES_4X4,
  firedBy: 'me',
  shots: [...SINK_A1_B1, sinkSingle(c)],
});

describe('importBundle reads every form `broadside import` reads', () => {
  it('takes the text position form, named after the file', async () => {
    const text = 'rules: 4x4 fleet=2,1 touch=allowed\nxo..\n....\n....\n....\n';
    expect(await ok('importBundle', { text, name: 'corner' })).toMatchObject({ positions: 1 });
    const list = await ok('positionsList', { text: 'corner' });
    expect(list.items.map((p: { name: string }) => p.name)).toEqual(['corner']);
    expect(list.items[0].position.board[0]).toBe('xo..');
  });

  it('takes a plain array of game logs, all or nothing', async () => {
    const logs = [game('Array', [3, 3]), game('Array', [2, 2])];
    expect(await ok('importBundle', { text: JSON.stringify(logs) })).toMatchObject({
      games: 2,
      opponents: 1,
    });
    const bad = await refused('importBundle', { text: JSON.stringify([logs[0], { shots: 3 }]) });
    expect(bad).toMatch(/^import: a record is invalid; nothing was imported:\n {2}games\[1\]: /);
    expect(await refused('importBundle', { text: '[]' })).toBe(
      'import: is an empty array: no game logs in it',
    );
  });

  it('says in plain words what is wrong with a file that is not one', async () => {
    expect(await refused('importBundle', { text: 'carrier at A1' })).toBe(
      'import: is neither JSON (a bundle, a position, a game log or an array of game logs) nor a position in the text form, whose first line is "rules: ..."',
    );
    const broken = await refused('importBundle', {
      text: '{\n  "rules": {"preset": "classic"},\n}',
    });
    expect(broken).toMatch(/^import: is not valid JSON \(line 3, column 1: /);
    expect(await refused('importBundle', { text: '{"rules": ' })).toBe(
      'import: is not valid JSON (line 1, column 11: the text ends before the JSON does)',
    );
  });
});

describe('imported games keep the learned prior current', () => {
  it("learns the opponent's prior again from the imported games", async () => {
    const first = await ok('importBundle', { text: JSON.stringify([game('Imported', [3, 3])]) });
    expect(first.relearning).toBe(1);
    await api.context.priorUpdates.idle();
    const opponent = (await ok('opponentsList')).find(
      (o: { name: string }) => o.name === 'Imported',
    );
    const prior1 = await ok('priorsGet', { opponentId: opponent.id });
    expect(prior1).toMatchObject({ games: 1, source: expect.stringMatching(/^learned \(fit\)/) });

    await ok('importBundle', { text: JSON.stringify([game('Imported', [2, 2])]) });
    await api.context.priorUpdates.idle();
    const prior2 = await ok('priorsGet', { opponentId: opponent.id });
    expect(prior2.games).toBe(2);
    // The top-left corner held a ship in both games: it weighs more than the far corner.
    expect(prior2.grid[0][0]).toBeGreaterThan(prior2.grid[3][0]);
  });

  it('leaves priors alone when the games are theirs at us', async () => {
    const theirs = { ...game('Shooter', [3, 3]), firedBy: 'opponent' };
    const summary = await ok('importBundle', { text: JSON.stringify([theirs]) });
    expect(summary.relearning).toBe(0);
  });
});
