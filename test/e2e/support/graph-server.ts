// A second `broadside web` for the browser tests that need state graphs (the shared test server
// runs with --no-graphs): a real child process on a throwaway library and data folder, so the
// graphs it builds (the presets' at start, then any rules solved) land in a folder removed after.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GraphServer {
  /** The address with the run's access token, as the server prints it. */
  url: string;
  stop(): Promise<void>;
}

/** The environment without a shared graph folder (BROADSIDE_GRAPHS_DIR). */
function withoutSharedGraphs(): NodeJS.ProcessEnv {
  const { BROADSIDE_GRAPHS_DIR: _shared, ...env } = process.env;
  return env;
}

/** Starts the server with one solving thread and waits for the address it prints. */
export async function startGraphServer(): Promise<GraphServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-e2e-graphs-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/broadside.mjs', 'web', '--port', '0', '--threads', '1', '--db', join(dataDir, 'e2e.db')],
    // Its graph files go to graphs/ beside the library, in the throwaway folder.
    { env: withoutSharedGraphs(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) =>
        reject(new Error(`broadside web exited (${code}) before serving: ${out}${err}`)),
      );
    });
    return {
      url,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
