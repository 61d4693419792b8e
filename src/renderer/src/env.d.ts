/// <reference types="svelte" />
/// <reference types="vite/client" />

import type { BroadsideApi } from '../../shared/api';

declare global {
  interface Window {
    /** Set by the preload inside Electron; absent when the UI runs in a plain browser. */
    readonly broadside?: BroadsideApi;
  }
}
