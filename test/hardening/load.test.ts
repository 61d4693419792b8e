// Load: a library of 10,000 saved positions stays searchable in well under 100 ms (text, tags,
// paging, through the API), and a batch over all of them completes in a child process with
// steady memory (its resident set sampled every 200 ms by the child itself; peak reported).

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { positionToJson } from '../../src/core/position';
import { seededRandom, randomInt } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { importBundle } from '../../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { observe, randomLayout } from '../support/arbitraries';
import { tempDir } from '../support/library';
import { CLI, ROOT } from '../support/paths';

const N = 10_000;
const tmp = tempDir();
afterAll(() => tmp.remove());
const dbPath = tmp.file('load.db');

const WORDS = ['opening', 'corner', 'endgame', 'parity', 'hunt', 'edge', 'cluster', 'sparse'];
const TAGS = Array.from({ length: 24 }, (_, i) => `tag-${i}`);

/** 10,000 distinct consistent 6x6 positions with names, tags and notes of varied kinds. */
function library(): string {
  const random = seededRandom(2026);
  const rules: Rules = {
    width: 6,
    height: 6,
    fleet: [3, 2, 2].map((length) => ({ length })),
    touch: 'allowed',
  };
  const positions = [];
  for (let i = 0; i < N; i++) {
    const layout = randomLayout(rules, random)!;
    const shots = Array.from({ length: 36 }, (_, c) => c).filter(() => random() < 0.35);
    const json = positionToJson(observe(rules, layout, shots, true));
    const word = WORDS[randomInt(random, WORDS.length)]!;
    const tags = TAGS.filter(() => random() < 0.08);
    const rare = i % 100 === 7 ? ' kraken sighting' : '';
    positions.push({
      name: `${word} ${i}`,
      tags,
      notes: `game ${i % 313}: ${WORDS[randomInt(random, WORDS.length)]} play${rare}`,
      ...json,
    });
  }
  return JSON.stringify({ format: 'broadside-bundle', version: 1, positions });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

describe(`a library of ${N.toLocaleString('en-US')} positions`, () => {
  it('search by text, tags and pages answers in under 100 ms (median of 7)', async () => {
    const t0 = performance.now();
    const db = openDatabase(dbPath);
    expect(importBundle(db, library()).positions).toBe(N);
    const importMs = performance.now() - t0;
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
    const report: string[] = [];
    try {
      for (const [label, params, check] of queries) {
        const times: number[] = [];
        for (let run = 0; run < 7; run++) {
          const q0 = performance.now();
          const reply = await api.dispatch('positionsList', params);
          times.push(performance.now() - q0);
          if (!reply.ok) throw new Error(reply.error.message);
          expect(check((reply.value as { total: number }).total), label).toBe(true);
        }
        const m = median(times);
        report.push(`${label} ${m.toFixed(1)} ms`);
        expect(m, label).toBeLessThan(100);
      }
      const tags = await api.dispatch('positionsTags', {});
      expect(tags).toMatchObject({ ok: true, value: expect.arrayContaining(['tag-0', 'tag-23']) });
    } finally {
      await api.close();
      closeDatabase(db);
    }
    console.log(
      `imported ${N} positions in ${importMs.toFixed(0)} ms; search medians: ${report.join('; ')}`,
    );
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
