// The strategy lab: a small simulation on the pool, with progress, charts and the summary table.

import { expect, test } from '@playwright/test';
import { openApp, screenshot } from './support/app';

test('run a small simulation and compare strategies', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('lab-games').fill('20');
  await page.getByTestId('lab-run').click();
  const results = page.getByTestId('lab-results');
  const error = page.getByTestId('lab-error');
  await expect(results.or(error)).toBeVisible({ timeout: 120_000 });
  if (await error.isVisible()) {
    const text = (await error.textContent()) ?? '';
    test.skip(
      /not available|NotAvailable/i.test(text),
      `the simulate job is not available yet: ${text}`,
    );
    throw new Error(text);
  }
  await expect(page.getByTestId('lab-summary').locator('tbody tr')).toHaveCount(2);
  await expect(results.locator('figure')).toHaveCount(3);
  await screenshot(page, 'lab-run');
});
