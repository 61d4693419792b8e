// A volley's answer as the volley form holds it while the user types: every answer kind's fields
// at once, so switching kinds loses nothing, turned into the core's Volley on submit. Checks that
// need the whole position (a sinking that cannot be) are left to observationProblem.

import type { Volley, VolleyAnswer } from '../../../core/observations';

export type AnswerKind = VolleyAnswer['kind'];

export interface VolleyDraft {
  kind: AnswerKind;
  /** Cells hit per ship name (the 'hits' answer). */
  hits: Record<string, number>;
  /** Ships hit (the 'hitShips' answer). */
  hitShips: string[];
  /** Cells hit in all (the 'hitCount' answer). */
  count: number;
  sunk: string[];
}

export const ANSWER_LABELS: Record<AnswerKind, string> = {
  hits: 'Hits per ship',
  hitShips: 'Which ships were hit',
  hitCount: 'Number of hits',
};

/** A blank draft: the first answer kind the fleet allows (names allow all three). */
export function emptyDraft(named: boolean): VolleyDraft {
  return { kind: named ? 'hits' : 'hitCount', hits: {}, hitShips: [], count: 0, sunk: [] };
}

export function draftFromVolley(v: Volley): VolleyDraft {
  const a = v.answer;
  return {
    kind: a.kind,
    hits: a.kind === 'hits' ? Object.fromEntries(a.hits.map((h) => [h.ship, h.count])) : {},
    hitShips: a.kind === 'hitShips' ? [...a.ships] : [],
    count: a.kind === 'hitCount' ? a.count : 0,
    sunk: [...v.sunk],
  };
}

/**
 * The volley the draft describes over `cells`, or the reason it cannot be one. `ships` lists the
 * fleet's names in fleet order (the answer lists ships in that order).
 */
export function volleyFromDraft(
  d: VolleyDraft,
  cells: readonly number[],
  ships: readonly string[],
): Volley | string {
  const size = cells.length;
  let answer: VolleyAnswer;
  if (d.kind === 'hits') {
    const hits = ships
      .map((ship) => ({ ship, count: d.hits[ship] ?? 0 }))
      .filter((h) => h.count !== 0);
    const bad = hits.find((h) => !Number.isInteger(h.count) || h.count < 0);
    if (bad) return `${bad.ship}: hits must be a whole number from 0 up`;
    const total = hits.reduce((sum, h) => sum + h.count, 0);
    if (total > size) return `${total} hits in all, but the volley has ${size} cells`;
    answer = { kind: 'hits', hits };
  } else if (d.kind === 'hitShips') {
    answer = { kind: 'hitShips', ships: ships.filter((s) => d.hitShips.includes(s)) };
  } else {
    if (!Number.isInteger(d.count) || d.count < 0 || d.count > size) {
      return `the number of hits must be a whole number from 0 to ${size}`;
    }
    answer = { kind: 'hitCount', count: d.count };
  }
  const sunk = ships.filter((s) => d.sunk.includes(s));
  return { cells: [...cells].sort((a, b) => a - b), answer, sunk };
}
