// Defects a new user met on a first pass through every view (issue 19): one test per item, each
// clicking through what that user did.

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { sinkShipShots } from '../support/fixtures';
import { apiCall, cell, heatmapReady, openApp, setRules, startRecording } from './support/app';

test('an impossible position names only real causes, in full, and saving it warns', async ({
  page,
}) => {
  await openApp(page);
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await page.getByRole('radio', { name: /Miss/ }).check();
  for (const name of ['A2', 'B1']) await cell(page, name, 6).click();
  await page.getByRole('radio', { name: /Hit/ }).check();
  // A two-hit run elsewhere that has nothing to do with the contradiction.
  for (const name of ['D4', 'E4']) await cell(page, name, 6).click();
  await heatmapReady(page);
  await cell(page, 'A1', 6).click();
  const banner = page.getByTestId('solve-problem');
  await expect(banner).toContainText('Impossible position');
  await expect(banner).toContainText('No ship afloat fits over the hit at A1');
  await expect(banner).not.toContainText('D4');
  // Everything the banner says is on screen, without an inner scrollbar.
  const fits = await banner.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
  expect(fits).toBe(true);
  await expect(banner.getByText('Your marks are kept')).toBeInViewport();

  // Saving it is allowed, but not silently.
  await expect(page.getByTestId('save-warning')).toContainText('No layout fits this position');
  await page.getByTestId('save-name').fill('impossible on purpose');
  await page.getByTestId('save-position').click();
  await expect(page.getByTestId('save-status')).toContainText('Warning: No layout fits');

  // A real unmarked sinking is still suggested when it is the only explanation.
  await page.getByTestId('clear-board').click();
  await setRules(page, { width: 6, height: 6, fleet: [3, 2], touch: 'no-touch' });
  for (const name of ['B2', 'C2', 'D2']) await cell(page, name, 6).click();
  await expect(banner).toContainText('If the ship on B2–D2 has been sunk, mark it sunk');
  await expect(page.getByTestId('save-warning')).toBeVisible();
});

test('sinking keeps the ship the user chose, in the editor and in the recorder', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('rules-preset').selectOption('classic');
  await expect(page.getByTestId('fleet')).toContainText('Submarine (3)');
  await page.getByRole('radio', { name: /Hit/ }).check();
  for (const name of ['B2', 'C2', 'D2']) await cell(page, name, 10).click();
  for (const name of ['B2', 'C2', 'D2']) await cell(page, name, 10).click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Mark Submarine (3) sunk' }).click();
  const fleet = page.getByTestId('fleet');
  await expect(fleet.getByRole('listitem').filter({ hasText: 'Submarine (3)' })).toHaveClass(
    /sunk/,
  );
  await expect(fleet.getByRole('listitem').filter({ hasText: 'Cruiser (3)' })).not.toHaveClass(
    /sunk/,
  );
  await expect(page.getByRole('button', { name: 'Mark Cruiser (3) sunk' })).toBeVisible();

  // The recorder stores the chosen ship with the shot.
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-opponent').fill(`Namer ${Date.now().toString(36)}`);
  await page.getByTestId('game-rules').selectOption('classic');
  await page.getByTestId('game-start').click();
  // A cold exact solve of the classic board takes a while: its estimate is proposal enough here.
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot|Estimate, provisional/);
  for (const name of ['A1', 'A2']) {
    await cell(page, name, 10, 'rec').click();
    await page.getByTestId('answer-mine-hit').click();
  }
  await cell(page, 'A3', 10, 'rec').click();
  await page.getByTestId('answer-mine-sunk').click();
  await page.getByTestId('sunk-mine-3').click(); // Submarine
  await expect(page.getByTestId('game-saved')).toHaveText('3 shots saved');
  await cell(page, 'J10', 10, 'rec').click();
  await page.getByTestId('answer-mine-sunk').click();
  const choices = page.getByRole('group', { name: 'Which ship was sunk?' });
  await expect(choices.getByRole('button', { name: 'Cruiser (3)' })).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Submarine (3)' })).toHaveCount(0);
});

test('recorder controls say why they are off and are off when they would do nothing', async ({
  page,
}) => {
  await openApp(page);
  await setRules(page, { width: 5, height: 5, fleet: [2] });
  await page.getByTestId('tab-games').click();
  await expect(page.getByTestId('game-start')).toBeDisabled();
  await expect(page.getByTestId('game-start-help')).toContainText("Enter the opponent's name");
  await page.getByTestId('game-opponent').fill(`Controls ${Date.now().toString(36)}`);
  await expect(page.getByTestId('game-start-help')).toHaveCount(0);
  await page.getByTestId('game-rules').selectOption('editor');
  await page.getByTestId('game-start').click();
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot|Estimate, provisional/);

  // Nothing to undo yet.
  await expect(page.getByTestId('undo-shot-mine')).toBeDisabled();
  await expect(page.getByTestId('undo-shot-theirs')).toBeDisabled();
  await cell(page, 'A1', 5, 'rec').click();
  await page.getByTestId('answer-mine-hit').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await expect(page.getByTestId('undo-shot-mine')).toBeEnabled();
  await cell(page, 'A2', 5, 'rec').click();
  await page.getByTestId('answer-mine-sunk').click();
  await page.getByTestId('sunk-mine-0').click();
  await expect(page.getByTestId('proposal')).toContainText('Every ship is sunk');

  // The game on this board is over: no answer can be given, and the panel says why.
  for (const answer of ['miss', 'hit', 'sunk'])
    await expect(page.getByTestId(`answer-mine-${answer}`)).toBeDisabled();
  await expect(page.getByTestId('answer-blocked-mine')).toContainText('Every ship is sunk');
  await expect(page.getByTestId('recorder-error')).toHaveCount(0);
  // Their board is still open.
  await expect(page.getByTestId('answer-theirs-miss')).toBeEnabled();
});

test('a new lab run clears the last one; a cancelled run keeps its games, marked partial', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  await page.getByTestId('lab-games').fill('10');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-progress-text')).toContainText('done in', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('lab-played')).toContainText('10 games per strategy');

  await page.getByTestId('lab-games').fill('1600');
  await page.getByTestId('lab-run').click();
  // The first run's charts leave at once.
  await expect(page.getByTestId('lab-results')).toHaveCount(0);
  const progress = page.getByTestId('lab-progress-text');
  // While it runs: the share done and an estimate of the time left.
  await expect(progress).toContainText(/\d+% · .* games · about .+ left/, { timeout: 60_000 });
  await expect
    .poll(async () => Number(/^(\d+)%/.exec((await progress.textContent()) ?? '')?.[1] ?? 0), {
      timeout: 120_000,
    })
    .toBeGreaterThanOrEqual(30);
  await page.getByTestId('lab-cancel').click();

  // What was played stays, labelled as partial, with no "done" beside it.
  await expect(page.getByTestId('lab-partial')).toContainText(/partial: \d+ of 1600 games/);
  const played = Number(/(\d+) of 1600/.exec((await progress.textContent()) ?? '')?.[1]);
  expect(played).toBeGreaterThan(0);
  expect(played).toBeLessThan(1600);
  await expect(progress).toContainText(`cancelled after`);
  await expect(progress).not.toContainText('done in');
  await expect(page.getByTestId('lab-played')).toContainText(
    `${played.toLocaleString('en-US')} games per strategy`,
  );
  const rows = page.getByTestId('lab-summary').locator('tbody tr');
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText(String(played));
  await expect(page.getByTestId('lab-error')).toHaveCount(0);
});

for (const [width, height] of [
  [1400, 900],
  [1024, 700],
] as const) {
  test(`at ${width}x${height}: the library table, the fleet and the board fit the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openApp(page);
    // A 10x10 board is drawn larger where the window has room (40 px cells before).
    const cellWidth = (await cell(page, 'A1', 10).boundingBox())!.width;
    if (height >= 900) expect(cellWidth).toBeGreaterThan(48);
    else expect(cellWidth).toBeGreaterThanOrEqual(40);

    // Russian rules: ten ships, every one visible in the panel, no scrollbar inside it.
    await page.getByTestId('rules-preset').selectOption('russian');
    const ships = page.getByTestId('fleet');
    await expect(ships.getByRole('listitem')).toHaveCount(10);
    expect(await ships.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

    // The library: a long name, and every column (Delete last) without a horizontal scrollbar.
    const position = {
      rules: { preset: 'classic' },
      board: Array.from({ length: 10 }, () => '..........'),
      sunk: [],
    };
    await apiCall(page, 'positionsSave', {
      name: `A saved position with a rather long descriptive name ${width}`,
      tags: ['club', 'practice', 'endgame'],
      notes: '',
      position,
    });
    await page.getByTestId('tab-library').click();
    const table = page.getByTestId('library-table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const overflow = await table.evaluate((el) => {
      const box = el.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    const del = table.getByRole('button', { name: /^Delete / }).first();
    await expect(del).toBeInViewport({ ratio: 1 });
  });
}

test('smaller things: the solver that ran, a favicon, the board across a reload', async ({
  page,
}) => {
  await openApp(page);
  // The web transport serves an icon.
  const icon = await page.request.get(new URL('/favicon.ico', page.url()).href);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/');

  // An unsaved board survives a reload.
  await setRules(page, { width: 6, height: 6, fleet: [3, 2] });
  await page.getByRole('radio', { name: /Hit/ }).check();
  await cell(page, 'C3', 6).click();
  await page.getByRole('radio', { name: /Miss/ }).check();
  await cell(page, 'D3', 6).click();
  await heatmapReady(page);
  await page.reload();
  await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
  await expect(cell(page, 'C3', 6)).toHaveAttribute('data-mark', 'hit');
  await expect(cell(page, 'D3', 6)).toHaveAttribute('data-mark', 'miss');
  await expect(page.locator('#board-36')).toHaveCount(0);

  // A batch with "auto" says which solver ran, on screen and in the CSV.
  const name = `Batch auto ${Date.now().toString(36)}`;
  await page.getByTestId('save-name').fill(name);
  await page.getByTestId('save-position').click();
  await expect(page.getByTestId('save-status')).toContainText('Saved');
  await page.getByTestId('tab-library').click();
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByTestId('batch-solver').selectOption('auto');
  await page.getByTestId('batch-selected').click();
  await expect(page.getByTestId('batch-state')).toContainText('done', { timeout: 60_000 });
  const row = page.getByRole('row').filter({ hasText: name }).last();
  await expect(row).toContainText(/(dp|enumerate) \(chosen by auto\)/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  const header = csv.split(/\r?\n/)[0]!.split(',');
  const line = csv
    .split(/\r?\n/)
    .find((l) => l.includes(name))!
    .split(',');
  expect(line[header.indexOf('solver')]).toMatch(/^(dp|enumerate)$/);
  expect(line[header.indexOf('requested_solver')]).toBe('auto');
});

test("an opponent's prior: a working indicator, and what it rests on", async ({ page }) => {
  const opponent = `Once ${Date.now().toString(36)}`;
  await openApp(page);
  // One finished game of ours against them on a 6x6 board: ships at A1-C1 and F5-F6.
  const rules = { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' };
  const log = {
    opponent,
    rules,
    firedBy: 'me',
    shots: [
      ...sinkShipShots([
        [0, 0],
        [0, 1],
        [0, 2],
      ]),
      ...sinkShipShots([
        [4, 5],
        [5, 5],
      ]),
    ],
  };
  await apiCall(page, 'gamesCreate', { log, outcome: 'won' });
  // Hold the prior's heatmap back a moment, as a cold solve would.
  await page.route('**/api/solve', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByTestId('tab-opponents').click();
  await page.getByTestId('opponent-list').getByRole('button', { name: opponent }).click();
  await page.getByTestId('learn-prior').click();
  await expect(page.getByTestId('prior-loading')).toBeVisible();
  await expect(page.locator('[data-testid=prior-grid] .cell.heat')).toHaveCount(36, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('prior-loading')).toHaveCount(0);
  const basis = page.getByTestId('prior-basis');
  await expect(basis).toContainText('Rests on 1 game');
  // One game moves the learned grid hardly at all, and the view says so.
  await expect(basis).toContainText(
    /of the average \(uniform: 1 everywhere\), very close to uniform\. With few games/,
  );
});

test('placement advice tells its ships apart, says how sure it is and explains the risk map', async ({
  page,
}) => {
  const opponent = `Single ${Date.now().toString(36)}`;
  await openApp(page);
  // One game of their shots at us, row by row from the top.
  const rules = { width: 6, height: 6, fleet: [3, 2], touch: 'allowed' };
  const shots = Array.from({ length: 19 }, (_, c) => ({
    cell: [Math.floor(c / 6), c % 6],
    result: 'miss',
  }));
  await apiCall(page, 'gamesCreate', { log: { opponent, rules, firedBy: 'opponent', shots } });
  await page.getByTestId('tab-opponents').click();
  await page.getByTestId('opponent-list').getByRole('button', { name: opponent }).click();
  await page.getByTestId('advise-layout').click();
  await expect(page.getByTestId('advice-summary')).toContainText('Layout 1 of 5', {
    timeout: 60_000,
  });
  // Two ships, each in its own colour and numbered.
  const first = page.locator('[id^=advice-][data-mark="ship 1"]');
  const second = page.locator('[id^=advice-][data-mark="ship 2"]');
  await expect(first).toHaveCount(3);
  await expect(second).toHaveCount(2);
  const colour = (l: import('@playwright/test').Locator) =>
    l.first().evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);
  expect(await colour(first)).not.toBe(await colour(second));
  await expect(first.first()).toHaveText('1');
  // One game: the figures are called a rough guide.
  await expect(page.getByTestId('advice-uncertainty')).toContainText(
    'A rough guide: read from only 1 game',
  );
  await expect(page.getByTestId('risk-explained')).toContainText('finishing it off');
});

test('the lab exports its report as JSON and each game as CSV; its choices show in full', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page);
  await page.getByTestId('tab-lab').click();
  // Every select shows its chosen option in full.
  for (const id of ['lab-rules', 'lab-prior', 'lab-told', 'lab-fleets', 'lab-answers']) {
    const room = await page.getByTestId(id).evaluate((el) => {
      const select = el as unknown as {
        clientWidth: number;
        selectedOptions: ArrayLike<{ text: string }>;
        ownerDocument: {
          defaultView: { getComputedStyle(e: unknown): { font: string } };
          createElement(tag: 'canvas'): {
            getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } };
          };
        };
      };
      const ctx = select.ownerDocument.createElement('canvas').getContext('2d');
      ctx.font = select.ownerDocument.defaultView.getComputedStyle(el).font;
      // Padding and the drop-down arrow take about 32 px.
      return select.clientWidth - 32 - ctx.measureText(select.selectedOptions[0]!.text).width;
    });
    expect(room, `${id} shows its option in full`).toBeGreaterThanOrEqual(0);
  }

  await page.getByTestId('lab-games').fill('12');
  await page.getByTestId('lab-run').click();
  await expect(page.getByTestId('lab-results')).toBeVisible({ timeout: 120_000 });

  let downloading = page.waitForEvent('download');
  await page.getByTestId('lab-export-json').click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^broadside-simulation-.*\.json$/);
  const report = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    games: number;
    seed: number;
    strategies: Record<string, { games: number; mean: number }>;
    perGameShots?: unknown;
  };
  expect(report.games).toBe(12);
  expect(report.seed).toBe(1);
  expect(Object.keys(report.strategies)).toEqual(['hunt-target', 'pdf']);
  expect(report.perGameShots).toBeUndefined();

  downloading = page.waitForEvent('download');
  await page.getByTestId('lab-export-csv').click();
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^broadside-simulation-games-.*\.csv$/);
  const rows = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toBe('game,strategy,shots,cells');
  expect(rows).toHaveLength(1 + 12 * 2);
  // The CSV agrees with the report: each strategy's mean over its 12 games.
  for (const name of ['hunt-target', 'pdf']) {
    const shots = rows
      .slice(1)
      .map((r) => r.split(','))
      .filter((r) => r[1] === name)
      .map((r) => Number(r[2]));
    expect(shots).toHaveLength(12);
    const mean = shots.reduce((a, b) => a + b, 0) / shots.length;
    expect(mean).toBeCloseTo(report.strategies[name]!.mean, 6);
  }
});

test('the shot log lists both sides one row per shot, and a recorded game replays with its heatmaps', async ({
  page,
}) => {
  // Exact solves may queue behind a background job on the only worker: wait for outcomes.
  test.setTimeout(180_000);
  const opponent = `Replay ${Date.now().toString(36)}`;
  await startRecording(page, opponent, [2]);
  const rows = page.getByTestId('shot-log').locator('tbody tr');
  /** Answers a shot on one side; the log then has `logged` rows. */
  const answer = async (side: 'mine' | 'theirs', name: string, result: string, logged: number) => {
    await cell(page, name, 5, side === 'mine' ? 'rec' : 'mine').click();
    if (result === 'sunk') {
      await page.getByTestId(`answer-${side}-sunk`).click();
      await page.getByTestId(`sunk-${side}-0`).click();
    } else await page.getByTestId(`answer-${side}-${result}`).click();
    await expect(rows).toHaveCount(logged);
    await expect(rows.first()).not.toContainText('No shots');
  };
  await answer('mine', 'C3', 'miss', 1);
  await answer('theirs', 'B2', 'miss', 2);
  await answer('mine', 'A1', 'hit', 3);
  await answer('theirs', 'D4', 'hit', 4);
  await answer('mine', 'A2', 'sunk', 5);

  // One row per shot, ours and theirs in turn, with nothing run together.
  const text = async (k: number) =>
    (await rows.nth(k).locator('td').allTextContents()).slice(0, 4).map((t) => t.trim());
  expect(await text(0)).toEqual(['1', 'me', 'C3', 'miss']);
  expect(await text(1)).toEqual(['1', 'them', 'B2', 'miss']);
  expect(await text(3)).toEqual(['2', 'them', 'D4', 'hit']);
  expect(await text(4)).toEqual(['3', 'me', 'A2', 'sunk: Ship of 2']);

  // The replay: the board and heatmap as they were before each of our shots.
  await page.getByTestId('replay-start').click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 0 of 3 shots');
  await expect(cell(page, 'C3', 5, 'rec')).toHaveAttribute('data-mark', 'unknown');
  await expect(page.getByTestId('replay-next')).toContainText('C3');
  await expect(cell(page, 'C3', 5, 'rec')).toHaveClass(/\bbest\b/);
  // Until the replayed board's own solve lands, the cells still show the live game's last
  // heatmap (dimmed), where A2 is a sunk ship's cell: read only the heatmap of this step.
  const heatOfStep = page.getByTestId('my-side');
  await expect(heatOfStep).toHaveAttribute('data-heat', 'exact', { timeout: 60_000 });
  await expect(cell(page, 'A2', 5, 'rec')).toHaveAttribute('data-p', /\d/);
  const a2Before = Number(await cell(page, 'A2', 5, 'rec').getAttribute('data-p'));
  await page.getByTestId('replay-next-step').click();
  await page.getByTestId('replay-next-step').click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 2 of 3 shots');
  await expect(cell(page, 'A1', 5, 'rec')).toHaveAttribute('data-mark', 'hit');
  await expect(cell(page, 'A2', 5, 'rec')).toHaveAttribute('data-mark', 'unknown');
  await expect(page.getByTestId('replay-next')).toContainText('A2');
  await expect(heatOfStep).toHaveAttribute('data-heat', 'exact', { timeout: 60_000 });
  // One hit at A1 and a ship of 2: A2 or B1, each half the layouts.
  expect(Number(await cell(page, 'A2', 5, 'rec').getAttribute('data-p'))).toBe(0.5);
  expect(a2Before).toBeLessThan(0.5);
  await page.getByTestId('replay-leave').click();
  await expect(cell(page, 'A2', 5, 'rec')).toHaveAttribute('data-mark', 'sunk');

  // A saved game replays from the list of recent games.
  await page.getByTestId('game-close').click();
  await page
    .getByRole('row', { name: new RegExp(`${opponent} me `) })
    .getByRole('button', { name: /^Replay game/ })
    .click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 0 of 3 shots');
  await page.getByTestId('replay-next-step').click();
  await expect(cell(page, 'C3', 5, 'rec')).toHaveAttribute('data-mark', 'miss');
});
