// `npm run test:e2e`: the browser end-to-end tests need a Chromium. Playwright's own browser
// download is not used (it cannot be fetched on every machine); Debian's Chromium is. When it is
// missing and this is a Debian machine where we are root, install it (minutes on a busy machine,
// not seconds, so the message says so); otherwise say exactly what to install. Then run
// Playwright with the given arguments.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env['BROADSIDE_E2E_CHROMIUM'] ?? '/usr/bin/chromium';

/** @param {string} cmd @param {string[]} args */
function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  return r.status ?? 1;
}

if (!existsSync(chromium)) {
  const canApt = existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
  if (!canApt) {
    console.error(
      `The browser tests need Chromium at ${chromium} and it is not there.\n` +
        'Install it (Debian/Ubuntu: apt-get install -y chromium) or point BROADSIDE_E2E_CHROMIUM at a Chromium executable.',
    );
    process.exit(1);
  }
  console.log(
    `Chromium not found at ${chromium}: installing Debian's chromium package (this can take several minutes)...`,
  );
  if (
    run('apt-get', ['update', '-qq']) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', 'chromium']) !== 0
  ) {
    console.error('Installing chromium with apt-get failed; the browser tests cannot run.');
    process.exit(1);
  }
}

process.exit(
  run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]),
);
