// The data shapes the API returns: plain JSON (no typed arrays, no bigints, no Dates), so they
// cross Electron IPC and HTTP unchanged. Dates are ISO 8601 strings; cells are [row, col].

import type { PositionJson } from '../core/position';
import type { SolveResultWire } from '../core/solve/result';
import type { PairedReport, SimulationReport, StrategyReport } from '../core/simulate/report';

export type { PairedReport, PositionJson, SimulationReport, SolveResultWire, StrategyReport };

/** A simulation's report, with each game's shots per strategy (game order) when asked for. */
export type SimulationRunReport = SimulationReport & { perGameShots?: Record<string, number[]> };
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

export type ShotResultName = 'miss' | 'hit' | 'sunk';

export interface ShotJson {
  cell: Cell;
  result: ShotResultName;
  sunk?: Cell[];
  /** For a sunk shot, when named: the sunk ship's index in rules.fleet. */
  ship?: number;
}

/** The game-log JSON form (README, "Game-log format"). */
export interface GameLogJson {
  opponent: string;
  rules: RulesJson;
  firedBy: 'me' | 'opponent';
  shots: ShotJson[];
  layout?: Cell[][];
  playedAt?: string;
}

export const OUTCOMES = ['won', 'lost', 'abandoned'] as const;
/** How the game ended for us; null while it is being played or when unknown. */
export type Outcome = (typeof OUTCOMES)[number];

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
  /** Free text: how it was made ("learned", "manual", ...). */
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
}

export interface AppInfo {
  version: string;
  dbPath: string;
  schemaVersion: number;
  threads: number;
  solvers: string[];
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
