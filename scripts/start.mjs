// `npm start`: build the app and open it in Electron.
//
// Electron's npm package does not contain Electron itself: the binary (about 100 MB) is downloaded
// from GitHub the first time it is needed. This script checks for it without triggering that
// download, tries the download once (with a time limit) if it is missing, and explains what to do
// when that fails instead of printing a stack trace.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const electronDir = join(root, 'node_modules', 'electron');
const installScript = join(electronDir, 'install.js');
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const INSTALL_TIMEOUT_MS = 60_000;

/** The release archive electron's install script fetches (when no mirror is set). */
function electronDownloadUrl() {
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  return `https://github.com/electron/electron/releases/download/v${version}/electron-v${version}-${platform}-${process.arch}.zip`;
}

/**
 * The Electron executable, or null when it is not there. Same lookup as electron's own index.js
 * (path.txt names the executable under dist/), plus the overrides electron and electron-vite honour.
 */
function electronBinary() {
  const candidates = [];
  if (process.env['ELECTRON_EXEC_PATH']) candidates.push(process.env['ELECTRON_EXEC_PATH']);
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) candidates.push(join(override, executable || 'electron'));
  else if (executable) candidates.push(join(electronDir, 'dist', executable));
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** Runs electron's install script once; returns a short reason on failure, null on success. */
function tryInstallElectron() {
  console.log(
    `Electron binary not found; trying to download it (up to ${INSTALL_TIMEOUT_MS / 1000} s)...`,
  );
  const result = spawnSync(process.execPath, [installScript], {
    cwd: electronDir,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) {
    const timedOut = /** @type {NodeJS.ErrnoException} */ (result.error).code === 'ETIMEDOUT';
    return timedOut ? `no answer within ${INSTALL_TIMEOUT_MS / 1000} s` : result.error.message;
  }
  if (result.status !== 0 || electronBinary() === null) {
    const output = `${result.stderr}\n${result.stdout}`.trim();
    const firstLine = output.split('\n').find((line) => line.trim() !== '') ?? '';
    return firstLine || `install script exited with status ${result.status}`;
  }
  return null;
}

function explainMissingElectron(/** @type {string} */ reason) {
  console.error(`
Cannot start Broadside: the Electron binary is missing.

  What: Electron's npm package installs without the Electron program itself
        (expected under node_modules/electron/dist/).
  Why:  it is downloaded from GitHub on first use, and that download failed here:
          ${reason}
        (a machine that cannot reach GitHub cannot fetch it). It comes from
          ${electronDownloadUrl()}
  Fix:  on a machine with internet access, run
          node node_modules/electron/install.js
        then npm start again. Behind a mirror, set ELECTRON_MIRROR to its URL first.

  The same UI will also run in a plain browser with \`npm run web\` (no Electron needed).
`);
}

if (!existsSync(electronDir)) {
  console.error('Cannot start Broadside: dependencies are not installed. Run npm install first.');
  process.exit(1);
}

if (electronBinary() === null) {
  const failure = tryInstallElectron();
  if (failure !== null) {
    explainMissingElectron(failure);
    process.exit(1);
  }
  console.log('Electron binary downloaded.');
}

// `electron-vite preview` builds main, preload and renderer, then opens the app window.
const child = spawn(process.execPath, [electronVite, 'preview', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: electronBinary() ?? '' },
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
