// `npm run bench -- graph`: the graph engine (src/core/solve/graph) beside today's DP, in one
// process, one thread, warm. Per preset (classic, russian, margin):
//   - the graph: build time, states, edges, runs, bytes;
//   - the empty board, then 16 hunting positions (1 to 12 misses at seeded random cells, no
//     hits: where the DP is slowest), 16 openings of a seeded hunt/target shooter (1 to 12
//     shots) and 16 positions of 1 to 12 misses in two columns (where the frame matters):
//     median / worst ms of each engine (the graph with and without kept values, and in the
//     board's own frame beside the frame the cost model chooses), every total checked equal;
//   - each pass's cost per state and per edge on the empty board.
// With `--sizes`, the graphs of larger boards instead (11x11, 12x12, 15x10, 10x15, classic fleet,
// ships may touch and no-touch; or only the sizes named, e.g. `--sizes 15x10`) and how they grow;
// with a preset named too, both. The figures are
// CPU milliseconds of the process (wall clock in brackets): on a busy machine the wall clock
// mostly measures the other processes.

import { loadavg } from 'node:os';
import { emptyPosition, MISS, type Position } from '../src/core/position';
import { randomInt, seededRandom } from '../src/core/random';
import { presetRules, type Rules } from '../src/core/rules';
import { fleetSampler } from '../src/core/simulate/fleets';
import { playGame } from '../src/core/simulate/game';
import { buildBoard } from '../src/core/solve/board';
import { solveDp } from '../src/core/solve/dp/dp';
import { buildGraph } from '../src/core/solve/graph/build';
import { chooseFrame } from '../src/core/solve/graph/frame-cost';
import type { RuleGraph } from '../src/core/solve/graph/graph';
import { graphMasks } from '../src/core/solve/graph/masks';
import type { PassKernel } from '../src/core/solve/graph/kernel';
import { holdValues } from '../src/core/solve/graph/held';
import { runPasses } from '../src/core/solve/graph/passes';
import { prepareGraph, type PreparedGraph } from '../src/core/solve/graph/prepare';
import { solveGraph } from '../src/core/solve/graph/solve';
import { huntTargetShooter } from '../src/core/strategy/hunt-target';
import { copyIntoMemory, kernelCache } from '../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../src/core/solve/graph/transfer';
import { cpuMs, median } from './bench-util';

const POSITIONS = 16;
const RUNS = 3;
const GRAPH_BYTES = 3 * 2 ** 30;

/** `count` positions of 1 to 12 misses at seeded random cells, nothing else. */
function huntingPositions(rules: Rules, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const out: Position[] = [];
  for (let k = 0; k < count; k++) {
    const p = emptyPosition(rules);
    const misses = 1 + (k % 12);
    for (let m = 0; m < misses;) {
      const cell = randomInt(random, p.cells.length);
      if (p.cells[cell] === MISS) continue;
      p.cells[cell] = MISS;
      m++;
    }
    out.push(p);
  }
  return out;
}

/**
 * `count` positions of 1 to 12 misses at seeded random cells of two seeded random columns: marks
 * that span every row as given but two layers' rows transposed (where the frame choice matters).
 */
function fewColumnPositions(rules: Rules, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const out: Position[] = [];
  for (let k = 0; k < count; k++) {
    const p = emptyPosition(rules);
    const first = randomInt(random, rules.width);
    const second = (first + 1 + randomInt(random, rules.width - 1)) % rules.width;
    const misses = 1 + (k % 12);
    for (let m = 0; m < misses;) {
      const cell = randomInt(random, rules.height) * rules.width + (m % 2 ? second : first);
      if (p.cells[cell] === MISS) continue;
      p.cells[cell] = MISS;
      m++;
    }
    out.push(p);
  }
  return out;
}

/** `count` positions after 1 to 12 shots of a seeded hunt/target shooter at uniform fleets. */
function openingPositions(rules: Rules, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const fleets = fleetSampler(rules);
  const out: Position[] = [];
  while (out.length < count) {
    const shots = 1 + (out.length % 12);
    const game = playGame(rules, fleets.draw(random), huntTargetShooter(rules, random, 2), {
      maxShots: shots,
    });
    if (!game.finished) out.push(game.position);
  }
  return out;
}

interface Timed {
  /** Median over RUNS runs: wall clock and CPU ms. */
  wall: number;
  cpu: number;
  total: string;
}

function time(run: () => string, runs = RUNS): Timed {
  const wall: number[] = [];
  const cpu: number[] = [];
  let total = '';
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const c0 = cpuMs();
    total = run();
    cpu.push(cpuMs() - c0);
    wall.push(performance.now() - t0);
  }
  return { wall: median(wall), cpu: median(cpu), total };
}

const ENGINES = [
  'dp',
  'graph, no kept values',
  'graph, as given',
  'graph',
  'graph, WebAssembly',
  'one shot after the last',
] as const;

/**
 * The position solved right after the one before it (the same without its last miss in cell
 * order), from the thread's held values: what a click costs in a game being played. A position
 * without a miss is solved from the kept values instead.
 */
function afterPrevious(p: Position, held: PreparedGraph): Timed {
  const miss = p.cells.lastIndexOf(MISS);
  if (miss < 0) {
    const fresh: PreparedGraph = { ...held, held: undefined };
    return time(() => solveGraph(p, fresh)?.total ?? 'declined');
  }
  const before: Position = { ...p, cells: p.cells.slice() };
  before.cells[miss] = 0;
  const wall: number[] = [];
  const cpu: number[] = [];
  let total = '';
  for (let k = 0; k < RUNS; k++) {
    solveGraph(before, held);
    const t0 = performance.now();
    const c0 = cpuMs();
    total = solveGraph(p, held)?.total ?? 'declined';
    cpu.push(cpuMs() - c0);
    wall.push(performance.now() - t0);
  }
  return { wall: median(wall), cpu: median(cpu), total };
}

interface Row {
  set: string;
  /** Per engine, per position. */
  wall: number[][];
  cpu: number[][];
}

function compare(
  set: string,
  positions: Position[],
  prepared: PreparedGraph,
  inWasm: PreparedGraph,
  /** inWasm with this thread's held values. */
  held: PreparedGraph,
): Row {
  const bare: PreparedGraph = { ...prepared, empty: undefined };
  const row: Row = { set, wall: ENGINES.map(() => []), cpu: ENGINES.map(() => []) };
  for (const p of positions) {
    const results = [
      // The DP once: it is the slow reference (seconds a position on a busy machine).
      time(() => solveDp(p).total, 1),
      time(() => solveGraph(p, bare)?.total ?? 'declined'),
      // The board as given, whatever the frame cost model would choose.
      time(() => solveGraph(p, prepared, {}, 'as given')?.total ?? 'declined'),
      time(() => solveGraph(p, prepared)?.total ?? 'declined'),
      time(() => solveGraph(p, inWasm)?.total ?? 'declined'),
      afterPrevious(p, held),
    ];
    results.forEach((r, e) => {
      if (r.total !== results[0]!.total) {
        throw new Error(`${set}: ${ENGINES[e]} counted ${r.total}, the DP ${results[0]!.total}`);
      }
      row.wall[e]!.push(r.wall);
      row.cpu[e]!.push(r.cpu);
    });
  }
  return row;
}

function fmt(xs: number[]): string {
  if (xs.length === 1) return xs[0]!.toFixed(0);
  return `${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
}

/** ns per edge visit of the passes without kept values on the empty board (each edge twice). */
function passCosts(rules: Rules, graph: RuleGraph, kernel?: PassKernel): string {
  const masks = graphMasks(graph, buildBoard(emptyPosition(rules)));
  const t = time(() =>
    String(runPasses(graph, masks, undefined, () => true, undefined, kernel).total),
  );
  const per = (ms: number, n: number): string => ((ms * 1e6) / n).toFixed(1);
  return (
    `both passes without kept values ${t.cpu.toFixed(0)} ms CPU (${t.wall.toFixed(0)} wall): ` +
    `${per(t.cpu / 2, graph.edges)} ns per edge and ${per(t.cpu / 2, graph.states)} ns per state per pass (CPU)`
  );
}

/** What the frame cost model adds to each position (counting the edges where the frames differ). */
function frameChoiceCost(prepared: PreparedGraph, positions: Position[]): string {
  const cpu = positions.map(
    (p) =>
      time(() => {
        const choice = chooseFrame(buildBoard(p), prepared.graph, prepared.empty?.masks);
        return String(choice.framed.transposed);
      }).cpu,
  );
  const transposed = positions.filter(
    (p) => chooseFrame(buildBoard(p), prepared.graph, prepared.empty?.masks).framed.transposed,
  ).length;
  const ms = `${median(cpu).toFixed(2)} / ${Math.max(...cpu).toFixed(2)}`;
  return `frame choice: ${ms} ms CPU a position (median / worst), ${transposed} of ${positions.length} run transposed`;
}

function describeGraph(name: string, graph: RuleGraph): string {
  const m = (x: number): string => (x / 1e6).toFixed(2);
  return (
    `${name}: graph built in ${graph.buildMs.toFixed(0)} ms; ${m(graph.states)} M states, ` +
    `${m(graph.edges)} M edges in ${m(graph.runs)} M runs (${(graph.edges / graph.runs).toFixed(1)} a run), ` +
    `widest layer ${graph.widestLayer.toLocaleString('en-US')} states; graph ${(graph.bytes / 2 ** 20).toFixed(0)} MB, ` +
    `one value array ${((graph.states * 8) / 2 ** 20).toFixed(0)} MB`
  );
}

const SHAPES: [number, number][] = [
  [11, 11],
  [12, 12],
  [15, 10],
  [10, 15],
];

/** The board sizes named on the command line ("15x10": 15 wide), or all of SHAPES. */
function shapesOf(argv: string[]): [number, number][] {
  const named = argv.flatMap((a) => {
    const m = /^(\d+)x(\d+)$/.exec(a);
    return m ? [[Number(m[1]), Number(m[2])] as [number, number]] : [];
  });
  return named.length ? named : SHAPES;
}

function sizes(shapes: [number, number][]): void {
  console.log('\ngraph growth with the board (classic fleet 5,4,3,3,2):');
  for (const touch of ['allowed', 'no-touch'] as const) {
    for (const [w, h] of shapes) {
      const rules: Rules = {
        width: w,
        height: h,
        touch,
        fleet: [5, 4, 3, 3, 2].map((length) => ({ length })),
      };
      try {
        const c0 = cpuMs();
        const g = buildGraph(rules, GRAPH_BYTES);
        const frame = g.width === w ? '' : ` (the graph of its transpose, ${g.width}x${g.height})`;
        console.log(
          `  ${describeGraph(`${w}x${h} ${touch}${frame}`, g)}; ${(cpuMs() - c0).toFixed(0)} ms CPU`,
        );
      } catch (e) {
        console.log(`  ${w}x${h} ${touch}: ${(e as Error).message}`);
      }
    }
  }
}

export function benchGraph(argv: string[]): void {
  console.log(
    `graph engine beside dp: one process, one thread, warm; graph: median of ${RUNS} runs per position, dp: one run; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  );
  const presets = argv.filter((a) => ['classic', 'russian', 'margin'].includes(a));
  const sizesOnly = argv.includes('--sizes') && presets.length === 0;
  const lines: string[] = [];
  for (const name of sizesOnly ? [] : presets.length ? presets : ['classic', 'russian', 'margin']) {
    const rules = presetRules(name);
    const c0 = cpuMs();
    const prepared = prepareGraph(rules, GRAPH_BYTES);
    const buildCpu = cpuMs() - c0;
    const { graph } = prepared;
    console.log(describeGraph(name, graph));
    console.log(
      `  kept empty-board values ${((prepared.bytes - graph.bytes) / 2 ** 20).toFixed(0)} MB in ${prepared.emptyMs.toFixed(0)} ms; graph and values ${buildCpu.toFixed(0)} ms CPU`,
    );
    // The same graph in a shared WebAssembly memory, as the app's graph store holds it.
    const inWasm = preparedFromFlat(
      copyIntoMemory(flattenPrepared(prepared), createGraphMemory()),
      kernelCache(),
    );
    const held: PreparedGraph = { ...inWasm, held: holdValues(inWasm.graph, inWasm.kernel!) };
    solveGraph(emptyPosition(rules), prepared); // warm
    solveGraph(emptyPosition(rules), inWasm);
    console.log(`  ${passCosts(rules, graph)}`);
    console.log(`  WebAssembly kernel: ${passCosts(rules, inWasm.graph, inWasm.kernel)}`);
    const sets: [string, Position[]][] = [
      ['empty', [emptyPosition(rules)]],
      ['hunting', huntingPositions(rules, POSITIONS, 2026)],
      ['hunt/target openings', openingPositions(rules, POSITIONS, 1127)],
      ['two columns', fewColumnPositions(rules, POSITIONS, 3310)],
    ];
    for (const [set, positions] of sets) {
      if (set !== 'empty') console.log(`  ${set}: ${frameChoiceCost(prepared, positions)}`);
      const r = compare(set, positions, prepared, inWasm, held);
      const cells = ENGINES.map((e, k) => `${e} ${fmt(r.cpu[k]!)} (${fmt(r.wall[k]!)})`);
      const line = `${name.padEnd(8)} ${r.set.padEnd(21)} ${cells.join('   ')}`;
      console.log(`  ${line}`);
      lines.push(line);
    }
  }
  console.log(
    "\nms of CPU, median / worst over 16 positions (wall clock in brackets); every total equal to the DP's:",
  );
  for (const line of lines) console.log(line);
  if (argv.includes('--sizes')) sizes(shapesOf(argv));
}
