// The web transport under load: a closed request cancels its job, a solve cannot ask for more than
// its 2-minute limit, a full job queue answers 503 busy, each method has a body limit fitting its
// largest legal payload, and only one large body is read or imported at a time. The real API
// and a real one-thread pool behind the real server on 127.0.0.1.

import { once } from 'node:events';
import { request, type ClientRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SMALL_BODY_BYTES } from '../../src/main/web/server';
import { VALID_POSITIONS } from '../support/hostile';
import { liveApi, liveWebServer } from '../support/live-api';
import { EMPTY_14X14 } from '../support/fixtures';

const live = liveApi('web-limits', { threads: 1, queueBounds: { interactive: 1, background: 1 } });
const web = liveWebServer(live);

/** Exact enumeration of an empty 14x14 board: far longer than its 2-minute limit. */
const endless = EMPTY_14X14;
const quick = VALID_POSITIONS[1];

interface Reply {
  status: number;
  body: { ok: boolean; value?: unknown; error?: { name: string; message: string } };
}

/** A POST whose body the caller writes; `reply` settles with the answer. */
function open(
  method: string,
  length?: number,
  extra: Record<string, string> = {},
): { req: ClientRequest; reply: Promise<Reply> } {
  const headers: Record<string, string | number> = {
    ...extra,
    Host: `127.0.0.1:${web.server.port}`,
    Authorization: `Bearer ${web.server.token}`,
    'Content-Type': 'application/json',
  };
  if (length !== undefined) headers['Content-Length'] = length;
  const req = request({
    host: '127.0.0.1',
    port: web.server.port,
    method: 'POST',
    path: `/api/${method}`,
    headers,
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: JSON.parse(text) as Reply['body'] }),
      );
    });
    req.on('error', reject);
  });
  return { req, reply };
}

function post(method: string, params: unknown): Promise<Reply> {
  const body = JSON.stringify(params);
  const { req, reply } = open(method, Buffer.byteLength(body));
  req.end(body);
  return reply;
}

/** Resolves once `check` holds; no clock of its own (the test's time limit fails a wait forever). */
async function until(check: () => Promise<boolean>): Promise<true> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
  return true;
}

const running = async (key: string) =>
  ((await post('jobProgress', { key })).body.value as { running: boolean }).running;

/** The whole reply to a call refused for now, saying `message`. */
const busyReply = (message: string): Reply => ({
  status: 503,
  body: { ok: false, error: { name: 'BusyError', message } },
});

describe('the web transport under load', () => {
  it('cancels the job of a request its client closed; the next solve runs at once', async () => {
    const body = JSON.stringify({ position: endless, solver: 'enumerate', boardKey: 'closed' });
    const { req, reply } = open('solve', Buffer.byteLength(body));
    reply.catch(() => undefined); // the client gives up: no answer expected
    req.end(body);
    expect(await until(() => running('closed'))).toBe(true);
    req.destroy();
    // Without the cancel the solve would hold the only thread for its full 2 minutes.
    expect(await until(async () => !(await running('closed')))).toBe(true);
    const next = await post('solve', { position: quick, solver: 'dp', timeoutMs: 20_000 });
    expect(next).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("refuses a solve's timeoutMs above its 2-minute limit, naming the field", async () => {
    const reply = await post('solve', { position: quick, timeoutMs: 86_400_000 });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({
      name: 'InputError',
      message: 'solve.timeoutMs: must be a whole number from 100 to 120000, got 86400000',
    });
    expect((await post('solve', { position: quick, timeoutMs: 120_000 })).status).toBe(200);
  });

  it('answers 503 busy when the job queue is full', async () => {
    const held = [1, 2].map(() => {
      const body = JSON.stringify({ position: endless, solver: 'enumerate' });
      const call = open('solve', Buffer.byteLength(body));
      call.reply.catch(() => undefined);
      call.req.end(body);
      return call.req;
    });
    try {
      // One runs, one waits: the bound of this pool. (The probe's solver is one whose results
      // are never reused: a kept exact result is answered without a worker, busy or not.)
      let last: Reply | undefined;
      expect(
        await until(async () => {
          last = await post('solve', { position: quick, solver: 'pdf' });
          return last.status !== 200;
        }),
      ).toBe(true);
      expect(last).toEqual(
        busyReply(
          'busy: the queue of solves waiting for a worker is full (1); try again in a moment',
        ),
      );
    } finally {
      for (const req of held) req.destroy();
    }
    expect(await until(async () => (await post('solve', { position: quick })).status === 200)).toBe(
      true,
    );
  });

  it('limits the body of each method to what its largest payload needs', async () => {
    const pad = ' '.repeat(SMALL_BODY_BYTES);
    const solve = await post('solve', { position: quick, pad });
    expect(solve.status).toBe(413);
    expect(solve.body.error?.message).toBe(
      `the request is larger than the limit of ${SMALL_BODY_BYTES} bytes`,
    );
    // An import of the same size is fine: an empty bundle padded with spaces.
    const text = `{"format": "broadside-bundle", "version": 1, "positions": []}${pad}`;
    const imported = await post('importBundle', { text });
    expect(imported).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('reads one large body at a time; another gets 503 busy until it is done', async () => {
    const text = `{"format": "broadside-bundle", "version": 1, "positions": []}${' '.repeat(3 * SMALL_BODY_BYTES)}`;
    const body = JSON.stringify({ text });
    // "100 Continue" comes once the server has taken the request (and its large-body place).
    const first = open('importBundle', Buffer.byteLength(body), { Expect: '100-continue' });
    await once(first.req, 'continue');
    first.req.write(body.slice(0, SMALL_BODY_BYTES * 2)); // not finished yet
    const second = await post('importBundle', { text });
    expect(second).toEqual(
      busyReply(
        'busy: another large request is being read or imported; try again when it has finished',
      ),
    );
    first.req.end(body.slice(SMALL_BODY_BYTES * 2));
    expect(await first.reply).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post('importBundle', { text })).toMatchObject({ status: 200 });
    // Small calls are never held up by it.
    expect((await post('info', {})).status).toBe(200);
  });
});
