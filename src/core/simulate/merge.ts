// Merging `simulate --json` reports of disjoint game ranges of one seed into the report one run
// over their union would have given: the reports keep per strategy the histogram of shots and the
// total milliseconds, per pair the exact sums of the differences, so the merged means, intervals,
// medians and paired differences are those of one run to the last digit (stats.ts computes them
// from exact integer sums). Only timings differ from a real run: msPerShot is the parts' total
// milliseconds over their total shots, and the wall-clock time and thread count of the whole are
// not known, so the merged report has none.
//
// Salvo reports (K > 1 shots per turn) keep turns the same way (histograms, paired sums) and
// merge them alike.
//
// Reports of different settings (rules, seed, strategies, prior, answers, salvo, fleets, the bots and
// their commands, or any other field a part carries) are refused, as are overlapping ranges and
// gaps: a merged report always covers one contiguous range, like a run. The bots' faults add up.

import { FAULT_KINDS, MAX_REPORTED_FAULTS, type BotsReport } from '../bot-protocol';
import { InputError } from '../errors';
import { parseRules } from '../rules-json';
import {
  reportFromTally,
  type ReportSetting,
  type SimulationReport,
  type SimulationTally,
} from './report';
import type { PairedSums } from './stats';

export interface ReportPart {
  /** Where the report came from (a file name), for error messages. */
  source: string;
  report: unknown;
}

/**
 * Fields that hold the range, results or timings: everything else must match across parts. Each
 * game's shots (the API's perGameShots and perGameCells) are left out, as `simulate --json`
 * leaves them out. Which engine answered (`simulate --json`'s solverUsed and graphNote) changes
 * no game, so parts played with and without a graph merge (commonEngine); nor do the positions a
 * part read from the kept solved positions (keptPositions), which the merged report leaves out.
 */
const RESULT_FIELDS = new Set([
  'games',
  'firstGame',
  'strategies',
  'paired',
  'wallMs',
  'threads',
  'perGameShots',
  'perGameCells',
  'bots',
  'solverUsed',
  'graphNote',
  'keptPositions',
]);
const REQUIRED_SETTING = ['rules', 'seed', 'prior', 'shooterPrior', 'answers', 'fleets'];

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isWhole = (v: unknown): v is number => Number.isSafeInteger(v);
/** A histogram key as reports write it: a whole number in plain decimal, no sign, no padding. */
const DECIMAL_KEY = /^(0|[1-9][0-9]{0,15})$/;

interface Part {
  source: string;
  firstGame: number;
  games: number;
  setting: Json;
  tally: SimulationTally;
  bots?: BotsReport;
}

function readPart({ source, report }: ReportPart): Part {
  const bad = (what: string): InputError => new InputError(source, what);
  if (!isObject(report) || !isObject(report.strategies) || !Array.isArray(report.paired)) {
    throw bad('is not a `broadside simulate --json` report');
  }
  const { firstGame, games } = report;
  if (firstGame === undefined) {
    throw bad('has no game range (firstGame): it was made before reports could be merged');
  }
  if (!isCount(firstGame) || !isCount(games) || games < 1) {
    throw bad(`has a bad game range (firstGame ${String(firstGame)}, games ${String(games)})`);
  }
  for (const key of REQUIRED_SETTING) {
    if (!(key in report)) throw bad(`has no "${key}" field`);
  }
  const setting: Json = {};
  for (const [key, value] of Object.entries(report)) {
    if (!RESULT_FIELDS.has(key)) setting[key] = value;
  }
  let rules;
  try {
    rules = parseRules(report.rules, 'rules');
  } catch (e) {
    throw e instanceof InputError ? bad(e.message) : e;
  }
  /** No game takes more shots (or turns) than the board has cells. */
  const cells = rules.width * rules.height;
  const salvo = report.salvo !== undefined;
  /** A histogram of whole numbers (1 to the board's cells) -> games, counting `games` games. */
  const readHistogram = (raw: unknown, where: string, unit: string): Map<number, number> => {
    if (!isObject(raw)) throw bad(`${where} is not ${unit} -> games`);
    const histogram = new Map<number, number>();
    let total = 0;
    for (const [key, count] of Object.entries(raw)) {
      if (!DECIMAL_KEY.test(key)) {
        throw bad(`${where} has the key ${JSON.stringify(key)}, not a whole number of ${unit}`);
      }
      const value = Number(key);
      if (value < 1 || value > cells) {
        throw bad(`${where} has games of ${value} ${unit}, outside 1..${cells} on this board`);
      }
      if (!isCount(count)) throw bad(`${where}["${key}"] is not a number of games`);
      histogram.set(value, count);
      total += count;
    }
    if (total !== games) throw bad(`${where} counts ${total} games, the report says ${games}`);
    return new Map([...histogram].sort((x, y) => x[0] - y[0]));
  };
  const strategies = Object.entries(report.strategies).map(([strategy, raw]) => {
    const where = `strategies["${strategy}"]`;
    if (!isObject(raw) || !isObject(raw.histogram) || typeof raw.ms !== 'number') {
      throw bad(
        `${where} has no histogram and total ms: it was made before reports could be merged`,
      );
    }
    if (!Number.isFinite(raw.ms) || raw.ms < 0) {
      throw bad(`${where}.ms is ${String(raw.ms)}, not a time of 0 ms or more`);
    }
    const histogram = readHistogram(raw.histogram, `${where}.histogram`, 'shots');
    if (!salvo) return { strategy, histogram, ms: raw.ms };
    if (!isObject(raw.turns)) throw bad(`${where} has no turns, though the games were salvos`);
    const turns = readHistogram(raw.turns.histogram, `${where}.turns.histogram`, 'turns');
    return { strategy, histogram, ms: raw.ms, turns };
  });
  const names = new Set(strategies.map((x) => x.strategy));
  const paired = (report.paired as unknown[]).map((raw, k) => {
    const where = `paired[${k}]`;
    if (!isObject(raw) || typeof raw.a !== 'string' || typeof raw.b !== 'string') {
      throw bad(`${where} is not a paired difference`);
    }
    for (const side of [raw.a, raw.b]) {
      if (!names.has(side)) throw bad(`${where} pairs "${side}", which is not in strategies`);
    }
    const sums = readPairedSums(raw, where, games, cells, bad);
    if (!salvo) return { a: raw.a, b: raw.b, sums };
    if (!isObject(raw.turns)) throw bad(`${where} has no turns, though the games were salvos`);
    return {
      a: raw.a,
      b: raw.b,
      sums,
      turns: readPairedSums(raw.turns, `${where}.turns`, games, cells, bad),
    };
  });
  const bots = report.bots === undefined ? undefined : readBots(report.bots, games, bad);
  return { source, firstGame, games, setting, tally: { strategies, paired }, bots };
}

/**
 * The exact sums of a paired difference (of shots, or of turns) over `games` games, checked to be
 * sums some games could have: each difference is a whole number below the board's cells in size,
 * zero exactly in the equal games, so the sums bound each other (and the variance is never
 * negative, which would make the interval NaN).
 */
function readPairedSums(
  raw: Json,
  where: string,
  games: number,
  cells: number,
  bad: (what: string) => InputError,
): PairedSums {
  const { sum, sumOfSquares, aFewer, bFewer, equal } = raw;
  if (!isWhole(sum) || !isCount(sumOfSquares)) {
    throw bad(`${where} has no sum and sumOfSquares: it was made before reports could be merged`);
  }
  if (
    !isCount(aFewer) ||
    !isCount(bFewer) ||
    !isCount(equal) ||
    aFewer + bFewer + equal !== games
  ) {
    throw bad(`${where}: aFewer, bFewer and equal do not add up to ${games} games`);
  }
  const differing = aFewer + bFewer;
  const biggest = cells - 1;
  const possible =
    Math.abs(sum) <= differing * biggest &&
    sumOfSquares <= differing * biggest * biggest &&
    sumOfSquares >= differing &&
    sumOfSquares >= Math.abs(sum) &&
    // no fewer squares than `differing` equal differences of that sum would give
    (differing === 0 ? sum === 0 : sum * sum <= differing * sumOfSquares) &&
    // d and d*d are both odd or both even, so the sums are too
    Math.abs(sum % 2) === sumOfSquares % 2;
  if (!possible) {
    throw bad(
      `${where}: sum ${sum} and sumOfSquares ${sumOfSquares} cannot come from ${differing} games with a difference`,
    );
  }
  return { count: games, sum, sumOfSquares, aFewer, bFewer, equal };
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The bots part of a report over `games` games, every field checked before it is added up. */
function readBots(raw: unknown, games: number, bad: (what: string) => InputError): BotsReport {
  if (!isObject(raw) || !isObject(raw.shooters) || !Array.isArray(raw.faults)) {
    throw bad('bots is not the bots part of a report');
  }
  if (typeof raw.timeoutMs !== 'number' || !(raw.timeoutMs > 0)) {
    throw bad('bots.timeoutMs is not a time limit');
  }
  let forfeits = 0;
  for (const [name, b] of Object.entries(raw.shooters)) {
    const where = `bots.shooters["${name}"]`;
    if (!isObject(b) || !isStringList(b.argv) || !isCount(b.forfeits) || b.forfeits > games) {
      throw bad(`${where} needs argv and forfeits (0 to ${games})`);
    }
    if (!isObject(b.byKind)) throw bad(`${where}.byKind is not fault kind -> games`);
    let byKind = 0;
    for (const [kind, n] of Object.entries(b.byKind)) {
      if (!(FAULT_KINDS as readonly string[]).includes(kind) || !isCount(n)) {
        throw bad(`${where}.byKind has ${JSON.stringify(kind)}: ${String(n)}`);
      }
      byKind += n;
    }
    if (byKind !== b.forfeits) {
      throw bad(`${where}.byKind adds up to ${byKind}, its forfeits are ${b.forfeits}`);
    }
    forfeits += b.forfeits;
  }
  const placer = raw.placer;
  if (
    placer !== null &&
    (!isObject(placer) ||
      typeof placer.name !== 'string' ||
      !isStringList(placer.argv) ||
      !isCount(placer.faults) ||
      placer.faults > games)
  ) {
    throw bad('bots.placer is neither null nor {name, argv, faults}');
  }
  const placerFaults = placer === null ? 0 : (placer.faults as number);
  if (raw.faultCount !== forfeits + placerFaults) {
    throw bad(
      `bots.faultCount is ${String(raw.faultCount)}, the forfeits and placer faults add up to ${forfeits + placerFaults}`,
    );
  }
  raw.faults.forEach((f: unknown, k) => {
    const ok =
      isObject(f) &&
      typeof f.bot === 'string' &&
      (f.role === 'shooter' || f.role === 'placer') &&
      isCount(f.game) &&
      (FAULT_KINDS as readonly string[]).includes(f.kind as string) &&
      typeof f.message === 'string' &&
      isStringList(f.stderr);
    if (!ok) throw bad(`bots.faults[${k}] is not a fault record`);
  });
  if (raw.faults.length > Math.min(raw.faultCount, MAX_REPORTED_FAULTS)) {
    throw bad(`bots.faults lists ${raw.faults.length} faults, more than its faultCount`);
  }
  return raw as unknown as BotsReport;
}

/** The bots' setting (time limit, names and commands), which must match across parts. */
function botsSetting(bots: BotsReport | undefined): string {
  if (!bots) return 'none';
  const shooters = Object.entries(bots.shooters).map(([name, b]) => [name, b.argv]);
  const placer = bots.placer && [bots.placer.name, bots.placer.argv];
  return JSON.stringify([bots.timeoutMs, shooters, placer]);
}

function addBots(a: BotsReport | undefined, b: BotsReport | undefined): BotsReport | undefined {
  if (!a || !b) return a ?? b;
  const shooters: BotsReport['shooters'] = {};
  for (const [name, x] of Object.entries(a.shooters)) {
    const y = b.shooters[name]!;
    const byKind = { ...x.byKind };
    for (const [kind, n] of Object.entries(y.byKind) as [keyof typeof byKind, number][]) {
      byKind[kind] = (byKind[kind] ?? 0) + n;
    }
    shooters[name] = { argv: x.argv, forfeits: x.forfeits + y.forfeits, byKind };
  }
  const faults = [...a.faults, ...b.faults].sort((f, g) => f.game - g.game);
  return {
    timeoutMs: a.timeoutMs,
    shooters,
    placer: a.placer && { ...a.placer, faults: a.placer.faults + (b.placer?.faults ?? 0) },
    faults: faults.slice(0, MAX_REPORTED_FAULTS),
    faultCount: a.faultCount + b.faultCount,
  };
}

/** The first setting field where `part` differs from `first`, if any. */
function differingField(first: Part, part: Part): string | undefined {
  const keys = new Set([...Object.keys(first.setting), ...Object.keys(part.setting)]);
  for (const key of keys) {
    if (JSON.stringify(first.setting[key]) !== JSON.stringify(part.setting[key])) return key;
  }
  const names = (p: Part): string => JSON.stringify(p.tally.strategies.map((s) => s.strategy));
  if (names(first) !== names(part)) return 'strategies';
  const pairs = (p: Part): string => JSON.stringify(p.tally.paired.map((x) => [x.a, x.b]));
  if (pairs(first) !== pairs(part)) return 'paired';
  if (botsSetting(first.bots) !== botsSetting(part.bots)) return 'bots';
  return undefined;
}

const range = (p: Part): string => `games ${p.firstGame}..${p.firstGame + p.games - 1}`;

function addHistograms(a: Map<number, number>, b: Map<number, number>): Map<number, number> {
  const histogram = new Map(a);
  for (const [value, count] of b) histogram.set(value, (histogram.get(value) ?? 0) + count);
  return new Map([...histogram].sort((x, y) => x[0] - y[0]));
}

function addSums(p: PairedSums, q: PairedSums): PairedSums {
  return {
    count: p.count + q.count,
    sum: p.sum + q.sum,
    sumOfSquares: p.sumOfSquares + q.sumOfSquares,
    aFewer: p.aFewer + q.aFewer,
    bFewer: p.bFewer + q.bFewer,
    equal: p.equal + q.equal,
  };
}

function addTallies(a: SimulationTally, b: SimulationTally): SimulationTally {
  return {
    strategies: a.strategies.map((s, i) => {
      const t = b.strategies[i]!;
      const histogram = addHistograms(s.histogram, t.histogram);
      const ms = s.ms + t.ms;
      if (!s.turns || !t.turns) return { strategy: s.strategy, histogram, ms };
      return { strategy: s.strategy, histogram, ms, turns: addHistograms(s.turns, t.turns) };
    }),
    paired: a.paired.map((p, i) => {
      const q = b.paired[i]!;
      const sums = addSums(p.sums, q.sums);
      if (!p.turns || !q.turns) return { a: p.a, b: p.b, sums };
      return { a: p.a, b: p.b, sums, turns: addSums(p.turns, q.turns) };
    }),
  };
}

/** The report of one run over the union of the parts' games (given in any order). */
export function mergeReports(reports: ReportPart[]): SimulationReport {
  if (reports.length === 0) throw new InputError('merge', 'needs at least one report file');
  const parts = reports.map(readPart);
  const first = parts[0]!;
  for (const part of parts.slice(1)) {
    const field = differingField(first, part);
    if (field !== undefined) {
      throw new InputError(
        part.source,
        `its ${field} differs from that of ${first.source}: only reports of the same simulation merge`,
      );
    }
  }
  const ordered = [...parts].sort((x, y) => x.firstGame - y.firstGame);
  for (let i = 1; i < ordered.length; i++) {
    const [before, part] = [ordered[i - 1]!, ordered[i]!];
    const end = before.firstGame + before.games;
    if (part.firstGame < end) {
      throw new InputError(
        part.source,
        `its ${range(part)} overlap ${range(before)} of ${before.source}`,
      );
    }
    if (part.firstGame > end) {
      throw new InputError(
        part.source,
        `games ${end}..${part.firstGame - 1} are missing between ${before.source} and it (play them with --first-game ${end} --games ${part.firstGame - end})`,
      );
    }
  }
  const tally = ordered.map((p) => p.tally).reduce(addTallies);
  const merged = reportFromTally(first.setting as ReportSetting, ordered[0]!.firstGame, tally);
  const bots = ordered.map((p) => p.bots).reduce(addBots);
  return { ...merged, ...(bots ? { bots } : {}), ...commonEngine(reports) };
}

/**
 * Which engine answered the exact solves (`simulate --json`'s solverUsed and graphNote), kept
 * when every part says the same; parts played one with a graph and one without merge, and then
 * the merged report names neither.
 */
function commonEngine(reports: ReportPart[]): { solverUsed?: string; graphNote?: string } {
  const engineOf = (r: ReportPart): [unknown, unknown] =>
    isObject(r.report) ? [r.report.solverUsed, r.report.graphNote] : [undefined, undefined];
  const [solverUsed, graphNote] = engineOf(reports[0]!);
  if (typeof solverUsed !== 'string' || typeof graphNote !== 'string') return {};
  const same = reports.every((r) => {
    const [s, n] = engineOf(r);
    return s === solverUsed && n === graphNote;
  });
  return same ? { solverUsed, graphNote } : {};
}
