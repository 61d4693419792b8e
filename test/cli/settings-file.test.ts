// The settings file beside the library, read by a real `broadside web` child at start: a budget
// saved there is the budget in force (info's memory source says "settings") unless --memory or
// BROADSIDE_MEMORY_MB gives one; a damaged or hand-edited file costs one line on stderr and the
// default is used. settingsSave writes the file for the next start (the budget in force stays)
// and refuses a budget out of range in one line, leaving the file as it was.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths';
import { startWebChild } from '../support/web-child';

type Reply = {
  ok: boolean;
  value?: Record<string, unknown>;
  error?: { name: string; message: string };
};
type Memory = { budgetBytes: number; source: string; savedMb?: number | null };

const MIB = 2 ** 20;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment without a memory budget or a shared graph folder of the suite's. */
const { BROADSIDE_GRAPHS_DIR: _graphs, BROADSIDE_MEMORY_MB: _memory, ...cleanEnv } = process.env;

/** A data folder (the library's), with this settings file text when given. */
function dataFolder(settings?: string): string {
  const home = mkdtempSync(join(tmpdir(), 'broadside-settings-'));
  dirs.push(home);
  if (settings !== undefined) writeFileSync(join(home, 'settings.json'), settings);
  return home;
}

/** A `broadside web` child on the folder's library: its API, and what it wrote to stderr. */
async function startWeb(home: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const web = await startWebChild(join(home, 'lib.db'), 1, ['--no-graphs', ...args], {
    ...cleanEnv,
    ...env,
  });
  const call = async (method: string, params: unknown) => (await web.call(method, params)) as Reply;
  const memory = async (): Promise<Memory> => {
    const reply = await call('info', {});
    expect(reply.ok, JSON.stringify(reply.error)).toBe(true);
    return reply.value!['memory'] as Memory;
  };
  return { call, memory, stderr: web.stderr, stop: () => web.child.kill('SIGTERM') };
}

describe('the settings file at start (broadside web)', { timeout: 60_000 }, () => {
  it('a saved budget is the budget in force, and info says it came from the settings', async () => {
    const home = dataFolder(JSON.stringify({ memoryMb: 3000 }));
    const web = await startWeb(home);
    expect(await web.memory()).toMatchObject({
      budgetBytes: 3000 * MIB,
      source: 'settings',
      savedMb: 3000,
    });
    expect(web.stderr()).toBe('');
    web.stop();
  });

  it('--memory and BROADSIDE_MEMORY_MB come before the settings file', async () => {
    const home = dataFolder(JSON.stringify({ memoryMb: 3000 }));
    const flag = await startWeb(home, ['--memory', '1024']);
    expect(await flag.memory()).toMatchObject({ budgetBytes: 1024 * MIB, source: 'flag' });
    flag.stop();
    const env = await startWeb(home, [], { BROADSIDE_MEMORY_MB: '2048' });
    expect(await env.memory()).toMatchObject({ budgetBytes: 2048 * MIB, source: 'environment' });
    env.stop();
  });

  for (const [what, text, says] of [
    ['damaged', '{"memoryMb": 30', /settings\.json/],
    ['hand-edited out of range', '{"memoryMb": 10}', /settings\.json: memoryMb: must be .*256/],
    ['hand-edited with an unknown field', '{"memory": 3000}', /unknown field "memory"/],
  ] as const) {
    it(`a ${what} file gives one line on stderr and the default`, async () => {
      const home = dataFolder(text);
      const web = await startWeb(home);
      const memory = await web.memory();
      expect(memory.source).toBe('default');
      expect(memory.savedMb).toBeNull();
      const lines = web.stderr().trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(lines[0]).toMatch(/using the default settings$/);
      expect(readFileSync(join(home, 'settings.json'), 'utf8')).toBe(text);
      web.stop();
    });
  }

  it('settingsSave keeps a budget for the next start and refuses one out of range', async () => {
    const home = dataFolder();
    const file = join(home, 'settings.json');
    const web = await startWeb(home);
    const saved = await web.call('settingsSave', { memoryMb: 2048 });
    expect(saved).toEqual({
      ok: true,
      value: { memoryMb: 2048, graphCacheMb: null, settingsFile: file },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ memoryMb: 2048 });
    // In force: still the default, until the next start.
    expect(await web.memory()).toMatchObject({ source: 'default', savedMb: 2048 });

    for (const bad of [10, 2048.5, '2048', 2 ** 21]) {
      const reply = await web.call('settingsSave', { memoryMb: bad });
      expect(reply.ok).toBe(false);
      expect(reply.error!.name).toBe('InputError');
      expect(reply.error!.message).toMatch(/^settingsSave\.memoryMb: must be .*256 to 1048576/);
      expect(reply.error!.message).not.toContain('\n');
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ memoryMb: 2048 });
    web.stop();

    const next = await startWeb(home);
    expect(await next.memory()).toMatchObject({ budgetBytes: 2048 * MIB, source: 'settings' });
    expect((await next.call('settingsSave', { memoryMb: null })).ok).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ memoryMb: null });
    next.stop();

    const third = await startWeb(home);
    expect(await third.memory()).toMatchObject({ source: 'default', savedMb: null });
    third.stop();
  });

  it('keeps the graph folder limit for the next start; info shows it, the environment first', async () => {
    const home = dataFolder(JSON.stringify({ memoryMb: 3000 }));
    const file = join(home, 'settings.json');
    const web = await startWeb(home);
    const saved = await web.call('settingsSave', { graphCacheMb: 700 });
    expect(saved.value).toMatchObject({ memoryMb: 3000, graphCacheMb: 700 });
    // The budget saved before is kept: a save names only what it changes.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ memoryMb: 3000, graphCacheMb: 700 });
    const bad = await web.call('settingsSave', { graphCacheMb: 1 });
    expect(bad.error?.message).toMatch(/^settingsSave\.graphCacheMb: must be /);
    web.stop();

    const info = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [CLI, 'info', '--db', join(home, 'lib.db')], {
        encoding: 'utf8',
        env: { ...cleanEnv, ...env },
      });
    const fromFile = info({});
    expect(fromFile.status, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toMatch(/^ {2}limit 700\.0 MB \(the settings file\)/m);
    const fromEnv = info({ BROADSIDE_GRAPH_CACHE_MB: '900' });
    expect(fromEnv.stdout).toMatch(/^ {2}limit 900\.0 MB \(BROADSIDE_GRAPH_CACHE_MB\)/m);
    const wrong = info({ BROADSIDE_GRAPH_CACHE_MB: 'lots' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/BROADSIDE_GRAPH_CACHE_MB.*must be a whole number of MB/);
  });

  it('broadside info reports the budget the settings file gives', () => {
    const home = dataFolder(JSON.stringify({ memoryMb: 3000 }));
    const r = spawnSync(process.execPath, [CLI, 'info', '--db', join(home, 'lib.db')], {
      encoding: 'utf8',
      env: cleanEnv,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^memory budget: 3000\.0 MB \(the settings file\)/m);
    expect(r.stdout).toContain(`settings: ${join(home, 'settings.json')}`);
  });
});
