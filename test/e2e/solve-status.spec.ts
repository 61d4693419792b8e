// What the line above the board says while solves come and go: a banner belongs to the marks it
// was found for (newer marks take it away and show their own solve running), and a solve replaced
// by the next click is the normal course of a board, not an error in the browser's console.

import { expect, test, type Route } from '@playwright/test';
import { cell, heatmapReady, openApp, screenshot, setRules } from './support/app';

/** The board of the issue: 12x12 with the classic fleet, whose exact solve takes minutes. */
const BIG = { width: 12, height: 12, fleet: [5, 4, 3, 3, 2] };

test('a "too big" banner goes when the marks change, and the newer solve shows as running', async ({
  page,
}) => {
  await openApp(page);
  // The view's solves ask for a 100 ms time limit (an option of the solve call) until the
  // server's real refusal is on screen: the 120 s default, sooner.
  await page.route('**/api/solve', async (route) => {
    const params = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...params, timeoutMs: 100 }) });
  });
  await setRules(page, BIG);
  const banner = page.getByTestId('solve-problem');
  // A background job (a prior re-learned after an earlier test's game) may hold the thread first.
  await expect(banner).toContainText('Too big for this solver', { timeout: 60_000 });
  await expect(banner).toContainText('100 ms limit');
  await screenshot(page, 'analyse-too-big');
  await page.unroute('**/api/solve');

  // The next solve and its estimate are held at the network: what changes on screen now is the
  // click's own doing, not an answer's.
  const held: Route[] = [];
  await page.route(/\/api\/(solve|estimate)$/, (route) => void held.push(route));
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'F6', BIG.width).click();
  await expect(cell(page, 'F6', BIG.width)).toHaveAttribute('data-mark', 'miss');
  await expect(banner).toHaveCount(0);
  const status = page.getByTestId('solve-status');
  await expect(status).toHaveAttribute('aria-busy', 'true');
  await expect(status).toContainText('solving the marks as they are now');
  await expect(status).toContainText('solving…');
  await expect.poll(() => held.some((r) => r.request().url().endsWith('/api/solve'))).toBe(true);
  await screenshot(page, 'analyse-after-too-big');

  // The held calls never reach the server (no solve of minutes left on its thread); then a board
  // that solves at once.
  for (const r of held) await r.abort();
  await page.unroute(/\/api\/(solve|estimate)$/);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await heatmapReady(page);
  await expect(banner).toHaveCount(0);
});

test('marks clicked in a row replace their solves without an error in the console', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  /** HTTP statuses of the solve replies that said the solve was replaced. */
  const replaced: number[] = [];
  page.on('response', (r) => {
    if (!r.url().endsWith('/api/solve')) return;
    void r
      .json()
      .then((body: { ok: boolean; error?: { name: string } }) => {
        if (!body.ok && body.error?.name === 'CancelledError') replaced.push(r.status());
      })
      .catch(() => undefined);
  });
  await openApp(page);
  await page.getByTestId('rules-preset').selectOption('classic');
  await heatmapReady(page, 120_000);
  await page.getByRole('radio', { name: /Miss/ }).check();
  // Each click starts a solve of the classic board (seconds of DP) that the next click replaces.
  for (const name of ['B2', 'D4', 'F6', 'H8', 'J10', 'B9']) await cell(page, name, 10).click();
  await heatmapReady(page, 120_000);
  expect(replaced.length).toBeGreaterThan(0);
  expect(replaced.every((s) => s === 200)).toBe(true);
  expect(errors).toEqual([]);
});
