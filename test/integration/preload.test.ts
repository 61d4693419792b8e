// The built preload, run in a bare VM context with a stand-in for Electron: it is one CommonJS
// file needing nothing but 'electron', and exposes exactly the contract's methods (plus version),
// each a call on the one invoke channel.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_CHANNEL, METHOD_NAMES } from '../../src/shared/api';
import { ROOT } from '../support/paths';

describe('the preload bundle', () => {
  it('exposes window.broadside generated from the method table, over one channel', async () => {
    const code = readFileSync(join(ROOT, 'out/preload/index.cjs'), 'utf8');
    const required: string[] = [];
    const exposed = new Map<string, Record<string, unknown>>();
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: {
        exposeInMainWorld: (key: string, value: Record<string, unknown>) => exposed.set(key, value),
      },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => {
          invoked.push(args);
          return { ok: true, value: 'answer' };
        },
      },
    };
    const module = { exports: {} };
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name !== 'electron') throw new Error(`the preload requires ${name}`);
        return electron;
      },
    });
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['broadside']);
    const api = exposed.get('broadside')!;
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES, 'version'].sort());
    expect(api.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.isFrozen(api)).toBe(true);
    const reply = await (api.positionsGet as (p: unknown) => Promise<unknown>)({ id: 3 });
    expect(reply).toEqual({ ok: true, value: 'answer' });
    expect(invoked).toEqual([[API_CHANNEL, 'positionsGet', { id: 3 }]]);
  });
});

// What the layers keep out of the sandboxed bundles (eslint.config.js refuses the imports; these
// read the built files): the preload stays small, and neither it nor the renderer holds solver
// code. The markers are messages only the exact DP and the strategies carry.
describe('the built bundles', () => {
  const SOLVER_MARKERS = ['sampling walked into a dead state', ': no cell can hold a ship'];

  it('the markers are in the worker bundle (so their absence below means something)', () => {
    const dir = join(ROOT, 'out/main');
    const main = [
      ...readdirSync(dir).filter((f) => f.endsWith('.js')),
      ...readdirSync(join(dir, 'chunks')).map((f) => join('chunks', f)),
    ]
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    for (const marker of SOLVER_MARKERS) expect(main).toContain(marker);
  });

  it('the preload is under 10 KB and holds no solver', () => {
    const file = join(ROOT, 'out/preload/index.cjs');
    expect(statSync(file).size).toBeLessThan(10 * 1024);
    const code = readFileSync(file, 'utf8');
    for (const marker of SOLVER_MARKERS) expect(code).not.toContain(marker);
  });

  it('the renderer holds no solver', () => {
    const assets = join(ROOT, 'out/renderer/assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) {
      const code = readFileSync(join(assets, f), 'utf8');
      for (const marker of SOLVER_MARKERS) expect(code, f).not.toContain(marker);
    }
  });
});
