// The in-memory form of a game log (game-log.ts parses and prints it, game-log-check.ts checks
// it). Kept apart so the checks can use the types without importing the parser.

import type { Volley } from './observations';
import { cellName, type Rules } from './rules';

export type ShotResult = 'miss' | 'hit' | 'sunk';

/** One shot answered on its own. */
export interface Shot {
  cell: number;
  result: ShotResult;
  /** For result "sunk": the sunk ship's cells. */
  sunk?: number[];
  /**
   * The ship's index in rules.fleet: on a sunk shot, the ship that sank; on a hit, the ship that
   * was hit (the fleet's names tell it apart).
   */
  ship?: number;
  /** Salvo games: the turn the shot was fired in (shots of one turn share it). */
  turn?: number;
}

/** Shots fired together whose answer is aggregated (the position format's volley). */
export interface VolleyEntry {
  volley: Volley;
}

/** An entry of a log's `shots`: a single shot or a volley. */
export type LogEntry = Shot | VolleyEntry;

export interface GameLog {
  opponent: string;
  rules: Rules;
  firedBy: 'me' | 'opponent';
  /** In firing order. */
  shots: LogEntry[];
  /** The target fleet's layout when known (each ship as cells). */
  layout?: number[][];
  playedAt?: string;
  /**
   * The layout prior the shooter's heatmaps were solved with while playing (absent: uniform), so
   * a replay shows the heatmaps as they were, not ones from a prior learned later.
   */
  prior?: Float64Array;
}

export function isVolley(entry: LogEntry): entry is VolleyEntry {
  return 'volley' in entry;
}

/** Ship k's name when it tells the ship apart (set, and no other fleet ship has it). */
export function uniqueShipName(rules: Rules, k: number): string | undefined {
  const name = rules.fleet[k]?.name;
  if (name === undefined) return undefined;
  return rules.fleet.some((s, i) => i !== k && s.name === name) ? undefined : name;
}

/** "game shot 4 (C3)" or "game shot 7 (volley)": how messages name an entry. */
export function entryLabel(log: GameLog, k: number, where: string): string {
  const e = log.shots[k]!;
  const W = log.rules.width;
  const what = isVolley(e) ? 'volley' : cellName(Math.floor(e.cell / W), e.cell % W);
  return `${where} shot ${k + 1} (${what})`;
}
