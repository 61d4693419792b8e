// `broadside web [--db PATH] [--port N] [--threads N] [--no-graphs]`: serves the app's renderer and its API on
// 127.0.0.1 for a browser (`npm run web` builds first, then runs this), printing the URL with
// the run's access token. Stops on Ctrl+C, leaving running batches resumable. It keeps state
// graphs in the data folder, as the app does, unless told not to (every solve is then the DP's).

import { join } from 'node:path';
import { InputError } from '../core/errors';
import { builtMainDir } from '../main/worker-file';
import { startWebServer } from '../main/web/server';
import type { Command } from './command';
import {
  dbOption,
  memoryArg,
  memoryOption,
  noPositionals,
  threadsArg,
  threadsOption,
  withServices,
} from './services';

/** The built renderer: out/renderer beside out/main. */
export function rendererDir(): string {
  return join(builtMainDir(import.meta.dirname), '..', 'renderer');
}

export const webCliCommand: Command = {
  name: 'web',
  usage: 'web [--db PATH] [--port N] [--threads N] [--memory MB] [--no-graphs]',
  summary: 'serves the app to a browser on 127.0.0.1 and prints its URL (with an access token)',
  options: {
    ...dbOption,
    ...threadsOption,
    ...memoryOption,
    port: { type: 'string' },
    'no-graphs': { type: 'boolean' },
  },
  async run(args) {
    noPositionals('web', args);
    const port = args.values.port === undefined ? 0 : Number(args.values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new InputError('--port', `must be a port number, got ${String(args.values.port)}`);
    }
    // Like the app: the browser tab is the UI, so one core stays free for it by default (the
    // pool's default), and classic's graph is loaded (or built) once the server listens.
    const threads = args.values.threads === undefined ? undefined : threadsArg(args);
    const keepGraphs = args.values['no-graphs'] !== true;
    const memoryBytes = memoryArg(args.values.memory);
    const options = {
      threads,
      memoryBytes,
      graphs: keepGraphs,
      warmPresetGraphs: keepGraphs,
      settings: true,
    };
    return withServices(args, options, async (services) => {
      const api = services.api();
      const server = await startWebServer({
        dispatch: api.dispatch,
        importBody: api.importBody,
        staticDir: rendererDir(),
        port,
      }).catch((e: unknown) => {
        throw listenError(e, port);
      });
      console.log(`Broadside is serving ${services.dbPath}`);
      console.log(`Open ${server.url}`);
      console.log('Press Ctrl+C to stop.');
      // `on`, not `once`: a Ctrl+C may arrive twice (from the terminal and passed on by
      // bin/broadside.mjs when it re-executed us), and the repeat must not cut the close short.
      let stop = (): void => {};
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      try {
        await stopped;
        await server.close();
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
      return 0;
    });
  },
};

/** A port we cannot listen on is the user's to change: one line saying so, not a stack trace. */
function listenError(e: unknown, port: number): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new InputError(
      '--port',
      `port ${port} on 127.0.0.1 is already in use (another program, or another broadside web, listens there); choose another with --port N, or leave --port out to take a free one`,
    );
  }
  if (code === 'EACCES') {
    return new InputError(
      '--port',
      `not allowed to listen on port ${port} (ports below 1024 need administrator rights); choose a port from 1024 up, or leave --port out`,
    );
  }
  return e;
}
