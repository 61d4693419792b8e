// The game recorder: a short real game, shot by shot, stored as it happens.

import { expect, test } from '@playwright/test';
import { cell, screenshot, startRecording } from './support/app';

const run = Date.now().toString(36);

test('record a short game: proposals, answers, their shots, outcome; nothing lost on reload', async ({
  page,
}) => {
  const opponent = `Rival ${run}`;
  await startRecording(page, opponent, [2]);

  // Our shots: a miss, a hit, then "sunk" (the ship's extent follows from the hits).
  await cell(page, 'C3', 5, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await expect(cell(page, 'C3', 5, 'rec')).toHaveAttribute('data-mark', 'miss');
  await cell(page, 'A1', 5, 'rec').click();
  await page.getByTestId('answer-mine-hit').click();
  await expect(page.getByTestId('game-saved')).toHaveText('2 shots saved');
  // The heatmap follows: the next proposal is next to the hit.
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot: (A2|B1)/);
  await cell(page, 'A2', 5, 'rec').click();
  await page.getByTestId('answer-mine-sunk').click();
  await page.getByTestId('sunk-mine-0').click();
  await expect(page.getByTestId('game-saved')).toHaveText('3 shots saved');
  await expect(cell(page, 'A2', 5, 'rec')).toHaveAttribute('data-mark', 'sunk');
  await expect(page.getByTestId('proposal')).toContainText('Every ship is sunk');

  // Their shot at our fleet.
  await cell(page, 'B2', 5, 'mine').click();
  await page.getByTestId('answer-theirs-miss').click();
  await expect(cell(page, 'B2', 5, 'mine')).toHaveAttribute('data-mark', 'miss');

  await page.getByTestId('outcome-won').click();
  await expect(page.getByTestId('outcome-won')).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'recorder-live');

  // Everything is already stored: a reload shows both logs.
  await page.reload();
  await page.getByTestId('tab-games').click();
  const recent = page.getByRole('table').filter({ hasText: 'Shots by' });
  await expect(
    recent.getByRole('row', { name: new RegExp(`${opponent} me .* 3 won`) }),
  ).toBeVisible();
  await expect(
    recent.getByRole('row', { name: new RegExp(`${opponent} them .* 1 won`) }),
  ).toBeVisible();
});

test('after a lost game the revealed layout can be entered', async ({ page }) => {
  await startRecording(page, `Winner ${run}`, [2]);
  await cell(page, 'E5', 5, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await page.getByTestId('outcome-lost').click();
  for (const name of ['B4', 'C4']) await cell(page, name, 5, 'layout').click();
  await page.getByTestId('layout-add').click();
  await page.getByTestId('layout-save').click();
  await expect(page.getByText('The revealed layout is stored with the game.')).toBeVisible();
});

test('the proposal can come from phased instead of the likeliest cell, and the choice is kept', async ({
  page,
}) => {
  await startRecording(page, `Planner ${run}`, [3, 2]);
  await cell(page, 'C1', 5, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  // B3, C3, D3 and C4 are tied for likeliest; greedy takes the first in reading order (on a
  // loaded machine an estimate may propose another of them first, which the proposal then says).
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toContainText(
    /Proposed shot: B3 \([\d.]+%\)(\schanged from [A-E][1-5] \(the estimate\))?$/,
  );
  // C3 and C4 are as likely; phased weighs the next shot too and prefers C4.
  await page.getByTestId('proposer').selectOption('phased');
  await expect(proposal).toContainText(/Proposed shot: C4 \([\d.]+%\)\s*by phased, \d+ ms/);
  await expect(cell(page, 'C4', 5, 'rec')).toHaveClass(/\bbest\b/);
  await page.getByTestId('proposer').selectOption('phased:1000');
  await expect(proposal).toContainText(/Proposed shot: C4 \([\d.]+%\)\s*by phased:1000, \d+ ms/);
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `recorder-proposer-${width}`);
  }
  // Kept on this computer: after a reload the game continues proposing with phased:1000.
  await page.reload();
  await page.getByTestId('tab-games').click();
  const recent = page.getByRole('table').filter({ hasText: 'Shots by' });
  await recent
    .getByRole('row', { name: new RegExp(`Planner ${run} me`) })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByTestId('proposer')).toHaveValue('phased:1000');
  await expect(proposal).toContainText(/Proposed shot: C4 \([\d.]+%\)\s*by phased:1000/);
  // Back to the likeliest cell.
  await page.getByTestId('proposer').selectOption('greedy');
  await expect(proposal).toContainText(
    /Proposed shot: B3 \([\d.]+%\)(\schanged from [A-E][1-5] \(the estimate\))?$/,
  );
});

test('a game continued aims at a cell not yet shot, never at one it has', async ({ page }) => {
  await startRecording(page, `Resumer ${run}`, [3, 2]);
  await cell(page, 'A1', 5, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await page.reload();
  // Nothing proposed or solved from here: only the continued game's own target shows.
  await page.route(/\/api\/(solve|estimate|propose)$/, () => {});
  await page.getByTestId('tab-games').click();
  await page
    .getByRole('table')
    .filter({ hasText: 'Shots by' })
    .getByRole('row', { name: new RegExp(`Resumer ${run} me`) })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByTestId('target-mine')).toHaveText('B1');
  await expect(page.getByText(/has already been shot/)).toHaveCount(0);
});
