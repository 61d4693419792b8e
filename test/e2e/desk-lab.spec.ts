// Strategy lab: an honest time estimate (from measured progress, none before there is one), a
// CSV with each game's shots numbered as the JSON numbers games, and a failed run that keeps the
// last results and whose error goes once the inputs change.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openApp, screenshot } from './support/app';

async function shots(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1400, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
  }
}

/** Only these strategies ticked. */
async function choose(page: Page, names: string[]): Promise<void> {
  for (const box of await page.locator('[data-testid^=lab-strategy-]').all()) {
    const id = (await box.getAttribute('data-testid'))!.slice('lab-strategy-'.length);
    if ((await box.isChecked()) !== names.includes(id)) await box.click();
  }
}

test('the progress line says time so far, and a time left only once progress is measured', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await choose(page, ['pdf']);
  await page.getByTestId('lab-games').fill('80');
  // Every text the progress line shows during the run, as it changes.
  await page.getByTestId('lab-progress-text').evaluate((el) => {
    type Watched = {
      seen: string[];
      MutationObserver: new (f: () => void) => {
        observe(el: unknown, o: object): void;
      };
    };
    const view = el.ownerDocument.defaultView as unknown as Watched;
    view.seen = [];
    new view.MutationObserver(() => view.seen.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-progress-text')).toHaveText(/^done in /, { timeout: 180_000 });
  const seen = await page
    .getByTestId('lab-progress-text')
    .evaluate((el) => (el.ownerDocument.defaultView as unknown as { seen: string[] }).seen);
  const during = seen.filter((t) => t !== '' && !t.startsWith('done in'));
  expect(during.length).toBeGreaterThan(0);
  for (const text of during) {
    expect(text).toMatch(
      /^(starting: no game finished yet · \d[^·]* so far( · .*)?|\d+% · ([^·]* · )?(measuring the pace|about \d[^·]* left) · \d[^·]* so far)$/,
    );
    // No number for the time left while nothing is done.
    if (/^(0%|starting)/.test(text)) expect(text).not.toMatch(/left/);
  }
});

test("the CSV holds each game's shots, numbered as the JSON numbers games", async ({ page }) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await choose(page, ['hunt-target', 'pdf']);
  await page.getByTestId('lab-games').fill('8');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-results')).toBeVisible({ timeout: 120_000 });

  let downloading = page.waitForEvent('download');
  await page.getByTestId('lab-export-json').click();
  const report = JSON.parse(readFileSync(await (await downloading).path(), 'utf8')) as {
    firstGame: number;
    games: number;
  };
  downloading = page.waitForEvent('download');
  await page.getByTestId('lab-export-csv').click();
  const rows = readFileSync(await (await downloading).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toBe('game,strategy,shots,cells');
  const data = rows.slice(1).map((r) => r.split(','));
  expect(data).toHaveLength(8 * 2);
  const numbers = [...new Set(data.map((r) => Number(r[0])))];
  expect(numbers).toEqual(Array.from({ length: report.games }, (_, k) => report.firstGame + k));
  for (const [, , count, cells] of data) {
    const fired = cells!.split(' ');
    expect(fired).toHaveLength(Number(count));
    for (const c of fired) expect(c).toMatch(/^[A-J]([1-9]|10)$/);
    expect(new Set(fired).size).toBe(fired.length);
  }
});

test('a failed run keeps the last results, and its error goes when the inputs change', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await choose(page, ['hunt-target']);
  await page.getByTestId('lab-games').fill('6');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-progress-text')).toHaveText(/^done in /, { timeout: 120_000 });
  const played = await page.getByTestId('lab-played').textContent();

  // Answers naming ships, with a fleet whose ships have no names: refused.
  await page.getByTestId('lab-rules').selectOption('russian');
  await page.getByTestId('lab-answers').selectOption('named');
  await page.getByTestId('lab-run').click();
  const error = page.getByTestId('lab-error');
  await expect(error).toContainText('Simulation failed');
  // The last results stay, said to be the last run's.
  await expect(page.getByTestId('lab-results')).toBeVisible();
  await expect(page.getByTestId('lab-played')).toHaveText(played!);
  await expect(page.getByTestId('lab-previous')).toContainText('The run failed');
  await expect(page.getByTestId('lab-progress-text')).toHaveText('');
  await shots(page, 'desk-lab-failed');

  // Fixing the input clears the error.
  await page.getByTestId('lab-answers').selectOption('sunk');
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('lab-previous')).toHaveCount(0);
});
