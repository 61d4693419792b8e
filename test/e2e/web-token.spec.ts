// The web page opened without its access token (a bookmark, an address cut short) says what is
// missing and how to get the address again, instead of a bare "no API here".

import { expect, test } from '@playwright/test';
import { appUrl, screenshot } from './support/app';

test('the address without its token says the token is missing and how to get it', async ({
  page,
}) => {
  const bare = new URL(appUrl());
  bare.search = '';
  for (const size of [
    { width: 1400, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(bare.toString());
    const banner = page.getByTestId('no-token');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('This address has no access token');
    await expect(banner).toContainText('broadside web');
    await expect(banner).toContainText('?token=');
    await screenshot(page, `web-no-token-${size.width}x${size.height}`);
  }
  // The calls the page makes fail with the same advice, not "no Broadside API here".
  await expect(page.getByText('no Broadside API here')).toHaveCount(0);
});

test('a page opened with its token shows no warning', async ({ page }) => {
  await page.goto(appUrl());
  await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('no-token')).toHaveCount(0);
});
