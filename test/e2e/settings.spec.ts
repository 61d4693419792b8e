// The Settings view on a server of its own (its own data folder: the budget saved here lands in
// that folder's settings file, never beside the shared test server's library): it shows the
// state graphs' folder and the memory budget in force, saves a budget for the next start (the
// one in force stays), and shows the API's one line for a budget out of range.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './support/app';
import { startGraphServer, type GraphServer } from './support/graph-server';

let server: GraphServer;
test.beforeAll(async () => {
  server = await startGraphServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('Settings shows the graph folder and the budget, and saves a budget for the next start', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(server.url);
  await page.getByTestId('tab-settings').click();
  await expect(page.getByTestId('tab-settings')).toHaveAttribute('aria-selected', 'true');

  await expect(page.getByTestId('graphs-dir')).toHaveText(/[/\\]graphs$/);
  await expect(page.getByTestId('memory-budget')).toContainText(
    'the default: half the memory available',
  );
  await expect(page.getByTestId('memory-saved-now')).toHaveText('Saved now: the default');

  await page.getByTestId('memory-mb').fill('3000');
  await page.getByTestId('memory-save').click();
  await expect(page.getByTestId('memory-saved')).toHaveText('Saved: 3000 MB from the next start.');
  await expect(page.getByTestId('memory-saved-now')).toHaveText('Saved now: 3000 MB');
  // The budget in force is the one the server started with, until it starts again.
  await expect(page.getByTestId('memory-budget')).toContainText('the default');

  // Out of range: the API's one line, and what was saved stays.
  await page.getByTestId('memory-mb').fill('10');
  await page.getByTestId('memory-save').click();
  const error = page.getByTestId('memory-error');
  await expect(error).toContainText('memoryMb');
  await expect(error).toContainText('256');
  expect((await error.textContent())!.trim()).not.toContain('\n');
  await expect(page.getByTestId('memory-saved-now')).toHaveText('Saved now: 3000 MB');

  await page.getByTestId('memory-mb').fill('4096');
  await page.getByTestId('memory-save').click();
  await expect(page.getByTestId('memory-saved')).toHaveText('Saved: 4096 MB from the next start.');
  await expect(error).toHaveCount(0);
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `settings-${width}x${height}`);
    // Also where people look at them by hand.
    const dir = process.env['BROADSIDE_SETTINGS_SHOTS'];
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `settings-${width}x${height}.png`) });
    }
  }
});
