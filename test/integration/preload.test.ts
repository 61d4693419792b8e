// The built preload, run in a bare VM context with a stand-in for Electron: it is one CommonJS
// file needing nothing but 'electron', and exposes exactly the contract's methods (plus version),
// each a call on the one invoke channel.

import { readFileSync } from 'node:fs';
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
