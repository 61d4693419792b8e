// The Electron IPC transport: one invoke channel for every method of the contract. A call from
// anything but the app's own window showing the app's own page is refused, and every payload is
// validated by dispatch like any other transport's; the reply is always an ApiReply envelope.

import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { API_CHANNEL, type ApiReply } from '../shared/api';

export type Dispatch = (
  method: unknown,
  params: unknown,
  call?: { desktop?: boolean },
) => Promise<ApiReply<unknown>>;

const REFUSED: ApiReply<never> = {
  ok: false,
  error: { name: 'InputError', message: 'this page may not use the Broadside API' },
};

/** Registers the channel; returns a function that removes it. */
export function registerApiIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): () => void {
  ipcMain.handle(API_CHANNEL, async (event, method: unknown, params: unknown) => {
    if (!isTrusted(event)) return REFUSED;
    // only this transport's calls may start programs (a simulation's bots)
    return dispatch(method, params, { desktop: true });
  });
  return () => ipcMain.removeHandler(API_CHANNEL);
}

/** The page is the app's renderer: its URL starts with the renderer's URL, in the top frame. */
export function isAppPage(frameUrl: string | undefined, rendererUrl: string): boolean {
  if (!frameUrl) return false;
  try {
    const frame = new URL(frameUrl);
    const app = new URL(rendererUrl);
    if (frame.protocol !== app.protocol) return false;
    if (app.protocol === 'file:') return frame.pathname === app.pathname;
    return frame.origin === app.origin;
  } catch {
    return false;
  }
}
