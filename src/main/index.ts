// Electron main process: opens the library (the SQLite file in the user's data folder, or
// `--db PATH` / BROADSIDE_DB), starts the worker pool, serves the API over IPC to its one
// locked-down window (see window-options.ts), and closes all of it on quit. One instance at a
// time: a second launch brings the first one's window forward (single-instance.ts).

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import { graphsDataDir } from './graphs/graph-store';
import { isAppPage, registerApiIpc } from './ipc';
import { openServices, type Services } from './services';
import { settingsFilePath } from './settings-file';
import { claimSingleInstance } from './single-instance';
import { dbFlagFromArgv, resolveDbPath } from './store/open';
import { lockDown, lockDownSession, mainWindowOptions } from './window-options';

const here = import.meta.dirname; // out/main at run time

const devUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const rendererUrl = devUrl ?? pathToFileURL(join(here, '../renderer/index.html')).href;
const windows = new Set<BrowserWindow>();

function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    ...mainWindowOptions(join(here, '../preload/index.cjs')),
    icon: join(here, '../../resources/icon.png'),
  });
  windows.add(win);
  win.on('closed', () => windows.delete(win));
  win.once('ready-to-show', () => win.show());
  // electron-vite dev serves the renderer over http; otherwise load the built files.
  if (devUrl) void win.loadURL(devUrl);
  else void win.loadFile(join(here, '../renderer/index.html'));
  return win;
}

function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const win = BrowserWindow.fromWebContents(event.sender);
  const frame = event.senderFrame;
  return (
    win !== null &&
    windows.has(win) &&
    frame !== null &&
    frame.parent === null &&
    isAppPage(frame.url, rendererUrl)
  );
}

let services: Services | undefined;
let unregisterIpc: (() => void) | undefined;

function startServices(): void {
  const userData = app.getPath('userData');
  const dbPath = resolveDbPath({ flag: dbFlagFromArgv(process.argv), userDataDir: userData });
  const dataDir = graphsDataDir(dbPath, userData);
  // Memory budget: BROADSIDE_MEMORY_MB, else the Settings view's (settings.json), else the default.
  services = openServices({
    dbPath,
    graphsDataDir: dataDir,
    settingsFile: settingsFilePath(dataDir),
    env: process.env,
    warmPresetGraphs: true,
  });
  const api = services.api();
  unregisterIpc = registerApiIpc(ipcMain, api.dispatch, isTrustedSender);
}

async function stopServices(): Promise<void> {
  unregisterIpc?.();
  await services?.close(); // running batches stay resumable ("interrupted")
}

app.on('web-contents-created', (_event, contents) => lockDown(contents));

// A second launch hands over to this one and quits before opening the library.
const primary = claimSingleInstance(app, () => windows.values().next().value, createMainWindow);

void app.whenReady().then(() => {
  if (!primary) return;
  lockDownSession(session.defaultSession);
  try {
    startServices();
  } catch (e) {
    dialog.showErrorBox('Broadside cannot start', (e as Error).message);
    app.exit(1);
    return;
  }
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let stopped = false;
app.on('will-quit', (event) => {
  if (stopped) return;
  event.preventDefault();
  void stopServices()
    .catch((e: unknown) => console.error('broadside: shutdown:', e))
    .finally(() => {
      stopped = true;
      app.quit();
    });
});
