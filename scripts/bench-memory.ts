// `npm run bench -- memory`: the DP's counted memory against the real peak of the process, one
// fresh child process per board (a cold process each: the peak resident size of a process only
// grows, so boards cannot share one). Shows that the budget counts real bytes, and how peak memory
// grows with the board's width and height.

import { spawnSync } from 'node:child_process';
import { BudgetError } from '../src/core/errors';
import { emptyPosition } from '../src/core/position';
import { presetRules, type Rules, type TouchRule } from '../src/core/rules';
import { buildBoard } from '../src/core/solve/board';
import { DEFAULT_MAX_BYTES, dpTally } from '../src/core/solve/dp/dp';

interface MemoryCase {
  name: string;
  width: number;
  height: number;
  fleet: number[];
  touch: TouchRule;
}

const CLASSIC = [5, 4, 3, 3, 2];
const RUSSIAN = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
const LONG = [6, 5, 4, 4, 3, 3, 2, 2];

export const MEMORY_CASES: MemoryCase[] = [
  { name: 'classic', width: 10, height: 10, fleet: CLASSIC, touch: 'allowed' },
  { name: 'classic', width: 10, height: 12, fleet: CLASSIC, touch: 'allowed' },
  { name: 'classic', width: 10, height: 14, fleet: CLASSIC, touch: 'allowed' },
  { name: 'classic', width: 11, height: 11, fleet: CLASSIC, touch: 'allowed' },
  { name: 'classic', width: 12, height: 12, fleet: CLASSIC, touch: 'allowed' },
  { name: 'russian', width: 10, height: 10, fleet: RUSSIAN, touch: 'no-touch' },
  { name: 'russian', width: 15, height: 10, fleet: RUSSIAN, touch: 'no-touch' },
  { name: 'long fleet', width: 15, height: 15, fleet: LONG, touch: 'allowed' },
  { name: 'long fleet', width: 26, height: 26, fleet: LONG, touch: 'allowed' },
];

const MiB = 2 ** 20;

function rulesOf(c: MemoryCase): Rules {
  return { ...presetRules('classic'), ...c, fleet: c.fleet.map((length) => ({ length })) };
}

/** In the child: solve one empty board, print what was counted and what the process held. */
export function memoryChild(args: string[]): void {
  const c = MEMORY_CASES[Number(args[0])]!;
  const baseline = process.memoryUsage().rss;
  const t0 = performance.now();
  let counted: number | null = null;
  let refused = '';
  try {
    counted = dpTally(buildBoard(emptyPosition(rulesOf(c)))).stats.peakBytes;
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
    refused = e.message.split(';')[0]!;
  }
  const ms = performance.now() - t0;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ counted, refused, baseline, maxRss, ms }));
}

export function benchMemory(script: string): void {
  console.log(
    `DP memory on empty boards, one cold process each (limit ${DEFAULT_MAX_BYTES / MiB} MB): ` +
      'counted peak against the growth of peak resident memory over the process at rest',
  );
  console.log('  board                 counted     real growth   real / counted   time');
  MEMORY_CASES.forEach((c, k) => {
    const child = spawnSync(process.execPath, [script, '--memory-child', String(k)], {
      encoding: 'utf8',
    });
    const label = `${c.name} ${c.width}x${c.height}`.padEnd(20);
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`  ${label}  failed: ${child.stderr.trim().split('\n')[0]}`);
      return;
    }
    const r = JSON.parse(line) as {
      counted: number | null;
      refused: string;
      baseline: number;
      maxRss: number;
      ms: number;
    };
    const growth = (r.maxRss - r.baseline) / MiB;
    const seconds = `${(r.ms / 1000).toFixed(1)} s`;
    if (r.counted === null) {
      console.log(`  ${label}  refused     ${growth.toFixed(0).padStart(6)} MB   (${r.refused})`);
      return;
    }
    const counted = r.counted / MiB;
    console.log(
      `  ${label}  ${counted.toFixed(0).padStart(6)} MB   ${growth.toFixed(0).padStart(6)} MB     ${(growth / counted).toFixed(2).padStart(6)}         ${seconds}`,
    );
  });
}
