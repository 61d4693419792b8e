// The API as the app runs it, for integration tests: a real library file in a temporary folder,
// a real pool on the built worker and, when asked, the local web server in front of them. Each
// is closed after the test file, the server first.

import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApi, type ApiService } from '../../src/main/api';
import { createPool, type JobPool, type PoolOptions } from '../../src/main/pool';
import { closeDatabase, openDatabase, type Db } from '../../src/main/store/open';
import { startWebServer, type WebServer } from '../../src/main/web/server';
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
