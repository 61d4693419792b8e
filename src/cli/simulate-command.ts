// `broadside simulate --strategy LIST [--rules NAME|FILE] [--games N] [--first-game K] [--seed N]
//   [--prior FILE|none] [--shooter-prior FILE] [--salvo K] [--answers KIND]
//   [--fleets uniform|sequential] [--threads N] [--memory MB] [--no-graphs] [--no-kept-positions] [--progress]
//   [--json]`: plays N games per strategy against hidden fleets drawn uniformly from the rules'
// legal layouts (or from a prior), the same fleets for every strategy, on the worker pool through
// the API's simulate call (as the strategy lab runs it), and prints per-strategy statistics and paired differences. The shooters are told the fleets' prior, or `--shooter-prior` instead (a learned
// grid tried against fleets from elsewhere). Progress goes to standard error when it is a
// terminal (or, with --progress, as a line every 10 s to wherever it goes); Ctrl-C cancels cleanly.
// `--first-game K` plays games K..K+N-1 of the seed, exactly those games of one longer run, so a
// long comparison can be split and its --json reports joined with `broadside merge`.
// `--salvo K` fires K shots a turn; `--answers` says what the shooter is told (answers.ts): each
// shot on its own (sunk, alias single; hit-miss; named) or each turn as one volley (volley-hits,
// volley-ships, volley-count). Salvo reports also give turns to finish.
// The exact solves go through the rules' state graph when the data folder has it, or when the run
// is long enough to repay building it (graph-choice.ts); the threads hold values within the
// memory plan as the app's do. `--no-graphs` leaves them to the DP: the games are the same.
// With the graphs, the costly positions solved are kept in the graphs folder for later runs
// (main/store/solved-positions.ts), which answer them without a solve: `--no-kept-positions`
// neither reads nor adds to them. The games are the same either way.

import { availableParallelism } from 'node:os';
import { InputError } from '../core/errors';
import { gridRows } from '../core/position';
import { rulesToJson } from '../core/rules-json';
import { fleetLengths, type Rules } from '../core/rules';
import {
  ANSWERS,
  FLEET_SOURCES,
  MAX_FIRST_GAME,
  MAX_SALVO,
  MAX_SEED,
  MAX_SIMULATION_GAMES,
  type Answers,
  type SimulateParams,
  type SimulationReport,
  type SimulationRunReport,
} from '../shared/api';
import type { ApiService } from '../main/api';
import type { ApiCall } from '../main/api/handlers';
import type { Command } from './command';
import { choice, loadRules, strategyListOption, wholeNumber } from './options';
import { botOptions, formatBotFaults } from './bot-options';
import { loadPriorOption } from './prior-option';
import { ApiCallError, callApi, memoryArg, withServices } from './services';
import {
  awaitGraph,
  chooseGraph,
  EXACT_SOLVES_PER_GAME,
  noGraphsOption,
  type GraphChoice,
  type GraphOutcome,
} from './graph-choice';
import { getStrategy } from '../core/strategy';

/** How the command shows a run: the rules for the table's header, its threads and output form. */
interface SimulateOutput {
  rules: Rules;
  threads: number;
  /** The process's memory budget in bytes (--memory). */
  memoryBytes?: number;
  json: boolean;
  /** Progress lines on standard error even when it is not a terminal (logs of long runs). */
  progress: boolean;
  /** Whether the exact solves go through the rules' state graph (graph-choice.ts). */
  graph: GraphChoice;
  /** Read and add to the kept solved positions beside the graphs (not with --no-kept-positions). */
  keepSolved: boolean;
}

const DEFAULT_GAMES = 1000;
const DEFAULT_SEED = 1;
const MAX_THREADS = 256;

function describeRules(rules: Rules): string {
  const name = rules.preset ? `${rules.preset}: ` : '';
  const touch =
    rules.touch === 'allowed'
      ? 'ships may touch'
      : rules.touch === 'no-touch'
        ? 'no touching'
        : 'corners may touch';
  return `${name}${rules.width}x${rules.height}, fleet ${fleetLengths(rules.fleet).join(',')}, ${touch}`;
}

const fmt = (x: number, digits = 2): string => x.toFixed(digits);
const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);

/** The terminal table: one row per strategy, then the paired differences. */
export function formatReport(
  report: SimulationReport & Pick<SimulationRunReport, 'keptPositions'>,
  rules: Rules,
  graph?: GraphOutcome,
): string {
  const lines: string[] = [];
  const prior = report.prior ? ', fleets drawn from the prior' : '';
  const told = report.shooterPrior ? ', shooters told their own prior' : '';
  const answers = ANSWER_TEXT[report.answers];
  const salvo = report.salvo ? `, salvos of ${report.salvo} shots per turn` : '';
  const fleets = report.fleets === 'sequential' ? ', fleets placed ship by ship' : '';
  const last = report.firstGame + report.games - 1;
  const slice = report.firstGame > 0 ? ` (games ${report.firstGame}..${last})` : '';
  lines.push(
    `${report.games.toLocaleString('en-US')} games per strategy (${describeRules(rules)}), seed ${report.seed}${slice}${prior}${fleets}${told}${salvo}${answers}`,
  );
  const header = ['strategy', 'mean', '95% CI', 'median', 'p90', 'min', 'max', 'ms/shot'];
  const rows = Object.entries(report.strategies).map(([name, s]) => [
    name,
    fmt(s.mean),
    s.ci95 ? `${fmt(s.ci95[0])}..${fmt(s.ci95[1])}` : '-',
    String(s.median),
    String(s.p90),
    String(s.min),
    String(s.max),
    s.msPerShot < 0.1 ? s.msPerShot.toFixed(4) : s.msPerShot.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push('', line(header), ...rows.map(line));
  if (report.salvo) lines.push('', ...formatTurns(report));
  if (report.paired.length > 0) {
    lines.push('', 'paired differences in shots (same fleets; negative: the first needs fewer):');
    for (const p of report.paired) {
      const ci = p.ci95 ? ` (95% CI ${signed(p.ci95[0])}..${signed(p.ci95[1])})` : '';
      lines.push(
        `  ${p.a} - ${p.b}: ${signed(p.meanDifference)}${ci}; ${p.a} fewer in ${p.aFewer}, ${p.b} fewer in ${p.bFewer}, equal in ${p.equal}`,
      );
    }
  }
  if (report.wallMs !== undefined) {
    const strategies = Object.keys(report.strategies).length;
    const rate = (report.games * strategies) / (report.wallMs / 1000);
    lines.push(
      '',
      `${(report.wallMs / 1000).toFixed(1)} s on ${report.threads} threads: ${rate.toFixed(rate < 10 ? 2 : 0)} games/s (all strategies)`,
    );
  }
  if (graph) lines.push(`exact solves: ${graph.note}`);
  const kept = report.keptPositions;
  if (kept) {
    lines.push(
      `kept solved positions: ${kept.read.toLocaleString('en-US')} answered from them, ${kept.written.toLocaleString('en-US')} added`,
    );
  }
  if (report.bots) lines.push('', ...formatBotFaults(report.bots));
  return lines.join('\n');
}

/** How the header line describes the answers (nothing for the usual game). */
const ANSWER_TEXT: Record<Answers, string> = {
  sunk: '',
  'hit-miss': ', answers hit/miss only (no sink reports)',
  named: ', every hit names its ship',
  'volley-hits': ', each turn answered as a volley: cells hit per ship, sinkings named',
  'volley-ships': ', each turn answered as a volley: the ships hit, sinkings named',
  'volley-count': ', each turn answered as a volley: the number of hits, sinkings named',
};

/** The turns table of a salvo report and the paired differences in turns. */
function formatTurns(report: SimulationReport): string[] {
  const header = ['strategy', 'turns', '95% CI', 'median', 'p90', 'min', 'max', 'ms/turn'];
  const rows = Object.entries(report.strategies).flatMap(([name, { turns: t }]) =>
    t
      ? [
          [
            name,
            fmt(t.mean),
            t.ci95 ? `${fmt(t.ci95[0])}..${fmt(t.ci95[1])}` : '-',
            String(t.median),
            String(t.p90),
            String(t.min),
            String(t.max),
            t.msPerTurn < 0.1 ? t.msPerTurn.toFixed(4) : t.msPerTurn.toFixed(2),
          ],
        ]
      : [],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const lines = [line(header), ...rows.map(line)];
  const pairs = report.paired.filter((p) => p.turns);
  if (pairs.length > 0) {
    lines.push('', 'paired differences in turns (same fleets; negative: the first needs fewer):');
    for (const { a, b, turns: t } of pairs) {
      const ci = t!.ci95 ? ` (95% CI ${signed(t!.ci95[0])}..${signed(t!.ci95[1])})` : '';
      lines.push(
        `  ${a} - ${b}: ${signed(t!.meanDifference)}${ci}; ${a} fewer in ${t!.aFewer}, ${b} fewer in ${t!.bFewer}, equal in ${t!.equal}`,
      );
    }
  }
  return lines;
}

/** The --answers values: the report's names, and `single` for the usual game's `sunk`. */
const ANSWER_CHOICES = ['single', ...ANSWERS] as const;

/** The simulation's key, under which the command reads its progress and cancels it. */
const KEY = 'simulate';
/** How often progress is read: a terminal's line is redrawn at most this often. */
const POLL_MS = 200;

/**
 * Runs the simulation as a client of the API, as the lab does: `simulate` under a key, its
 * progress read with jobProgress (given `onProgress`), and Ctrl+C answered with jobCancel.
 */
async function simulateOnApi(
  api: ApiService,
  params: SimulateParams,
  localBots: ApiCall['localBots'],
  onProgress?: (fraction: number) => void,
): Promise<SimulationRunReport> {
  // `on`, not `once`: a Ctrl+C may arrive twice (terminal and bin/broadside.mjs), see batch.
  const cancel = (): void => void api.call('jobCancel', { key: KEY });
  process.on('SIGINT', cancel);
  let finished = false;
  const reading = (async () => {
    while (onProgress && !finished) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const p = await callApi(api, 'jobProgress', { key: KEY });
      if (p.running && !finished) onProgress(p.fraction);
    }
  })();
  try {
    // The command may start bots: it is the user's own process, as the desktop app is.
    const call = { desktop: true, ...(localBots ? { localBots } : {}) };
    return await callApi(api, 'simulate', { ...params, key: KEY }, call);
  } finally {
    finished = true;
    await reading;
    process.off('SIGINT', cancel);
  }
}

export async function simulateCommand(
  params: SimulateParams,
  localBots: ApiCall['localBots'],
  args: SimulateOutput,
): Promise<number> {
  const tty = process.stderr.isTTY === true;
  const t0 = Date.now();
  let lastLine = 0;
  const { games } = params;
  /** On a terminal one line rewritten in place; with --progress a line every 10 s (and the end). */
  const showProgress = (fraction: number): void => {
    const now = Date.now();
    const done = `${Math.floor(fraction * games).toLocaleString('en-US')} of ${games.toLocaleString('en-US')} games`;
    if (tty) process.stderr.write(`\rsimulating: ${done}`);
    else if (now - lastLine >= 10_000 || fraction >= 1) {
      lastLine = now;
      process.stderr.write(`simulating: ${done}, ${Math.round((now - t0) / 1000)} s\n`);
    }
  };
  const watch = tty || args.progress ? showProgress : undefined;
  try {
    // A simulation keeps nothing: the library is one in memory.
    const noArgs = { values: {}, positionals: [] };
    const options = {
      inMemory: true,
      threads: args.threads,
      memoryBytes: args.memoryBytes,
      graphs: args.graph.use,
      keepSolved: args.keepSolved,
    };
    const { report, graph } = await withServices(noArgs, options, async (s) => {
      // The graph first (read, or built for a long run): every game then plays through it.
      const graph = await awaitGraph(s.pool(), args.rules, args.graph);
      const report = await simulateOnApi(s.api(), params, localBots, watch);
      return { report, graph };
    });
    watch?.(1);
    if (tty) process.stderr.write('\r\x1b[K');
    console.log(
      args.json
        ? JSON.stringify({ ...report, solverUsed: graph.solverUsed, graphNote: graph.note })
        : formatReport(report, args.rules, args.graph.exact ? graph : undefined),
    );
    return 0;
  } catch (e) {
    if (tty) process.stderr.write('\r\x1b[K');
    if (e instanceof ApiCallError && e.name === 'CancelledError') {
      console.error('broadside: simulation cancelled');
      return 130;
    }
    throw e;
  }
}

export const simulateCliCommand: Command = {
  name: 'simulate',
  usage:
    'simulate --strategy LIST [--bot NAME=COMMAND ...] [--placer NAME=COMMAND] [--bot-timeout SECONDS] [--rules NAME|FILE] [--games N] [--first-game K] [--seed N] [--prior FILE|none] [--shooter-prior FILE] [--also-uninformed] [--salvo K] [--answers single|sunk|hit-miss|named|volley-hits|volley-ships|volley-count] [--fleets uniform|sequential] [--threads N] [--memory MB] [--no-graphs] [--no-kept-positions] [--progress] [--json]',
  summary: 'plays N games per strategy on the same hidden fleets and compares shots to finish',
  options: {
    rules: { type: 'string' },
    strategy: { type: 'string' },
    games: { type: 'string' },
    'first-game': { type: 'string' },
    seed: { type: 'string' },
    prior: { type: 'string' },
    'shooter-prior': { type: 'string' },
    threads: { type: 'string' },
    memory: { type: 'string' },
    ...noGraphsOption,
    'no-kept-positions': { type: 'boolean' },
    'also-uninformed': { type: 'boolean' },
    answers: { type: 'string' },
    salvo: { type: 'string' },
    fleets: { type: 'string' },
    progress: { type: 'boolean' },
    json: { type: 'boolean' },
    bot: { type: 'string', multiple: true },
    placer: { type: 'string' },
    'bot-timeout': { type: 'string' },
  },
  async run({ values, positionals }) {
    if (positionals.length > 0) {
      throw new InputError('simulate', `takes no file, got ${positionals.join(' ')}`);
    }
    const bots = botOptions(values);
    // With shooting bots the strategies may be left out.
    const botsOnly = values.strategy === undefined && (bots?.bots.length ?? 0) > 0;
    const strategies = botsOnly ? [] : strategyListOption(values.strategy);
    const rules = await loadRules(typeof values.rules === 'string' ? values.rules : 'classic');
    const games = wholeNumber('--games', values.games, DEFAULT_GAMES, 1, MAX_SIMULATION_GAMES);
    const firstGame = wholeNumber('--first-game', values['first-game'], 0, 0, MAX_FIRST_GAME);
    const seed = wholeNumber('--seed', values.seed, DEFAULT_SEED, 0, MAX_SEED);
    const threads = wholeNumber(
      '--threads',
      values.threads,
      availableParallelism(),
      1,
      MAX_THREADS,
    );
    const priorValue = values.prior;
    if (priorValue === '') throw new InputError('--prior', 'needs a FILE (or none)');
    const prior =
      typeof priorValue === 'string' && priorValue !== 'none'
        ? await loadPriorOption(priorValue, rules)
        : undefined;
    const shooterValue = values['shooter-prior'];
    if (shooterValue === '') throw new InputError('--shooter-prior', 'needs a FILE (or a preset)');
    const shooterPrior =
      typeof shooterValue === 'string'
        ? await loadPriorOption(shooterValue, rules, '--shooter-prior')
        : undefined;
    const alsoUninformed = values['also-uninformed'] === true;
    if (alsoUninformed && !prior && !shooterPrior) {
      throw new InputError(
        '--also-uninformed',
        'compares knowing a prior with not: give --prior or --shooter-prior',
      );
    }
    const salvo = wholeNumber('--salvo', values.salvo, 1, 1, MAX_SALVO);
    const chosen = choice(
      '--answers',
      values.answers,
      ANSWER_CHOICES,
      "single or sunk: each shot answered, sinkings with the ship's cells; hit-miss: only hit or miss; named: every hit names its ship; volley-hits, volley-ships, volley-count: each turn answered as one volley by the cells hit per ship, the ships hit, or the number of hits",
    );
    const answers: Answers = chosen === 'single' ? 'sunk' : chosen;
    const fleets = choice(
      '--fleets',
      values.fleets,
      FLEET_SOURCES,
      'uniform: every legal layout equally likely; sequential: ships placed one at a time, as most game programs do',
    );
    const rows = (grid: Float64Array | undefined) =>
      grid ? gridRows(grid, rules.width) : undefined;
    const params: SimulateParams = {
      rules: rulesToJson(rules),
      strategies,
      games,
      firstGame,
      seed,
      prior: rows(prior),
      shooterPrior: rows(shooterPrior),
      alsoUninformed,
      answers,
      salvo,
      fleets,
      ...(bots ? { bots: bots.bots } : {}),
    };
    const localBots = bots ? { placer: bots.placer, botTimeoutMs: bots.botTimeoutMs } : undefined;
    // The exact solves the run makes, about: a game's worth per exact strategy (twice with
    // --also-uninformed), over every game.
    const exact = strategies.filter((name) => getStrategy(name).exact).length;
    const solves = games * exact * (alsoUninformed ? 2 : 1) * EXACT_SOLVES_PER_GAME;
    return simulateCommand(params, localBots, {
      rules,
      threads,
      graph: chooseGraph(values, rules, solves),
      keepSolved: values['no-kept-positions'] !== true,
      memoryBytes: memoryArg(values.memory),
      json: values.json === true,
      progress: values.progress === true,
    });
  },
};
