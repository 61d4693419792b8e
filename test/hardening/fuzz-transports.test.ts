// Fuzzing the two other ways in: the local HTTP transport (raw requests: no or wrong token, a
// foreign Host, wrong verbs and content types, bad JSON, 10,000-deep JSON, bodies over the size
// limit, hostile payloads) and the command line (`broadside import` of hostile files). Every
// request gets an error envelope with a clear status, every import exits 2 with a one-place
// message and no stack trace, the server keeps answering and the library is unchanged.

import { spawnSync } from 'node:child_process';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import { createPool } from '../../src/main/pool';
import { importBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { MAX_BODY_BYTES, startWebServer, type WebServer } from '../../src/main/web/server';
import { METHOD_NAMES } from '../../src/shared/api';
import { contentHash, totalChanges } from '../support/db-hash';
import {
  HUGE_STRING,
  VALID_LOG,
  VALID_POSITIONS,
  deepJsonText,
  HOSTILE_LOGS,
  HOSTILE_POSITIONS,
  jsonCases,
  cases,
  labelled,
  type Case,
} from '../support/hostile';
import { tempDir } from '../support/library';
import { BUILT_WORKER, CLI, ROOT } from '../support/paths';

// Hundreds of generated requests, or a child process per file: seconds on an idle machine,
// minutes beside other CPU-bound work. The bound is generous for that; nothing here is timed.
const FUZZ_MS = 600_000;

const tmp = tempDir();
const tried: Record<string, number> = {};
afterAll(() => {
  tmp.remove();
  console.log(
    `fuzz (transports): ${Object.values(tried).reduce((a, b) => a + b, 0)} inputs: ${Object.entries(
      tried,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
});

const seedBundle = JSON.stringify({
  format: 'broadside-bundle',
  version: 1,
  positions: VALID_POSITIONS.map((p, i) => ({ name: `seed ${i}`, tags: ['seed'], ...p })),
  games: [VALID_LOG],
});

// ---------------------------------------------------------------- HTTP

describe('the HTTP transport under hostile requests', { timeout: FUZZ_MS }, () => {
  const dbPath = tmp.file('web.db');
  const db = openDatabase(dbPath);
  importBundle(db, seedBundle);
  const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
  const api = createApi({ db, dbPath, pool });
  let server: WebServer;
  beforeAll(async () => {
    server = await startWebServer({
      dispatch: api.dispatch,
      staticDir: join(ROOT, 'out/renderer'),
    });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
    await pool.close();
    closeDatabase(db);
  });

  interface Raw {
    verb?: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: string | Buffer;
    /** Send the body in pieces of this size without a Content-Length. */
    chunks?: { size: number; count: number };
  }

  /**
   * One raw request; resolves with the answer even when the server closes early. A client that
   * has its answer stops sending (as browsers do), so the server's cut after a refusal cannot
   * reset the connection before the answer is read; an error counts only when no answer came.
   */
  function send(
    r: Raw,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    return new Promise((resolve, reject) => {
      let answered = false;
      let failure: Error | undefined;
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: r.verb ?? 'POST',
          path: r.path,
          headers: { Host: `127.0.0.1:${server.port}`, ...r.headers },
        },
        (res) => {
          answered = true;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          const done = () => resolve({ status: res.statusCode!, headers: res.headers, body });
          res.on('end', done);
          res.on('error', done);
          res.on('close', done);
        },
      );
      req.on('error', (e) => (failure ??= e));
      // Without an answer by the time the request is over, the request failed.
      req.on('close', () => {
        if (!answered) reject(failure ?? new Error('the connection closed without an answer'));
      });
      if (r.chunks) {
        const piece = Buffer.alloc(r.chunks.size, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < r.chunks!.count) {
            sent++;
            if (req.destroyed || answered) return;
            if (!req.write(piece)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      } else {
        req.end(r.body);
      }
    });
  }

  const auth = () => ({ Authorization: `Bearer ${server.token}` });
  const json = { 'Content-Type': 'application/json' };

  function envelope(body: string): { name: string; message: string } {
    const parsed = JSON.parse(body) as { ok: boolean; error: { name: string; message: string } };
    expect(parsed.ok).toBe(false);
    expect(parsed.error.message.length).toBeGreaterThan(5);
    expect(parsed.error.message).not.toMatch(/\n\s+at /);
    return parsed.error;
  }

  it('refuses generated hostile requests with an error status and envelope', async () => {
    const hash = contentHash(db);
    const changes = totalChanges(db);
    const payloads: fc.Arbitrary<Case<string>> = fc.oneof(
      fc.constantFrom(
        labelled('not JSON', 'solve everything'),
        labelled('half JSON', '{"id": '),
        labelled('NaN literal', '{"id": NaN}'),
        labelled('10,000-deep array', deepJsonText()),
        labelled('10,000-deep object', `{"a": ${deepJsonText(10_000, 'object')}}`),
        labelled('a 10 MB string', JSON.stringify({ name: HUGE_STRING })),
        labelled('[]', '[]'),
        labelled('"x"', '"x"'),
        labelled('an unknown __proto__ key', '{"__proto__": {"polluted": "yes"}}'),
        labelled('invalid UTF-8', '\udc80\ud800{'),
      ),
      cases(jsonCases(HOSTILE_POSITIONS)).map((c) =>
        labelled(`position: ${c.label}`, JSON.stringify({ position: c.value })),
      ),
      cases(jsonCases(HOSTILE_LOGS)).map((c) =>
        labelled(`log: ${c.label}`, JSON.stringify({ log: c.value })),
      ),
    );
    const requests = fc.record({
      verb: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
      method: fc.oneof(
        fc.constantFrom(...METHOD_NAMES),
        fc.constantFrom(
          '__proto__',
          'constructor',
          'toString',
          '%ZZ',
          '%00',
          'info%2F..',
          'x'.repeat(3000) as string,
        ),
      ),
      token: fc.constantFrom('right', 'right', 'right', 'none', 'wrong', 'basic', 'query'),
      host: fc.constantFrom('right', 'right', 'right', 'localhost', 'evil', 'bare ip', 'rebinding'),
      type: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'none',
      ),
      body: payloads,
    });
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        tried.http = (tried.http ?? 0) + 1;
        const headers: Record<string, string> = {};
        if (r.token === 'right') headers.Authorization = `Bearer ${server.token}`;
        if (r.token === 'wrong') headers.Authorization = `Bearer ${server.token.slice(1)}x`;
        if (r.token === 'basic') headers.Authorization = `Basic ${server.token}`;
        const hosts: Record<string, string> = {
          right: `127.0.0.1:${server.port}`,
          localhost: `localhost:${server.port}`,
          evil: 'evil.example',
          'bare ip': '127.0.0.1',
          rebinding: `attacker.example:${server.port}`,
        };
        headers.Host = hosts[r.host]!;
        if (r.type !== 'none') headers['Content-Type'] = r.type;
        const query = r.token === 'query' ? `?token=${server.token}` : '';
        const res = await send({
          verb: r.verb,
          path: `/api/${r.method}${query}`,
          headers,
          body: r.body.value,
        });
        // Every answer is a refusal with its reason; never success, never a server error.
        expect(
          [400, 401, 403, 404, 405, 413, 415, 422],
          `${res.status} ${res.body.slice(0, 200)}`,
        ).toContain(res.status);
        envelope(res.body);
        if (!['right', 'localhost'].includes(r.host)) expect(res.status).toBe(403);
        else if (r.verb !== 'POST') expect(res.status).toBe(405);
        else if (r.token !== 'right') expect(res.status).toBe(401);
        else if (!r.type.startsWith('application/json')) expect(res.status).toBe(415);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }),
      { numRuns: 200, endOnFailure: true },
    );
    expect(totalChanges(db)).toBe(changes);
    expect(contentHash(db)).toBe(hash);
    // Still up and serving.
    const info = await send({ path: '/api/info', headers: { ...auth(), ...json }, body: '{}' });
    expect(info.status).toBe(200);
  });

  it('answers 413 for a body over the limit: declared, or streamed past it', async () => {
    const declared = await send({
      path: '/api/importBundle',
      headers: { ...auth(), ...json, 'Content-Length': MAX_BODY_BYTES + 1 },
      body: '{}',
    });
    tried.http = (tried.http ?? 0) + 2;
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(envelope(declared.body).message).toBe(
      `the request is larger than the limit of ${MAX_BODY_BYTES} bytes`,
    );
    // Chunked (no Content-Length): refused as soon as it passes the limit, not read to the end.
    const t0 = performance.now();
    const streamed = await send({
      path: '/api/importBundle',
      headers: { ...auth(), ...json, 'Transfer-Encoding': 'chunked' },
      chunks: { size: 1024 * 1024, count: MAX_BODY_BYTES / (1024 * 1024) + 64 },
    });
    expect(streamed.status).toBe(413);
    console.log(
      `413 for a streamed body over ${MAX_BODY_BYTES / 2 ** 20} MB after ${(performance.now() - t0).toFixed(0)} ms`,
    );
    // The limit is the one configured; a smaller server refuses smaller bodies.
    const small = await startWebServer({
      dispatch: api.dispatch,
      staticDir: join(ROOT, 'out/renderer'),
      maxBodyBytes: 1000,
    });
    try {
      const res = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: small.port,
            method: 'POST',
            path: '/api/info',
            headers: {
              Host: `127.0.0.1:${small.port}`,
              Authorization: `Bearer ${small.token}`,
              ...json,
            },
          },
          (r) => {
            r.resume();
            resolve(r.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ pad: 'x'.repeat(2000) }));
      });
      tried.http++;
      expect(res).toBe(413);
    } finally {
      await small.close();
    }
    const info = await send({ path: '/api/info', headers: { ...auth(), ...json }, body: '{}' });
    expect(info.status).toBe(200);
  });

  it('a client that goes on sending after its 413 reads the answer, then is cut off', async () => {
    const small = await startWebServer({
      dispatch: api.dispatch,
      staticDir: join(ROOT, 'out/renderer'),
      maxBodyBytes: 1000,
    });
    // Half-open allowed: the client goes on sending after the server has finished its answer.
    const socket = connect({ port: small.port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    socket.setEncoding('utf8');
    // Chunks written, and how many had been written when the whole answer had arrived.
    let sent = 0;
    let sentAtAnswer = -1;
    socket.on('data', (d: string) => {
      answer += d;
      if (sentAtAnswer < 0 && answer.includes('larger than the limit')) sentAtAnswer = sent;
    });
    socket.on('error', () => undefined); // writes after the cut fail; what was read is kept
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(sent)));
    socket.write(
      `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1:${small.port}\r\n` +
        `Authorization: Bearer ${small.token}\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    // 1 KB every 20 ms, forever: past the limit at once, and never done.
    const drip = setInterval(() => {
      if (!socket.destroyed) {
        socket.write(`400\r\n${' '.repeat(1024)}\r\n`);
        sent++;
      }
    }, 20);
    try {
      // The client never stops sending, so the close can only be the server's cut.
      const sentAtClose = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('the request is larger than the limit of 1000 bytes');
      // The answer came first; the server went on reading (and dropping) what followed it,
      // several more chunks, before it cut the connection, rather than resetting it under the
      // answer (which would leave at most the chunk already on its way).
      expect(sentAtAnswer).toBeGreaterThanOrEqual(0);
      expect(sentAtClose).toBeGreaterThanOrEqual(sentAtAnswer + 5);
    } finally {
      clearInterval(drip);
      socket.destroy();
      await small.close();
    }
  });

  it('answers 400 for a body nested millions of levels deep, without parsing it', async () => {
    const levels = 40_000_000; // 80 MB: under the size limit; seconds and gigabytes to parse
    const t0 = performance.now();
    const res = await send({
      path: '/api/importBundle',
      headers: { ...auth(), ...json },
      body: `${'['.repeat(levels)}${']'.repeat(levels)}`,
    });
    tried.http = (tried.http ?? 0) + 1;
    expect(res.status).toBe(400);
    expect(envelope(res.body).message).toBe('the body nests more than 64 levels deep');
    console.log(`80 MB of brackets refused in ${(performance.now() - t0).toFixed(0)} ms`);
  });
});

// ---------------------------------------------------------------- the command line

describe('broadside import of hostile files', { timeout: FUZZ_MS }, () => {
  const dbPath = tmp.file('cli.db');
  const seeded = openDatabase(dbPath);
  importBundle(seeded, seedBundle);
  closeDatabase(seeded);
  const dir = tmp.file('files');
  mkdirSync(dir);

  const file = (name: string, content: string | Buffer): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const json = (v: unknown) => JSON.stringify(v);
  const bundle = (extra: Record<string, unknown>) =>
    json({ format: 'broadside-bundle', version: 1, ...extra });

  function hash(): string {
    const db = new Database(dbPath, { readonly: true });
    try {
      return contentHash(db);
    } finally {
      db.close();
    }
  }

  it('exits 2 with a message naming the place, imports nothing, never crashes', () => {
    const fixed: [string, string][] = [
      ['empty', file('empty.json', '')],
      ['whitespace', file('space.json', ' \n\t ')],
      [
        'binary garbage',
        file(
          'garbage.bin',
          Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256)),
        ),
      ],
      ['invalid UTF-8', file('latin1.json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))],
      ['null', file('null.json', 'null')],
      ['[]', file('array.json', '[]')],
      ['42', file('number.json', '42')],
      ['10,000-deep array', file('deep-array.json', deepJsonText())],
      ['10,000-deep object', file('deep-object.json', deepJsonText(10_000, 'object'))],
      ['a 10 MB string', file('big-string.json', json(HUGE_STRING))],
      ['10 MB of garbage', file('big-garbage.txt', HUGE_STRING)],
      ['a 0x0 board', file('zero.json', json({ rules: { width: 0, height: 0, fleet: [1] } }))],
      [
        'a 1000x1000 board',
        file(
          'huge-board.json',
          json({
            rules: { width: 1000, height: 1000, fleet: [5] },
            board: Array(1000).fill('.'.repeat(1000)),
          }),
        ),
      ],
      [
        'a fleet that cannot fit',
        file(
          'unfit.json',
          json({ rules: { width: 3, height: 3, fleet: [2, 2, 2], touch: 'no-touch' } }),
        ),
      ],
      ['rules "constructor"', file('ctor.json', '{"rules": "constructor"}')],
      [
        'contradictory marks',
        file('contradiction.json', json({ ...VALID_POSITIONS[1], sunk: [[[0, 0]]] })),
      ],
      [
        'a cell fired at twice',
        file(
          'twice.json',
          json({
            ...VALID_LOG,
            layout: undefined,
            shots: [
              { cell: [0, 0], result: 'miss' },
              { cell: [0, 0], result: 'miss' },
            ],
          }),
        ),
      ],
      ['bundle format 42', file('format.json', bundle({ format: 42 }))],
      ['bundle version 99', file('version.json', bundle({ version: 99 }))],
      [
        'a good record and a bad one',
        file(
          'mixed.json',
          bundle({
            positions: [
              { name: 'ok', ...VALID_POSITIONS[0] },
              { name: 'bad', rules: { preset: 'classic' }, board: ['x'] },
            ],
          }),
        ),
      ],
      [
        'prototype keys and a bad record',
        file(
          'proto.json',
          `{"__proto__": {"polluted": 1}, "format": "broadside-bundle", "version": 1, "positions": [{"name": "p", "__proto__": {"rules": {"preset": "classic"}}}]}`,
        ),
      ],
      [
        'a text form 1000x1000',
        file('text.txt', `rules: 1000x1000 fleet=5\n${'.'.repeat(1000)}\n`),
      ],
      ['a text form with a 10 MB header', file('header.txt', `rules: 10x10 ${HUGE_STRING}\n`)],
      ['a folder', dir],
      ['a missing file', join(dir, 'missing.json')],
      ['an endless device', '/dev/zero'],
    ];
    const sparse = join(dir, 'sparse-65mb.json');
    writeFileSync(sparse, '');
    truncateSync(sparse, 65 * 1024 * 1024);
    fixed.push(['a 65 MB file', sparse]);

    const before = hash();
    const times: number[] = [];
    for (const [label, path] of fixed) {
      tried.cli = (tried.cli ?? 0) + 1;
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [CLI, 'import', path, '--db', dbPath], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      times.push(performance.now() - t0);
      expect(r.signal, label).toBeNull();
      expect(r.status, `${label}: ${r.stderr.slice(0, 300)}`).toBe(2);
      expect(r.stdout, label).toBe('');
      expect(r.stderr, label).toMatch(/^broadside: [^\n]+: /);
      expect(r.stderr, label).not.toMatch(/\n\s+at /);
      expect(r.stderr.length, label).toBeLessThan(5000);
    }
    expect(hash()).toBe(before);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `broadside import: ${fixed.length} hostile files refused, ${mean.toFixed(0)} ms each on average`,
    );
  });
});
