// `npm run bench`: timings of the exact solvers on fixed, reproducible positions.
//
// Cases: the empty 10x10 presets; mid-game 10x10 positions after 5, 15, 30 and 50 shots of a
// seeded hunt/target shooter (the core's, played by the simulator's game loop) at a uniformly
// drawn fleet (several positions per shot count, so the figure is a median over positions, each
// timed as the median of several runs); and a 15x15 and a 20x20 board with scaled fleets (ships
// may touch). Each case runs dp, enumerate (with a node budget, skipped on empty boards) and auto,
// and prints the median time, auto's time over the better of the other two (median / worst over
// positions), the layouts counted and the DP's peak per layer: frontier keys and states (key and
// remaining-fleet pairs).
//
// Each preset's "openings" case: 24 positions after 1 to 12 shots, with the median and the worst.
// Its "few layouts" case: 16 late positions with at most 1,000 layouts left, i.e. what a solver
// costs when there is almost nothing to count.
//
// Without a filter, or with the filter "simulate", it first times the simulator's games per second
// (bench-simulate.ts), then whole games' solves afresh against through kept DP models
// (bench-reuse.ts; alone: the filter "reuse"). The filter "memory" compares the DP's counted memory with the real peak of
// a fresh process per board (bench-memory.ts); "volleys" times classic boards with hitCount
// volleys (bench-volleys.ts).
//
// Usage: npm run bench [-- [filter ...] [--positions N] [--runs N] [--max-ms N] [--games N]]
//   filter: only cases whose name contains one of the words (e.g. "russian", "empty", "15x15"),
//   or "simulate" for the simulator's throughput, "reuse" for whole games, "bots" for the bot protocol's overhead, or
//   "volleys" for positions with hitCount volleys, "library" for searches of a 10,000-position
//   library (bench-library.ts), or "graph" for the graph engine beside the DP (bench-graph.ts;
//   "graph classic" for one preset, "graph --sizes" for larger boards too, "graph --sizes 15x10"
//   for one size), "ahead" for a click after the solves ahead of it (bench-ahead.ts), "clicks"
//   for a fast clicker against a real `broadside web` (bench-clicks.ts: RSS after 5 and after N
//   replaced solves, their CPU, the last one's kernel), or "start" for a cold `broadside web`: to
//   listen and to the first answer by the graph, fresh and after a restart, and the graph files'
//   sizes (bench-start.ts; build first), or "first-click" for the first click of a game on a
//   started server, on a thread the warm-up reached and on a fresh one (bench-first-click.ts;
//   build first), or "custom" for house rule sets through a real pool: build time, file size, and
//   hunting clicks by their graph beside the DP, peak RSS (bench-custom.ts; "custom --big" adds
//   12x12 classic, "custom 12x12" runs it alone, "--memory MB --threads N" go to the server;
//   build first), or "simulate-cli" for classic greedy games through `broadside simulate` in a
//   child process, 1 and 2 threads, with and without graphs, with the kept solved positions after
//   `--warm-runs K` runs of other seeds: games per CPU-second and peak RSS
//   (bench-simulate-cli.ts; build first; `--games N`, 300 by default).

import { loadavg } from 'node:os';
import { BudgetError } from '../src/core/errors';
import { emptyPosition, type Position } from '../src/core/position';
import { presetRules, type Rules } from '../src/core/rules';
import { randomInt, seededRandom, type Random } from '../src/core/random';
import { solve } from '../src/core/solve';
import { fleetSampler, type FleetSampler } from '../src/core/simulate/fleets';
import { playGame } from '../src/core/simulate/game';
import { buildBoard, checkHitsCoverable } from '../src/core/solve/board';
import { dpTally } from '../src/core/solve/dp/dp';
import { solveEnumerate } from '../src/core/solve/enumerate';
import { resultFromTally } from '../src/core/solve/result';
import { huntTargetShooter } from '../src/core/strategy/hunt-target';
import { benchAhead } from './bench-ahead';
import { benchBots } from './bench-bots';
import { benchClicks } from './bench-clicks';
import { benchCustom } from './bench-custom';
import { benchFirstClick } from './bench-first-click';
import { benchGreedy } from './bench-greedy';
import { benchGraph } from './bench-graph';
import { benchLibrary } from './bench-library';
import { benchMemory, memoryChild } from './bench-memory';
import { benchReuse } from './bench-reuse';
import { benchSimulate } from './bench-simulate';
import { benchSimulateCli } from './bench-simulate-cli';
import { benchStart } from './bench-start';
import { benchVolleys } from './bench-volleys';

interface Options {
  filters: string[];
  positions: number;
  runs: number;
  maxMs: number;
  enumerateNodes: number;
  /** Simulator: greedy's games (the long run); 1,000 by default. */
  games: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    filters: [],
    positions: 7,
    runs: 5,
    maxMs: 30_000,
    enumerateNodes: 5_000_000,
    games: 1000,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): number => Number(argv[++i]);
    if (a === '--positions') o.positions = value();
    else if (a === '--runs') o.runs = value();
    else if (a === '--max-ms') o.maxMs = value();
    else if (a === '--nodes') o.enumerateNodes = value();
    else if (a === '--games') o.games = value();
    else o.filters.push(a);
  }
  return o;
}

// ---------------------------------------------------------------- positions

function scaledRules(side: number, fleet: number[]): Rules {
  return {
    width: side,
    height: side,
    fleet: fleet.map((length) => ({ length })),
    touch: 'allowed',
  };
}

/**
 * The position after `shots` shots of a seeded hunt/target shooter (hunting on the parity grid)
 * at a uniformly drawn fleet, played by the simulator's own game loop; null when the game ends
 * first.
 */
function playedPosition(
  rules: Rules,
  fleets: FleetSampler,
  shots: number,
  random: Random,
): Position | null {
  const layout = fleets.draw(random);
  const shooter = huntTargetShooter(rules, random, 2);
  const game = playGame(rules, layout, shooter, { maxShots: shots });
  return game.finished ? null : game.position;
}

/** One uniform fleet sampler per rules (the Russian one is an exact DP model: built once). */
const samplers = new Map<Rules, FleetSampler>();
function samplerOf(rules: Rules): FleetSampler {
  let sampler = samplers.get(rules);
  if (!sampler) samplers.set(rules, (sampler = fleetSampler(rules)));
  return sampler;
}

/** `count` positions after `shots` shots, reproducible from the case name. */
function positionsFor(rules: Rules, shots: number, count: number, seed: number): Position[] {
  if (shots === 0) return [emptyPosition(rules)];
  const random = seededRandom(seed);
  const out: Position[] = [];
  while (out.length < count) {
    const p = playedPosition(rules, samplerOf(rules), shots, random);
    if (p) out.push(p);
  }
  return out;
}

/** Layouts at most this many make a "few layouts" position. */
const FEW_LAYOUTS = 1000;

/** Does the position have at most `most` layouts? (A bounded count: some late positions have many.) */
function layoutsAtMost(p: Position, most: number): boolean {
  try {
    return Number(solveEnumerate(p, { maxNodes: 100_000 }).total) <= most;
  } catch (e) {
    if (e instanceof BudgetError) return false;
    throw e;
  }
}

/**
 * `count` late positions (40 to 70 shots) with at most FEW_LAYOUTS layouts left: what a solve
 * costs when there is almost nothing to count (the fixed cost of each solver).
 */
function fewLayoutPositions(rules: Rules, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const out: Position[] = [];
  while (out.length < count) {
    const p = playedPosition(rules, samplerOf(rules), 40 + randomInt(random, 31), random);
    if (p && layoutsAtMost(p, FEW_LAYOUTS)) out.push(p);
  }
  return out;
}

// ---------------------------------------------------------------- timing

interface Run {
  ms: number;
  total: string;
  /** DP: most keys and most states in one layer. */
  peak?: [number, number];
  /** DP: most bytes its buffers held at once. */
  bytes?: number;
  note?: string;
}

function runDp(p: Position, maxMs: number): Run {
  const t0 = performance.now();
  const board = buildBoard(p);
  checkHitsCoverable(board);
  const { tally, stats } = dpTally(board, { maxMs });
  const r = resultFromTally(p, board, tally, 'dp', 0);
  const peak: [number, number] = [stats.peakLayer, stats.peakStates];
  return { ms: performance.now() - t0, total: r.total, peak, bytes: stats.peakBytes };
}

function runEnumerate(p: Position, maxNodes: number): Run {
  const t0 = performance.now();
  const r = solveEnumerate(p, { maxNodes });
  return { ms: performance.now() - t0, total: r.total };
}

function runAuto(p: Position, maxMs: number): Run {
  const t0 = performance.now();
  const r = solve(p, 'auto', { maxMs });
  return { ms: performance.now() - t0, total: r.total, note: r.note?.match(/chose (\w+)/)?.[1] };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Cell {
  /** Median over positions (each the median of its runs). */
  ms: number | null;
  /** Slowest position (its median over runs). */
  worst: number | null;
  /** Each position's median over runs, in position order (empty when a run failed). */
  perPosition: number[];
  failed?: string;
  totals: string[];
  peaks: [number, number][];
  bytes: number[];
  notes: string[];
}

/** Median over positions of each position's median over runs (3 runs when a run is slow). */
function measure(positions: Position[], run: (p: Position) => Run, runs: number): Cell {
  const perPosition: number[] = [];
  const cell: Cell = {
    ms: null,
    worst: null,
    perPosition,
    totals: [],
    peaks: [],
    bytes: [],
    notes: [],
  };
  for (const p of positions) {
    const times: number[] = [];
    let last: Run | undefined;
    try {
      const n = (first: number): number => (first > 2000 ? Math.min(runs, 3) : runs);
      last = run(p);
      // A fast solve's first run mostly times the compiler warming up: run it again.
      if (last.ms < 50) last = run(p);
      times.push(last.ms);
      const want = n(last.ms);
      while (times.length < want) times.push(run(p).ms);
    } catch (e) {
      if (e instanceof BudgetError) {
        cell.failed = /nodes/.test(e.message)
          ? 'node budget'
          : /memory|states/.test(e.message)
            ? 'memory budget'
            : 'time limit';
        cell.perPosition = [];
        return cell;
      }
      throw e;
    }
    perPosition.push(median(times));
    cell.totals.push(last.total);
    if (last.peak !== undefined) cell.peaks.push(last.peak);
    if (last.bytes !== undefined) cell.bytes.push(last.bytes);
    if (last.note) cell.notes.push(last.note);
  }
  cell.ms = median(perPosition);
  cell.worst = Math.max(...perPosition);
  return cell;
}

// ---------------------------------------------------------------- report

function fmtMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

function fmtCount(total: string): string {
  const n = Number(total);
  return n < 1e6 ? total : n.toExponential(2);
}

function fmtTotals(totals: string[]): string {
  if (totals.length === 0) return '';
  if (totals.length === 1) return totals[0]!;
  const sorted = [...totals].sort((a, b) => Number(a) - Number(b));
  return `${fmtCount(sorted[0]!)}..${fmtCount(sorted[sorted.length - 1]!)}`;
}

function show(c: Cell | undefined, worst: boolean): string {
  if (!c) return '-';
  if (c.ms === null) return `(${c.failed})`;
  return worst ? `${fmtMs(c.ms)} / ${fmtMs(c.worst!)}` : fmtMs(c.ms);
}

interface Case {
  name: string;
  rules: Rules;
  /**
   * Shots fired before the position is taken; a list: positions after each count; 'few': late
   * positions with at most FEW_LAYOUTS layouts.
   */
  shots: number | number[] | 'few';
}

/** Positions a case measures, reproducible from its name. */
function positionsOf(c: Case, count: number): Position[] {
  const seed = seedOf(c.name);
  if (c.shots === 'few') return fewLayoutPositions(c.rules, 16, seed);
  if (Array.isArray(c.shots)) {
    return c.shots.flatMap((shots, k) => positionsFor(c.rules, shots, 1, seed + k));
  }
  return positionsFor(c.rules, c.shots, count, seed);
}

/**
 * Per position, auto's time over the better of dp and enumerate (dp alone on empty boards):
 * median and worst of that ratio.
 */
function autoRatio(auto: Cell, dp: Cell, en: Cell | undefined): string {
  if (auto.perPosition.length === 0 || dp.perPosition.length === 0) return '-';
  const ratios = auto.perPosition.map((a, k) => {
    const e = en?.perPosition[k];
    return a / Math.min(dp.perPosition[k]!, e ?? Infinity);
  });
  return `${median(ratios).toFixed(2)} / ${Math.max(...ratios).toFixed(2)}`;
}

/** Opening positions: after 1 to 12 shots, two positions per count (24 per preset). */
const OPENING_SHOTS = Array.from({ length: 12 }, (_, k) => [k + 1, k + 1]).flat();

function cases(): Case[] {
  const out: Case[] = [];
  for (const preset of ['classic', 'russian', 'margin']) {
    for (const shots of [0, 5, 15, 30, 50]) {
      out.push({
        name: `${preset} ${shots ? `${shots} shots` : 'empty'}`,
        rules: presetRules(preset),
        shots,
      });
    }
    out.push({ name: `${preset} openings`, rules: presetRules(preset), shots: OPENING_SHOTS });
    out.push({ name: `${preset} few layouts`, rules: presetRules(preset), shots: 'few' });
  }
  const big: [number, number[], number[]][] = [
    [15, [6, 5, 4, 4, 3, 3, 2, 2], [0, 40, 100]],
    [20, [7, 6, 5, 5, 4, 4, 3, 3, 3, 2, 2, 2], [0, 80, 200]],
  ];
  for (const [side, fleet, shotCounts] of big) {
    for (const shots of shotCounts) {
      out.push({
        name: `${side}x${side} ${shots ? `${shots} shots` : 'empty'}`,
        rules: scaledRules(side, fleet),
        shots,
      });
    }
  }
  return out;
}

function seedOf(name: string): number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function main(): void {
  const argv = process.argv.slice(2);
  if (argv[0] === '--memory-child') return memoryChild(argv.slice(1));
  const o = parseArgs(argv);
  if (o.filters.includes('library')) {
    benchLibrary().catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('bots')) {
    benchBots(argv.includes('--games') ? o.games : undefined).catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('clicks')) {
    benchClicks(argv).catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('first-click')) {
    benchFirstClick(argv).catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('start')) {
    benchStart().catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('custom')) {
    benchCustom(argv).catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('graph')) {
    benchGraph(argv);
    return;
  }
  if (o.filters.includes('ahead')) {
    benchAhead(argv);
    return;
  }
  if (o.filters.includes('greedy')) {
    benchGreedy(argv).catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
    return;
  }
  if (o.filters.includes('simulate-cli')) {
    benchSimulateCli(argv);
    return;
  }
  if (o.filters.includes('memory')) benchMemory(process.argv[1]!);
  if (o.filters.includes('volleys')) benchVolleys(o.maxMs);
  const selected = cases().filter(
    (c) => o.filters.length === 0 || o.filters.some((f) => c.name.includes(f)),
  );
  if (o.filters.length === 0 || o.filters.includes('simulate')) benchSimulate(o.games);
  if (o.filters.length === 0 || o.filters.includes('reuse')) benchReuse();
  if (selected.length === 0) return;
  console.log(
    `exact solvers, median of ${o.runs} runs (3 when a run takes over 2 s); mid-game: median over ${o.positions} positions`,
  );
  console.log(
    `load average at the start: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    '15x15 fleet 6,5,4,4,3,3,2,2 and 20x20 fleet 7,6,5,5,4,4,3,3,3,2,2,2, ships may touch',
  );
  console.log(
    `enumerate budget ${o.enumerateNodes.toLocaleString('en-US')} nodes; dp time limit ${o.maxMs} ms`,
  );
  const header = [
    'case',
    'dp',
    'enumerate',
    'auto',
    'auto chose',
    'auto/best',
    'layouts',
    'dp peak keys/states',
    'dp peak MB',
  ];
  const rows: string[][] = [];
  const widths = header.map((h) => h.length);
  const print = (row: string[]): void => {
    console.log(
      row.map((s, i) => (i === 0 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!))).join('  '),
    );
  };
  for (const c of selected) {
    const positions = positionsOf(c, o.positions);
    const many = typeof c.shots !== 'number'; // median / worst over the positions
    const dp = measure(positions, (p) => runDp(p, o.maxMs), o.runs);
    const en =
      c.shots === 0
        ? undefined
        : measure(positions, (p) => runEnumerate(p, o.enumerateNodes), o.runs);
    const auto = measure(positions, (p) => runAuto(p, o.maxMs), o.runs);
    const chose = [...new Set(auto.notes)].join('/');
    const totals = dp.totals.length ? dp.totals : (en?.totals ?? auto.totals);
    const row = [
      many ? `${c.name} (${positions.length}, median / worst)` : c.name,
      show(dp, many),
      show(en, many),
      show(auto, many),
      chose,
      autoRatio(auto, dp, en),
      fmtTotals(totals),
      dp.peaks.length
        ? `${Math.max(...dp.peaks.map((p) => p[0]))}/${Math.max(...dp.peaks.map((p) => p[1]))}`
        : '-',
      dp.bytes.length ? (Math.max(...dp.bytes) / 2 ** 20).toFixed(0) : '-',
    ];
    rows.push(row);
    row.forEach((s, i) => (widths[i] = Math.max(widths[i]!, s.length)));
    // Print as we go (slow cases), then the aligned table at the end.
    console.log(`  ${row.join(' | ')}`);
  }
  console.log('');
  print(header);
  for (const row of rows) print(row);
  const load = loadavg().map((x) => x.toFixed(1));
  console.log(
    `load average at the end: ${load.join(', ')} (timings are wall clock: compare on a quiet machine)`,
  );
}

main();
