// Named hits and volleys on the Analyse view: naming a hit's ship, entering volleys with each kind
// of answer, editing and deleting them, undo and redo, the working board across a reload, the
// library round trip, a solver that reads them, and the refusal of one that does not.

import { expect, test, type Page } from '@playwright/test';
import {
  cell,
  heatmapReady,
  openApp,
  probability,
  screenshot,
  setRules,
  startRecording,
} from './support/app';

const FLEET = 'Cruiser 3, Destroyer 2';
const at = (page: Page, name: string) => cell(page, name, 6);

async function namedBoard(page: Page): Promise<void> {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: FLEET });
  await page.getByRole('radio', { name: /Hit/ }).check();
}

/** Selects the cells (Shift+click) and opens the form of a new volley. */
async function startVolley(page: Page, cells: string[]): Promise<void> {
  for (const name of cells) await at(page, name).click({ modifiers: ['Shift'] });
  await page.getByTestId('volley-new').click();
  await expect(page.getByTestId('volley-form')).toBeVisible();
}

test('name the ship of a hit from the panel, by key and with the hit brush', async ({ page }) => {
  await namedBoard(page);
  const c3 = at(page, 'C3');
  await c3.click();
  await page.getByTestId('name-hit').selectOption('Cruiser');
  await expect(c3).toHaveAttribute('data-ship', 'Cruiser');
  await expect(c3).toHaveText('C');
  await expect(c3).toHaveAttribute('aria-label', /C3, hit, Cruiser/);

  // Keys: 2 is the fleet's second ship, 0 takes the name away.
  await page.getByTestId('board-grid').press('2');
  await expect(c3).toHaveAttribute('data-ship', 'Destroyer');
  await page.getByTestId('board-grid').press('0');
  await expect(c3).not.toHaveAttribute('data-ship');
  await expect(c3).toHaveAttribute('data-mark', 'hit');

  // Each naming is one undo step.
  await page.getByTestId('undo').click();
  await expect(c3).toHaveAttribute('data-ship', 'Destroyer');
  await page.getByTestId('undo').click();
  await expect(c3).toHaveAttribute('data-ship', 'Cruiser');
  await page.getByTestId('redo').click();
  await expect(c3).toHaveAttribute('data-ship', 'Destroyer');

  // The hit brush can name every hit it marks; a hit turned into a miss loses its name.
  await page.getByTestId('hit-brush-ship').selectOption('Cruiser');
  const d3 = at(page, 'D3');
  await d3.click();
  await expect(d3).toHaveAttribute('data-ship', 'Cruiser');
  await page.getByTestId('board-grid').press('m');
  await expect(d3).toHaveAttribute('data-mark', 'miss');
  await expect(d3).not.toHaveAttribute('data-ship');
  await page.getByTestId('undo').click();
  await expect(d3).toHaveAttribute('data-ship', 'Cruiser');
  await expect(page.getByTestId('named-hits')).toContainText('Named hits 2');
});

test('enter volleys with each kind of answer, edit and delete them, undo and redo', async ({
  page,
}) => {
  await namedBoard(page);
  const volley = (k: number) => page.getByTestId(`volley-${k}`);

  // Hits per ship.
  await startVolley(page, ['A1', 'B1']);
  await page.getByTestId('answer-hits-Cruiser').fill('1');
  await page.getByTestId('volley-save').click();
  await expect(volley(1)).toContainText('Cruiser 1');
  await expect(volley(1)).toContainText('A1 B1');
  for (const name of ['A1', 'B1']) {
    await expect(at(page, name)).toHaveAttribute('data-volley', '1');
    await expect(at(page, name)).toHaveAttribute('data-mark', 'unknown');
  }

  // Which ships were hit, and a sinking.
  await startVolley(page, ['A3', 'B3']);
  await page.getByTestId('answer-hitShips').check();
  await page.getByTestId('answer-hit-Destroyer').check();
  await page.getByTestId('answer-sunk-Destroyer').check();
  await page.getByTestId('volley-save').click();
  await expect(volley(2)).toContainText('hit: Destroyer');
  await expect(volley(2)).toContainText('sank Destroyer');

  // A bare count; one larger than the volley is refused with the reason.
  await startVolley(page, ['E5', 'F6']);
  await page.getByTestId('answer-hitCount').check();
  await page.getByTestId('answer-count').fill('3');
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('volley-error')).toHaveText(
    'the number of hits must be a whole number from 0 to 2',
  );
  await page.getByTestId('answer-count').fill('0');
  await page.getByTestId('volley-save').click();
  await expect(volley(3)).toContainText('0 hits');
  await screenshot(page, 'analyse-volleys');

  // An answer the position cannot hold is refused, naming the volley.
  await volley(3).click();
  await page.getByTestId('answer-sunk-Cruiser').check();
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('volley-error')).toContainText('volley 3.sunk');
  await page.getByTestId('answer-sunk-Cruiser').uncheck();

  // Edit: choose the volley (from the list, or by clicking one of its cells) and save a change.
  await page.getByTestId('answer-count').fill('1');
  await page.getByTestId('volley-save').click();
  await expect(volley(3)).toContainText('1 hit');
  await at(page, 'F6').click();
  await expect(volley(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(at(page, 'F6')).toHaveAttribute('data-mark', 'unknown');
  await page.getByTestId('board-grid').press('h');
  await expect(at(page, 'F6')).toHaveAttribute('data-mark', 'unknown');
  await expect(page.getByTestId('editor-notice')).toHaveText(
    'That cell was fired at in volley 3: edit or delete the volley in the Volleys panel.',
  );

  // Delete, undo, redo.
  await page.getByTestId('volley-delete-1').click();
  await expect(page.getByTestId('volleys')).toContainText('Volleys 2');
  await expect(at(page, 'A1')).not.toHaveAttribute('data-volley');
  await expect(at(page, 'A3')).toHaveAttribute('data-volley', '1');
  await page.getByTestId('undo').click();
  await expect(volley(1)).toContainText('Cruiser 1');
  await expect(at(page, 'A1')).toHaveAttribute('data-volley', '1');
  await page.getByTestId('undo').click();
  await expect(volley(3)).toContainText('0 hits');
  await page.getByTestId('redo').click();
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('volleys')).toContainText('Volleys 2');
  await expect(volley(2)).toContainText('1 hit');
});

test('a solver that reads volleys and named hits draws them, with a per-ship view', async ({
  page,
}) => {
  await namedBoard(page);
  await page.getByTestId('solver-select').selectOption('enumerate');
  await heatmapReady(page);
  expect(await probability(at(page, 'B1'))).toBeGreaterThan(0);

  // No ship on any cell of row 1.
  await startVolley(page, ['A1', 'B1', 'C1', 'D1', 'E1', 'F1']);
  await page.getByTestId('answer-hitCount').check();
  await page.getByTestId('answer-count').fill('0');
  await page.getByTestId('volley-save').click();
  await heatmapReady(page);
  for (const name of ['A1', 'B1', 'F1']) expect(await probability(at(page, name))).toBe(0);
  expect(await probability(at(page, 'B2'))).toBeGreaterThan(0);

  // The hit on C3 is the Cruiser: the Destroyer's own view leaves it out.
  await at(page, 'C3').click();
  await page.getByTestId('board-grid').press('1');
  await heatmapReady(page);
  await page.getByTestId('layer-select').selectOption('ship:Destroyer');
  await expect(page.getByTestId('heat-legend')).toContainText('Chance of the Destroyer');
  expect(await probability(at(page, 'C3'))).toBe(0);
  await page.getByTestId('layer-select').selectOption('ship:Cruiser');
  expect(await probability(at(page, 'C3'))).toBe(1);
  // The Cruiser runs through C3 and row 1 is empty: C2 or C4 is its neighbour in a column.
  expect(await probability(at(page, 'A2'))).toBe(0);
});

test('a solver that cannot read named hits says so, and the heatmap returns without them', async ({
  page,
}) => {
  await namedBoard(page);
  await page.getByTestId('solver-select').selectOption('pdf');
  await at(page, 'C3').click();
  await heatmapReady(page);
  await page.getByTestId('board-grid').press('2');
  const banner = page.getByTestId('solve-problem');
  await expect(banner).toContainText('Solver cannot read this position');
  await expect(banner).toContainText('pdf cannot read named hits or volleys');
  await expect(page.locator('.cell.heat')).toHaveCount(0);
  await screenshot(page, 'analyse-solver-refusal');
  await page.getByTestId('board-grid').press('0');
  await expect(banner).toHaveCount(0);
  await heatmapReady(page);
  await expect(page.locator('.cell.heat').first()).toBeVisible();
});

test('named hits and volleys survive a reload and a trip through the library', async ({ page }) => {
  await namedBoard(page);
  await at(page, 'C3').click();
  await page.getByTestId('board-grid').press('1');
  await startVolley(page, ['A1', 'B1']);
  await page.getByTestId('answer-hitShips').check();
  await page.getByTestId('answer-hit-Destroyer').check();
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('volley-1')).toContainText('hit: Destroyer');

  const expectKept = async () => {
    await expect(at(page, 'C3')).toHaveAttribute('data-ship', 'Cruiser');
    await expect(at(page, 'A1')).toHaveAttribute('data-volley', '1');
    await expect(at(page, 'B1')).toHaveAttribute('data-volley', '1');
    await expect(page.getByTestId('volley-1')).toContainText('hit: Destroyer');
  };
  await page.reload();
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await expectKept();

  const name = `Volleys ${Date.now().toString(36)}`;
  await page.getByTestId('save-name').fill(name);
  await page.getByTestId('save-position').click();
  await expect(page.getByTestId('save-status')).toHaveText(`Saved "${name}".`);
  await page.getByTestId('clear-board').click();
  await expect(at(page, 'A1')).not.toHaveAttribute('data-volley');
  await expect(at(page, 'C3')).not.toHaveAttribute('data-ship');

  await page.getByTestId('tab-library').click();
  await page.getByTestId('library-search').fill(name);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page.getByTestId('board-grid')).toBeVisible();
  await expectKept();
});

test('the recorder names the ship a hit struck and records salvo turns as volleys', async ({
  page,
}) => {
  await startRecording(page, `Salvo ${Date.now().toString(36)}`, FLEET);
  const rec = (name: string) => cell(page, name, 5, 'rec');

  // A hit the defender named.
  await rec('C3').click();
  await page.getByTestId('answer-mine-hit-ship').click();
  await page.getByTestId('hit-mine-0').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await expect(rec('C3')).toHaveAttribute('data-ship', 'Cruiser');
  await expect(page.getByTestId('shot-log')).toContainText('hit: Cruiser');

  // A salvo turn answered with a count.
  for (const name of ['A1', 'B1']) await rec(name).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('volley-recorder-mine')).toContainText('2 selected');
  await page.getByTestId('volley-answer-mine').click();
  await page.getByTestId('answer-hitCount').check();
  await page.getByTestId('answer-count').fill('0');
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('game-saved')).toHaveText('2 shots saved');
  for (const name of ['A1', 'B1']) {
    await expect(rec(name)).toHaveAttribute('data-volley', '1');
    await expect(rec(name)).toHaveAttribute('data-mark', 'unknown');
  }
  await expect(page.getByTestId('shot-log')).toContainText('A1 B1');
  // The heatmap reads the volley: no ship on its cells, and neither is proposed again.
  await expect.poll(() => rec('A1').getAttribute('data-p')).toBe('0.000000');
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot: [A-E][1-5]/);
  await expect(page.getByTestId('proposal')).not.toContainText(/Proposed shot: (A1|B1|C3)\b/);

  // A salvo turn answered per ship, sinking the Destroyer.
  for (const name of ['E4', 'E5']) await rec(name).click({ modifiers: ['Shift'] });
  await page.getByTestId('volley-answer-mine').click();
  await page.getByTestId('answer-hits-Destroyer').fill('2');
  await page.getByTestId('answer-sunk-Destroyer').check();
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('game-saved')).toHaveText('3 shots saved');
  await expect(rec('E5')).toHaveAttribute('data-volley', '2');
  await expect(page.getByTestId('shot-log')).toContainText('Destroyer 2; sunk: Destroyer');

  // The stored log refuses a volley that contradicts it, and the form says why.
  for (const name of ['D1', 'D2']) await rec(name).click({ modifiers: ['Shift'] });
  await page.getByTestId('volley-answer-mine').click();
  await page.getByTestId('answer-hitShips').check();
  await page.getByTestId('answer-hit-Destroyer').check();
  await page.getByTestId('answer-sunk-Destroyer').check();
  await page.getByTestId('volley-save').click();
  await expect(page.getByTestId('volley-error')).toContainText('Destroyer');
  // Said once, in the form, not again under the board.
  await expect(page.getByRole('alert').filter({ hasText: 'already sank' })).toHaveCount(1);
  await expect(page.getByTestId('game-saved')).toHaveText('3 shots saved');
  await screenshot(page, 'recorder-volleys');
});
