// Runs sandboxed before the renderer: exposes `window.broadside` and nothing else. Every method
// of the contract (src/shared/api.ts) becomes a function that sends (method, params) over the one
// invoke channel and resolves to the main process's ApiReply envelope; no Electron object, and
// not ipcRenderer itself, reaches the page.

import { contextBridge, ipcRenderer } from 'electron';
import { API_CHANNEL, METHOD_NAMES, type BroadsideApi } from '../shared/api';

const methods = Object.fromEntries(
  METHOD_NAMES.map((method) => [
    method,
    (params: unknown) => ipcRenderer.invoke(API_CHANNEL, method, params),
  ]),
);

const api = Object.freeze({ ...methods, version: __BROADSIDE_VERSION__ }) as BroadsideApi;

contextBridge.exposeInMainWorld('broadside', api);
