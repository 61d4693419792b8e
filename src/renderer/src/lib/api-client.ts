// The renderer's way to the API, whichever transport carries it:
//   - inside Electron, `window.broadside` (set by the preload) sends calls over IPC;
//   - in a browser (`npm run web`), calls are POSTed to /api/<method> on the page's own origin
//     with the per-run access token, which the page URL carries as ?token=... (kept in
//     sessionStorage so a reload keeps working, and removed from the address bar).
// Both answer ApiReply envelopes; the client unwraps them, so a method resolves to its result or
// rejects with an ApiError whose `name` says what went wrong (InputError, NotFoundError,
// CancelledError, ...).

import type { ApiReply, BroadsideApi, ParamsOf, ResultOf } from '../../../shared/api';
import { errorKind, type ErrorKind } from '../../../shared/errors';
import { API_PATH, METHOD_NAMES, type MethodName } from '../../../shared/methods';

/** A failed call: `name` is one of the contract's error kinds (src/shared/errors.ts). */
export class ApiError extends Error {
  override readonly name: ErrorKind;
  constructor(name: ErrorKind, message: string) {
    super(message);
    this.name = name;
  }
}

export type ApiClient = {
  readonly transport: 'electron' | 'web' | 'none';
  call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>>;
} & {
  readonly [M in MethodName]: (params: ParamsOf<M>) => Promise<ResultOf<M>>;
};

const TOKEN_KEY = 'broadside-token';

/** What a page opened without its token is told (it cannot reach the server without one). */
export const MISSING_TOKEN =
  'this address has no access token: run `broadside web` (or `npm run web`) again and open the whole address it prints, the one ending in ?token=…';

/** What a page whose token the server refuses is told (the server was restarted since). */
export const WRONG_TOKEN =
  "the server refused this page's access token (it was restarted since the page opened): open the address it printed when it last started, the one ending in ?token=…";

/** What the client needs of the page (structural, so the module also type-checks for Node). */
export interface PageLike {
  readonly broadside?: BroadsideApi;
  readonly location: { readonly href: string; readonly origin: string };
  readonly sessionStorage?: StorageLike;
  readonly history?: {
    readonly state: unknown;
    replaceState(state: unknown, unused: string, url: string): void;
  };
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The access token from ?token=... (then stored for reloads and hidden from the URL). */
export function takeToken(
  location: { readonly href: string },
  storage?: StorageLike,
  replaceUrl?: (url: string) => void,
): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage?.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    replaceUrl?.(url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage?.getItem(TOKEN_KEY) ?? null;
}

function unwrap<R>(reply: ApiReply<R>): R {
  if (reply.ok) return reply.value;
  // The name came over a transport: anything but a known kind is reported as an internal error.
  throw new ApiError(errorKind(reply.error.name), reply.error.message);
}

/** One transport: sends a call, answers the method's reply envelope. */
type Send = <M extends MethodName>(
  method: M,
  params: ParamsOf<M>,
) => Promise<ApiReply<ResultOf<M>>>;

/** The answer of the app's own server, whose replies are the contract's envelopes. */
function isEnvelope(v: unknown): v is { ok: boolean } {
  return typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean';
}

/** Calls over HTTP to `origin` (the page's own by default) with the bearer token. */
export function webTransport(
  token: string,
  origin = '',
  fetchFn: typeof fetch = (...a) => fetch(...a),
): Send {
  return async <M extends MethodName>(
    method: M,
    params: ParamsOf<M>,
  ): Promise<ApiReply<ResultOf<M>>> => {
    let res: Response;
    try {
      res = await fetchFn(`${origin}${API_PATH}${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(params ?? {}),
      });
    } catch (e) {
      return {
        ok: false,
        error: {
          name: 'NetworkError',
          message: `cannot reach Broadside (${(e as Error).message})`,
        },
      };
    }
    if (res.status === 401) {
      return { ok: false, error: { name: 'Unauthorized', message: WRONG_TOKEN } };
    }
    const unexpected: ApiReply<never> = {
      ok: false,
      error: { name: 'NetworkError', message: `unexpected answer (HTTP ${res.status})` },
    };
    try {
      const body: unknown = await res.json();
      // The server implements the contract: its envelope carries this method's result type.
      return isEnvelope(body) ? (body as ApiReply<ResultOf<M>>) : unexpected;
    } catch {
      return unexpected;
    }
  };
}

function clientFrom(transport: ApiClient['transport'], send: Send): ApiClient {
  const call = async <M extends MethodName>(method: M, params: ParamsOf<M>) =>
    unwrap(await send(method, params));
  // One function per method, built from the list (as the preload does): typed by ApiClient.
  const methods = Object.fromEntries(
    METHOD_NAMES.map((m) => [m, (params: ParamsOf<typeof m>) => call(m, params)]),
  );
  return { ...methods, transport, call } as ApiClient;
}

export function electronClient(api: BroadsideApi): ApiClient {
  const bridge: {
    readonly [K in MethodName]: (params: ParamsOf<K>) => Promise<ApiReply<ResultOf<K>>>;
  } = api;
  return clientFrom(
    'electron',
    <M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ApiReply<ResultOf<M>>> =>
      bridge[method](params),
  );
}

/**
 * The client for this page: Electron's bridge when present, else the web API with the token
 * from the URL, else a client whose every call fails with a clear NetworkError.
 */
export function createApiClient(page: PageLike = globalThis as unknown as PageLike): ApiClient {
  if (page.broadside) return electronClient(page.broadside);
  let storage: StorageLike | undefined;
  try {
    storage = page.sessionStorage; // throws where storage is disabled
  } catch {
    storage = undefined;
  }
  const token = takeToken(page.location, storage, (url) =>
    page.history?.replaceState(page.history.state, '', url),
  );
  if (token) return clientFrom('web', webTransport(token, page.location.origin));
  return clientFrom('none', async () => ({
    ok: false as const,
    error: { name: 'NetworkError', message: MISSING_TOKEN },
  }));
}
