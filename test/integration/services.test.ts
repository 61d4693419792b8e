// @vitest-environment node
// The services every transport starts (src/main/services.ts): the library, the pool and the API
// over them. The pool's threads start with its first job, so a command that only imports or
// exports (through the API like every other) starts no worker thread. Threads are counted as the
// operating system sees them (Linux: /proc/self/task), with a solve as the control that starts
// them.

import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServices } from '../../src/main/services';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
const threadsNow = (): number => readdirSync('/proc/self/task').length;
const position = {
  rules: { preset: 'classic' },
  board: Array<string>(10).fill('..........'),
  sunk: [],
};

beforeAll(() => {
  process.env['BROADSIDE_WORKER'] = BUILT_WORKER;
});
afterAll(() => {
  delete process.env['BROADSIDE_WORKER'];
  tmp.remove();
});

async function* chunksOf(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += 7) yield text.slice(i, i + 7);
}

describe.runIf(process.platform === 'linux')('the services of a transport', () => {
  it('import and export go through the API with no worker thread; the first job starts them', async () => {
    const services = openServices({ dbPath: tmp.file('library.db'), threads: 2 });
    try {
      const api = services.api();
      // The library's own threads (none) and the file system's are running by now.
      expect(await api.call('positionsList', {})).toMatchObject({ ok: true });
      const before = threadsNow();
      // A lone position, read in pieces, takes the name given for it.
      const summary = await api.importChunks(chunksOf(JSON.stringify(position)), 'Empty');
      expect(summary).toMatchObject({ positions: 1, games: 0 });
      let text = '';
      api.exportTo({}, (line) => (text += line));
      expect(JSON.parse(text).positions).toHaveLength(1);
      expect(JSON.parse(text).positions[0].name).toBe('Empty');
      expect(threadsNow()).toBe(before);
      // The control: a solve is a job, and the pool's two threads start for it.
      const solved = await api.call('solve', { position, solver: 'dp' });
      expect(solved).toMatchObject({ ok: true, value: { exact: true } });
      expect(threadsNow()).toBeGreaterThanOrEqual(before + 2);
    } finally {
      await services.close();
    }
  });
});
