// The browser transport: the real built renderer and the real API over HTTP on 127.0.0.1, with a
// per-run token. Calls without the token are refused; the renderer's client works against it.

import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type PageLike } from '../../src/renderer/src/lib/api-client';
import { ROOT } from '../support/paths';
import { OVER9000_EXAMPLE } from '../support/fixtures';
import { liveApi, liveWebServer } from '../support/live-api';

const RENDERER = join(ROOT, 'out/renderer');
const live = liveApi('web', { threads: 1 });
const { dbPath } = live;
const web = liveWebServer(live);

const small = OVER9000_EXAMPLE;

function post(method: string, body: unknown, token: string | null = web.server.token) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return fetch(`${web.server.origin}/api/${method}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

/** A raw request (fetch would normalise the path and set Host itself). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.server.port,
        path,
        headers: { Host: `127.0.0.1:${web.server.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('npm run web: the HTTP transport', () => {
  it('listens on 127.0.0.1 and prints a URL carrying the token', () => {
    expect(web.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
  });

  it('serves the built renderer with a strict CSP', async () => {
    const page = await fetch(`${web.server.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(
      /default-src 'self'; script-src 'self'/,
    );
    const html = await page.text();
    expect(html).toBe(readFileSync(join(RENDERER, 'index.html'), 'utf8'));
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await fetch(`${web.server.origin}/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await js.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${web.server.origin}/assets/missing.js`)).status).toBe(404);
    expect((await raw('/../../package.json')).status).toBe(404);
    expect((await raw('/%2e%2e/%2e%2e/package.json')).status).toBe(404);
  });

  it('refuses API calls without the token or with a wrong one', async () => {
    const none = await post('info', {}, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({
      ok: false,
      error: { name: 'Unauthorized', message: 'missing or wrong access token' },
    });
    expect((await post('info', {}, 'x'.repeat(43))).status).toBe(401);
    expect((await post('info', {}, '')).status).toBe(401);
    // Another site's page reaching the port by a rebound host name.
    expect((await raw('/', { Host: 'evil.example:80' })).status).toBe(403);
  });

  it('answers with the token: a solve round trip, validation errors with HTTP codes', async () => {
    const info = await post('info', {});
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ ok: true, value: { dbPath, threads: 1 } });

    const solved = await (await post('solve', { position: small, solver: 'dp' })).json();
    expect(solved).toMatchObject({ ok: true, value: { total: '7', best: [2, 4] } });

    const bad = await post('positionsList', { limit: 'ten' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'positionsList.limit: must be a whole number from 1 to 1000, got "ten"',
    );
    expect((await post('nope', {})).status).toBe(400);
    expect((await post('positionsGet', { id: 12345 })).status).toBe(404);
    const notJson = await fetch(`${web.server.origin}/api/info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${web.server.token}`, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
  });

  it("the renderer's client calls the API with the token from the page URL", async () => {
    const stored = new Map<string, string>();
    let shownUrl = '';
    const page = {
      location: new URL(web.server.url),
      sessionStorage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
      },
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, url: string) => (shownUrl = url),
      },
    } as PageLike;
    const client = createApiClient(page);
    expect(client.transport).toBe('web');
    expect(shownUrl).toBe('/'); // the token is hidden from the address bar...
    expect(createApiClient(page).transport).toBe('web'); // ...and kept for a reload
    const saved = await client.positionsSave({ name: 'From the page', position: small as never });
    expect((await client.positionsGet({ id: saved.id })).name).toBe('From the page');
    expect((await client.call('solve', { positionId: saved.id })).total).toBe('7');
    const err = await client.positionsGet({ id: 999 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ name: 'NotFoundError', message: 'position 999 does not exist' });

    const bare = {
      ...page,
      location: new URL(web.server.origin),
      sessionStorage: undefined,
    } as PageLike;
    const none = createApiClient(bare);
    expect(none.transport).toBe('none');
    await expect(none.info({})).rejects.toMatchObject({ name: 'NetworkError' });
  });
});
