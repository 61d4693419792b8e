// House rules in the app, on a server that keeps state graphs: the first heatmap of a rule set no
// graph exists for is the DP's, and the status line says the exact engine for these rules is being
// prepared, with how far, then (without a click) that it is ready; the next clicks are answered by
// the rule set's graph, and the line is gone.

import { expect, test } from '@playwright/test';
import { cell, heatmapReady, screenshot, setRules } from './support/app';
import { startGraphServer, type GraphServer } from './support/graph-server';

/** 10x10, fleet 4,3,3,2,2, ships may not touch: no preset, so no graph until first used. */
const RULES = { width: 10, height: 10, fleet: [4, 3, 3, 2, 2], touch: 'no-touch' } as const;
const W = RULES.width;

test.describe('house rules on a server with state graphs', () => {
  let server: GraphServer | undefined;
  test.beforeAll(async () => {
    server = await startGraphServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('say the exact engine is being prepared, then answer by their graph', async ({ page }) => {
    // The presets' graphs are built at start, one after another: these rules wait their turn.
    test.setTimeout(420_000);
    await page.goto(server!.url);
    await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
    await setRules(page, { ...RULES, fleet: [...RULES.fleet] });
    await heatmapReady(page, 120_000);
    const preparing = page.getByTestId('solve-preparing');
    await expect(preparing).toHaveText(
      /^Preparing the exact engine for these rules: \d{1,3}%\s*\(the DP answers meanwhile\)$/,
    );
    await expect(page.getByTestId('solve-status')).toContainText(/Solver dp/);
    await screenshot(page, 'house-rules-preparing');

    // Kept up to date without a click: the line says when the graph is ready.
    await expect(preparing).toHaveText(
      'The exact engine for these rules is ready: the next click is answered by it.',
      { timeout: 300_000 },
    );
    await screenshot(page, 'house-rules-ready');

    // The next click is answered by the graph, and the line is gone.
    await page.getByRole('radio', { name: /Miss/ }).check();
    const cells = ['A1', 'J10', 'E5', 'C8', 'H2', 'F9', 'B4', 'I6'];
    let i = 0;
    await expect(async () => {
      await cell(page, cells[i++ % cells.length]!, W).click();
      const status = await heatmapReady(page, 60_000);
      expect(status).toMatch(/Solver graph\s\(chosen by auto\).*exact/s);
    }).toPass({ timeout: 120_000, intervals: [2000] });
    await expect(preparing).toHaveCount(0);
    await screenshot(page, 'house-rules-graph');
  });
});
