// Electron security, one check per setting: the window's webPreferences (context isolation,
// sandbox, no Node integration anywhere, web security), a strict Content-Security-Policy (the
// renderer's meta tag and the web transport's header), navigation, new windows, webviews and
// permission requests refused, the preload exposing exactly the declared API and nothing else,
// and the local web transport bound to loopback and guarded by its token and Host check.

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Session, WebContents } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  denyPermission,
  denyWindowOpen,
  lockDown,
  lockDownSession,
  mainWindowOptions,
  secureWebPreferences,
} from '../../src/main/window-options';
import { CONTENT_SECURITY_POLICY, startWebServer, type WebServer } from '../../src/main/web/server';
import { API_CHANNEL, METHOD_NAMES } from '../../src/shared/api';
import { ROOT } from '../support/paths';

describe('the main window: webPreferences', () => {
  const prefs = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!;
  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['webviewTag', false],
  ] as const)('%s is %s', (key, value) => {
    expect(prefs[key]).toBe(value);
    expect(secureWebPreferences[key]).toBe(value);
  });

  it('has the preload and nothing that loosens the defaults', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(Object.keys(prefs).sort()).toEqual(
      [...Object.keys(secureWebPreferences), 'preload'].sort(),
    );
    for (const risky of ['experimentalFeatures', 'enableBlinkFeatures', 'additionalArguments']) {
      expect(prefs).not.toHaveProperty(risky);
    }
  });

  it('keeps the window hidden until its first paint is ready', () => {
    expect(mainWindowOptions('/app/out/preload/index.cjs').show).toBe(false);
  });
});

/** The directives of a CSP, by name. */
function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function cspOfHtml(path: string): string {
  const html = readFileSync(path, 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
  expect(meta, `${path} has a CSP meta tag`).not.toBeNull();
  return meta![1]!;
}

/** Sources that would let in remote code or eval: any scheme, host or wildcard. */
const REMOTE =
  /^(\*|https?:|wss?:|ftp:|blob:|filesystem:|[\w-]+\.[\w.-]+|\*\.|'unsafe-eval'|'wasm-unsafe-eval'|'unsafe-hashes')/i;

function checkStrict(policy: string, where: string): Map<string, string[]> {
  const csp = parseCsp(policy);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src') ?? csp.get('default-src'), where).toEqual(["'self'"]);
  for (const [name, sources] of csp) {
    for (const source of sources) {
      expect(REMOTE.test(source), `${where}: ${name} allows ${source}`).toBe(false);
    }
  }
  // Plugins never: object-src 'none', or only 'self' through default-src.
  expect(["'none'", "'self'"]).toContain((csp.get('object-src') ?? csp.get('default-src')!)[0]);
  expect(policy).not.toContain("'unsafe-eval'");
  return csp;
}

describe('Content-Security-Policy', () => {
  it("the renderer's page (source and built): default-src 'self', no eval, no remote origins", () => {
    for (const page of ['src/renderer/index.html', 'out/renderer/index.html']) {
      const csp = checkStrict(cspOfHtml(join(ROOT, page)), page);
      // No plugins, no <base> that could redirect relative script URLs, no form submissions.
      expect(csp.get('object-src'), page).toEqual(["'none'"]);
      expect(csp.get('base-uri'), page).toEqual(["'none'"]);
      expect(csp.get('form-action'), page).toEqual(["'none'"]);
    }
  });

  it('the web transport header: the same, plus no framing, no base or form targets', () => {
    const csp = checkStrict(CONTENT_SECURITY_POLICY, 'web transport');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('navigation, new windows, webviews and permissions', () => {
  /** A stand-in for WebContents recording what lockDown registers. */
  function fakeContents() {
    const listeners = new Map<
      string,
      (event: { preventDefault(): void }, ...rest: unknown[]) => void
    >();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      setWindowOpenHandler: (h: typeof openHandler) => (openHandler = h),
      on: (name: string, fn: (event: { preventDefault(): void }) => void) =>
        listeners.set(name, fn),
    };
    lockDown(contents as unknown as WebContents);
    const fire = (name: string, ...rest: unknown[]): boolean => {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, ...rest);
      return prevented;
    };
    return { listeners, open: (url: string) => openHandler!({ url }), fire };
  }

  it('every new window is denied (links with target=_blank, window.open)', () => {
    const c = fakeContents();
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      'about:blank',
      'javascript:1',
    ]) {
      expect(c.open(url)).toEqual({ action: 'deny' });
    }
    expect(denyWindowOpen()).toEqual({ action: 'deny' });
  });

  it('navigation away from the page is prevented', () => {
    const c = fakeContents();
    expect(c.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(c.fire('will-navigate', 'file:///home/user/other.html')).toBe(true);
  });

  it('webviews are never attached', () => {
    const c = fakeContents();
    expect(c.fire('will-attach-webview', {}, {})).toBe(true);
  });

  it('permission requests and checks are refused', () => {
    const handlers: { request?: typeof denyPermission; check?: () => boolean } = {};
    lockDownSession({
      setPermissionRequestHandler: (h: typeof denyPermission) => (handlers.request = h),
      setPermissionCheckHandler: (h: () => boolean) => (handlers.check = h),
    } as unknown as Session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      let granted: boolean | undefined;
      handlers.request!(null, permission, (g) => (granted = g));
      expect(granted, permission).toBe(false);
    }
    expect(handlers.check!()).toBe(false);
  });

  it('the main process applies them to every web contents and the session', () => {
    const main = readFileSync(join(ROOT, 'src/main/index.ts'), 'utf8');
    expect(main).toMatch(
      /app\.on\('web-contents-created', \(_event, contents\) => lockDown\(contents\)\)/,
    );
    expect(main).toMatch(/lockDownSession\(session\.defaultSession\)/);
    expect(main).toMatch(/registerApiIpc\(ipcMain, api\.dispatch, isTrustedSender\)/);
  });
});

describe('the preload', () => {
  function runPreload() {
    const code = readFileSync(join(ROOT, 'out/preload/index.cjs'), 'utf8');
    const exposed = new Map<string, Record<string, unknown>>();
    const invoked: unknown[][] = [];
    const ipcRenderer = {
      invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, value: null }),
      send: () => {
        throw new Error('send is not used');
      },
      on: () => {
        throw new Error('on is not used');
      },
    };
    const module = { exports: {} };
    const context: Record<string, unknown> = {
      module,
      exports: module.exports,
      require: (name: string) => {
        if (name !== 'electron') throw new Error(`the preload requires ${name}`);
        return {
          contextBridge: {
            exposeInMainWorld: (k: string, v: Record<string, unknown>) => exposed.set(k, v),
          },
          ipcRenderer,
        };
      },
    };
    const before = Object.keys(context).sort();
    // Wrapped like a CommonJS module, as Electron loads a sandboxed preload.
    const wrapper = runInNewContext(
      `(function (exports, require, module) {\n${code}\n})`,
      context,
    ) as (e: unknown, r: unknown, m: unknown) => void;
    wrapper(module.exports, context.require, module);
    return {
      exposed,
      invoked,
      ipcRenderer,
      globalsAdded: Object.keys(context).filter((k) => !before.includes(k)),
    };
  }

  it('exposes window.broadside only: the declared methods and the version, frozen', () => {
    const { exposed, globalsAdded } = runPreload();
    expect([...exposed.keys()]).toEqual(['broadside']);
    expect(globalsAdded).toEqual([]);
    const api = exposed.get('broadside')!;
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES, 'version'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    for (const name of METHOD_NAMES) expect(typeof api[name], name).toBe('function');
  });

  it('each method sends (method, params) on the one channel, nothing more; no Electron object leaks', async () => {
    const { exposed, invoked, ipcRenderer } = runPreload();
    const api = exposed.get('broadside')! as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    await api.positionsGet!({ id: 1 }, 'extra', () => 'callback');
    await api.info!({ channel: 'other' });
    expect(invoked).toEqual([
      [API_CHANNEL, 'positionsGet', { id: 1 }],
      [API_CHANNEL, 'info', { channel: 'other' }],
    ]);
    for (const value of Object.values(api)) {
      expect(value).not.toBe(ipcRenderer);
      expect(value).not.toBe(ipcRenderer.invoke);
    }
  });
});

describe('the local web transport', () => {
  let server: WebServer;
  const calls: unknown[] = [];
  beforeAll(async () => {
    server = await startWebServer({
      dispatch: async (method) => (calls.push(method), { ok: true, value: 'answer' }),
      staticDir: join(ROOT, 'out/renderer'),
    });
  });
  afterAll(() => server.close());

  function get(
    path: string,
    options: {
      method?: string;
      headers?: Record<string, string>;
      host?: string;
      port?: number;
    } = {},
  ) {
    return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      const req = request(
        {
          host: options.host ?? '127.0.0.1',
          port: options.port ?? server.port,
          method: options.method ?? 'GET',
          path,
          headers: { Host: `127.0.0.1:${server.port}`, ...options.headers },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode!, headers: res.headers });
        },
      );
      req.on('error', reject);
      req.end(options.method === 'POST' ? '{}' : undefined);
    });
  }
  const post = (headers: Record<string, string>) =>
    get('/api/info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('listens on 127.0.0.1 only', async () => {
    expect(server.address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) {
      const err = await get('/', { host: lan.address }).catch((e: NodeJS.ErrnoException) => e);
      expect((err as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    }
  });

  it('a fresh 256-bit token per run; calls without it or with a wrong one get 401', async () => {
    const other = await startWebServer({
      dispatch: async () => ({ ok: true, value: 1 }),
      staticDir: '.',
    });
    await other.close();
    expect(server.token).toMatch(/^[\w-]{43}$/);
    expect(other.token).not.toBe(server.token);
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: `Bearer ${server.token.slice(0, -1)}` })).status).toBe(401);
    expect((await post({ Authorization: `Basic ${server.token}` })).status).toBe(401);
    expect((await get(`/api/info?token=${server.token}`, { method: 'POST' })).status).toBe(401);
    expect(calls).toEqual([]);
    expect((await post({ Authorization: `Bearer ${server.token}` })).status).toBe(200);
    expect(calls).toEqual(['info']);
  });

  it('refuses foreign Host headers (DNS rebinding), on the API and on files', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      '127.0.0.1',
      `[::1]:${server.port}`,
    ]) {
      expect((await get('/', { headers: { Host: host } })).status, host).toBe(403);
      expect(
        (await post({ Host: host, Authorization: `Bearer ${server.token}` })).status,
        host,
      ).toBe(403);
    }
    expect((await get('/', { headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('serves files with the CSP and no CORS headers', async () => {
    const page = await get('/');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await get('/api/info', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
