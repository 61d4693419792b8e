// The heuristic and estimating solvers, under their stable names. They return the same result
// shape as the exact solvers with `exact: false`. ../index.ts lists them in its table of solvers.

import type { Position } from '../../position';
import type { SolveOptions } from '../options';
import type { SolveResult } from '../result';
import { solveBob, solveIndependent } from './independent';
import { solveMarginCount } from './margin-count';
import { solveMonteCarlo } from './monte-carlo';
import { solvePdf } from './pdf';

export const HEURISTIC_SOLVERS = ['pdf', 'independent', 'bob', 'margin-count', 'sample'] as const;
export type HeuristicSolverName = (typeof HEURISTIC_SOLVERS)[number];

type Solver = (position: Position, options?: SolveOptions) => SolveResult;

export const heuristicSolvers: Record<HeuristicSolverName, Solver> = {
  pdf: solvePdf,
  independent: solveIndependent,
  bob: solveBob,
  'margin-count': solveMarginCount,
  sample: solveMonteCarlo,
};
