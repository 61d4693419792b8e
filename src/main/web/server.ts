// The browser transport: an HTTP server on 127.0.0.1 that serves the built renderer and the API,
// so the same renderer runs in a browser against the real services (`npm run web`).
//
//   GET  /...           static files of out/renderer (no secrets there), with a strict CSP
//   POST /api/<method>  JSON params in, ApiReply envelope out; needs `Authorization: Bearer
//                       <token>`, a random token made per run and handed to the page in its URL
//
// Without the right token a call gets 401. Requests whose Host is not this server's own address
// are refused (a web page elsewhere cannot reach it through DNS rebinding), and there are no CORS
// headers, so other origins cannot read answers. Payloads are validated by dispatch like IPC's.
// A call whose client closes the connection before the answer has its job cancelled.
// A body over its method's size limit gets 413 (from its Content-Length at once, else as soon as it
// passes the limit) and the connection is closed instead of reading the rest; a large body while
// another is in flight gets 503 (body-limits.ts).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../core/json-text';
import { API_PATH, type ApiReply } from '../../shared/api';
import { ERROR_KINDS, type ErrorKind } from '../../shared/errors';
import type { ApiCall } from '../api/handlers';
import {
  bodyLimitOf,
  createLargeBodySlots,
  LARGE_BODY_BUSY,
  MAX_BODY_BYTES,
  MAX_LARGE_BODIES,
  SMALL_BODY_BYTES,
} from './body-limits';

/** `signal` aborts when the client closes the request before its answer: its job is stopped. */
export type Dispatch = (
  method: unknown,
  params: unknown,
  call?: ApiCall,
) => Promise<ApiReply<unknown>>;

export const HOST = '127.0.0.1';
export { MAX_BODY_BYTES, SMALL_BODY_BYTES };

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface WebServerOptions {
  dispatch: Dispatch;
  /**
   * Imports an importBundle request's raw body (JSON `{"text": ...}`) off this thread: a large
   * body costs hundreds of milliseconds to decode and parse here. Without it, importBundle is
   * dispatched like every other method.
   */
  importBody?: (body: Buffer, call: ApiCall) => Promise<ApiReply<unknown>>;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** Default: a fresh random token. */
  token?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Largest request body in bytes (importBundle); default MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** Largest body of every other method; default SMALL_BODY_BYTES (never above maxBodyBytes). */
  smallBodyBytes?: number;
  /** Bodies over the small limit in flight at once; default MAX_LARGE_BODIES. */
  maxLargeBodies?: number;
}

export interface WebServer {
  /** The page to open, token included: http://127.0.0.1:PORT/?token=... */
  url: string;
  origin: string;
  token: string;
  port: number;
  /** The socket address it listens on (always 127.0.0.1). */
  address: AddressInfo;
  close(): Promise<void>;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

function fail(res: ServerResponse, status: number, name: ErrorKind, message: string): void {
  const headers = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, status, { ok: false, error: { name, message } });
}

/**
 * Answers without reading the request body: the rest of the body is discarded and, when some is
 * still to come, the connection is closed after the answer instead of waiting for it.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  name: ErrorKind,
  message: string,
): void {
  if (!req.complete) {
    res.setHeader('Connection', 'close');
    lingerBeforeClosing(req, res);
  }
  req.resume();
  fail(res, status, name, message);
}

/** How long the rest of a refused body may still be read (and dropped) after the answer. */
const LINGER_MS = 2000;

/**
 * A lingering close. Once the answer is flushed Node destroys the socket, and closing a socket
 * with unread data resets the connection, which can throw the answer away before the client has
 * read it (a browser would show a network error instead of "too large"). So the socket's write
 * side is ended as usual, but the body still arriving is read and dropped until the client stops
 * or LINGER_MS pass.
 */
function lingerBeforeClosing(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  // Runs after Node's own 'finish' handler, which has ended the socket and queued its destroy.
  res.once('finish', () => {
    if (socket.destroyed) return;
    socket.removeListener('finish', socket.destroy);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.resume();
  });
}

/** An importBundle body past this is decoded, parsed and imported off this thread. */
const IMPORT_BODY_HERE_BYTES = 256 * 1024;

class BodyTooLarge extends Error {}
class BodyBusy extends Error {}

/**
 * The body's bytes; rejects with BodyTooLarge as soon as it passes `max` bytes, and with BodyBusy
 * when it passes `small` bytes and `mayGrow()` says no other large body may be read now.
 */
function readBody(
  req: IncomingMessage,
  max: number,
  small: number,
  mayGrow: () => boolean,
): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      const before = size;
      size += chunk.length;
      if (size > max) return stop(new BodyTooLarge());
      if (before <= small && size > small && !mayGrow()) return stop(new BodyBusy());
      chunks.push(chunk);
    };
    const onEnd = (): void => resolveBody(Buffer.concat(chunks));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newToken();
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const smallBody = Math.min(options.smallBodyBytes ?? SMALL_BODY_BYTES, maxBody);
  const largeBodies = createLargeBodySlots(options.maxLargeBodies ?? MAX_LARGE_BODIES);
  const root = resolve(options.staticDir);
  let allowedHosts = new Set<string>();

  async function api(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return refuse(req, res, 405, 'InputError', 'API calls use POST');
    }
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : '';
    if (!given || !sameToken(given, token)) {
      return refuse(req, res, 401, 'Unauthorized', 'missing or wrong access token');
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return refuse(req, res, 415, 'InputError', 'send the params as application/json');
    }
    let name: string;
    try {
      name = decodeURIComponent(method);
    } catch {
      return refuse(req, res, 400, 'InputError', 'bad method name');
    }
    const limit = bodyLimitOf(name, maxBody, smallBody);
    const tooLarge = `the request is larger than the limit of ${limit} bytes`;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return refuse(req, res, 413, 'InputError', tooLarge);
    // A large body holds its place until its answer is sent (parsing and importing it is the
    // costly part), or its client goes.
    let holdsLarge = false;
    const mayGrow = (): boolean => {
      if (holdsLarge) return true;
      if (!largeBodies.take()) return false;
      holdsLarge = true;
      res.once('close', () => largeBodies.release());
      return true;
    };
    if (declared > smallBody && !mayGrow()) {
      return refuse(req, res, 503, 'BusyError', LARGE_BODY_BUSY);
    }
    let params: unknown;
    let raw: Buffer | undefined;
    try {
      raw = await readBody(req, limit, smallBody, mayGrow);
    } catch (e) {
      if (e instanceof BodyTooLarge) return refuse(req, res, 413, 'InputError', tooLarge);
      if (e instanceof BodyBusy) return refuse(req, res, 503, 'BusyError', LARGE_BODY_BUSY);
      return fail(res, 400, 'InputError', 'the body is not valid JSON');
    }
    const bytes = raw;
    raw = undefined;
    if (name === 'importBundle' && options.importBody && bytes.length > IMPORT_BODY_HERE_BYTES) {
      return answer(res, (call) => options.importBody!(bytes, call));
    }
    try {
      const body = bytes.toString('utf8');
      if (jsonNestsDeeperThan(body)) {
        return fail(
          res,
          400,
          'InputError',
          `the body nests more than ${MAX_JSON_DEPTH} levels deep`,
        );
      }
      params = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      return fail(res, 400, 'InputError', 'the body is not valid JSON');
    }
    return answer(res, (call) => options.dispatch(name, params, call));
  }

  /** Runs a call and sends its reply, unless its client has gone. */
  async function answer(
    res: ServerResponse,
    run: (call: ApiCall) => Promise<ApiReply<unknown>>,
  ): Promise<void> {
    // A client that closes its request (a user who gave up, a page reloaded) no longer wants the
    // answer: cancel its job rather than let it hold a worker thread.
    const gone = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) gone.abort();
    };
    res.once('close', onClose);
    const reply = await run({ signal: gone.signal });
    res.off('close', onClose);
    if (gone.signal.aborted) return;
    sendJson(res, reply.ok ? 200 : ERROR_KINDS[reply.error.name].status, reply);
  }

  async function file(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return refuse(req, res, 405, 'InputError', 'only GET and HEAD for files');
    }
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return fail(res, 400, 'InputError', 'bad path');
    }
    if (path.includes('\0')) return fail(res, 400, 'InputError', 'bad path');
    if (path.endsWith('/')) path += 'index.html';
    const full = resolve(join(root, normalize(path)));
    if (full !== root && !full.startsWith(root + sep)) {
      return fail(res, 404, 'NotFoundError', 'no such file');
    }
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return fail(res, 404, 'NotFoundError', 'no such file');
    const type = TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream';
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': info.size,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'no-cache',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(full).pipe(res);
  }

  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts.has(host)) {
      return refuse(req, res, 403, 'InputError', 'unexpected Host header');
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const handle = pathname.startsWith(API_PATH)
      ? api(req, res, pathname.slice(API_PATH.length))
      : file(req, res, pathname);
    handle.catch((e: unknown) => {
      console.error('broadside web:', e);
      if (!res.headersSent) fail(res, 500, 'InternalError', 'internal error');
      else res.destroy();
    });
  });
  // Receiving a request (headers and body) is bounded; answering it is not: the timer stops once
  // the body is in, so a long solve still answers when done.
  server.requestTimeout = 300_000;
  server.headersTimeout = 30_000;

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  const { port } = address;
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const origin = `http://${HOST}:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    address,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
