// Live play in the recorder: the cell logged is the cell the user saw beside the answer buttons,
// an estimate's proposal never moves the target, the answers sit in view with the board, a replay
// solves as the game was played, and the list of recent games counts what is stored.

import { expect, test, type Page, type Route } from '@playwright/test';
import { apiCall, cell, openApp, screenshot, startRecording } from './support/app';

const run = Date.now().toString(36);

/** The row of the shot log for our shot `n` (its cells' text). */
async function myLogRow(page: Page, n: number): Promise<string[]> {
  const row = page
    .getByTestId('shot-log')
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(2)', { hasText: /^me$/ }) })
    .nth(n - 1);
  return (await row.locator('td').allTextContents()).slice(0, 4).map((t) => t.trim());
}

/**
 * Waits until the recorder's heatmap is the exact one for the board shown (a limit on waiting,
 * not on speed: the solve may queue behind a background job on the only worker).
 */
async function exactHeat(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByTestId('my-side')).toHaveAttribute('data-heat', 'exact', { timeout });
}

/** Starts a game on the classic 10x10 board (its exact solves take a while: estimates show). */
async function startClassic(page: Page, opponent: string): Promise<void> {
  await openApp(page);
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-opponent').fill(opponent);
  await page.getByTestId('game-rules').selectOption('classic');
  await page.getByTestId('game-start').click();
  await expect(page.getByTestId('game-saved')).toBeVisible();
}

test('a cell picked while the last answer is being saved stays the target; it is the cell logged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startRecording(page, `Aim ${run}`, [2]);
  // Hold the first append at the network so the next click lands while it is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => {};
  const intercepted = new Promise<void>((resolve) => (arrived = resolve));
  let first = true;
  await page.route('**/api/gamesAppendShot', async (route: Route) => {
    if (first) {
      first = false;
      arrived();
      await held;
    }
    await route.continue();
  });
  await cell(page, 'C3', 5, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await intercepted;
  // The next shot is chosen now, before the first answer is stored: a corner, never the best.
  await cell(page, 'E5', 5, 'rec').click();
  await expect(page.getByTestId('target-mine')).toHaveText('E5');
  release();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await exactHeat(page);
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot: [A-D][1-4]/);
  // The proposal for the new board did not move the user's choice.
  await expect(page.getByTestId('target-mine')).toHaveText('E5');
  await expect(page.getByTestId('shot-panel-mine').getByRole('group')).toHaveAttribute(
    'aria-label',
    'Their answer at E5',
  );
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('2 shots saved');
  expect(await myLogRow(page, 2)).toEqual(['2', 'me', 'E5', 'miss']);
});

test("an estimate's proposal is provisional and leaves the target; the exact one says if it changed", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startClassic(page, `Estimate ${run}`);
  await exactHeat(page, 180_000);
  // A shot away from the proposal, so its exact solve was not worked out ahead.
  await cell(page, 'J10', 10, 'rec').click();
  await page.getByTestId('answer-mine-miss').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  // While the estimate stands in, the target stays on the cell just answered.
  const provisional = page.getByTestId('proposal-provisional');
  await expect(provisional).toBeVisible({ timeout: 60_000 });
  // Read at one moment, so a solve landing between two reads cannot mix two states.
  const during = await page.evaluate(() => {
    type Doc = {
      querySelector(
        s: string,
      ): { textContent: string | null; getAttribute(a: string): string | null } | null;
    };
    const doc = (globalThis as unknown as { document: Doc }).document;
    return {
      estimate: doc.querySelector('[data-testid="proposal-provisional"] strong')?.textContent,
      target: doc.querySelector('[data-testid="target-mine"]')?.textContent,
      heat: doc.querySelector('[data-testid="my-side"]')?.getAttribute('data-heat'),
    };
  });
  expect(during.heat).toBe('estimate');
  expect(during.target).toBe('J10');
  await screenshot(page, 'recorder-estimate-1400');
  // The exact proposal lands: it takes the target (the user has not aimed) and names any change.
  await exactHeat(page, 180_000);
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toContainText(/Proposed shot: [A-J]\d+/);
  const exact = (await proposal.locator('strong').first().textContent())!;
  await expect(page.getByTestId('target-mine')).toHaveText(exact);
  if (exact !== during.estimate) {
    await expect(page.getByTestId('proposal-changed')).toHaveText(
      ` changed from ${during.estimate} (the estimate)`,
    );
  } else await expect(page.getByTestId('proposal-changed')).toHaveCount(0);
});

test('the board, the proposal and the answer buttons fit in one view at 1024x700 and 1400x900', async ({
  page,
}) => {
  test.setTimeout(240_000);
  for (const [width, height] of [
    [1024, 700],
    [1400, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await startClassic(page, `Layout ${width} ${run}`);
    await exactHeat(page, 180_000);
    await expect(page.getByTestId('proposal')).toContainText(/Proposed shot/);
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    for (const id of ['proposal', 'rec-grid', 'answer-mine-miss', 'answer-mine-sunk']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.y, `${id} at ${width}x${height}`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${id} at ${width}x${height}`).toBeLessThanOrEqual(height);
    }
    await screenshot(page, `recorder-fold-${width}`);
  }
});

test('a replay solves as the game was played: uniform stays uniform, a prior stays the one used', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const opponent = `Cleo ${run}`;
  await startRecording(page, opponent, [2]);
  const play = async (shots: [string, string][]) => {
    for (const [name, result] of shots) {
      await cell(page, name, 5, 'rec').click();
      if (result === 'sunk') {
        await page.getByTestId('answer-mine-sunk').click();
        await page.getByTestId('sunk-mine-0').click();
      } else await page.getByTestId(`answer-mine-${result}`).click();
      await expect(cell(page, name, 5, 'rec')).toHaveAttribute('data-mark', result);
    }
  };
  // The first game against Cleo: no prior yet, so it is played uniform.
  await exactHeat(page);
  await expect(page.getByTestId('solve-layouts')).not.toContainText('prior');
  await play([
    ['C3', 'miss'],
    ['A1', 'hit'],
    ['A2', 'sunk'],
  ]);
  // Its sinking teaches Cleo's prior (in the background): wait until it is stored.
  const games = await apiCall<{ items: { id: number; opponentId: number; firedBy: string }[] }>(
    page,
    'gamesList',
    { limit: 50 },
  );
  const firstGame = games.items.find((g) => g.firedBy === 'me')!;
  await expect
    .poll(() => apiCall(page, 'priorsGet', { opponentId: firstGame.opponentId }), {
      timeout: 90_000,
    })
    .not.toBeNull();

  const recent = page.getByRole('table').filter({ hasText: 'Shots by' });
  const replayGame = async (id: number) => {
    await page.getByTestId('game-close').click();
    await recent
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) })
      .getByRole('button', { name: /^Replay game/ })
      .click();
    await expect(page.getByTestId('replay-at')).toHaveText('After 0 of 3 shots');
  };
  await replayGame(firstGame.id);
  await exactHeat(page);
  await expect(page.getByTestId('replay-prior')).toHaveText('Solved as during play: uniform prior');
  await expect(page.getByTestId('solve-layouts')).toHaveText(/consistent layouts/);

  // A second game: Cleo's prior exists now, and the live heatmaps use it.
  await page.getByTestId('game-close').click();
  await page.getByTestId('game-opponent').fill(opponent);
  await page.getByTestId('game-rules').selectOption('editor');
  await page.getByTestId('game-start').click();
  await exactHeat(page);
  await expect(page.getByTestId('solve-layouts')).toContainText(`(${opponent}'s prior)`);
  const live: string[] = [];
  const heatOfB2 = async () => (await cell(page, 'B2', 5, 'rec').getAttribute('data-p')) ?? '';
  live.push(await heatOfB2());
  await play([['D4', 'miss']]);
  await exactHeat(page);
  live.push(await heatOfB2());
  await play([
    ['E1', 'hit'],
    ['E2', 'sunk'],
  ]);
  const secondGame = (
    await apiCall<{ items: { id: number; firedBy: string }[] }>(page, 'gamesList', { limit: 50 })
  ).items.find((g) => g.firedBy === 'me')!;
  // The prior learns again from both games, so it now differs from the one played with.
  await expect
    .poll(
      async () =>
        (await apiCall<{ games: number }>(page, 'priorsGet', { opponentId: firstGame.opponentId }))
          .games,
      { timeout: 90_000 },
    )
    .toBe(2);

  // The boards the replay solves ahead of the step shown.
  const solvedAhead: string[][] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/solve') || r.method() !== 'POST') return;
    const body = r.postDataJSON() as { boardKey?: string; position?: { board: string[] } };
    if (body.boardKey === 'recorder-replay-ahead' && body.position) {
      solvedAhead.push(body.position.board);
    }
  });
  await replayGame(secondGame.id);
  await expect(page.getByTestId('replay-prior')).toHaveText(
    `Solved as during play: ${opponent}'s prior as it was then`,
  );
  await exactHeat(page);
  expect(await heatOfB2()).toBe(live[0]);
  // Steps asked for quickly one after another answer in order: the last one asked is shown.
  await page.getByTestId('replay-next-step').click();
  await page.getByTestId('replay-next-step').click();
  await page.getByTestId('replay-prev').click();
  await expect(page.getByTestId('replay-at')).toHaveText('After 1 of 3 shots');
  await exactHeat(page);
  await expect(cell(page, 'D4', 5, 'rec')).toHaveAttribute('data-mark', 'miss');
  await expect(cell(page, 'E1', 5, 'rec')).toHaveAttribute('data-mark', 'unknown');
  expect(await heatOfB2()).toBe(live[1]);
  // While step 1 is shown, step 2 (D4 missed, E1 hit) is solved ahead, before Next is pressed.
  await expect
    .poll(() => solvedAhead.some((b) => b[3]![3] === 'o' && b[0]![4] === 'x' && b[1]![4] === '.'))
    .toBe(true);
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `recorder-replay-${width}`);
  }
});

test('recent games count the shots stored while the game is played, theirs included', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const opponent = `Counter ${run}`;
  await startRecording(page, opponent, [3, 2]);
  for (const name of ['C3', 'E5']) {
    await cell(page, name, 5, 'rec').click();
    await page.getByTestId('answer-mine-miss').click();
    await expect(cell(page, name, 5, 'rec')).toHaveAttribute('data-mark', 'miss');
  }
  await cell(page, 'B2', 5, 'mine').click();
  await page.getByTestId('answer-theirs-hit').click();
  await expect(page.getByTestId('game-saved')).toHaveText('3 shots saved (2 mine, 1 theirs)');
  const recent = page.getByRole('table').filter({ hasText: 'Shots by' });
  await expect(
    recent.getByRole('row', { name: new RegExp(`${opponent} me .* 2 in progress`) }),
  ).toBeVisible();
  await expect(
    recent.getByRole('row', { name: new RegExp(`${opponent} them .* 1 in progress`) }),
  ).toBeVisible();
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The page never scrolls sideways, whatever the list of games holds.
    const pageWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document.documentElement.scrollWidth,
    );
    expect(pageWidth, `page width at ${width}x${height}`).toBeLessThanOrEqual(width);
    await screenshot(page, `recorder-counts-${width}`);
  }
});
