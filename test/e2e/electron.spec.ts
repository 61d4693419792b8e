// The real Electron window: the built app starts, shows the board, talks to its main process
// over IPC (window.broadside), and solves. Needs Electron's binary, which its npm package
// downloads on first use; where it is missing the test is skipped with the reason.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type Page } from '@playwright/test';
import { emptyPosition, MISS } from '../../src/core/position';
import { parseRules } from '../../src/core/rules-json';
import { bruteForce } from '../support/brute-force';
import { cell, cellIndex, heatmapReady, screenshot, setRules } from './support/app';

const root = resolve(import.meta.dirname, '../..');

const SMALL_RULES = { width: 5, height: 5, fleet: [3, 2] };
const MISS_AT = 'C3';

/** Layouts consistent with one miss at MISS_AT on SMALL_RULES, by the brute-force reference. */
function expectedLayouts(): string {
  const position = emptyPosition(parseRules({ ...SMALL_RULES, touch: 'allowed' }));
  position.cells[cellIndex(MISS_AT, SMALL_RULES.width)] = MISS;
  return String(bruteForce(position).total);
}

/** The Electron executable (same lookup as electron's own index.js), or why there is none. */
function electronBinary(): { path: string } | { missing: string } {
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(dir)) return { missing: 'the electron package is not installed (npm install)' };
  if (!existsSync(pathFile) && !override) {
    return {
      missing:
        'node_modules/electron/path.txt is absent: the binary is downloaded from GitHub on first use and that never happened here (run node node_modules/electron/install.js where GitHub is reachable)',
    };
  }
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const path = override ? join(override, executable) : join(dir, 'dist', executable);
  if (!existsSync(path)) {
    return { missing: `${path.slice(root.length + 1)} does not exist (incomplete download)` };
  }
  return { path };
}

/**
 * Runs `body` in the built app's window on a throwaway library `name`, then closes the app and
 * removes the library; skips the test, with the reason, where the Electron binary is missing.
 */
async function withApp(name: string, body: (win: Page) => Promise<void>): Promise<void> {
  const binary = electronBinary();
  test.skip(
    'missing' in binary,
    `Electron binary not installed: ${'missing' in binary ? binary.missing : ''}`,
  );
  if (!('path' in binary)) return;
  const db = join(tmpdir(), `broadside-electron-${name}-${process.pid}.db`);
  const app = await electron.launch({
    executablePath: binary.path,
    args: [
      ...(process.platform === 'linux' ? ['--no-sandbox'] : []),
      join(root, 'out/main/index.js'),
    ],
    cwd: root,
    env: { ...process.env, BROADSIDE_DB: db },
  });
  try {
    await body(await app.firstWindow());
  } finally {
    await app.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  }
}

test('the app window opens, shows the board and solves over IPC', async () => {
  await withApp('e2e', async (win) => {
    await expect(win).toHaveTitle('Broadside');
    await expect(win.getByTestId('board-grid')).toBeVisible();
    expect(
      await win.evaluate(
        () => typeof (globalThis as { broadside?: { solve?: unknown } }).broadside?.solve,
      ),
    ).toBe('function');
    // Sandboxed renderer: no Node.js in the page.
    expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
      'undefined',
    );
    // A board that solves exactly in milliseconds, so the only right answer is a solved heatmap
    // whose layout count is the brute-force reference's.
    await setRules(win, SMALL_RULES);
    await win.getByRole('radio', { name: /Miss/ }).check();
    await cell(win, MISS_AT, SMALL_RULES.width).click();
    await expect(cell(win, MISS_AT, SMALL_RULES.width)).toHaveAttribute('data-mark', 'miss');
    await heatmapReady(win);
    await expect(win.getByTestId('solve-problem')).toHaveCount(0);
    await expect(win.getByTestId('solve-exactness')).toHaveText('exact');
    await expect(win.getByTestId('solve-layouts')).toHaveAttribute('title', expectedLayouts());
    await screenshot(win, 'electron-window');
  });
});

test('the lab (desktop only) plays a bot added by command, in the same table', async () => {
  await withApp('bots', async (win) => {
    await win.getByTestId('tab-lab').click();
    await win.getByTestId('lab-bot-name').fill('sweeper');
    const bot = join(root, 'examples/node-bot.mjs');
    await win.getByTestId('lab-bot-command').fill(`'${process.execPath}' '${bot}'`);
    await win.getByTestId('lab-bot-add').click();
    await expect(win.getByTestId('lab-bot-sweeper')).toBeVisible();
    await win.getByTestId('lab-games').fill('10');
    await win.getByTestId('lab-run').click();
    await expect(win.getByTestId('lab-results')).toBeVisible({ timeout: 120_000 });
    await expect(win.getByTestId('lab-error')).toHaveCount(0);
    const names = win.getByTestId('lab-summary').locator('tbody tr td:first-child');
    await expect(names).toHaveText(['hunt-target', 'pdf', 'sweeper']);
    await screenshot(win, 'electron-lab-bot');
  });
});
