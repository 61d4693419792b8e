// Every call the renderer makes to the main process goes through `call`: the shared API client
// (Electron IPC or the local web transport), created once. Errors are ApiErrors whose `name` is
// the server's error name, so views can tell "no layout fits" (NoLayoutError) from a stale
// solve (CancelledError) from a real failure.

import type { MethodName, ParamsOf, ResultOf } from '../../../shared/api';
import { createApiClient, type ApiClient } from './api-client';

let client: ApiClient | null = null;

export function apiClient(): ApiClient {
  client ??= createApiClient();
  return client;
}

export function call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
  return apiClient().call(method, params);
}

export function errorName(e: unknown): string {
  return e instanceof Error ? e.name : 'Error';
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
