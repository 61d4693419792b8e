// The app never waits: a click whose exact solve is slow shows a labelled estimate first and the
// exact heatmap when it is ready; the recommended shot, answered as the solve ahead expected, shows
// the exact heatmap worked out ahead; an empty board's result is kept. Click-to-heatmap times are
// measured in the page (from the pointer going down to the heatmap of the new board being drawn)
// and printed; the tests assert which came first, never how long anything took.

import { expect, test, type Page } from '@playwright/test';
import { apiCall, cell, heatmapReady, openApp, screenshot, setRules } from './support/app';

/** The little of the page's DOM the timing reads (this file is compiled without the DOM types). */
interface PageElement {
  classList: { contains(name: string): boolean };
  dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: () => void, options?: { once: boolean }): void;
}
interface PageGlobals {
  document: {
    getElementById(id: string): PageElement | null;
    querySelector(selector: string): PageElement | null;
  };
  requestAnimationFrame(callback: () => void): void;
}

/** What the board showed after a click, in the order it showed it, each with its time. */
interface Shown {
  what: 'estimate' | 'exact';
  ms: number;
}

/**
 * What the board draws after the next pointerdown on cell `id`, in order, until it shows an exact
 * heatmap of the board as it is then (not stale, status not busy): 'estimate' when a labelled
 * estimate of the new board is drawn first, then 'exact'. Each is timed from the pointer going
 * down, for the log. Start it before the click; await the result after.
 */
function shownAfterClick(page: Page, id: string): Promise<Shown[]> {
  return page.evaluate(
    (cellId) =>
      new Promise<Shown[]>((resolve) => {
        const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
        const target = document.getElementById(cellId)!;
        const shown: Shown[] = [];
        let t0 = -1;
        target.addEventListener('pointerdown', () => (t0 = performance.now()), { once: true });
        const check = (): void => {
          const grid = document.querySelector('[data-testid="board-grid"]');
          const status = document.querySelector('[data-testid="solve-status"]');
          const exactness = document.querySelector('[data-testid="solve-exactness"]');
          const estimate = document.querySelector('[data-testid="solve-provisional"]');
          const fresh =
            t0 >= 0 &&
            !!grid &&
            !grid.classList.contains('stale') &&
            target.dataset['mark'] !== 'unknown';
          const ms = performance.now() - t0;
          if (fresh && estimate && shown.length === 0) shown.push({ what: 'estimate', ms });
          if (fresh && status?.getAttribute('aria-busy') === 'false' && exactness && !estimate) {
            shown.push({ what: 'exact', ms });
            resolve(shown);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    id,
  );
}

interface SentPosition {
  rules: unknown;
  board: string[];
  sunk: unknown[];
}

/** Records the position of every solve the page asks for; the last one is the board as shown. */
function recordSolves(page: Page): SentPosition[] {
  const sent: SentPosition[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/solve') || r.method() !== 'POST') return;
    const body = r.postDataJSON() as { position?: SentPosition };
    if (body.position) sent.push(body.position);
  });
  return sent;
}

/** The recommended cell's element id. */
async function bestCellId(page: Page): Promise<string> {
  const id = await page.locator('.cell.best').first().getAttribute('id');
  if (!id) throw new Error('no best shot shown');
  return id;
}

test('a slow exact solve shows a labelled estimate at once, then the exact heatmap', async ({
  page,
}) => {
  await openApp(page);
  // Rules of their own, so no earlier test has solved (and kept) these positions.
  await setRules(page, { width: 10, height: 10, fleet: [5, 4, 3, 3, 2], touch: 'no-edge-touch' });
  await heatmapReady(page, 60_000);
  await page.getByRole('radio', { name: /Miss/ }).check();
  // A corner is never the recommended shot, so it was not solved ahead: solved on the click.
  const corner = cell(page, 'J10', 10);
  const id = (await corner.getAttribute('id'))!;
  const shown = shownAfterClick(page, id);
  await corner.click();
  await expect(page.getByTestId('solve-provisional')).toHaveText('Estimate');
  await expect(page.getByTestId('solve-status')).toContainText(
    'shown until the exact heatmap is ready',
  );
  await expect(page.getByTestId('solve-status')).toHaveAttribute('aria-busy', 'true');
  await screenshot(page, 'analyse-estimate');
  const [estimate, exact] = await shown;
  await expect(page.getByTestId('solve-provisional')).toHaveCount(0);
  await expect(page.getByTestId('solve-exactness')).toHaveText('exact');
  console.log(
    `click to heatmap, a position solved on the click (10x10, no-edge-touch): estimate ${estimate?.ms.toFixed(0)} ms, exact ${exact?.ms.toFixed(0)} ms`,
  );
  // The estimate was drawn first, then replaced by the exact heatmap.
  expect([estimate?.what, exact?.what]).toEqual(['estimate', 'exact']);
});

test('the recommended shot answered miss was solved ahead: its exact heatmap is the one kept', async ({
  page,
}) => {
  const sent = recordSolves(page);
  await openApp(page);
  await setRules(page, { width: 10, height: 10, fleet: [4, 3, 3, 2, 2], touch: 'allowed' });
  await heatmapReady(page, 60_000);
  await page.getByRole('radio', { name: /Miss/ }).check();
  for (let shot = 0; shot < 3; shot++) {
    const id = await bestCellId(page);
    const index = Number(id.replace('board-', ''));
    // Wait for the solve ahead to finish, as a player looking at the board would: the same
    // position (exactly as the page sends it) solved through the API is answered from it.
    const shown = sent[sent.length - 1]!;
    const r = Math.floor(index / 10);
    const c = index % 10;
    const board = shown.board.map((row, i) =>
      i === r ? `${row.slice(0, c)}o${row.slice(c + 1)}` : row,
    );
    const ahead = await apiCall<{ note?: string }>(page, 'solve', {
      position: { ...shown, board },
    });
    expect(ahead.note).toMatch(/reused: /);
    await page.locator(`#${id}`).click();
    await heatmapReady(page);
    await expect(page.getByTestId('solve-exactness')).toHaveText('exact');
    await expect(page.locator('.note').first()).toContainText('reused');
  }
});

test('an empty board is solved once and kept in the library', async ({ page }) => {
  const sent = recordSolves(page);
  await openApp(page);
  await setRules(page, { width: 9, height: 9, fleet: [4, 3, 3, 2], touch: 'no-touch' });
  await heatmapReady(page, 60_000);
  const empty = sent[sent.length - 1]!;
  expect(empty.board.join('')).toMatch(/^\.+$/);
  const kept = await apiCall<{ note?: string }>(page, 'solve', {
    position: empty,
    solver: 'auto',
  });
  expect(kept.note).toMatch(/reused: exactly this position was solved before/);
});
