// The address a `broadside web` child serves at, and a call to its API with the token that
// address carries: shared by the tests' web child and the benches that start a real server.

import type { ChildProcess } from 'node:child_process';

export type ApiReply = {
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string };
};

/**
 * Resolves with the URL the child prints once it listens; rejects when it exits first, with what
 * it printed (and `stderr()`, when the caller collects it).
 */
export function servedUrl(child: ChildProcess, stderr: () => string = () => ''): Promise<URL> {
  let out = '';
  return new Promise<URL>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open (http:\S+)/.exec(out);
      if (m) resolve(new URL(m[1]!));
    });
    child.on('exit', (code) =>
      reject(new Error(`web exited ${code} before serving: ${out}${stderr()}`)),
    );
  });
}

/** Calls `method` of the API served at `url` (its token in the query) with `params`. */
export function apiCaller<R = ApiReply>(url: URL): (method: string, params: unknown) => Promise<R> {
  const token = url.searchParams.get('token')!;
  return async (method, params) => {
    const res = await fetch(new URL(`/api/${method}`, url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return (await res.json()) as R;
  };
}
