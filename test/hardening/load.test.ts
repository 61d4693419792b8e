// Load: a library of 10,000 saved positions answers searches by text, tags and pages through the
// API with the right totals, and a batch over all of them completes in a child process with
// steady memory (its resident set sampled every 200 ms by the child itself; peak reported). How
// fast the searches answer is timed by `npm run bench -- library`, not asserted here.

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { importBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { tempDir } from '../support/library';
import { loadLibrary } from '../support/load-library';
import { CLI, ROOT } from '../support/paths';

const N = 10_000;
const tmp = tempDir();
afterAll(() => tmp.remove());
const dbPath = tmp.file('load.db');

describe(`a library of ${N.toLocaleString('en-US')} positions`, () => {
  it('search by text, tags and pages answers with the right totals', async () => {
    const db = openDatabase(dbPath);
    expect(importBundle(db, loadLibrary(N)).positions).toBe(N);
    const api = createApi({ db, dbPath, pool: { threads: 1 } as JobPool });
    const queries: [string, Record<string, unknown>, (total: number) => boolean][] = [
      ['first page', {}, (t) => t === N],
      ['text "endgame"', { text: 'endgame' }, (t) => t > 500],
      ['text "kraken" (rare, in notes)', { text: 'kraken' }, (t) => t === N / 100],
      ['text with no match', { text: 'zzzz' }, (t) => t === 0],
      ['one tag', { tags: ['tag-3'] }, (t) => t > 300],
      ['two tags', { tags: ['tag-3', 'tag-7'] }, (t) => t > 0],
      ['text and tag', { text: 'corner', tags: ['tag-1'] }, (t) => t > 0],
      ['page 50 of 100', { offset: 5000, limit: 100 }, (t) => t === N],
      ['last page, 1000 per page', { offset: 9000, limit: 1000 }, (t) => t === N],
    ];
    try {
      for (const [label, params, check] of queries) {
        const reply = await api.dispatch('positionsList', params);
        if (!reply.ok) throw new Error(reply.error.message);
        expect(check((reply.value as { total: number }).total), label).toBe(true);
      }
      const tags = await api.dispatch('positionsTags', {});
      expect(tags).toMatchObject({ ok: true, value: expect.arrayContaining(['tag-0', 'tag-23']) });
    } finally {
      await api.close();
      closeDatabase(db);
    }
  });

  it('a batch over all of them completes with steady memory', async () => {
    const t0 = performance.now();
    // The child reports its own resident set (test/support/rss-reporter.mjs), a line per sample.
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(join(ROOT, 'test/support/rss-reporter.mjs')).href,
        CLI,
        'batch',
        '--db',
        dbPath,
        '--solver',
        'enumerate',
        '--json',
        '--threads',
        '2',
      ],
      { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const samples: { ms: number; kb: number }[] = [];
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) =>
      samples.push({ ms: performance.now() - t0, kb: Number(line) }),
    );
    // 'close', not 'exit': every sample line has been read by then.
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - t0;
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ solved: N, skipped: 0, failed: 0 });
    expect(samples.length).toBeGreaterThan(10);
    const half = Math.floor(samples.length / 2);
    const peak = (xs: typeof samples) => Math.max(...xs.map((s) => s.kb));
    const firstPeak = peak(samples.slice(0, half));
    const secondPeak = peak(samples.slice(half));
    const mb = (kb: number) => (kb / 1024).toFixed(0);
    console.log(
      `batch of ${N} (enumerate, 2 threads) in ${(ms / 1000).toFixed(1)} s; RSS peak ${mb(Math.max(firstPeak, secondPeak))} MB ` +
        `(first half ${mb(firstPeak)} MB, second half ${mb(secondPeak)} MB, ${samples.length} samples)`,
    );
    console.log(
      samples
        .filter((_, i) => i % 3 === 0)
        .map((s) => `${(s.ms / 1000).toFixed(1)}s:${mb(s.kb)}`)
        .join(' '),
    );
    expect(secondPeak).toBeLessThan(firstPeak * 1.5);
  }, 180_000);
});
