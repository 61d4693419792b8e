// Options for the app's windows, kept apart from index.ts so tests can check the security
// settings without starting Electron (only types are imported from 'electron').

import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/** The renderer gets no Node.js, runs sandboxed, and talks to main only through the preload. */
export const secureWebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
} as const satisfies WebPreferences;

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: 'Broadside',
    width: 1100,
    height: 780,
    minWidth: 640,
    minHeight: 480,
    show: false,
    autoHideMenuBar: true,
    webPreferences: { ...secureWebPreferences, preload: preloadPath },
  };
}
