// `npm run bench -- library`: how fast a library of 10,000 saved positions answers searches
// through the API (text, tags, pages): the median of 7 runs per query, after importing the
// library into a fresh file. The load test checks the same queries' answers; this times them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../src/main/api';
import type { JobPool } from '../src/main/pool';
import { importBundle } from '../src/main/store/bundle';
import { closeDatabase, openDatabase } from '../src/main/store/open';
import { loadLibrary } from '../test/support/load-library';

const N = 10_000;
const RUNS = 7;

const QUERIES: [string, Record<string, unknown>][] = [
  ['first page', {}],
  ['text "endgame"', { text: 'endgame' }],
  ['text "kraken" (rare, in notes)', { text: 'kraken' }],
  ['text with no match', { text: 'zzzz' }],
  ['one tag', { tags: ['tag-3'] }],
  ['two tags', { tags: ['tag-3', 'tag-7'] }],
  ['text and tag', { text: 'corner', tags: ['tag-1'] }],
  ['page 50 of 100', { offset: 5000, limit: 100 }],
  ['last page, 1000 per page', { offset: 9000, limit: 1000 }],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchLibrary(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'broadside-bench-library-'));
  const dbPath = join(dir, 'library.db');
  const db = openDatabase(dbPath);
  const api = createApi({ db, dbPath, pool: { threads: 1 } as JobPool });
  try {
    const t0 = performance.now();
    importBundle(db, loadLibrary(N));
    console.log(`library of ${N} positions: imported in ${(performance.now() - t0).toFixed(0)} ms`);
    console.log(`positionsList through the API, median of ${RUNS} runs:`);
    for (const [label, params] of QUERIES) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const q0 = performance.now();
        const reply = await api.dispatch('positionsList', params);
        times.push(performance.now() - q0);
        if (!reply.ok) throw new Error(`${label}: ${reply.error.message}`);
      }
      console.log(`  ${label.padEnd(32)} ${median(times).toFixed(1).padStart(7)} ms`);
    }
  } finally {
    await api.close();
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}
