// The result of the `learn` job as the opponents view stores it. The job's result crosses the
// API unchanged, so this reads it defensively: the grid as H rows of W numbers or one flat
// row-major list, the rules as a rules object in either form.

import { gridRows, parseRules, rulesToJson } from '../../../core/position';
import type { RulesJson } from '../../../shared/api';

export interface LearnedForStore {
  rules: RulesJson;
  grid: number[][];
  games: number;
  source: string;
  /** Log-likelihood gain over uniform per game, when reported. */
  gainPerGame: number | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readLearned(value: unknown): LearnedForStore {
  if (!isRecord(value)) throw new Error('the learner returned no prior');
  const rules = parseRules(value.rules);
  const W = rules.width;
  let grid: number[][];
  const raw = value.grid;
  if (Array.isArray(raw) && raw.every((r) => Array.isArray(r))) grid = raw as number[][];
  else if (Array.isArray(raw)) grid = gridRows(raw as number[], W);
  else if (isRecord(raw)) grid = gridRows(Object.values(raw) as number[], W);
  else throw new Error('the learner returned no weight grid');
  const games = typeof value.games === 'number' ? value.games : 0;
  const method = typeof value.method === 'string' ? value.method : 'learned';
  const ll = typeof value.logLikelihood === 'number' ? value.logLikelihood : null;
  const ull = typeof value.uniformLogLikelihood === 'number' ? value.uniformLogLikelihood : null;
  return {
    rules: rulesToJson(rules),
    grid,
    games,
    source: `learned (${method}${value.symmetric ? ', symmetric' : ''})`,
    gainPerGame: ll !== null && ull !== null && games > 0 ? (ll - ull) / games : null,
  };
}
