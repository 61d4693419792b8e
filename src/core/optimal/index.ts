// The optimal-play table for one small board: the exact optimal expected shots to sink the whole
// fleet (search.ts) beside the exact expected shots of deterministic strategies on the same
// layouts (strategy-value.ts). Fleets are uniform over the legal layouts; every shot is answered
// miss, hit or sunk with the sunk ship's cells.

import type { Rules } from '../rules';
import type { Strategy } from '../strategy/strategy';
import { buildLayoutTable } from './layouts';
import { optimalSearch, type OptimalResult, type OptimalSearchOptions } from './search';
import { strategyValue, type StrategyValue } from './strategy-value';

export { MAX_TABLE_CELLS } from './layouts';
export type { OptimalProgress } from './search';

/** Boards with more layouts are refused before any search (the search grows much faster). */
export const MAX_OPTIMAL_LAYOUTS = 5_000;
/** Memoised knowledge states allowed before the search gives up (memory bound). */
export const MAX_OPTIMAL_STATES = 3_000_000;
/**
 * Layouts the search may read (its work, which follows its time but not the machine's load),
 * with room above the largest boards known to finish. A search projected past it is stopped
 * once OPTIMAL_PILOT_STATES are memoised (search.ts explains the projection).
 */
export const MAX_OPTIMAL_WORK = 10e9;
export const OPTIMAL_PILOT_STATES = 20_000;

export interface OptimalTable {
  layouts: number;
  optimal: OptimalResult;
  strategies: StrategyValue[];
}

export interface OptimalLimits extends OptimalSearchOptions {
  maxLayouts?: number;
  maxStates?: number;
}

export function optimalTable(
  rules: Rules,
  strategies: readonly Strategy[],
  limits: OptimalLimits = {},
): OptimalTable {
  const table = buildLayoutTable(rules, limits.maxLayouts ?? MAX_OPTIMAL_LAYOUTS);
  const optimal = optimalSearch(table, limits.maxStates ?? MAX_OPTIMAL_STATES, {
    maxWork: MAX_OPTIMAL_WORK,
    pilotStates: OPTIMAL_PILOT_STATES,
    ...limits,
  });
  return {
    layouts: table.size,
    optimal,
    strategies: strategies.map((s) => strategyValue(table, s)),
  };
}
