// The data shapes the API returns: plain JSON (no typed arrays, no bigints, no Dates), so they
// cross Electron IPC and HTTP unchanged. Dates are ISO 8601 strings; cells are [row, col].

import type { GameLogJson, LogEntryJson, ShotJson, VolleyEntryJson } from '../core/game-log';
import type { VolleyJson } from '../core/observations';
import type { PositionJson } from '../core/position';
import type { SolveResultWire } from '../core/solve/result';
import type { PairedReport, SimulationReport, StrategyReport } from '../core/simulate/report';
import type { LearnMethod, Outcome } from './catalog';
import type { ApiErrorData } from './errors';
import type { MemorySource } from './settings';

export type {
  GameLogJson,
  LogEntryJson,
  ShotJson,
  VolleyEntryJson,
  VolleyJson,
  Outcome,
  PairedReport,
  PositionJson,
  SimulationReport,
  SolveResultWire,
  StrategyReport,
};

/** A simulation's report, with each game's shots per strategy (game order) when asked for. */
export type SimulationRunReport = SimulationReport & {
  /** Each game's shots to finish per strategy, in game order (firstGame first). */
  perGameShots?: Record<string, number[]>;
  /** Each game's cells fired at per strategy, in firing order (runs up to 20,000 games). */
  perGameCells?: Record<string, number[][]>;
  /**
   * Positions answered from the kept solved positions (docs/engine.md), and added to them;
   * present when the run's pool keeps them.
   */
  keptPositions?: { read: number; written: number };
};
export type RulesJson = PositionJson['rules'];
export type Cell = [number, number];

export interface PositionRecord {
  id: number;
  name: string;
  tags: string[];
  notes: string;
  /** Rules and observations in the position JSON form (README, "Position format"). */
  position: PositionJson;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  /** Matching records in all (for paging). */
  total: number;
}

export interface GameRecord {
  id: number;
  /** null when the log names no opponent. */
  opponentId: number | null;
  log: GameLogJson;
  outcome: Outcome | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

/** A game without its shots, for lists. */
export interface GameSummary {
  id: number;
  opponentId: number | null;
  opponent: string;
  firedBy: 'me' | 'opponent';
  rules: RulesJson;
  shots: number;
  /** Every ship of the fleet fired at is sunk: the game is over, whatever `outcome` says. */
  allSunk: boolean;
  outcome: Outcome | null;
  playedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OpponentRecord {
  id: number;
  name: string;
  notes: string;
  /** Games logged against this opponent. */
  games: number;
  hasPrior: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One learned prior per opponent: a weight per cell for the given rules. */
export interface PriorRecord {
  opponentId: number;
  rules: RulesJson;
  /** H rows of W positive weights. */
  grid: number[][];
  /** Games it was learned from (0 when entered by hand). */
  games: number;
  /**
   * How it was made: "learned (METHOD)..." when learned from the opponent's games (kept current
   * as games are saved), otherwise what the user chose or entered (never replaced by learning).
   */
  source: string;
  updatedAt: string;
}

export type BatchState = 'running' | 'done' | 'cancelled' | 'failed' | 'interrupted';

export interface BatchStatus {
  id: number;
  solver: string;
  state: BatchState;
  /** Positions in scope when the run started. */
  total: number;
  solved: number;
  /** Already solved with this solver before the run started. */
  skipped: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
  ms: number;
  /**
   * Distinct worker threads that have solved positions in this run so far; null for a run this
   * process did not drive (another process's, or one from before it started).
   */
  threads: number | null;
  /**
   * Why the run stopped as "failed" (a full disk, say), as a failed call reports it; null
   * otherwise, and for a run this process did not drive.
   */
  error: ApiErrorData | null;
}

/** One stored solve of a saved position. */
export interface SolveRecord {
  positionId: number;
  positionName: string;
  /** The solver asked for (may be "auto"). */
  solver: string;
  /** The solver that ran ("auto" picks one), when the solve succeeded. */
  solverUsed: string | null;
  ok: boolean;
  /** Why it failed (no layout, time limit, worker crash), when !ok. */
  error: string | null;
  best: Cell | null;
  topProbability: number | null;
  /** Exact layout count (or weighted total), when ok. */
  layouts: string | null;
  exact: boolean | null;
  weighted: boolean | null;
  ms: number;
  solvedAt: string;
  /** The batch run that produced it; null for a single solve. */
  batchId: number | null;
}

export interface JobProgress {
  running: boolean;
  /** 0..1 */
  fraction: number;
  label?: string;
}

export interface ImportSummary {
  positions: number;
  games: number;
  opponents: number;
  priors: number;
  /** Opponents whose learned prior is being learned again, from the games imported too. */
  relearning?: number;
}

export interface AppInfo {
  version: string;
  dbPath: string;
  schemaVersion: number;
  threads: number;
  solvers: string[];
  /** The state graphs' files and what is loaded; null when this process keeps no graphs. */
  graphs: GraphFilesInfo | null;
  /** The engine's memory budget in force and what it allows. */
  memory: MemoryInfo;
}

/** The memory plan in force (main/memory-plan.ts) and the budget saved for the next start. */
export interface MemoryInfo {
  /** The whole process's budget, in bytes. */
  budgetBytes: number;
  /** Where it came from: --memory, BROADSIDE_MEMORY_MB, the settings file, or the default. */
  source: MemorySource;
  /** Memory this process may use: the machine's, or its control group's limit when lower. */
  availableBytes: number;
  threads: number;
  /** Threads that hold values (answer a click from the position before in one pass). */
  holdingThreads: number;
  /** The settings file's budget in MB, taken at the next start (null: the default); none: no file. */
  savedMb?: number | null;
  /** The settings file, when this process keeps one (beside the library). */
  settingsFile: string | null;
}

/** What settingsSave kept: the budget from the next start on, and the file it is in. */
export interface SettingsSaved {
  memoryMb: number | null;
  /** The graph folder's size limit saved, in MB (null: the default). */
  graphCacheMb: number | null;
  settingsFile: string;
}

/** The state graphs of a process: the files on disk (safe to remove: rebuilt when needed). */
export interface GraphFilesInfo {
  /** The folder of graph files (the data folder's graphs/). */
  dir: string;
  /** Each graph file (and any temporary one being written) with its size in bytes. */
  files: { name: string; bytes: number }[];
  totalBytes: number;
  /** The rules keys of the graphs in memory now: none until a rule set is first asked for. */
  loaded: string[];
  /** The graphs being read or built now (rules key, the build's fraction done). */
  preparing: { key: string; fraction: number }[];
  /** The folder's size limit in bytes (least recently used files removed past it), or null. */
  limitBytes: number | null;
  /** Where the limit came from. */
  limitSource: 'environment' | 'settings' | 'default';
  /** How to free the disk space, in one sentence. */
  remove: string;
  /**
   * Bytes of the kept solved positions in the folder (its SQLite file and journal; 0 when none),
   * outside the graph files' limit: at most 50,000 positions (docs/engine.md).
   */
  keptBytes: number;
}

/**
 * What the page shows while the next solve like this one runs (the same rules and solver, a
 * position of the same kind): 'exact' when its exact answer comes in a moment (`auto` with the
 * rules' state graph ready and quick, a position the graph takes, a thread free), so no estimate
 * is worth asking for; 'estimate' when it may take a while (no graph ready, too big, named hits
 * or volleys, another solver, a busy pool).
 */
export type SolveFollows = 'exact' | 'estimate';

/** The solve method's reply: the result, and what to show while the next solve runs. */
export interface SolveReply extends SolveResultWire {
  follows: SolveFollows;
}

/**
 * The estimate's reply when the exact solve it would stand in for answers within a moment (the
 * rules' state graph is ready, the position fits it, a thread is free): no estimate was drawn.
 */
export interface EstimateNotNeeded {
  exactSoon: true;
  /** Why, in words. */
  reason: string;
}

/** An estimate (`exact` false), or word that the exact result follows at once. */
export type EstimateReply = SolveResultWire | EstimateNotNeeded;

/** A strategy's proposed next shot for a position (API propose: the recorder's proposal). */
export interface ShotProposal {
  strategy: string;
  /** The cell to fire at, as an index (row * width + column). */
  cell: number;
  /** Thinking time in the worker, in milliseconds. */
  ms: number;
}

/** The placement advisor's answer (API adviseLayout, CLI advise --json). */
export interface PlacementAdvice {
  rules: RulesJson;
  /** With randomLayout: the uniformly random legal layout drawn. */
  layout?: Cell[][];
  /** H rows of W: how early their search reaches each cell (1 = first shot, 0 = never). */
  risk?: number[][];
  /** The layouts their logged shooting needs most shots to sink, best first. */
  /** Best first: most shots to sink the fleet, then the latest mean shot at which a ship sinks. */
  suggestions: { layout: Cell[][]; expectedShots: number; meanShipShots: number }[];
  /** Mean shots their shooting needs against a uniformly random layout. */
  baseline?: number;
  /** Their games the advice is read from. */
  games: number;
}

/** An opponent's prior learned from their logged games (API priorsLearn, CLI learn --json). */
export interface LearnedPrior {
  opponent?: string;
  method: LearnMethod;
  symmetric: boolean;
  rules: RulesJson;
  /** Games used (full and partial), and those skipped (other rules, no shots). */
  games: number;
  fullGames: number;
  partialGames: number;
  skipped: number;
  /** H rows of W weights (geometric mean 1). */
  grid: number[][];
  logLikelihood: number;
  uniformLogLikelihood: number;
  /** Exact solves the fit ran. */
  solves: number;
  ms: number;
}
