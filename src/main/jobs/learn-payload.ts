// What a `learn` job takes, and the graph it takes along: kept apart from the job itself so that
// the callers on the main side (the API's learning and relearns, the command line) attach the
// graph without loading the job's code.

import type { GameLogJson } from '../../core/game-log';
import type { Rules } from '../../core/rules';
import { parseRules } from '../../core/rules-json';
import type { LearnOptions } from '../../shared/api';
import type { GraphObject } from '../graphs/graph-file';

export interface LearnPayload {
  /** The opponent's name (carried through, for the caller's bookkeeping). */
  opponent?: string;
  /** Game logs in their JSON form (validated again here, like any input of a job). */
  games: GameLogJson[];
  options?: LearnOptions;
  /** The games' rules' state graph, flat in shared memory (as a solve job receives it). */
  graph?: GraphObject;
}

/**
 * The rules learning reads: those of the first game we fired in (learnPrior refuses games under
 * others; the same choice as splitGames in core/prior/learn.ts makes on parsed logs, whose
 * firedBy defaults to 'me'). Undefined when there is none or they do not parse: the job then says what is wrong.
 */
export function learnRules(games: readonly GameLogJson[]): Rules | undefined {
  const first = games.find((g) => (g as { firedBy?: unknown }).firedBy !== 'opponent');
  if (first === undefined) return undefined;
  try {
    return parseRules(first.rules);
  } catch {
    return undefined;
  }
}

/**
 * The payload with the state graph of its games' rules when the pool has it ready (`graphFor`:
 * the pool's); otherwise as it is, and the DP answers. Every caller that runs `learn` on the pool
 * sends its payload through here, so the app's learning and relearns and the command line's use
 * the graph the pool keeps.
 */
export function withLearnGraph(
  payload: LearnPayload,
  graphFor: (rules: Rules) => GraphObject | undefined,
): LearnPayload {
  if (!Array.isArray(payload.games)) return payload;
  const rules = learnRules(payload.games);
  const graph = rules && graphFor(rules);
  return graph ? { ...payload, graph } : payload;
}
