// Electron main process: one window, locked down (see window-options.ts), showing the renderer.

import { join } from 'node:path';
import { app, BrowserWindow, type WebContents } from 'electron';
import { mainWindowOptions } from './window-options';

const here = import.meta.dirname; // out/main at run time

/** No new windows, no navigation away from the app. */
function lockDown(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
}

function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    ...mainWindowOptions(join(here, '../preload/index.cjs')),
    icon: join(here, '../../resources/icon.png'),
  });
  win.once('ready-to-show', () => win.show());

  // electron-vite dev serves the renderer over http; otherwise load the built files.
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (!app.isPackaged && devUrl) {
    void win.loadURL(devUrl);
  } else {
    void win.loadFile(join(here, '../renderer/index.html'));
  }
  return win;
}

app.on('web-contents-created', (_event, contents) => lockDown(contents));

void app.whenReady().then(() => {
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
