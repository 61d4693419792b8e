// The main view: marking cells, the live heatmap, sinking ships, impossible positions, the
// keyboard, and a 26x26 board.

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  cell,
  heatmapReady,
  layoutsText,
  openApp,
  probability,
  screenshot,
  setRules,
} from './support/app';

test('mark misses and hits and see the heatmap change', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  const empty = await layoutsText(page);
  expect(empty).toMatch(/consistent layouts/);
  const c3 = cell(page, 'C3', 6);
  const d3 = cell(page, 'D3', 6);
  const before = await probability(d3);

  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'C4', 6).click();
  await expect(cell(page, 'C4', 6)).toHaveAttribute('data-mark', 'miss');
  const afterMiss = await layoutsText(page);
  expect(afterMiss).not.toBe(empty);
  expect(await probability(cell(page, 'C4', 6))).toBe(0);

  await page.getByRole('radio', { name: /Hit/ }).check();
  await c3.click();
  await expect(c3).toHaveAttribute('data-mark', 'hit');
  await heatmapReady(page);
  // A hit makes its neighbours likelier.
  expect(await probability(d3)).toBeGreaterThan(before);
  await expect(page.locator('.cell.best')).toHaveCount(1);

  // The tooltip names the exact probability and the layout count.
  await d3.hover();
  await expect(page.getByTestId('board-tooltip')).toContainText(/D3 · unknown/);
  await expect(page.getByTestId('board-tooltip')).toContainText(/of [\d,]+ layouts/);

  // Probabilities in the cells on demand, and the by-ship view.
  await page.getByTestId('show-numbers').check();
  await expect(d3.locator('.num')).toBeVisible();
  await page.getByTestId('layer-select').selectOption('3');
  await expect(page.getByTestId('heat-legend')).toContainText('length 3');
  await screenshot(page, 'analyse-small-light');

  // The heatmap as CSV, from the main process.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-heatmap').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^broadside-heatmap-.*\.csv$/);
  expect(readFileSync(await download.path(), 'utf8')).toMatch(/\d/);

  // Undo takes the hit back.
  await page.getByTestId('undo').click();
  await expect(c3).toHaveAttribute('data-mark', 'unknown');
  expect(await layoutsText(page)).toBe(afterMiss);
});

test('sink a ship from its sinking cell and from a selection', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' });
  await page.getByRole('radio', { name: /Hit/ }).check();
  for (const name of ['B2', 'C2', 'D2']) await cell(page, name, 6).click();
  // Three hits in a row that nobody reported sunk: only the 3-ship fits, and it would be sunk.
  await expect(page.getByTestId('solve-problem')).toContainText('Impossible position');
  await expect(page.getByTestId('solve-problem')).toContainText(
    'If the ship on B2–D2 has been sunk, mark it sunk (key S).',
  );

  // Keyboard: the cursor on the sinking shot, S. Under no-touch the extent is unambiguous.
  // The last click left the cursor on D2.
  await page.getByTestId('board-grid').press('s');
  for (const name of ['B2', 'C2', 'D2']) {
    await expect(cell(page, name, 6)).toHaveAttribute('data-mark', 'sunk');
  }
  await expect(page.getByTestId('fleet')).toContainText('sunk');

  // Selection: select the two hits, then choose the ship from the remaining fleet.
  for (const name of ['A5', 'A6']) await cell(page, name, 6).click();
  for (const name of ['A5', 'A6']) await cell(page, name, 6).click({ modifiers: ['Shift'] });
  await expect(cell(page, 'A5', 6)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('sink-1').click();
  await expect(cell(page, 'A6', 6)).toHaveAttribute('data-mark', 'sunk');
  await expect(page.getByRole('heading', { name: /Fleet/ })).toContainText('0 of 2 afloat');
  const status = await heatmapReady(page);
  expect(status).toMatch(/\b1 consistent layout\b/);
  await screenshot(page, 'analyse-sunk');
});

test('an ambiguous sinking cell offers the candidate ships', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await page.getByRole('radio', { name: /Hit/ }).check();
  for (const name of ['B2', 'C2', 'D2']) await cell(page, name, 6).click();
  await page.getByTestId('board-grid').press('s'); // cursor is on D2, the last click
  const choices = page.getByTestId('sunk-candidates');
  await expect(choices).toBeVisible();
  await choices.getByRole('button', { name: /3 cells, B2–D2/ }).click();
  await expect(cell(page, 'B2', 6)).toHaveAttribute('data-mark', 'sunk');
  await expect(choices).toHaveCount(0);
});

test('an impossible position shows a banner and keeps the marks', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 5, height: 5, fleet: [2] });
  await page.getByRole('radio', { name: /Miss/ }).check();
  for (const name of ['B3', 'D3', 'C2', 'C4']) await cell(page, name, 5).click();
  await heatmapReady(page);
  await page.getByRole('radio', { name: /Hit/ }).check();
  await cell(page, 'C3', 5).click();
  const banner = page.getByTestId('solve-problem');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Impossible position');
  await expect(banner).toContainText(/C3|layout/);
  // Nothing the user entered is thrown away, and no heatmap is drawn.
  await expect(cell(page, 'C3', 5)).toHaveAttribute('data-mark', 'hit');
  await expect(cell(page, 'B3', 5)).toHaveAttribute('data-mark', 'miss');
  await expect(page.locator('.cell.heat')).toHaveCount(0);
  await screenshot(page, 'analyse-impossible');
  await page.keyboard.press('Control+z');
  await expect(banner).toHaveCount(0);
  await heatmapReady(page);
});

test('works with the keyboard alone', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  // Tab to the board.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (
      await page.getByTestId('board-grid').evaluate((el) => el.ownerDocument.activeElement === el)
    ) {
      break;
    }
  }
  await expect(page.getByTestId('board-grid')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const c3 = cell(page, 'C3', 6);
  await expect(c3).toHaveClass(/cursor/);
  // The cursor is visibly outlined.
  expect(
    await c3.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).outlineStyle),
  ).toBe('solid');
  await page.keyboard.press('m');
  await expect(c3).toHaveAttribute('data-mark', 'miss');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('h');
  await expect(cell(page, 'D3', 6)).toHaveAttribute('data-mark', 'hit');
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'D3', 6)).toHaveAttribute('data-mark', 'unknown');
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 'D3', 6)).toHaveAttribute('data-mark', 'hit');
  await page.keyboard.press('p');
  await expect(page.getByTestId('show-numbers')).toBeChecked();
  await heatmapReady(page);
});

test('a 26x26 board stays responsive and nothing moves while the heatmap updates', async ({
  page,
}) => {
  await openApp(page);
  // Exact solvers do not reach this size: the fast placement-counting heuristic keeps the test
  // about the UI, not the solver.
  await page.getByTestId('solver-select').selectOption('pdf');
  await setRules(page, { width: 26, height: 26, fleet: [5, 4, 3, 3, 2] });
  await expect(page.locator('[data-testid=board-grid] [role=gridcell]')).toHaveCount(676);
  await heatmapReady(page);
  const grid = page.getByTestId('board-grid');
  // Page coordinates (clicks may scroll the window).
  const where = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const r = el.getBoundingClientRect();
      const view = el.ownerDocument.defaultView!;
      return { x: r.x + view.scrollX, y: r.y + view.scrollY, w: r.width, h: r.height };
    });
  const box = await where('board-grid');
  const legendBox = await where('heat-legend');
  await page.getByRole('radio', { name: /Miss/ }).check();
  // Each edit shows at once, whatever the solver is doing: the mark is drawn while the board's
  // heatmap is still the previous one (dimmed as stale), never after waiting for the new solve.
  const markedWhileStale: boolean[] = [];
  for (let i = 0; i < 12; i++) {
    const target = cell(page, `${String.fromCharCode(66 + i * 2)}${3 + i * 2}`, 26);
    const seen = target.evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          type Observer = { observe(e: unknown, o: unknown): void; disconnect(): void };
          const { MutationObserver } = globalThis as unknown as {
            MutationObserver: new (cb: () => void) => Observer;
          };
          const node = el as unknown as {
            dataset: Record<string, string>;
            closest(s: string): { classList: { contains(c: string): boolean } } | null;
          };
          const observer = new MutationObserver(() => {
            if (node.dataset['mark'] !== 'miss') return;
            observer.disconnect();
            resolve(node.closest('[data-testid="board-grid"]')!.classList.contains('stale'));
          });
          observer.observe(el, { attributes: true, attributeFilter: ['data-mark'] });
        }),
    );
    await target.click();
    markedWhileStale.push(await seen);
    await expect(target).toHaveAttribute('data-mark', 'miss');
  }
  expect(markedWhileStale).toEqual(Array<boolean>(12).fill(true));
  await heatmapReady(page);
  expect(await where('board-grid')).toEqual(box);
  expect(await where('heat-legend')).toEqual(legendBox);
  await expect(grid).toBeVisible();
  await screenshot(page, 'analyse-26x26');
});

test('choose a prior and a solver', async ({ page }) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await heatmapReady(page);
  const uniform = await probability(cell(page, 'A1', 6));
  // The human prior was fitted to classic rules only.
  await expect(
    page.locator('[data-testid=prior-select] option[value="preset:human"]'),
  ).toBeDisabled();
  await page.getByTestId('prior-select').selectOption('preset:edges');
  await expect(page.getByTestId('solve-layouts')).toContainText('weighted total');
  await heatmapReady(page);
  // Edge cells gain weight.
  expect(await probability(cell(page, 'A1', 6))).toBeGreaterThan(uniform);
  await page.getByTestId('solver-select').selectOption('enumerate');
  await expect(page.getByTestId('solve-status')).toContainText('Solver enumerate');
  await page.getByTestId('prior-select').selectOption('uniform');
  await expect(page.getByTestId('solve-layouts')).toContainText('consistent layouts');
});

test('the legend labels never run into each other', async ({ page }) => {
  await openApp(page);
  // An empty 7x7 board with ships 4, 3, 2: the top label reads 24.91%, where a "20%" tick used
  // to be drawn into it.
  await setRules(page, { width: 7, height: 7, fleet: [4, 3, 2] });
  await heatmapReady(page);
  const labels = page.getByTestId('heat-legend').locator('.ticks span');
  await expect(labels.last()).toHaveText('24.91%');
  const boxes = await labels.evaluateAll((spans) =>
    spans.map((s) => {
      const r = s.getBoundingClientRect();
      return { left: r.left, right: r.right, text: s.textContent };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (let k = 1; k < boxes.length; k++) {
    expect(boxes[k]!.left, `${boxes[k - 1]!.text} | ${boxes[k]!.text}`).toBeGreaterThan(
      boxes[k - 1]!.right,
    );
  }
});

test('a solve overtaken on its way to the server still ends in a fresh heatmap', async ({
  page,
}) => {
  // Browser requests travel on separate connections and may arrive out of order; the server
  // cancels the solve under the board's key when the older request lands. The newest solve then
  // fails as cancelled although no newer click asked for it, and the board used to stay dimmed.
  await openApp(page);
  await heatmapReady(page, 45_000);
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let solves = 0;
  await page.route('**/api/solve', async (route) => {
    solves++;
    if (solves === 1) await firstHeld; // the older click's request arrives last
    await route.continue();
  });
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'J10', 10).click();
  const newest = page.waitForRequest('**/api/solve');
  await cell(page, 'A10', 10).click();
  await newest;
  await page.waitForTimeout(100);
  releaseFirst();
  await heatmapReady(page);
  expect(solves).toBeGreaterThanOrEqual(2);
  await expect(cell(page, 'A10', 10)).toHaveAttribute('data-mark', 'miss');
});

test('the column letters take a label row, not a whole cell row, above the board', async ({
  page,
}) => {
  // They used to sit in a row as tall as a cell, pushing the board down by a blank band.
  await openApp(page);
  const letter = await page.getByRole('columnheader', { name: 'A', exact: true }).boundingBox();
  const a1 = await cell(page, 'A1', 10).boundingBox();
  expect(letter && a1).toBeTruthy();
  expect(a1!.y - letter!.y).toBeLessThan(a1!.height * 0.7);
  expect(letter!.height).toBeLessThan(a1!.height * 0.7);
});
