// The API as the app runs it, for integration tests: a real library file in a temporary folder,
// a real pool on the built worker and, when asked, the local web server in front of them. Each
// is closed after the test file, the server first.

import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApi, type ApiService } from '../../src/main/api';
import { createPool, type JobPool, type PoolOptions } from '../../src/main/pool';
import { closeDatabase, openDatabase, type Db } from '../../src/main/store/open';
import { startWebServer, type WebServer } from '../../src/main/web/server';
import type { ApiReply } from '../../src/shared/api';
import { tempDir, type TempDir } from './library';
import { BUILT_WORKER, ROOT } from './paths';

export interface LiveApi {
  tmp: TempDir;
  dbPath: string;
  db: Db;
  pool: JobPool;
  api: ApiService;
}

/** A library `name`.db and a pool (two threads unless `pool` says otherwise) behind the API. */
export function liveApi(name: string, pool: PoolOptions = {}): LiveApi {
  const tmp = tempDir();
  const dbPath = tmp.file(`${name}.db`);
  const db = openDatabase(dbPath);
  const jobs = createPool({ workerFile: BUILT_WORKER, threads: 2, ...pool });
  const api = createApi({ db, dbPath, pool: jobs });
  afterAll(async () => {
    await api.close();
    await jobs.close();
    closeDatabase(db);
    tmp.remove();
  });
  return { tmp, dbPath, db, pool: jobs, api };
}

/** The local web server over `live`'s API, serving the built renderer; started before the tests. */
export function liveWebServer(live: LiveApi): { readonly server: WebServer } {
  let server: WebServer | undefined;
  beforeAll(async () => {
    server = await startWebServer({
      dispatch: live.api.dispatch,
      staticDir: join(ROOT, 'out/renderer'),
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server(): WebServer {
      if (!server) throw new Error('the web server starts in beforeAll');
      return server;
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
export type Loose = any;

/** Calls on `api` as a transport makes them: every reply must survive JSON unchanged. */
export function apiCalls(api: ApiService) {
  async function call(method: string, params?: unknown): Promise<ApiReply<Loose>> {
    const reply = await api.dispatch(method, params);
    expect(JSON.parse(JSON.stringify(reply))).toEqual(reply);
    return reply;
  }
  /** The value of a call that must succeed. */
  async function ok(method: string, params?: unknown): Promise<Loose> {
    const reply = await call(method, params);
    if (!reply.ok) throw new Error(`${method}: ${reply.error.name}: ${reply.error.message}`);
    return reply.value;
  }
  /** The error of a call that must fail. */
  async function error(
    method: string,
    params?: unknown,
  ): Promise<{ name: string; message: string }> {
    const reply = await call(method, params);
    expect(reply.ok).toBe(false);
    return (reply as { error: { name: string; message: string } }).error;
  }
  return { call, ok, error };
}
