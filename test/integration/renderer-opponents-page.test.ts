// The Opponents view's state (OpponentsPage) against the real API over the browser's transport:
// a real library file, a real pool on the built worker and the local web server. Each intent is
// checked by what the page then shows and by what the library then holds.

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/renderer/src/lib/api-client';
import { OpponentsPage } from '../../src/renderer/src/lib/opponents-page.svelte';
import { Opponents } from '../../src/renderer/src/lib/opponents.svelte';
import type { OpponentRecord } from '../../src/shared/api';
import { liveApi, liveWebServer } from '../support/live-api';
import { gameLogToJson, parseGameLog } from '../../src/core/game-log';
import { finishedGame, OPPONENT_RULES } from '../support/opponent-games';

const live = liveApi('opponents-page', { threads: 1 });
const web = liveWebServer(live);

/** The client a page opened at the server's address makes; the page state calls through it. */
function client() {
  const { url, origin } = web.server;
  return createApiClient({ location: { href: url, origin } });
}

/** A page on its own list, both calling through the web client. */
function page(): OpponentsPage {
  const api = client();
  return new OpponentsPage(new Opponents(api.call), api.call);
}

const named = (p: OpponentsPage, name: string): OpponentRecord =>
  p.list.find((o) => o.name === name)!;

describe('OpponentsPage', () => {
  it('opens on the first opponent listed, with their games and the prior learned from them', async () => {
    const api = client();
    for (const g of [0, 1, 2])
      await api.call('gamesCreate', { log: gameLogToJson(parseGameLog(finishedGame('Ada', g))) });
    await api.call('opponentsCreate', { name: 'Bob' });
    // Saving a game relearns its opponent's prior in the background: let that finish first.
    await live.api.context.priorUpdates.idle();

    const p = page();
    expect(p.selected).toBeNull();
    await p.open();
    expect(p.list.map((o) => o.name).sort()).toEqual(['Ada', 'Bob']);
    expect(p.selected).toEqual(p.list[0]);

    await p.select(named(p, 'Ada'));
    expect(p.selected?.name).toBe('Ada');
    expect(p.games).toHaveLength(3);
    expect(p.games.every((g) => g.firedBy === 'me')).toBe(true);
    expect(p.theirGames).toBe(0);
    expect(p.prior?.rules).toEqual(OPPONENT_RULES);
    expect(p.priorBoard?.rules.width).toBe(8);
    expect(p.spread).not.toBeNull();
    // The prior's heatmap: an exact solve of the empty board under the prior, one value a cell.
    expect(p.heat?.all.probabilities).toHaveLength(64);
    expect(p.heat?.exact).toBe(true);
    expect(p.loadingHeat).toBe(false);
    expect(p.updating).toBe(false);
    expect(p.status).toBeNull();
  });

  it('learns the prior again and stores it; forgets it', async () => {
    const api = client();
    const p = page();
    await p.open();
    await p.select(named(p, 'Ada'));
    const before = p.prior!;

    const learning = p.learn(false);
    expect(p.learning).toBe(true);
    expect(p.status).toBe("Learning Ada's prior from their games…");
    await learning;
    expect(p.learning).toBe(false);
    expect(p.status).toMatch(/^Learned from 3 games(; log-likelihood [+-]\d+\.\d{3} per game)?/);
    const stored = await api.call('priorsGet', { opponentId: before.opponentId });
    expect(p.prior).toEqual(stored);
    expect(stored!.updatedAt >= before.updatedAt).toBe(true);
    expect(p.heat?.all.probabilities).toHaveLength(64);
    expect(named(p, 'Ada').hasPrior).toBe(true);

    await p.forgetPrior();
    expect(p.prior).toBeNull();
    expect(p.heat).toBeNull();
    expect(named(p, 'Ada').hasPrior).toBe(false);
    expect(await api.call('priorsGet', { opponentId: before.opponentId })).toBeNull();
  });

  it('says why a prior cannot be learned, and keeps showing the opponent', async () => {
    const p = page();
    await p.open();
    await p.select(named(p, 'Bob'));
    await p.learn(true);
    expect(p.status).toBe(
      'Could not learn a prior: priorsLearn.opponentId: Bob has no logged games',
    );
    expect(p.learning).toBe(false);
    expect(p.prior).toBeNull();
    expect(p.selected?.name).toBe('Bob');
  });

  it('adds an opponent and shows them; deletes one and shows nobody', async () => {
    const api = client();
    const p = page();
    await p.open();
    expect(await p.create('   ')).toBe(false);
    expect(p.list).toHaveLength(2);

    expect(await p.create('  Cy ')).toBe(true);
    expect(p.selected?.name).toBe('Cy');
    expect(p.games).toEqual([]);
    expect(p.prior).toBeNull();
    expect(p.list.map((o) => o.name).sort()).toEqual(['Ada', 'Bob', 'Cy']);

    // A name taken is refused with the API's reason, and the page stays on Cy.
    expect(await p.create('Cy')).toBe(false);
    expect(p.status).toMatch(/Cy/);
    expect(p.selected?.name).toBe('Cy');

    await p.remove(named(p, 'Cy'));
    expect(p.selected).toBeNull();
    expect(p.list.map((o) => o.name).sort()).toEqual(['Ada', 'Bob']);
    expect((await api.call('opponentsList', {})).map((o) => o.name).sort()).toEqual(['Ada', 'Bob']);
  });
});
