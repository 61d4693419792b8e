// One running app per user. A second launch (a double click while the app is open) would open
// the same library in a second process; instead it hands over to the first, which brings its
// window to the front (or opens one), and quits before it has touched the library.

/** The part of Electron's `app` this needs. */
export interface InstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  isReady(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** The part of a BrowserWindow this needs. */
export interface FrontWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/**
 * Takes the single-instance lock. The first instance gets true and shows `firstWindow()` (or
 * `createWindow()` when it has none) whenever another launch is attempted; a later one gets
 * false and is already quitting.
 */
export function claimSingleInstance(
  app: InstanceApp,
  firstWindow: () => FrontWindow | undefined,
  createWindow: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const win = firstWindow();
    if (!win) {
      if (app.isReady()) createWindow();
      return;
    }
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  return true;
}
