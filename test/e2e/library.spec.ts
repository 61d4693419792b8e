// The library: save positions with names, tags and notes; search and filter; reopen; duplicate;
// delete with undo; batch-solve the selection with progress and a sortable results table; CSV.

import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiCall, cell, heatmapReady, openApp, screenshot, setRules } from './support/app';

const run = Date.now().toString(36);

test('save, search, reopen, duplicate, delete and batch-solve positions', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'A1', 6).click();

  const save = async (name: string, tags: string, notes = '') => {
    await page.getByTestId('save-name').fill(name);
    await page.getByTestId('save-tags').fill(tags);
    await page.getByTestId('save-notes').fill(notes);
    await page.getByTestId('save-position').click();
    await expect(page.getByTestId('save-status')).toHaveText(`Saved "${name}".`);
  };
  await save(`Opening ${run}`, 'e2e, opening', 'one miss in the corner');
  await cell(page, 'B2', 6).click();
  await page.getByRole('radio', { name: /Hit/ }).check();
  await cell(page, 'C3', 6).click();
  await save(`Middle ${run}`, 'e2e');
  await page.getByTestId('clear-board').click();
  await expect(cell(page, 'A1', 6)).toHaveAttribute('data-mark', 'unknown');

  await page.getByTestId('tab-library').click();
  const rows = page.getByTestId('library-row');
  await page.getByTestId('library-search').fill(run);
  await expect(rows).toHaveCount(2);
  await page.getByTestId('library-search').fill(`Middle ${run}`);
  await expect(rows).toHaveCount(1);
  await page.getByTestId('library-search').fill(run);
  await page.getByRole('button', { name: 'opening', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Opening ${run}`);
  await page.getByRole('button', { name: 'opening', exact: true }).click();
  await expect(rows).toHaveCount(2);

  // Reopen: the board comes back as saved.
  await page.getByRole('button', { name: `Open Opening ${run}` }).click();
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await expect(cell(page, 'A1', 6)).toHaveAttribute('data-mark', 'miss');
  await expect(page.getByText(`Opened from`)).toContainText(`Opening ${run}`);
  await heatmapReady(page);

  // Duplicate, then delete the copy and undo the delete.
  await page.getByTestId('tab-library').click();
  await page.getByTestId('library-search').fill(run);
  await page.getByRole('button', { name: `Duplicate Opening ${run}` }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: `Delete Opening ${run} (copy)` }).click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('undo-delete').click();
  await expect(rows).toHaveCount(3);

  // Batch-solve the selection.
  await page.getByRole('checkbox', { name: `Select Opening ${run}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select Middle ${run}` }).check();
  await page.getByTestId('batch-solver').selectOption('enumerate');
  await page.getByTestId('batch-selected').click();
  await expect(page.getByTestId('batch-state')).toContainText(/^done/);
  const results = page.getByTestId('batch-results').locator('tbody tr');
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText(/[A-F][1-6]/);
  await expect(page.getByTestId('batch-results')).toContainText('enumerate');

  // Sort by layouts, both ways.
  await page.getByTestId('sort-layouts').click();
  const asc = await results.allTextContents();
  await page.getByTestId('sort-layouts').click();
  const desc = await results.allTextContents();
  expect(desc).toEqual([...asc].reverse());

  // Export CSV.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^broadside-batch-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'position,position_id,best_shot,top_probability,layouts,exact,solver,requested_solver,ms,error,solved_at',
  );
  expect(csv).toContain(`Middle ${run}`);
  await screenshot(page, 'library-batch');
});

test('import a position file and export the library', async ({ page }, testInfo) => {
  await openApp(page);
  await page.getByTestId('tab-library').click();
  const file = testInfo.outputPath('position.json');
  const position = {
    rules: { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' },
    board: ['o.....', '......', '..x...', '......', '......', '......'],
    sunk: [],
  };
  writeFileSync(file, JSON.stringify(position));
  await page.getByTestId('import-input').setInputFiles(file);
  await expect(page.getByTestId('library-status')).toContainText(
    'Imported 1 position, 0 games, 0 opponents, 0 priors from position.json.',
  );

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-all').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^broadside-library-.*\.json$/);
  const bundle = JSON.parse(readFileSync(await download.path(), 'utf8')) as unknown;
  expect(JSON.stringify(bundle)).toContain('..x...');
});

test('a long library lists a page at a time, "Show more" for the rest', async ({ page }) => {
  await openApp(page);
  const tag = `bulk-${run}`;
  const positions = Array.from({ length: 250 }, (_, k) => ({
    name: `Bulk ${run} ${k}`,
    tags: [tag],
    rules: { width: 4, height: 4, fleet: [2], touch: 'allowed' },
    board: ['....', '....', '....', '....'],
    sunk: [],
  }));
  await apiCall(page, 'importBundle', {
    text: JSON.stringify({ format: 'broadside-bundle', version: 1, positions }),
  });
  await page.getByTestId('tab-library').click();
  await page.getByTestId('library-search').fill(`Bulk ${run}`);
  const rows = page.getByTestId('library-row');
  await expect(rows).toHaveCount(200);
  const more = page.getByTestId('library-more');
  await expect(more).toHaveText('Show 50 more (200 of 250 shown)');
  await more.click();
  await expect(rows).toHaveCount(250);
  await expect(more).toHaveCount(0);
  // Every position listed once.
  const names = await rows.locator('td.name').allTextContents();
  expect(new Set(names).size).toBe(250);
});
