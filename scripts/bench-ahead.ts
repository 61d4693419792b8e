// `npm run bench -- ahead [classic|russian|margin ...]`: what a click off the proposed cell costs
// after the two solves ahead of it (the proposed cell answered miss, then hit), as a ratio to one
// pass from held values (the same click straight after its position). Solves ahead aside (held
// values left on the position on screen, as the app runs them) and, for comparison, moving the
// held values as they did before. One process, one thread, warm, the WebAssembly kernel; 16
// hunting positions per preset, CPU ms, median of 3 runs per position.

import { loadavg } from 'node:os';
import {
  HIT,
  MISS,
  UNKNOWN,
  clonePosition,
  emptyPosition,
  type Position,
} from '../src/core/position';
import { presetRules, type Rules } from '../src/core/rules';
import { randomInt, seededRandom } from '../src/core/random';
import { holdValues } from '../src/core/solve/graph/held';
import { prepareGraph, type PreparedGraph } from '../src/core/solve/graph/prepare';
import { solveGraph } from '../src/core/solve/graph/solve';
import type { SolveOptions } from '../src/core/solve/options';
import { copyIntoMemory, kernelCache } from '../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../src/core/solve/graph/transfer';
import { cpuMs, median } from './bench-util';

const POSITIONS = 16;
const RUNS = 3;

/** `count` positions of 1 to 12 misses at seeded random cells. */
function hunting(rules: Rules, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, k) => {
    const p = emptyPosition(rules);
    for (let m = 0; m < 1 + (k % 12);) {
      const cell = randomInt(random, p.cells.length);
      if (p.cells[cell] === MISS) continue;
      p.cells[cell] = MISS;
      m++;
    }
    return p;
  });
}

function shot(p: Position, cell: number, mark: number): Position {
  const next = clonePosition(p);
  next.cells[cell] = mark;
  return next;
}

/** CPU ms of the click, after `before` ran; median of RUNS. */
function clickCost(before: () => void, click: () => void): number {
  const cpu: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    before();
    const c0 = cpuMs();
    click();
    cpu.push(cpuMs() - c0);
  }
  return median(cpu);
}

export function benchAhead(argv: string[]): void {
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  console.log(
    `a click off the proposed cell after the solves ahead, over one pass from held values: one thread, warm, WebAssembly kernel, CPU ms, median of ${RUNS} runs; load ${load}`,
  );
  const named = argv.filter((a) => ['classic', 'russian', 'margin'].includes(a));
  for (const name of named.length ? named : ['classic', 'russian', 'margin']) {
    const rules = presetRules(name);
    const prepared = prepareGraph(rules, 3 * 2 ** 30);
    const inWasm = preparedFromFlat(
      copyIntoMemory(flattenPrepared(prepared), createGraphMemory()),
      kernelCache(),
    );
    const thread: PreparedGraph = { ...inWasm, held: holdValues(inWasm.graph, inWasm.kernel!) };
    const random = seededRandom(515);
    const ratios = { aside: [] as number[], moved: [] as number[] };
    const one: number[] = [];
    for (const p of hunting(rules, POSITIONS, 2026)) {
      const result = solveGraph(p, thread)!;
      const proposed = result.best!;
      const free = [...p.cells.keys()].filter((c) => p.cells[c] === UNKNOWN && c !== proposed);
      const click = shot(p, free[randomInt(random, free.length)]!, MISS);
      const ahead = (options: SolveOptions) => () => {
        solveGraph(p, thread);
        for (const mark of [MISS, HIT]) solveGraph(shot(p, proposed, mark), thread, options);
      };
      const run = () => void solveGraph(click, thread);
      const pass = clickCost(() => void solveGraph(p, thread), run);
      one.push(pass);
      ratios.aside.push(clickCost(ahead({ aside: { holdOn: p } }), run) / pass);
      ratios.moved.push(clickCost(ahead({}), run) / pass);
    }
    const fmt = (xs: number[]) => `${median(xs).toFixed(2)} / ${Math.max(...xs).toFixed(2)}`;
    console.log(
      `  ${name.padEnd(8)} one pass ${median(one).toFixed(0)} ms; after the solves ahead: aside ${fmt(ratios.aside)} passes, moving the held values ${fmt(ratios.moved)} (median / worst over ${POSITIONS} positions)`,
    );
  }
}
