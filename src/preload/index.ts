// Runs sandboxed before the renderer: exposes `window.broadside` and nothing else.

import { contextBridge } from 'electron';
import type { BroadsideApi } from '../shared/api';

const api: BroadsideApi = { version: __BROADSIDE_VERSION__ };

contextBridge.exposeInMainWorld('broadside', api);
