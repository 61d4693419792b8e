// Opponents: their games, and their prior learned on the pool and shown as a heatmap.

import { expect, test } from '@playwright/test';
import { cell, openApp, screenshot, setRules } from './support/app';

test("learn an opponent's prior from a recorded game and see it as a heatmap", async ({ page }) => {
  const opponent = `Habit ${Date.now().toString(36)}`;
  await openApp(page);
  await setRules(page, { width: 5, height: 5, fleet: [3, 2] });
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-opponent').fill(opponent);
  await page.getByTestId('game-rules').selectOption('editor');
  await page.getByTestId('game-start').click();
  await expect(page.getByTestId('proposal')).toContainText('Proposed shot');
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

  await page.getByTestId('tab-opponents').click();
  await page
    .getByTestId('opponent-list')
    .getByRole('button', { name: new RegExp(opponent) })
    .click();
  await expect(page.getByRole('heading', { name: opponent, exact: true })).toBeVisible();
  await page.getByTestId('learn-prior').click();
  await expect(page.getByTestId('prior-grid')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid=prior-grid] .cell.heat')).toHaveCount(25);
  await expect(page.getByText(/Learned from 1 game/)).toBeVisible();
  await screenshot(page, 'opponents-prior');
});
