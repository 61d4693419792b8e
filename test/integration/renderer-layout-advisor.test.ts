// The placement advisor's state (LayoutAdvisor) against the real API over the browser's
// transport: their logged shots at us in a real library file, the advice job on a real pool.

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/renderer/src/lib/api-client';
import { LayoutAdvisor } from '../../src/renderer/src/lib/layout-advisor.svelte';
import type { OpponentRecord } from '../../src/shared/api';
import { liveApi, liveWebServer } from '../support/live-api';

const live = liveApi('layout-advisor', { threads: 1 });
const web = liveWebServer(live);

const RULES = { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' as const };

function call() {
  const { url, origin } = web.server;
  return createApiClient({ location: { href: url, origin } }).call;
}

/** An opponent with three logged games of their shots at us, top rows first. */
async function topper(): Promise<OpponentRecord> {
  const api = call();
  for (const offset of [0, 3, 7]) {
    const shots = Array.from({ length: 18 }, (_, k) => {
      const c = (k + offset) % 18;
      return { cell: [Math.floor(c / 6), c % 6] as [number, number], result: 'miss' as const };
    });
    await api('gamesCreate', {
      log: { opponent: 'Topper', rules: RULES, firedBy: 'opponent', shots },
    });
  }
  return (await api('opponentsList', {})).find((o) => o.name === 'Topper')!;
}

describe('LayoutAdvisor', () => {
  it('reads their shooting into a risk map and layouts to step through', async () => {
    const opponent = await topper();
    const advisor = new LayoutAdvisor(call());
    expect([advisor.advice, advisor.riskHeat, advisor.suggestion]).toEqual([null, null, null]);

    const asked = advisor.advise(opponent, 3);
    expect(advisor.busy).toBe(true);
    expect(advisor.status).toBe("Reading Topper's shooting from 3 games…");
    await asked;
    expect(advisor.busy).toBe(false);
    expect(advisor.status).toBeNull();
    expect(advisor.advice?.games).toBe(3);
    const n = advisor.advice!.suggestions.length;
    expect(n).toBeGreaterThan(1);
    expect(advisor.riskHeat?.probabilities).toHaveLength(36);
    expect(advisor.riskBoard?.rules.width).toBe(6);
    // The top rows are searched first: their risk is above the bottom rows'.
    const risk = advisor.riskHeat!.probabilities;
    expect(risk[0]!).toBeGreaterThan(risk[35]!);
    expect(advisor.suggestionBoard?.ships.map((s) => s.length).sort()).toEqual([2, 3]);

    expect(advisor.shown).toBe(0);
    advisor.step(1);
    expect(advisor.shown).toBe(1);
    expect(advisor.suggestion).toEqual(advisor.advice!.suggestions[1]);
    advisor.step(-5);
    expect(advisor.shown).toBe(0);
    advisor.step(99);
    expect(advisor.shown).toBe(n - 1);
  });

  it('draws a random legal layout, and says why when it cannot', async () => {
    const advisor = new LayoutAdvisor(call());
    await advisor.drawRandom(RULES);
    const ships = advisor.randomLayout!.ships;
    expect(ships.map((s) => s.length).sort()).toEqual([2, 3]);
    expect(new Set(ships.flat()).size).toBe(5);
    expect(advisor.status).toBeNull();

    await advisor.drawRandom({ width: 2, height: 2, fleet: [5], touch: 'allowed' });
    expect(advisor.status).toMatch(/^No layout: /);
  });

  it('says why there is no advice for an opponent without logged shots', async () => {
    const nobody = await call()('opponentsCreate', { name: 'Nobody' });
    const advisor = new LayoutAdvisor(call());
    await advisor.advise(nobody, 0);
    expect(advisor.status).toMatch(/^No advice: /);
    expect(advisor.advice).toBeNull();
    expect(advisor.busy).toBe(false);
  });
});
