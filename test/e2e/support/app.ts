// Helpers the browser tests share: open the app against the test server, name cells like a
// player ("C4"), set rules, wait for the heatmap, and keep screenshots of the views.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export const SCREENSHOTS = join('test-results', 'screenshots');

export function appUrl(): string {
  const url = process.env['BROADSIDE_E2E_URL'];
  if (!url)
    throw new Error('BROADSIDE_E2E_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/** Opens the app on the Analyse view with the given colour scheme. */
export async function openApp(page: Page, colorScheme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.goto(appUrl());
  // The first load waits for the initial solve on a cold worker: allow a loaded machine longer.
  await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
}

/** Cell index of "C4" on a board `width` wide. */
export function cellIndex(name: string, width: number): number {
  const col = name.charCodeAt(0) - 65;
  const row = Number(name.slice(1)) - 1;
  return row * width + col;
}

/** The cell "C4" of a grid (`prefix` is the grid's id prefix: board, rec, mine, layout...). */
export function cell(page: Page, name: string, width: number, prefix = 'board'): Locator {
  return page.locator(`#${prefix}-${cellIndex(name, width)}`);
}

export async function probability(c: Locator): Promise<number> {
  const p = await c.getAttribute('data-p');
  if (p === null) throw new Error('the cell shows no probability');
  return Number(p);
}

/** Applies custom rules through the rules panel. */
export async function setRules(
  page: Page,
  rules: {
    width: number;
    height: number;
    /** Lengths, or the fleet field's text ("Cruiser 3, Destroyer 2" names the ships). */
    fleet: number[] | string;
    touch?: 'allowed' | 'no-touch' | 'no-edge-touch';
  },
): Promise<void> {
  await page.getByTestId('rules-width').fill(String(rules.width));
  await page.getByTestId('rules-height').fill(String(rules.height));
  await page
    .getByTestId('rules-fleet')
    .fill(typeof rules.fleet === 'string' ? rules.fleet : rules.fleet.join(','));
  await page.getByTestId('rules-touch').selectOption(rules.touch ?? 'allowed');
  await page.getByTestId('rules-apply').click();
  await expect(page.locator(`#board-${rules.width * rules.height - 1}`)).toBeVisible();
  await expect(page.locator(`#board-${rules.width * rules.height}`)).toHaveCount(0);
}

/** Waits until the heatmap belongs to the board as it is now; returns the status text. */
export async function heatmapReady(page: Page, timeout = 30_000): Promise<string> {
  const status = page.getByTestId('solve-status');
  await expect(status).toHaveAttribute('aria-busy', 'false', { timeout });
  await expect(page.getByTestId('solve-layouts')).toBeVisible({ timeout });
  await expect(page.getByTestId('board-grid')).not.toHaveClass(/stale/, { timeout });
  return (await status.textContent()) ?? '';
}

export async function layoutsText(page: Page): Promise<string> {
  await heatmapReady(page);
  return ((await page.getByTestId('solve-layouts').textContent()) ?? '').trim();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Calls the app's API from the page, as the renderer does (its token is in session storage). */
export async function apiCall<T = unknown>(
  page: Page,
  method: string,
  params: unknown,
): Promise<T> {
  type Reply = { ok: boolean; value?: unknown; error?: { name: string; message: string } };
  const reply = await page.evaluate(
    async ([m, p]) => {
      const token = sessionStorage.getItem('broadside-token');
      const r = await fetch(`/api/${m as string}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(p),
      });
      return (await r.json()) as Reply;
    },
    [method, params] as const,
  );
  if (!reply.ok) throw new Error(`${method}: ${reply.error?.name}: ${reply.error?.message}`);
  return reply.value as T;
}

/**
 * Opens the app, sets a 5x5 board with `fleet` in the editor and starts recording a game against
 * `opponent` under those rules, up to the recorder's first proposed shot: the exact one, or the
 * estimate's provisional one while the exact solve waits for a worker (a background job, such as
 * re-learning a prior after an earlier test's game, may hold the only one).
 */
export async function startRecording(
  page: Page,
  opponent: string,
  fleet: number[] | string,
): Promise<void> {
  await openApp(page);
  await setRules(page, { width: 5, height: 5, fleet });
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-opponent').fill(opponent);
  await page.getByTestId('game-rules').selectOption('editor');
  await page.getByTestId('game-start').click();
  await expect(page.getByTestId('proposal')).toContainText(
    /(Proposed shot|Estimate, provisional): [A-E][1-5]/,
  );
}
