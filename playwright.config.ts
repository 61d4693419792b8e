// Browser end-to-end tests: the real renderer in Debian's Chromium against the real services,
// served by the local web transport (`broadside web`) on a free port with a throwaway library.
// The server prints its URL (with the run's access token); `wait.stdout` captures it into
// process.env.BROADSIDE_E2E_URL for the tests. It keeps no state graphs (--no-graphs): several
// tests need an exact solve slow enough to show the estimate first, which a preset's graph
// would answer too soon; the graphs are tested through the real pool in test/integration, and
// exact-graphs.spec.ts starts a server of its own that keeps them.
// Screenshots land in test-results/ (gitignored).

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Set once in the runner's main process; workers inherit the environment.
process.env['BROADSIDE_E2E_DB'] ??= join(
  tmpdir(),
  `broadside-e2e-${process.pid}-${Date.now().toString(36)}.db`,
);

const node = JSON.stringify(process.execPath);
const db = JSON.stringify(process.env['BROADSIDE_E2E_DB']);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalTeardown: './test/e2e/support/teardown.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // The machine has two cores: one browser, one solver thread.
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./test/e2e/support/skip-reasons.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1360, height: 900 },
    launchOptions: {
      executablePath: process.env['BROADSIDE_E2E_CHROMIUM'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `${node} node_modules/electron-vite/bin/electron-vite.js build && ${node} bin/broadside.mjs web --port 0 --threads 1 --no-graphs --db ${db}`,
    wait: { stdout: /Open (?<broadside_e2e_url>http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
