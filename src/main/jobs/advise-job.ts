// Job `advise`: the placement advisor for our own fleet. With the opponent's logged shots at us
// (game-log JSON, firedBy "opponent"): the risk map and the layouts their shooting finds slowest.
// With `randomLayout: true`: one uniformly random legal layout for the rules (no games needed).

import { InputError } from '../../core/errors';
import { gridRows } from '../../core/position';
import { parseRules, rulesToJson } from '../../core/rules-json';
import { adviseLayouts, randomLayout } from '../../core/prior/advisor';
import { parseGames } from '../../core/prior/learn';
import { seededRandom } from '../../core/random';
import type { GameLogJson, PlacementAdvice, RulesJson } from '../../shared/records';
import type { JobContext } from './context';

export interface AdvisePayload {
  /** Logs of the opponent's shots at our fleet (firedBy "opponent"). */
  games?: GameLogJson[];
  /** Our fleet's rules (default: those of the games; required with randomLayout). */
  rules?: RulesJson;
  /** Just draw one uniformly random legal layout. */
  randomLayout?: boolean;
  /** Candidate layouts to score (default 2000) and how many to suggest (default 5). */
  candidates?: number;
  suggestions?: number;
  seed?: number;
}

type Cell = [number, number];

export type AdviseResult = PlacementAdvice;

function count(v: unknown, name: string, max: number): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
    throw new InputError(name, `must be a whole number from 1 to ${max}`);
  }
  return v;
}

export function adviseJob(payload: AdvisePayload, ctx: JobContext): AdviseResult {
  const seed = count(payload.seed, 'seed', 2 ** 31) ?? Date.now() % 2 ** 31;
  const rules = payload.rules === undefined ? undefined : parseRules(payload.rules);
  const cells = (layout: number[][], W: number): Cell[][] =>
    layout.map((ship) => ship.map((c) => [Math.floor(c / W), c % W] as Cell));
  if (payload.randomLayout) {
    if (!rules) throw new InputError('rules', 'are needed to draw a random layout');
    const layout = randomLayout(rules, seededRandom(seed));
    ctx.progress(1);
    return {
      rules: rulesToJson(rules),
      layout: cells(layout, rules.width),
      suggestions: [],
      games: 0,
    };
  }
  if (!Array.isArray(payload.games)) throw new InputError('games', 'must be an array of game logs');
  const advice = adviseLayouts(parseGames(payload.games), {
    rules,
    seed,
    candidates: count(payload.candidates, 'candidates', 100_000),
    suggestions: count(payload.suggestions, 'suggestions', 100),
  });
  ctx.progress(1);
  const W = advice.rules.width;
  return {
    rules: rulesToJson(advice.rules),
    risk: gridRows(advice.risk, W),
    suggestions: advice.suggestions.map((s) => ({
      layout: cells(s.layout, W),
      expectedShots: s.expectedShots,
      meanShipShots: s.meanShipShots,
    })),
    baseline: advice.baseline,
    games: advice.games,
  };
}
