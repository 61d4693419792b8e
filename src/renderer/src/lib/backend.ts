// Every call the renderer makes to the main process goes through `call`: the shared API client
// (Electron IPC or the local web transport), created once. Errors are ApiErrors whose `name` is
// one of the contract's error kinds (src/shared/errors.ts), so views can tell "no layout fits"
// (NoLayoutError) from a stale solve (CancelledError) from a real failure.

import type { MethodName, ParamsOf, ResultOf } from '../../../shared/api';
import type { ErrorKind } from '../../../shared/errors';
import { ApiError, createApiClient, type ApiClient } from './api-client';

let client: ApiClient | null = null;

export function apiClient(): ApiClient {
  client ??= createApiClient();
  return client;
}

export function call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
  return apiClient().call(method, params);
}

/** How a state class reaches the API: `call` in the app; a test may hand it another client's. */
export type Call = typeof call;

/** The error's kind: an ApiError's own, InternalError for anything else thrown here. */
export function errorName(e: unknown): ErrorKind {
  return e instanceof ApiError ? e.name : 'InternalError';
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
