// Bots through the API, as the lab adds them: accepted from the desktop app's IPC transport (its
// calls are marked as the app's own), refused by the web transport and by any call not so marked,
// since a bot is a program started on this computer. Real pool, real bot process, real server.

import type { IpcMainInvokeEvent } from 'electron';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CHANNEL, type SimulationRunReport } from '../../src/shared/api';
import { createApi } from '../../src/main/api';
import { registerApiIpc } from '../../src/main/ipc';
import { createPool } from '../../src/main/pool';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { startWebServer, type WebServer } from '../../src/main/web/server';
import { tempDir } from '../support/library';
import { BUILT_WORKER, ROOT } from '../support/paths';

const tmp = tempDir();
const dbPath = tmp.file('bots.db');
const db = openDatabase(dbPath);
const pool = createPool({ workerFile: BUILT_WORKER, threads: 1 });
const api = createApi({ db, dbPath, pool });
let server: WebServer;

beforeAll(async () => {
  server = await startWebServer({ dispatch: api.dispatch, staticDir: join(ROOT, 'out/renderer') });
});
afterAll(async () => {
  await server.close();
  await api.close();
  await pool.close();
  closeDatabase(db);
  tmp.remove();
});

const sweeper = {
  name: 'sweeper',
  command: `'${process.execPath}' '${join(ROOT, 'examples/node-bot.mjs')}'`,
};
const request = {
  rules: { preset: 'classic' },
  strategies: ['pdf'],
  games: 4,
  seed: 3,
  bots: [sweeper],
};
const refusal =
  /^simulate\.bots: start programs on this computer: only the desktop app may add them/;

describe('bots over the API', () => {
  it('the IPC transport (the desktop window) plays them beside the strategies', async () => {
    const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
    const ipc = {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
        handlers.set(channel, fn),
      removeHandler: (channel: string) => handlers.delete(channel),
    };
    const remove = registerApiIpc(ipc as never, api.dispatch, () => true);
    const reply = (await handlers.get(API_CHANNEL)!(
      {} as IpcMainInvokeEvent,
      'simulate',
      request,
    )) as {
      ok: boolean;
      value: SimulationRunReport;
    };
    remove();
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    expect(Object.keys(reply.value.strategies)).toEqual(['pdf', 'sweeper']);
    expect(reply.value.strategies['sweeper']!.games).toBe(4);
    expect(reply.value.bots!.shooters['sweeper']).toMatchObject({ forfeits: 0 });
    expect(reply.value.paired).toHaveLength(1);
  });

  it('the web transport refuses them before anything starts', async () => {
    const res = await fetch(`${server.origin}/api/simulate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: JSON.stringify(request),
    });
    const body = (await res.json()) as { ok: boolean; error: { name: string; message: string } };
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: { name: 'InputError' } });
    expect(body.error.message).toMatch(refusal);
    // the same request without bots is served
    const plain = await fetch(`${server.origin}/api/simulate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ ...request, bots: [] }),
    });
    expect(plain.status).toBe(200);
  });

  it('a call not marked as the desktop window is refused, and the schema takes no argv', async () => {
    expect(await api.dispatch('simulate', request)).toMatchObject({
      ok: false,
      error: { name: 'InputError', message: expect.stringMatching(refusal) },
    });
    // a placing bot is a program too: no field of the contract, and refused in process unless
    // the call may start programs
    expect(await api.dispatch('simulate', { ...request, bots: [], placer: sweeper })).toMatchObject(
      {
        ok: false,
        error: { name: 'InputError', message: expect.stringMatching(/unknown field "placer"/) },
      },
    );
    const local = { localBots: { placer: sweeper, botTimeoutMs: 2000 } };
    expect(await api.dispatch('simulate', { ...request, bots: [] }, local)).toMatchObject({
      ok: false,
      error: {
        name: 'InputError',
        message: expect.stringMatching(/^simulate\.placer: start programs on this computer/),
      },
    });
    const argv = { ...request, bots: [{ name: 'x', argv: ['sh', '-c', 'true'] }] };
    expect(await api.dispatch('simulate', argv, { desktop: true })).toMatchObject({
      ok: false,
      error: { name: 'InputError', message: expect.stringMatching(/unknown field "argv"/) },
    });
  });
});
