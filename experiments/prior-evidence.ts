// The evidence behind the priors (README, "Priors"): paired simulations of the greedy shooter
// with and without a prior, and held-out likelihoods of learned priors. Long-running (hours on
// a 10x10 board, where every early shot is an exact solve of a nearly open board), so each stage
// appends one JSON line per game to its output file and skips games already there: rerun to
// resume, run shards in parallel (--shard 1/2 and 2/2) or more fleet streams (--stream 1, 2, ...)
// to use more cores.
//
// greedy: the core's greedy strategy (core/strategy/greedy.ts) played by the simulator's referee
// (core/simulate/game.ts): the unknown cell with the highest exact probability, the first cell in
// reading order among exact ties. Every comparison is paired: both shooters face the
// same hidden fleets, drawn exactly from the stated prior with a fixed seed. Fleets come from
// the DP sampler, so a different DP may draw different (equally exact) fleets for a seed; each
// row records its layout.
//
// Stages:
//   human  --games N [--stream K]
//                         classic rules: fleets from the human prior and from uniform; greedy
//                         with the human prior vs greedy uniform on each. The summary also
//                         reweights both sets to each prior (exact densities, balance heuristic).
//   train  --rules WxH:fleet --replicates R --sizes LIST --configs LIST --heldout N --out FILE
//          [--opponent edges|uniform]
//                         synthetic opponent (edges: each ship along the border with probability
//                         0.7; uniform: no habit, fleets uniform over legal layouts, the control):
//                         R nested training sets (a quarter of the games unfinished), learned
//                         priors (configs: counts, fit, fit-sym, counts:K, fit:PRECISION), exact
//                         held-out log-likelihoods.
//   shots  --priors FILE --games N [--methods fit,counts] [--sizes LIST]
//                         greedy with each learned prior vs uniform on the held-out fleets.
//   referee --rules margin --games N [--seed S] [--out FILE]
//                         fleets placed ship by ship (a contest referee's way) as revealed game
//                         logs, to learn the referee's habit from (broadside learn).
//   summary FILE...       means and 95% intervals (Student's t, as the simulator reports) of the
//                         paired differences (learned priors: per held-out fleet, averaged over
//                         the training sets).
//
// The README's figures:
//   human --games 800 (shards 1/2, 2/2) and --stream 1: 561 pairs;
//   train --rules 8x8:4,3,3,2 --seed 7007 --heldout 4000 --sizes 1,2,5,10,20,50,100
//     --configs counts,fit --replicates 5; shots --games 300 on those priors;
//   the control: the same train stage with --opponent uniform --sizes 1,5,20,100, and shots
//     --games 300 --methods fit,counts --sizes 5,20,100 on its priors.
//   the classic board: train --rules classic --seed 7007 --heldout 1000 --sizes 1,5,20,100
//     --configs fit,counts --replicates 2; shots --rules classic --games 300 --methods fit (two
//     shards, about 35 minutes on 2 cores); its control: the same with --opponent uniform, and
//     shots --sizes 5,100.
//
// Run: npm run experiment -- prior-evidence STAGE [options] (builds this file, then runs it).

import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gameLogToJson, type GameLog } from '../src/core/game-log';
import { emptyPosition, gridRows } from '../src/core/position';
import { parseRules } from '../src/core/rules-json';
import { learnPrior } from '../src/core/prior/learn';
import { layoutLogWeight, logGrid, priorOccupancy } from '../src/core/prior/occupancy';
import { presetPrior } from '../src/core/prior/presets';
import { seededRandom, type Random } from '../src/core/random';
import { PRESETS, presetRules } from '../src/core/rules';
import { fleetRandom, fleetSampler, sequentialSampler } from '../src/core/simulate/fleets';
import { playGame } from '../src/core/simulate/game';
import { summarize } from '../src/core/simulate/stats';
import { greedyStrategy } from '../src/core/strategy/greedy';
import { PosteriorCache } from '../src/core/strategy/posterior';
import { layoutSampler } from '../src/core/solve/sample';
import { edgeHuggerLayout, playedGame, revealedGame } from './opponents';

// The board of the synthetic-opponent stages (--rules WxH:fleet, default classic); the human
// stage always plays classic rules.
let rules = presetRules('classic');
let N = rules.width * rules.height;

function setRules(spec: string | undefined): void {
  if (!spec || spec === 'classic') return;
  if (spec in PRESETS) {
    rules = presetRules(spec);
    N = rules.width * rules.height;
    return;
  }
  const m = /^(\d+)x(\d+):([\d,]+)$/.exec(spec);
  if (!m) throw new Error(`--rules must look like 8x8:4,3,3,2, got ${spec}`);
  rules = parseRules({
    width: Number(m[1]),
    height: Number(m[2]),
    fleet: m[3]!.split(',').map(Number),
    touch: 'allowed',
  });
  N = rules.width * rules.height;
}

// ---------------------------------------------------------------- greedy games

/** One posterior cache per prior, so the greedy games share their costly early solves. */
const posteriors = new Map<string, PosteriorCache>();
const greedy = greedyStrategy('first');

/** Shots the core's greedy strategy needs to sink `layout`, told `prior` (undefined = uniform). */
function greedyShots(
  layout: number[][],
  prior: Float64Array | undefined,
  priorName: string,
): number {
  let cache = posteriors.get(priorName);
  if (!cache) posteriors.set(priorName, (cache = new PosteriorCache(N)));
  // Greedy with first-cell ties never draws from its random stream.
  const shooter = greedy.create({ rules, random: seededRandom(0), posteriors: cache });
  return playGame(rules, layout, shooter, { prior, name: 'greedy' }).shots;
}

// ---------------------------------------------------------------- output files

type Row = Record<string, unknown> & { stage: string; set: string; game: number };

function readRows(file: string): Row[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
}

function shardOf(spec: string | undefined): { index: number; count: number } {
  if (!spec) return { index: 0, count: 1 };
  const [i, k] = spec.split('/').map(Number);
  return { index: i! - 1, count: k! };
}

// ---------------------------------------------------------------- stage: human

/** The human stage's fleet streams: per set, its sampler and seeded random stream. */
function humanStreams(stream: number) {
  const human = presetPrior('human', rules)!;
  const sets: { set: string; prior: Float64Array | undefined }[] = [
    { set: 'human-fleets', prior: human },
    { set: 'uniform-fleets', prior: undefined },
  ];
  const streams = sets.map(({ set, prior }) => {
    const position = emptyPosition(rules);
    if (prior) position.prior = prior;
    return {
      set,
      sampler: layoutSampler(position),
      // Stream k draws its own fleets (seeds 9001 + 100 k, 9002 + 100 k), numbered from 100000 k,
      // so extra processes add independent games without repeating any.
      random: seededRandom((set === 'human-fleets' ? 9001 : 9002) + 100 * stream),
    };
  });
  // log p_human(L) - log p_uniform(L): how much likelier the human prior finds a layout.
  const logW = logGrid(human, N);
  const logZHuman = Math.log(streams[0]!.sampler.total);
  const logZUniform = Math.log(streams[1]!.sampler.total);
  const logRatio = (layout: number[][]): number =>
    layoutLogWeight(layout, logW) - logZHuman + logZUniform;
  return { human, streams, logRatio };
}

function stageHuman(
  games: number,
  out: string,
  shard: { index: number; count: number },
  stream: number,
): void {
  const { human, streams, logRatio } = humanStreams(stream);
  const done = new Set(readRows(out).map((r) => `${r.set}:${r.game}`));
  for (let g = 0; g < games; g++) {
    for (const { set, sampler, random } of streams) {
      const layout = sampler.draw(random);
      const id = stream * 100_000 + g;
      if (g % shard.count !== shard.index || done.has(`${set}:${id}`)) continue;
      const t0 = performance.now();
      const uniform = greedyShots(layout, undefined, 'uniform');
      const withHuman = greedyShots(layout, human, 'human');
      const row: Row = {
        stage: 'human',
        set,
        game: id,
        uniform,
        human: withHuman,
        ms: Math.round(performance.now() - t0),
        logRatio: logRatio(layout),
        layout,
      };
      appendFileSync(out, JSON.stringify(row) + '\n');
      console.log(JSON.stringify({ ...row, layout: undefined }));
    }
  }
}

/** Adds the layout and its log ratio to rows written before they were recorded. */
function stageBackfill(files: string[]): void {
  const rows = files.map(readRows);
  const missing = rows.flat().filter((r) => r.stage === 'human' && r.layout === undefined);
  const byStream = new Map<number, Row[]>();
  for (const r of missing) {
    const k = Math.floor(r.game / 100_000);
    byStream.set(k, [...(byStream.get(k) ?? []), r]);
  }
  for (const [stream, list] of byStream) {
    const { streams, logRatio } = humanStreams(stream);
    const last = Math.max(...list.map((r) => r.game % 100_000));
    for (let g = 0; g <= last; g++) {
      for (const { set, sampler, random } of streams) {
        const layout = sampler.draw(random);
        for (const r of list) {
          if (r.set === set && r.game % 100_000 === g) {
            r.layout = layout;
            r.logRatio = logRatio(layout);
          }
        }
      }
    }
  }
  files.forEach((f, k) => writeFileSync(f, rows[k]!.map((r) => JSON.stringify(r) + '\n').join('')));
  console.log(`backfilled ${missing.length} rows`);
}

// ---------------------------------------------------------------- synthetic opponents

// Their habits and logged games are opponents.ts, shared with the learners' tests.

/**
 * A contest referee's habit: fleets placed one ship at a time (simulate --fleets sequential), as
 * finished games with the layout revealed, for `broadside learn`. Seeds other than the
 * simulator's (seed 1), so the games learned from are not the games played.
 */
function stageReferee(games: number, seed: number, out: string | undefined): void {
  const sampler = sequentialSampler(rules);
  const logs = Array.from({ length: games }, (_, k) =>
    gameLogToJson(revealedGame(rules, sampler.draw(fleetRandom(seed, k)))),
  );
  const text = JSON.stringify(logs) + '\n';
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}

const TRAIN_SIZES = [5, 10, 20, 50, 100];

interface TrainConfig {
  label: string;
  method: 'counts' | 'fit';
  symmetric?: boolean;
  precision?: number;
  pseudoGames?: number;
}

const DEFAULT_CONFIGS: TrainConfig[] = [
  { label: 'counts', method: 'counts' },
  { label: 'fit', method: 'fit' },
  { label: 'fit-sym', method: 'fit', symmetric: true },
];

/** Configurations from "counts:10,fit:2,fit-sym:2" (method[-sym]:parameter). */
function parseConfigs(spec: string | undefined): TrainConfig[] {
  if (!spec) return DEFAULT_CONFIGS;
  return spec.split(',').map((item) => {
    const [name, param] = item.split(':');
    const method = name!.startsWith('counts') ? 'counts' : 'fit';
    const symmetric = name!.endsWith('-sym');
    const value = param === undefined ? undefined : Number(param);
    return {
      label: item,
      method,
      symmetric,
      precision: method === 'fit' ? value : undefined,
      pseudoGames: method === 'counts' ? value : undefined,
    };
  });
}

/**
 * The synthetic opponent's layouts: the edge hugger, or (`uniform`) an opponent with no habit at
 * all, whose fleets are exactly uniform over the legal layouts: the control, where a learned
 * prior can only cost shots, and must not when it is learned from few games.
 */
function opponentLayouts(opponent: string): (random: Random) => number[][] {
  if (opponent === 'edges') return (random) => edgeHuggerLayout(rules, random);
  if (opponent === 'uniform') {
    const sampler = fleetSampler(rules);
    return (random) => sampler.draw(random);
  }
  throw new Error(`--opponent must be edges or uniform, got ${opponent}`);
}

function stageTrain(
  opponent: string,
  out: string,
  heldOut: number,
  configs: TrainConfig[],
  sizes: number[],
  seed: number,
  replicates: number,
): void {
  const draw = opponentLayouts(opponent);
  const testRandom = seededRandom(seed + 1001);
  const test = Array.from({ length: heldOut }, () => draw(testRandom));
  const uniformLogZ = priorOccupancy(rules).logZ;
  const result: Record<string, unknown>[] = [];
  // Replicate r: its own nested training games (seed + 17 r), the same held-out fleets.
  for (let r = 0; r < replicates; r++) {
    const random = seededRandom(seed + 17 * r);
    const train: GameLog[] = [];
    for (let g = 0; g < Math.max(...sizes); g++) {
      const layout = draw(random);
      // A quarter of the games were abandoned after 10% to 40% of the board was shot.
      const stop = Math.floor(N * 0.1) + Math.floor(random() * N * 0.3);
      train.push(
        random() < 0.25 ? playedGame(rules, layout, random, stop) : revealedGame(rules, layout),
      );
    }
    for (const n of sizes) {
      const games = train.slice(0, n);
      for (const config of configs) {
        const prior = learnPrior(games, {
          method: config.method,
          symmetric: config.symmetric,
          precision: config.precision,
          pseudoGames: config.pseudoGames,
        });
        const { logZ } = priorOccupancy(rules, prior.grid);
        const lg = logGrid(prior.grid, N);
        const ll = test.map((l) => layoutLogWeight(l, lg) - logZ);
        result.push({
          n,
          replicate: r,
          method: config.label,
          symmetric: !!config.symmetric,
          fullGames: prior.fullGames,
          partialGames: prior.partialGames,
          solves: prior.solves,
          ms: Math.round(prior.ms),
          heldOutLogLikelihood: ll,
          heldOutUniform: -uniformLogZ,
          grid: gridRows(prior.grid, rules.width),
        });
        const gain = ll.map((v) => v + uniformLogZ);
        console.log(
          `r=${r} n=${n} ${config.label}: held-out log-likelihood gain over uniform per game ${interval(gain)}; ${prior.solves} solves, ${(prior.ms / 1000).toFixed(1)} s`,
        );
        writeFileSync(out, JSON.stringify({ test, priors: result }) + '\n');
      }
    }
  }
}

function stageShots(
  priorsFile: string,
  games: number,
  out: string,
  shard: { index: number; count: number },
  methods: string[],
  sizes?: number[],
): void {
  const data = JSON.parse(readFileSync(priorsFile, 'utf8')) as {
    test: number[][][];
    priors: { n: number; replicate?: number; method: string; grid: number[][] }[];
  };
  const done = new Set(readRows(out).map((r) => `${r.set}:${r.game}`));
  const chosen = data.priors.filter(
    (p) => methods.includes(p.method) && (sizes === undefined || sizes.includes(p.n)),
  );
  for (let g = 0; g < Math.min(games, data.test.length); g++) {
    if (g % shard.count !== shard.index) continue;
    const layout = data.test[g]!;
    let uniform: number | undefined;
    for (const p of chosen) {
      const set = `${p.method}-${p.n}${p.replicate ? `-r${p.replicate}` : ''}`;
      if (done.has(`${set}:${g}`)) continue;
      const t0 = performance.now();
      uniform ??= greedyShots(layout, undefined, 'uniform');
      const grid = Float64Array.from(p.grid.flat());
      const shots = greedyShots(layout, grid, set);
      const row: Row = {
        stage: 'shots',
        set,
        game: g,
        uniform,
        prior: shots,
        ms: Math.round(performance.now() - t0),
      };
      appendFileSync(out, JSON.stringify(row) + '\n');
      console.log(JSON.stringify(row));
    }
  }
}

// ---------------------------------------------------------------- summary

/** Mean and 95% interval of the mean (Student's t, the simulator's statistics). */
function interval(d: number[]): string {
  const { mean, ci95 } = summarize(d);
  const range = ci95 ? `[${ci95[0].toFixed(2)}, ${ci95[1].toFixed(2)}]` : '[no interval]';
  return `${mean.toFixed(2)} ${range} (n=${d.length})`;
}

/** Mean and 95% interval of a self-normalised weighted mean, by bootstrap within each set. */
function weightedInterval(groups: { d: number; w: number }[][], reps = 2000): string {
  const estimate = (rows: { d: number; w: number }[]): number => {
    let sw = 0;
    let swd = 0;
    for (const r of rows) {
      sw += r.w;
      swd += r.w * r.d;
    }
    return swd / sw;
  };
  const all = groups.flat();
  const random = seededRandom(4242);
  const boots: number[] = [];
  for (let b = 0; b < reps; b++) {
    const sample: { d: number; w: number }[] = [];
    for (const g of groups)
      for (let k = 0; k < g.length; k++) sample.push(g[Math.floor(random() * g.length)]!);
    boots.push(estimate(sample));
  }
  boots.sort((a, b) => a - b);
  const lo = boots[Math.floor(reps * 0.025)]!;
  const hi = boots[Math.floor(reps * 0.975)]!;
  return `${estimate(all).toFixed(2)} [${lo.toFixed(2)}, ${hi.toFixed(2)}] (n=${all.length})`;
}

function stageSummary(files: string[]): void {
  const rows = files.flatMap(readRows);
  const human = rows.filter((r) => r.stage === 'human');
  if (human.length) {
    for (const set of ['human-fleets', 'uniform-fleets']) {
      const rs = human.filter((r) => r.set === set);
      if (!rs.length) continue;
      const d = rs.map((r) => (r.uniform as number) - (r.human as number));
      const mean = (k: string): string =>
        (rs.reduce((a, r) => a + (r[k] as number), 0) / rs.length).toFixed(2);
      console.log(
        `${set}: mean shots greedy uniform ${mean('uniform')}, greedy human ${mean('human')}; saved by the human prior ${interval(d)}`,
      );
    }
    // Both sets estimate both directions: a layout L drawn from either prior is reweighted to the
    // target by the balance heuristic, w = p_target(L) / (a_h p_human(L) + a_u p_uniform(L)),
    // a_* the sets' shares (exact densities; logRatio = log p_human - log p_uniform).
    const withRatio = human.filter((r) => typeof r.logRatio === 'number');
    const nh = withRatio.filter((r) => r.set === 'human-fleets').length;
    const nu = withRatio.length - nh;
    if (nh && nu) {
      const ah = nh / (nh + nu);
      const au = 1 - ah;
      for (const target of ['human', 'uniform']) {
        const groups = ['human-fleets', 'uniform-fleets'].map((set) =>
          withRatio
            .filter((r) => r.set === set)
            .map((r) => {
              const e = Math.exp(r.logRatio as number);
              const w = (target === 'human' ? e : 1) / (ah * e + au);
              return { d: (r.uniform as number) - (r.human as number), w };
            }),
        );
        console.log(
          `${target} fleets, both sets reweighted: saved by the human prior ${weightedInterval(groups)}`,
        );
      }
    }
  }
  // Learned priors: per (method, games), the per-game difference averaged over replicates.
  const shots = rows.filter((r) => r.stage === 'shots');
  const base = (set: string): string => set.replace(/-r\d+$/, '');
  for (const key of [...new Set(shots.map((r) => base(r.set)))].sort()) {
    const byGame = new Map<number, number[]>();
    const uniform = new Map<number, number>();
    const prior: number[] = [];
    const reps = new Set<string>();
    for (const r of shots.filter((x) => base(x.set) === key)) {
      reps.add(r.set);
      byGame.set(r.game, [
        ...(byGame.get(r.game) ?? []),
        (r.uniform as number) - (r.prior as number),
      ]);
      uniform.set(r.game, r.uniform as number);
      prior.push(r.prior as number);
    }
    const d = [...byGame.values()].map((v) => v.reduce((a, b) => a + b, 0) / v.length);
    const mu = [...uniform.values()].reduce((a, b) => a + b, 0) / uniform.size;
    const mp = prior.reduce((a, b) => a + b, 0) / prior.length;
    console.log(
      `${key} (${reps.size} training sets): mean shots uniform ${mu.toFixed(2)}, learned ${mp.toFixed(2)}; saved ${interval(d)}`,
    );
  }
}

// ---------------------------------------------------------------- main

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: 'string' },
    out: { type: 'string' },
    priors: { type: 'string' },
    shard: { type: 'string' },
    heldout: { type: 'string' },
    methods: { type: 'string' },
    configs: { type: 'string' },
    sizes: { type: 'string' },
    seed: { type: 'string' },
    stream: { type: 'string' },
    replicates: { type: 'string' },
    rules: { type: 'string' },
    opponent: { type: 'string' },
  },
});
const [stage, ...files] = positionals;
setRules(values.rules);
const shard = shardOf(values.shard);
if (stage === 'human') {
  stageHuman(
    Number(values.games ?? 200),
    values.out ?? 'human-shots.jsonl',
    shard,
    Number(values.stream ?? 0),
  );
} else if (stage === 'train') {
  stageTrain(
    values.opponent ?? 'edges',
    values.out ?? 'learned-priors.json',
    Number(values.heldout ?? 400),
    parseConfigs(values.configs),
    (values.sizes ?? TRAIN_SIZES.join(',')).split(',').map(Number),
    Number(values.seed ?? 7007),
    Number(values.replicates ?? 1),
  );
} else if (stage === 'shots') {
  stageShots(
    values.priors ?? 'learned-priors.json',
    Number(values.games ?? 200),
    values.out ?? 'learned-shots.jsonl',
    shard,
    (values.methods ?? 'fit').split(','),
    values.sizes?.split(',').map(Number),
  );
} else if (stage === 'referee') {
  stageReferee(Number(values.games ?? 2000), Number(values.seed ?? 7001), values.out);
} else if (stage === 'backfill') {
  stageBackfill(files);
} else if (stage === 'summary') {
  stageSummary(files);
} else {
  console.error('usage: prior-evidence human|train|shots|summary [options] (see the header)');
  process.exit(2);
}
