// Runs sandboxed before the renderer: exposes `window.broadside` and nothing else. Every method
// of the contract becomes a function that sends (method, params) over the one invoke channel and
// resolves to the main process's ApiReply envelope; no Electron object, and not ipcRenderer
// itself, reaches the page. It reads only the method list (src/shared/methods.ts, which imports
// nothing), so the bundle stays a few kilobytes: validation happens in main.

import { contextBridge, ipcRenderer } from 'electron';
import type { BroadsideApi } from '../shared/api';
import { API_CHANNEL, METHOD_NAMES } from '../shared/methods';

const methods = Object.fromEntries(
  METHOD_NAMES.map((method) => [
    method,
    (params: unknown) => ipcRenderer.invoke(API_CHANNEL, method, params),
  ]),
);

const api = Object.freeze({ ...methods, version: __BROADSIDE_VERSION__ }) as BroadsideApi;

contextBridge.exposeInMainWorld('broadside', api);
