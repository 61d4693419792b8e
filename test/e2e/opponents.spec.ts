// Opponents: their games, and their prior learned on the pool and shown as a heatmap.

import { expect, test } from '@playwright/test';
import { apiCall, cell, openApp, openOpponent, screenshot, startRecording } from './support/app';

test("learn an opponent's prior from a recorded game and see it as a heatmap", async ({ page }) => {
  const opponent = `Habit ${Date.now().toString(36)}`;
  await startRecording(page, opponent, [3, 2]);
  // Their ships hug the edges: A1-C1 and E1-E2, recorded shot by shot.
  // "sunk-0" names the 3-ship, "sunk-1" the 2-ship (the fleet's order).
  const shots: [string, 'miss' | 'hit' | 'sunk-0' | 'sunk-1'][] = [
    ['C3', 'miss'],
    ['A1', 'hit'],
    ['B1', 'hit'],
    ['C1', 'sunk-0'],
    ['E1', 'hit'],
    ['E2', 'sunk-1'],
  ];
  for (const [name, result] of shots) {
    await cell(page, name, 5, 'rec').click();
    if (result.startsWith('sunk')) {
      await page.getByTestId('answer-mine-sunk').click();
      await page.getByTestId(`sunk-mine-${result.slice(5)}`).click();
    } else {
      await page.getByTestId(`answer-mine-${result}`).click();
    }
    await expect(cell(page, name, 5, 'rec')).not.toHaveAttribute('data-mark', 'unknown');
  }
  await expect(page.getByTestId('game-saved')).toHaveText('6 shots saved');
  await page.getByTestId('outcome-won').click();

  await openOpponent(page, opponent);
  await expect(page.getByRole('heading', { name: opponent, exact: true })).toBeVisible();
  await page.getByTestId('learn-prior').click();
  await expect(page.getByTestId('prior-grid')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid=prior-grid] .cell.heat')).toHaveCount(25);
  await expect(page.getByText(/Learned from 1 game/)).toBeVisible();
  await screenshot(page, 'opponents-prior');
});

test('placement advice from their shooting, and a random layout in one click', async ({ page }) => {
  const opponent = `Topper ${Date.now().toString(36)}`;
  await openApp(page);
  // Three logged games of their shots at us: they always search the top rows first.
  const rules = { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' };
  for (const offset of [0, 3, 7]) {
    const shots = Array.from({ length: 18 }, (_, k) => {
      const c = (k + offset) % 18;
      return { cell: [Math.floor(c / 6), c % 6], result: 'miss' };
    });
    await apiCall(page, 'gamesCreate', { log: { opponent, rules, firedBy: 'opponent', shots } });
  }
  await openOpponent(page, opponent);
  await page.getByTestId('advise-layout').click();
  const summary = page.getByTestId('advice-summary');
  await expect(summary).toContainText('Layout 1 of 5', { timeout: 60_000 });
  const [shots, baseline] = ((await summary.textContent()) ?? '')
    .replace(/\s+/g, ' ')
    .match(
      /([\d.]+) of their shots to sink \(a ship lasts [\d.]+ shots on average\), against ([\d.]+)/,
    )!
    .slice(1)
    .map(Number);
  expect(shots).toBeGreaterThan(baseline!);
  // The risk map is hottest on top, and the suggested ships stay out of the top three rows.
  const risk = async (row: number) =>
    Number(await page.locator(`#risk-${row * 6}`).getAttribute('data-p'));
  expect(await risk(0)).toBeGreaterThan(await risk(5));
  for (let c = 0; c < 18; c++) {
    await expect(page.locator(`#advice-${c}`)).toHaveAttribute('data-mark', 'unknown');
  }
  await expect(page.locator('[id^=advice-][data-mark^="ship "]')).toHaveCount(5);
  await page.getByTestId('advice-next').click();
  await expect(summary).toContainText('Layout 2 of 5');

  await page.getByTestId('random-layout').click();
  const board = page.getByTestId('random-layout-board');
  await expect(board).toBeVisible();
  await expect(board.locator('[data-mark^="ship "]')).toHaveCount(5);
  await screenshot(page, 'opponents-advisor');
});
