// Screenshots of the main views in the light and dark themes (kept in test-results/screenshots
// for people to look at), with a check that the theme really switches.

import { expect, test } from '@playwright/test';
import { cell, heatmapReady, openApp, screenshot } from './support/app';

for (const theme of ['light', 'dark'] as const) {
  test(`main views in the ${theme} theme`, async ({ page }) => {
    await openApp(page, theme);
    const bg = await page
      .locator('body')
      .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);
    expect(bg).toBe(theme === 'light' ? 'rgb(243, 245, 248)' : 'rgb(15, 20, 27)');

    // A classic mid-game position: a few misses, two hits, a sunk destroyer.
    await page.getByRole('radio', { name: /Miss/ }).check();
    for (const name of ['E5', 'C3', 'H3', 'B8', 'G8', 'E9']) await cell(page, name, 10).click();
    await page.getByRole('radio', { name: /Hit/ }).check();
    for (const name of ['F6', 'G6', 'A1', 'A2']) await cell(page, name, 10).click();
    for (const name of ['A1', 'A2']) await cell(page, name, 10).click({ modifiers: ['Shift'] });
    await page.getByTestId('sink-4').click();
    await expect(cell(page, 'A1', 10)).toHaveAttribute('data-mark', 'sunk');
    await heatmapReady(page);
    await page.getByTestId('show-numbers').check();
    await cell(page, 'H6', 10).hover();
    await screenshot(page, `analyse-${theme}`);

    for (const view of ['library', 'games', 'opponents', 'lab'] as const) {
      await page.getByTestId(`tab-${view}`).click();
      await expect(page.getByTestId(`tab-${view}`)).toHaveAttribute('aria-selected', 'true');
      await page.waitForTimeout(300);
      await screenshot(page, `${view}-${theme}`);
    }
  });
}
