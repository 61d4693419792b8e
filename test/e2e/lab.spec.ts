// The strategy lab: simulations on the real worker pool, with progress, charts, the summary
// table, and (with a prior) each strategy also played without it, paired on the same fleets.

import { expect, test, type Page } from '@playwright/test';
import { openApp, screenshot } from './support/app';

/** Plays `games` games per strategy with the lab's current setup and waits for the results. */
async function playGames(page: Page, games: number): Promise<void> {
  await page.getByTestId('lab-games').fill(String(games));
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-results')).toBeVisible({ timeout: 120_000 });
}

/** The summary lists each default strategy, then the same played told nothing. */
async function expectInformedThenUninformed(page: Page): Promise<void> {
  const names = page.getByTestId('lab-summary').locator('tbody tr td:first-child');
  await expect(names).toHaveText([
    'hunt-target',
    'pdf',
    'hunt-target (uninformed)',
    'pdf (uninformed)',
  ]);
}

test('run a small simulation and compare strategies', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  // bots start programs on this computer: the desktop app offers them, never the web transport
  await expect(page.getByTestId('lab-strategy-pdf')).toBeVisible();
  await expect(page.getByTestId('lab-bots')).toHaveCount(0);
  // phased with a thinking budget is offered beside its exact form.
  await expect(page.getByTestId('lab-strategy-phased:1000')).toBeVisible();
  await expect(page.getByTestId('lab-strategy-phased')).toBeVisible();
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `lab-strategies-${width}`);
  }
  await playGames(page, 20);
  const results = page.getByTestId('lab-results');
  await expect(page.getByTestId('lab-error')).toHaveCount(0);
  const rows = page.getByTestId('lab-summary').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('20');
  await expect(results.locator('figure')).toHaveCount(3);
  await expect(page.getByTestId('lab-paired').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('lab-played')).toHaveText(
    '20 games per strategy, classic rules, every legal fleet equally likely, answers: miss, hit or sunk',
  );
  await screenshot(page, 'lab-run');
});

test("a contest's setup: fleets placed ship by ship, shots answered miss or hit only", async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('lab-rules').selectOption('margin');
  await page.getByTestId('lab-fleets').selectOption('sequential');
  await page.getByTestId('lab-answers').selectOption('hit-miss');
  await page.getByTestId('lab-strategy-pdf').uncheck();
  await page.getByTestId('lab-strategy-margin-count').check();
  await playGames(page, 15);
  await expect(page.getByTestId('lab-played')).toHaveText(
    '15 games per strategy, margin rules, fleets placed ship by ship, answers: miss or hit only',
  );
  const names = page.getByTestId('lab-summary').locator('tbody tr td:first-child');
  await expect(names).toHaveText(['hunt-target', 'margin-count']);
  // Every ship cell is hit in every game: at least 17 shots, never all 100.
  for (const cell of await page
    .getByTestId('lab-summary')
    .locator('tbody tr td:nth-child(6)')
    .all())
    expect(Number(await cell.textContent())).toBeGreaterThanOrEqual(17);
});

test('fleets from a prior: each strategy is also played uninformed, paired', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('lab-prior').selectOption('preset:edges');
  await expect(page.getByTestId('lab-also-uninformed')).toBeChecked();
  await playGames(page, 30);
  await expectInformedThenUninformed(page);
  const paired = page.getByTestId('lab-paired').locator('tbody tr td:first-child');
  await expect(paired).toHaveText([
    'hunt-target − hunt-target (uninformed)',
    'pdf − pdf (uninformed)',
  ]);
});

test('shooters told a prior of their own, fleets uniform: paired with the uninformed play', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await expect(page.getByTestId('lab-also-uninformed')).toHaveCount(0);
  await page.getByTestId('lab-told').selectOption('preset:edges');
  await expect(page.getByTestId('lab-also-uninformed')).toBeChecked();
  await playGames(page, 20);
  await expect(page.getByTestId('lab-played')).toHaveText(
    '20 games per strategy, classic rules, every legal fleet equally likely, shooters told their own prior, answers: miss, hit or sunk',
  );
  await expectInformedThenUninformed(page);
});

test('salvo games: K shots per turn, turns beside shots, and strategies that cannot refused', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('lab-salvo').fill('4');
  // hunt-target (chosen by default) fires one shot per turn: the run is refused, saying why
  await page.getByTestId('lab-games').fill('10');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-error')).toContainText(
    'hunt-target fires one shot per turn and cannot choose a salvo of 4',
  );
  await page.getByTestId('lab-strategy-hunt-target').uncheck();
  await page.getByTestId('lab-strategy-random').check();
  // pdf cannot read volleys: answered per turn, it is refused too
  await page.getByTestId('lab-answers').selectOption('volley-count');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-error')).toContainText(
    'pdf cannot read named hits or volleys, which "volley-count" answers give',
  );
  await page.getByTestId('lab-answers').selectOption('sunk');
  await playGames(page, 10);
  await expect(page.getByTestId('lab-played')).toHaveText(
    '10 games per strategy, classic rules, every legal fleet equally likely, 4 shots per turn, answers: miss, hit or sunk',
  );
  await expect(page.getByTestId('lab-error')).toHaveCount(0);
  await expect(page.getByTestId('lab-turns')).toHaveCount(2);
  // random fires 4 distinct cells a turn: the 100 cells take at most 25 turns, 17 ship cells 5
  const turns = parseFloat((await page.getByTestId('lab-turns').nth(0).textContent())!);
  expect(turns).toBeGreaterThan(5);
  expect(turns).toBeLessThanOrEqual(25);
});
