// The analyst's desk under rule changes and the small things that misled: what a change of rules
// drops (said, not silent), the preset label, the best shot in words, the keyboard tooltip, the
// solver note, sunk ships in the menus, and a scattered selection offered as a ship.

import { expect, type Page, test } from '@playwright/test';
import { cell, heatmapReady, openApp, screenshot, setRules } from './support/app';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
];

async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
  }
}

function boxesOverlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('changing rules says what it drops and keeps, and Undo brings it back', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: 'Cruiser 3, Scout 1' });
  // A sunk 1-cell ship on A1, a named hit on C3, a miss on F6.
  await page.getByRole('radio', { name: /Hit/ }).check();
  await cell(page, 'A1', 6).click();
  await cell(page, 'A1', 6).click({ modifiers: ['Shift'] });
  await page.getByTestId('sink-1').click();
  await expect(cell(page, 'A1', 6)).toHaveAttribute('data-mark', 'sunk');
  await cell(page, 'C3', 6).click();
  await page.getByTestId('name-hit').selectOption('Cruiser');
  await expect(cell(page, 'C3', 6)).toHaveAttribute('data-ship', 'Cruiser');
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'F6', 6).click();
  await expect(page.getByTestId('rules-report')).toHaveCount(0);

  // A smaller board whose fleet has neither a 1-cell ship nor names.
  await setRules(page, { width: 5, height: 5, fleet: [3, 2] });
  const report = page.getByTestId('rules-report');
  await expect(report).toContainText('Marks kept by row and column on the new 5×5 board');
  await expect(report).toContainText('1 mark outside the new 5×5 board');
  await expect(report).toContainText('the sunk ship on A1, now plain hits');
  await expect(report).toContainText('the Cruiser named on the hit C3 (no such ship now)');
  await expect(report).toContainText('Undo (Ctrl+Z)');
  // What fitted is kept.
  await expect(cell(page, 'A1', 5)).toHaveAttribute('data-mark', 'hit');
  await expect(cell(page, 'C3', 5)).toHaveAttribute('data-mark', 'hit');
  await shots(page, 'desk-rules-report');

  await page.getByTestId('undo').click();
  await expect(report).toHaveCount(0);
  await expect(cell(page, 'A1', 6)).toHaveAttribute('data-mark', 'sunk');
  await expect(cell(page, 'C3', 6)).toHaveAttribute('data-ship', 'Cruiser');
  await expect(cell(page, 'F6', 6)).toHaveAttribute('data-mark', 'miss');
});

test('the preset label follows the values: Apply keeps a preset, editing shows custom', async ({
  page,
}) => {
  await openApp(page);
  const preset = page.getByTestId('rules-preset');
  await preset.selectOption('russian');
  await expect(cell(page, 'J10', 10)).toBeVisible();
  await expect(preset).toHaveValue('russian');
  // Apply with the preset's own values: still the preset.
  await page.getByTestId('rules-apply').click();
  await expect(preset).toHaveValue('russian');
  // Editing a value: the label says custom at once, before Apply.
  await page.getByTestId('rules-width').fill('9');
  await expect(preset).toHaveValue('custom');
  // Typing the preset's values back: the preset again.
  await page.getByTestId('rules-width').fill('10');
  await expect(preset).toHaveValue('russian');
  await page.getByTestId('rules-apply').click();
  await expect(preset).toHaveValue('russian');
  await shots(page, 'desk-rules-preset');
});

test('the best shot is said in words, with its ties, and the legend key matches the board', async ({
  page,
}) => {
  await openApp(page);
  // An empty 3x3 board with one 2-ship: 12 layouts, 4 of them cover the centre.
  await setRules(page, { width: 3, height: 3, fleet: [2] });
  await heatmapReady(page);
  await expect(page.getByTestId('best-shot')).toHaveText('Best shot: B2 (33.33%)');
  await expect(cell(page, 'B2', 3)).toHaveClass(/\bbest\b/);
  // A miss in the centre: the 8 layouts left cover each border cell twice, a tie of eight.
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'B2', 3).click();
  await heatmapReady(page);
  await expect(page.getByTestId('best-shot')).toHaveText(
    /^Best shot: [A-C][1-3] \(25\.00%\), tied with [A-C][1-3](, [A-C][1-3]){5} and 1 more$/,
  );
  // The legend's key is drawn like the board's best cell: the same centre dot.
  const keyDot = await page
    .locator('.sw.best')
    .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el, '::after').content);
  expect(keyDot).not.toBe('none');
  await shots(page, 'desk-best-shot');
});

test('the keyboard tooltip hides no cell; the solver note is whole', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: 'Cruiser 3, Destroyer 2' });
  await page.getByTestId('show-numbers').check();
  const grid = page.getByTestId('board-grid');
  await grid.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown']) {
    await grid.press(key);
  }
  const tip = page.getByTestId('board-tooltip');
  const coversNoCell = async (): Promise<void> => {
    const tipBox = (await tip.boundingBox())!;
    for (let c = 0; c < 36; c++) {
      const box = (await page.locator(`#board-${c}`).boundingBox())!;
      expect(boxesOverlap(tipBox, box), `the tooltip covers cell ${c}`).toBe(false);
    }
  };
  await expect(tip).toContainText('C4');
  await coversNoCell();
  // The pointer's tooltip neither.
  await cell(page, 'D3', 6).hover();
  await expect(tip).toContainText('D3');
  await coversNoCell();

  // A named hit makes the solver say how it counts: the note is shown whole, not cut with "…".
  await page.getByRole('radio', { name: /Hit/ }).check();
  await cell(page, 'C3', 6).click();
  await page.getByTestId('name-hit').selectOption('Cruiser');
  await heatmapReady(page);
  const note = page.getByTestId('solve-note');
  await expect(note).toContainText('ships told apart by name');
  const cut = await note.evaluate(
    (el) =>
      el.scrollWidth > el.clientWidth ||
      el.ownerDocument.defaultView!.getComputedStyle(el).textOverflow === 'ellipsis',
  );
  expect(cut).toBe(false);
  await shots(page, 'desk-tooltip-note');
});

test('a sunk ship is not offered for new hits or volleys; scattered cells are no ship', async ({
  page,
}) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: 'Cruiser 3, Destroyer 2' });
  await page.getByRole('radio', { name: /Hit/ }).check();
  for (const name of ['A1', 'B1']) await cell(page, name, 6).click();
  for (const name of ['A1', 'B1']) await cell(page, name, 6).click({ modifiers: ['Shift'] });
  await page.getByTestId('sink-1').click();
  await expect(cell(page, 'B1', 6)).toHaveAttribute('data-mark', 'sunk');

  // A new hit elsewhere: the named-hit menu offers the Cruiser only.
  await cell(page, 'D4', 6).click();
  const menu = page.getByTestId('name-hit');
  await expect(menu.locator('option', { hasText: 'Cruiser' })).toHaveCount(1);
  await expect(menu.locator('option', { hasText: 'Destroyer' })).toHaveCount(0);
  await expect(
    page.getByTestId('hit-brush-ship').locator('option', { hasText: 'Destroyer' }),
  ).toHaveCount(0);
  // The key for the Destroyer (2) is refused with a reason, not applied.
  await page.getByTestId('board-grid').press('2');
  await expect(page.getByTestId('editor-notice')).toHaveText(
    'The Destroyer is already sunk: a new hit cannot be it.',
  );
  await expect(cell(page, 'D4', 6)).not.toHaveAttribute('data-ship', 'Destroyer');

  // Three scattered cells: said to be no ship, and no Sunk button takes them.
  await page.getByRole('radio', { name: /Miss/ }).check();
  for (const name of ['A3', 'C5', 'F6']) await cell(page, name, 6).click({ modifiers: ['Shift'] });
  const fleet = page.getByRole('region', { name: /Fleet/ });
  await expect(fleet).toContainText('not in one straight line');
  await expect(fleet).not.toContainText('choose the ship they sank');
  await expect(page.getByTestId('sink-0')).toBeDisabled();

  // The volley form for them offers the Cruiser only.
  await page.getByTestId('volley-new').click();
  await expect(page.getByTestId('volley-form')).toBeVisible();
  await expect(page.getByTestId('answer-hits-Cruiser')).toBeVisible();
  await expect(page.getByTestId('answer-hits-Destroyer')).toHaveCount(0);
  await expect(page.getByTestId('answer-sunk-Destroyer')).toHaveCount(0);
  await shots(page, 'desk-sunk-menus');
});

test("an edit's error does not stay after changing views", async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: 'Cruiser 3, Destroyer 2' });
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'A1', 6).click();
  // A miss cannot be named: the notice explains.
  await page.getByTestId('board-grid').press('1');
  await expect(page.getByTestId('editor-notice')).toContainText('Only a hit can be named');
  await page.getByTestId('tab-library').click();
  await page.getByTestId('tab-analyse').click();
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await expect(page.getByTestId('editor-notice')).toHaveText('');
});
