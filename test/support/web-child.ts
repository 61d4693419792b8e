// `broadside web` as a real child process for tests that need the server on its own event loop
// (the test's own work must not count in the server's answer times): started on a library file,
// called over HTTP with its token, stopped with a signal.

import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll } from 'vitest';
import { CLI } from './paths';
import { apiCaller, servedUrl, type ApiReply } from './web-served';

export type Reply = ApiReply;

export interface WebChild {
  child: ChildProcess;
  call(method: string, params: unknown): Promise<Reply>;
  /**
   * As call, and `sent` resolves once the whole request body has been handed to the connection
   * (the server has read all but what the socket buffers hold): from then on the server works
   * on the request rather than reading it.
   */
  send(method: string, params: unknown): { sent: Promise<void>; reply: Promise<Reply> };
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What the server has written to standard error so far. */
  stderr(): string;
}

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Starts `broadside web --db dbPath` (and `args`, in `env` when given) and waits for the URL it
 * prints.
 */
export async function startWebChild(
  dbPath: string,
  threads = 2,
  args: string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<WebChild> {
  const child = spawn(
    process.execPath,
    [CLI, 'web', '--db', dbPath, '--threads', String(threads), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) },
  );
  started.push(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await servedUrl(child, () => err);
  const token = url.searchParams.get('token')!;
  const call = apiCaller<Reply>(url);
  const send = (method: string, params: unknown) => {
    const body = Buffer.from(JSON.stringify(params));
    let sent!: () => void;
    const flushed = new Promise<void>((resolve) => (sent = resolve));
    const reply = new Promise<Reply>((resolve, reject) => {
      const req = request(
        new URL(`/api/${method}`, url),
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          answered = true;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          let ended = false;
          res.on('end', () => {
            ended = true;
            resolve(JSON.parse(text) as Reply);
          });
          res.on('close', () => {
            if (!ended) reject(new Error(`the answer to ${method} was cut off`));
          });
        },
      );
      // A server that answers before it has read the whole body (a refusal) closes the
      // connection: the write then fails, but the answer is what the caller needs.
      let answered = false;
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      req.end(body, () => sent());
    });
    return { sent: flushed, reply };
  };
  return { child, call, send, exited, stderr: () => err };
}
