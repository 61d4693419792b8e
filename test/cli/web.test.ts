// `broadside web` as users run it, where it cannot start: a real process and a real busy port.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths';

const dir = mkdtempSync(join(tmpdir(), 'broadside-web-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function listening(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('broadside web', () => {
  it('on a port in use exits 2 with one line naming the port and what to do', async () => {
    const { server, port } = await listening();
    try {
      const r = spawnSync(
        process.execPath,
        [CLI, 'web', '--port', String(port), '--db', join(dir, 'web.db'), '--threads', '1'],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `broadside: --port: port ${port} on 127.0.0.1 is already in use (another program, or ` +
          'another broadside web, listens there); choose another with --port N, or leave --port ' +
          'out to take a free one\n',
      );
      expect(r.stdout).toBe('');
    } finally {
      server.close();
    }
  });
});
