// A game in which every ship sank is over, whether or not the user pressed "I won": the list says
// "finished" and offers no Continue, and its board says the game is over instead of a heatmap's
// total (under a prior that was a "weighted total 0.9999") or an estimate flashing by.

import { expect, test, type Page } from '@playwright/test';
import { apiCall, openApp, screenshot } from './support/app';

const run = Date.now().toString(36);
const RULES = { width: 5, height: 5, fleet: [3, 2], touch: 'allowed' };
/** A prior that is not uniform, so any total shown would be a weighted one. */
const PRIOR = Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => 1 + r + c));

/** Every ship sunk: the 3-ship on A1-C1, the 2-ship on A3-B3, and one miss between. */
const ALL_SUNK = [
  { cell: [0, 0], result: 'hit' },
  { cell: [0, 1], result: 'hit' },
  {
    cell: [0, 2],
    result: 'sunk',
    sunk: [
      [0, 0],
      [0, 1],
      [0, 2],
    ],
  },
  { cell: [4, 4], result: 'miss' },
  { cell: [2, 0], result: 'hit' },
  {
    cell: [2, 1],
    result: 'sunk',
    sunk: [
      [2, 0],
      [2, 1],
    ],
  },
];

async function createGame(page: Page, opponent: string, shots: object[]): Promise<number> {
  const log = {
    opponent,
    rules: RULES,
    firedBy: 'me',
    shots,
    prior: PRIOR,
    playedAt: new Date().toISOString(),
  };
  const game = await apiCall<{ id: number }>(page, 'gamesCreate', { log, outcome: null });
  return game.id;
}

/** Records, in the page, every moment a text appears that a finished board must never show. */
async function watchForTexts(page: Page, texts: string[]): Promise<void> {
  await page.evaluate((watched) => {
    const g = globalThis as unknown as {
      document: { body: { textContent: string | null } };
      MutationObserver: new (
        cb: (
          records: {
            addedNodes: ArrayLike<{ textContent: string | null }>;
            target: { textContent: string | null };
          }[],
        ) => void,
      ) => {
        observe(n: unknown, o: object): void;
      };
      textsSeen: string[];
    };
    g.textsSeen = [];
    const look = (text: string | null): void => {
      for (const t of watched)
        if (text?.includes(t) && !g.textsSeen.includes(t)) g.textsSeen.push(t);
    };
    new g.MutationObserver((records) => {
      // What was added, even if a later change in the same turn removed it again, and the page.
      for (const r of records) {
        look(r.target.textContent);
        for (let i = 0; i < r.addedNodes.length; i++) look(r.addedNodes[i]!.textContent);
      }
      look(g.document.body.textContent);
    }).observe(g.document.body, { childList: true, subtree: true, characterData: true });
  }, texts);
}

test.setTimeout(180_000);

test('a game with every ship sunk is listed finished and opens to a board that says the game is over', async ({
  page,
}) => {
  await openApp(page);
  const finished = await createGame(page, `Sunk ${run}`, ALL_SUNK);
  const open = await createGame(page, `Afloat ${run}`, ALL_SUNK.slice(0, 3));
  await page.getByTestId('tab-games').click();

  const recent = page.getByRole('table').filter({ hasText: 'Shots by' });
  const finishedRow = recent.getByRole('row', { name: new RegExp(`^${finished} Sunk ${run}`) });
  const openRow = recent.getByRole('row', { name: new RegExp(`^${open} Afloat ${run}`) });
  await expect(finishedRow.getByRole('cell', { name: 'finished', exact: true })).toBeVisible();
  await expect(finishedRow).not.toContainText('in progress');
  await expect(openRow.getByRole('cell', { name: 'in progress', exact: true })).toBeVisible();
  await expect(finishedRow.getByRole('button', { name: /Continue/ })).toHaveCount(0);
  await expect(finishedRow.getByRole('button', { name: `Replay game ${finished}` })).toBeEnabled();
  await expect(finishedRow.getByRole('button', { name: `Open game ${finished}` })).toBeVisible();
  await expect(openRow.getByRole('button', { name: `Continue game ${open}` })).toBeVisible();
  await screenshot(page, 'games-finished-list');

  await watchForTexts(page, ['weighted total', 'Estimate']);
  await finishedRow.getByRole('button', { name: `Open game ${finished}` }).click();
  await expect(
    page.getByRole('heading', { name: `Game #${finished} against Sunk ${run}` }),
  ).toBeVisible();
  await expect(page.getByTestId('solve-status')).toHaveText(
    /Game over: every ship sunk in 6 shots\./,
  );
  // The solve of the board shown has landed (its heatmap is the board's): nothing more will come.
  // It may wait behind the prior re-learned after the games were saved, which takes the thread.
  await expect(page.getByTestId('my-side')).toHaveAttribute('data-heat', 'exact', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('my-side').locator('.cell.heat')).toHaveCount(0);
  await expect(page.getByTestId('proposal')).toContainText('Every ship is sunk');
  await screenshot(page, 'games-finished-board');
  expect(
    await page.evaluate(() => (globalThis as unknown as { textsSeen: string[] }).textsSeen),
  ).toEqual([]);

  // The replay still shows the heatmap as it was at each step before the end.
  await page.getByTestId('replay-start').click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 0 of 6 shots');
  await expect(page.getByTestId('solve-layouts')).toContainText('weighted total', {
    timeout: 120_000,
  });
  await page.getByRole('button', { name: 'Last', exact: true }).click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 6 of 6 shots');
  await expect(page.getByTestId('solve-status')).toHaveText(
    /Game over: every ship sunk in 6 shots\./,
  );
});
