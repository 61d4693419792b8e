// `npm run bench -- volleys`: what hitCount volleys cost the exact DP. Classic boards with 2, 3
// and 4 volleys of 5 cells each, answered from a seeded true layout (hitCount: how many of the
// cells hold a ship), a few positions per volley count. Each open volley adds a digit (0..its
// count) to the DP's state, so the states grow with the volleys open at once. Times dp, auto and
// sample (10,000 draws; exact while the DP fits its sampling budget, else with the dropped volleys
// checked by rejection or the Markov chain), and prints the DP's peak states per layer beside the
// empty board's (no volley).

import { BudgetError } from '../src/core/errors';
import type { Volley } from '../src/core/observations';
import { emptyPosition, type Position } from '../src/core/position';
import { presetRules } from '../src/core/rules';
import { randomInt, seededRandom, type Random } from '../src/core/random';
import { solve } from '../src/core/solve';
import { buildBoard } from '../src/core/solve/board';
import { dpTally } from '../src/core/solve/dp/dp';
import { fleetSampler } from '../src/core/simulate/fleets';

const SEED = 20;
const VOLLEY_CELLS = 5;
const POSITIONS = 3;

/**
 * An empty classic board with `volleys` volleys of 5 distinct cells each, answered from a true
 * layout; cells are redrawn while a ship would lie wholly on fired cells (it would have to be
 * announced sunk, which names it).
 */
function volleyPosition(volleys: number, layout: number[][], random: Random): Position {
  const rules = presetRules('classic');
  const n = rules.width * rules.height;
  const onShip = new Uint8Array(n);
  for (const ship of layout) for (const c of ship) onShip[c] = 1;
  for (;;) {
    const fired = new Uint8Array(n);
    const out: Volley[] = [];
    for (let v = 0; v < volleys; v++) {
      const cells: number[] = [];
      while (cells.length < VOLLEY_CELLS) {
        const c = randomInt(random, n);
        if (fired[c]) continue;
        fired[c] = 1;
        cells.push(c);
      }
      cells.sort((a, b) => a - b);
      const count = cells.reduce((k, c) => k + onShip[c]!, 0);
      out.push({ cells, answer: { kind: 'hitCount', count }, sunk: [] });
    }
    if (layout.some((ship) => ship.every((c) => fired[c]))) continue;
    return { ...emptyPosition(rules), volleys: out };
  }
}

function timed<T>(f: () => T): { ms: number; value: T | null; failed?: string } {
  const t0 = performance.now();
  try {
    const value = f();
    return { ms: performance.now() - t0, value };
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
    return { ms: performance.now() - t0, value: null, failed: e.message };
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (ms: number): string =>
  ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;

export function benchVolleys(maxMs: number): void {
  const rules = presetRules('classic');
  const random = seededRandom(SEED);
  const fleets = fleetSampler(rules);
  console.log(
    `hitCount volleys of ${VOLLEY_CELLS} cells on an empty classic board, answered from seeded true layouts (seed ${SEED}), ${POSITIONS} positions each; median (worst) time`,
  );
  const empty = dpTally(buildBoard(emptyPosition(rules))).stats;
  console.log(
    `  no volley: dp peak ${empty.peakLayer.toLocaleString('en-US')} keys / ${empty.peakStates.toLocaleString('en-US')} states per layer, ${(empty.peakBytes / 2 ** 20).toFixed(0)} MB`,
  );
  for (const volleys of [2, 3, 4]) {
    const positions = Array.from({ length: POSITIONS }, () =>
      volleyPosition(volleys, fleets.draw(random), random),
    );
    const dp: number[] = [];
    const auto: number[] = [];
    const sample: number[] = [];
    const peaks: number[] = [];
    const bytes: number[] = [];
    const notes = new Set<string>();
    for (const p of positions) {
      const d = timed(() => dpTally(buildBoard(p), { maxMs }).stats);
      dp.push(d.ms);
      if (d.value) {
        peaks.push(d.value.peakStates);
        bytes.push(d.value.peakBytes);
      } else notes.add(`dp: ${d.failed}`);
      auto.push(timed(() => solve(p, 'auto', { maxMs })).ms);
      const s = timed(() => solve(p, 'sample'));
      sample.push(s.ms);
      if (s.value?.note) notes.add(`sample: ${s.value.note}`);
    }
    const row = (xs: number[]): string => `${fmt(median(xs))} (${fmt(Math.max(...xs))})`;
    console.log(
      `  ${volleys} volleys: dp ${row(dp)}, auto ${row(auto)}, sample ${row(sample)}; dp peak states ${
        peaks.length
          ? `${median(peaks).toLocaleString('en-US')} (${Math.max(...peaks).toLocaleString('en-US')})`
          : '-'
      }, ${bytes.length ? `${(Math.max(...bytes) / 2 ** 20).toFixed(0)} MB at most` : ''}`,
    );
    for (const note of notes) console.log(`    ${note}`);
  }
}
