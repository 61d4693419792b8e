// A learned prior (the API's priorsLearn result) as the opponents view stores it.

import type { LearnedPrior, RulesJson } from '../../../shared/api';
import { learnedSource } from '../../../shared/prior-source';

export interface LearnedForStore {
  rules: RulesJson;
  grid: number[][];
  games: number;
  source: string;
  /** Log-likelihood gain over uniform per game (null without games). */
  gainPerGame: number | null;
}

export function readLearned(learned: LearnedPrior): LearnedForStore {
  const { games } = learned;
  return {
    rules: learned.rules,
    grid: learned.grid,
    games,
    source: learnedSource(learned),
    gainPerGame: games > 0 ? (learned.logLikelihood - learned.uniformLogLikelihood) / games : null,
  };
}
