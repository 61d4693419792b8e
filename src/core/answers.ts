// What the referee tells the shooter. Each shot on its own: `sunk` (miss, hit, or sunk with the
// sunk ship's cells: the usual game), `hit-miss` (miss or hit only) or `named` (as `sunk`, and
// every hit names its ship). Or a whole turn as one volley whose answer is aggregated, the ships
// the turn sank announced by name: `volley-hits` (per ship, how many of the turn's cells it
// covers), `volley-ships` (which ships were hit) or `volley-count` (how many cells hit a ship).
// The answers that name ships need a fleet whose ships all have names, each its own.

import { ANSWERS, type Answers } from './catalog/options';
import { InputError } from './errors';
import type { ShipHits, VolleyAnswer } from './observations';
import type { Rules } from './rules';

export { ANSWERS, type Answers };

export type VolleyAnswerKind = Extract<Answers, `volley-${string}`>;

/** Is a turn answered as one volley (its cells stay unmarked on the shooter's board)? */
export function isVolleyAnswer(answers: Answers): answers is VolleyAnswerKind {
  return answers.startsWith('volley-');
}

/** Do the answers name ships (on hits, in volley answers or volley sinkings)? */
export function namesShips(answers: Answers): boolean {
  return answers === 'named' || isVolleyAnswer(answers);
}

/** Can each shot be answered on its own as a game-log shot (what external bots are told)? */
export function isPlainAnswer(answers: Answers): boolean {
  return answers === 'sunk' || answers === 'hit-miss';
}

/**
 * Refuses answers that name ships when the fleet's ships are not each named, and uniquely (the
 * shooter could not tell which ship an answer meant).
 */
export function checkAnswersFleet(answers: Answers, rules: Rules, where = 'answers'): void {
  if (!namesShips(answers)) return;
  const names = rules.fleet.map((s) => s.name);
  const unnamed = names.findIndex((name) => name === undefined || name === '');
  const twice = names.find((name, i) => name !== undefined && names.indexOf(name) !== i);
  if (unnamed < 0 && twice === undefined) return;
  const why =
    unnamed >= 0
      ? `ship ${unnamed + 1} of the fleet has no name`
      : `two ships of the fleet are named "${twice}"`;
  throw new InputError(
    where,
    `"${answers}" names the ships, but ${why}: use rules whose ships all have names of their own (the classic and margin presets, or fleet entries {"length": n, "name": "..."})`,
  );
}

/** The aggregated answer of a volley of kind `answers` from what each ship covers (count > 0). */
export function volleyAnswer(answers: VolleyAnswerKind, hits: ShipHits[]): VolleyAnswer {
  if (answers === 'volley-hits') return { kind: 'hits', hits };
  if (answers === 'volley-ships') return { kind: 'hitShips', ships: hits.map((h) => h.ship) };
  return { kind: 'hitCount', count: hits.reduce((sum, h) => sum + h.count, 0) };
}
