// Library imports through the same reading as `broadside import` (the text position form and a
// plain array of game logs included), with clear errors; the table fits at 1024x700. Importing
// games at an opponent learns their prior again, and the Opponents view shows it when ready.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, cell, heatmapReady, openApp, screenshot } from './support/app';

const run = Date.now().toString(36);
const FILES = join('test-results', 'desk-import');

function file(name: string, text: string): string {
  mkdirSync(FILES, { recursive: true });
  const path = join(FILES, name);
  writeFileSync(path, text);
  return path;
}

async function importFile(page: Page, path: string): Promise<void> {
  await page.getByTestId('import-input').setInputFiles(path);
}

/** A finished 5x5 game of ours at `opponent`: their 3-ship on A1-C1, their 2-ship on E4-E5. */
function game(opponent: string, misses: [number, number][]) {
  const rules = { width: 5, height: 5, fleet: [3, 2], touch: 'allowed' };
  return {
    opponent,
    rules,
    firedBy: 'me',
    shots: [
      ...misses.map((cell) => ({ cell, result: 'miss' })),
      { cell: [0, 0], result: 'hit' },
      { cell: [0, 1], result: 'hit' },
      {
        cell: [0, 2],
        result: 'sunk',
        sunk: [
          [0, 0],
          [0, 1],
          [0, 2],
        ],
      },
      { cell: [3, 4], result: 'hit' },
      {
        cell: [4, 4],
        result: 'sunk',
        sunk: [
          [3, 4],
          [4, 4],
        ],
      },
    ],
  };
}

test('import the text position form and a plain array of game logs; bad files say why', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('tab-library').click();

  // The text form, as `broadside import` reads it: named after its file.
  await importFile(
    page,
    file(
      `corner-${run}.txt`,
      'rules: 6x6 fleet=3,2 touch=allowed\nxo....\n......\n......\n......\n......\n......\n',
    ),
  );
  await expect(page.getByTestId('library-status')).toHaveText(
    `Imported 1 position, 0 games, 0 opponents, 0 priors from corner-${run}.txt.`,
  );
  await page.getByTestId('library-search').fill(`corner-${run}`);
  await expect(page.getByTestId('library-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Open corner-${run}` }).click();
  await expect(cell(page, 'A1', 6)).toHaveAttribute('data-mark', 'hit');
  await expect(cell(page, 'B1', 6)).toHaveAttribute('data-mark', 'miss');
  await heatmapReady(page);
  await page.getByTestId('tab-library').click();

  // A plain array of game logs (the form `learn` reads).
  const logs = [game(`Array ${run}`, [[2, 2]]), game(`Array ${run}`, [[1, 1]])];
  await importFile(page, file(`games-${run}.json`, JSON.stringify(logs)));
  await expect(page.getByTestId('library-status')).toContainText(
    `Imported 0 positions, 2 games, 1 opponent, 0 priors from games-${run}.json.`,
  );

  // Not JSON and not the text form: one clear, styled error, no doubled "import:".
  await importFile(page, file(`notes-${run}.txt`, 'my fleet: carrier at A1\n'));
  const error = page.getByTestId('import-error');
  await expect(error).toHaveText(
    `notes-${run}.txt was not imported: is neither JSON (a bundle, a position, a game log or an array of game logs) nor a position in the text form, whose first line is "rules: ..."`,
  );
  expect(
    await error.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color),
  ).not.toBe(
    await page
      .getByTestId('library-status')
      .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color),
  );
  // Broken JSON: where it breaks, in plain words.
  await importFile(page, file(`broken-${run}.json`, '{"rules": {"preset": "classic"},}'));
  await expect(error).toContainText(
    `broken-${run}.json was not imported: is not valid JSON (line 1, column`,
  );
  await expect(error).not.toContainText('import:');
  // A bad record in an array of games: which one and why; nothing imported.
  await importFile(
    page,
    file(`bad-games-${run}.json`, JSON.stringify([logs[0], { opponent: 'x' }])),
  );
  await expect(error).toContainText('a record is invalid; nothing was imported:');
  await expect(error).toContainText('games[1]');
  for (const size of [
    { width: 1400, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, `desk-library-import-error-${size.width}x${size.height}`);
  }
});

test('the library table fits at 1024x700: the actions are not clipped, the header spans it', async ({
  page,
}) => {
  await openApp(page);
  // What a real library holds: long unbroken names and tags, custom rules with a long fleet,
  // and more rows than the box shows at once (so it scrolls down, with a scrollbar).
  const position = {
    rules: { width: 10, height: 10, fleet: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], touch: 'no-edge-touch' },
    board: Array.from({ length: 10 }, () => '..........'),
    sunk: [],
  };
  for (let k = 0; k < 14; k++) {
    await apiCall(page, 'positionsSave', {
      name: `Club-tournament-round-${k}-endgame-after-the-carrier-sank-${run}`,
      tags: ['club-tournament-2026', `round-${k}`, 'endgame-with-three-singles'],
      notes: '',
      position,
    });
  }
  await page.getByTestId('tab-library').click();
  await page.getByTestId('library-search').fill(run);
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1400, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.getByTestId('tab-library').click();
    await expect(page.getByTestId('library-row').first()).toBeVisible();
    const table = page.getByTestId('library-table');
    const scroller = table.locator('xpath=..');
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the table scrolls sideways inside its box').toBeLessThanOrEqual(0);
    const box = (await scroller.boundingBox())!;
    const del = (await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .boundingBox())!;
    expect(del.x + del.width).toBeLessThanOrEqual(box.x + box.width);
    // The header's shading reaches the table's right edge.
    const lastHead = (await table.locator('thead th').last().boundingBox())!;
    const tableBox = (await table.boundingBox())!;
    expect(Math.round(lastHead.x + lastHead.width)).toBeGreaterThanOrEqual(
      Math.round(tableBox.x + tableBox.width) - 1,
    );
    expect(Math.round(tableBox.width)).toBeGreaterThanOrEqual(Math.round(box.width) - 2);
    await screenshot(page, `desk-library-${size.width}x${size.height}`);
  }
});

test('importing games at an opponent learns their prior again; the view shows it', async ({
  page,
}) => {
  const opponent = `Cleo ${run}`;
  await openApp(page);
  await page.getByTestId('tab-library').click();
  const misses: [number, number][][] = [[[2, 2]], [[1, 1]], [[2, 0]], [[4, 0]]];
  await importFile(
    page,
    file(`cleo-${run}.json`, JSON.stringify(misses.map((m) => game(opponent, m)))),
  );
  await expect(page.getByTestId('library-status')).toContainText(
    '4 games, 1 opponent, 0 priors from',
  );
  await expect(page.getByTestId('library-status')).toContainText(
    "Learning the opponent's prior again from their games.",
  );
  await page.getByTestId('tab-opponents').click();
  await page
    .getByTestId('opponent-list')
    .getByRole('button', { name: new RegExp(opponent) })
    .click();
  await expect(page.getByRole('heading', { name: opponent, exact: true })).toBeVisible();
  // Learned in the background from the imported games: shown once ready, without a click.
  await expect(page.getByTestId('prior-basis')).toContainText('Rests on 4 games', {
    timeout: 60_000,
  });
  await expect(page.getByText('No learned prior yet.')).toHaveCount(0);
  await expect(page.locator('[data-testid=prior-grid] .cell.heat')).toHaveCount(25);
  // The new-opponent field's placeholder is whole.
  const field = page.getByRole('textbox', { name: "New opponent's name" });
  for (const size of [
    { width: 1400, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    const fits = await field.evaluate((el) => {
      const input = el as unknown as { placeholder: string; clientWidth: number; value: string };
      const probe = el.ownerDocument.createElement('span');
      const style = el.ownerDocument.defaultView!.getComputedStyle(el);
      probe.textContent = input.placeholder;
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      el.ownerDocument.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return needed <= input.clientWidth - padding;
    });
    expect(fits, `the placeholder fits at ${size.width}x${size.height}`).toBe(true);
    await screenshot(page, `desk-opponents-${size.width}x${size.height}`);
  }
});
