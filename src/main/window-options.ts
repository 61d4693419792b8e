// Options for the app's windows and the handlers that lock their contents down, kept apart from
// index.ts so tests can check every security setting without starting Electron (only types are
// imported from 'electron').

import type {
  BrowserWindowConstructorOptions,
  Session,
  WebContents,
  WebPreferences,
} from 'electron';

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

/** setWindowOpenHandler: no page opens a window (links with target=_blank, window.open). */
export function denyWindowOpen(): { action: 'deny' } {
  return { action: 'deny' };
}

/** For will-navigate and will-attach-webview: the app's page never leaves, nor embeds others. */
export function preventDefault(event: { preventDefault(): void }): void {
  event.preventDefault();
}

/** Permission requests (camera, notifications, ...): the app needs none, so all are refused. */
export function denyPermission(
  _contents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

/** No new windows, no navigation away from the app, no webviews. For every web contents. */
export function lockDown(contents: WebContents): void {
  contents.setWindowOpenHandler(denyWindowOpen);
  contents.on('will-navigate', preventDefault);
  contents.on('will-attach-webview', preventDefault);
}

/** Refuses every permission request and check of the app's session. */
export function lockDownSession(session: Session): void {
  session.setPermissionRequestHandler(denyPermission);
  session.setPermissionCheckHandler(() => false);
}
