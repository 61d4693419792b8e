// Job `estimate`: the quick heatmap shown while the exact solve runs. It runs on a worker like
// every other solve: on a large board the Markov chain behind it can take minutes, which on the
// main thread would stall every other request (and the app's window) that long. Named hits and
// volleys are kept by the chain; a position whose sunk lists could be several named ships (which
// the chain cannot weigh against each other) is estimated by exact draws instead.

import { BudgetError } from '../../core/errors';
import { solveMonteCarlo } from '../../core/solve/heuristics/monte-carlo';
import { resultToWire, type SolveResultWire } from '../../core/solve/result';
import type { JobContext } from './context';
import { jobPosition, type JobPosition } from './solve-job';

/** Sweeps of the estimate's Markov chain: errors of a few points on a 10x10 board. */
export const ESTIMATE_SWEEPS = 1000;

/** The position parsed by the API, or its JSON form (solve-job.ts). */
export type EstimatePayload = JobPosition;

export function estimateJob(payload: EstimatePayload, ctx?: JobContext): SolveResultWire {
  const parsed = jobPosition(payload);
  const onProgress = (f: number): void => ctx?.progress(f);
  try {
    const r = solveMonteCarlo(parsed, {
      method: 'chain',
      draws: ESTIMATE_SWEEPS,
      chains: 2,
      burnIn: 50,
      onProgress,
      signal: ctx?.signal,
    });
    const note = `estimate from ${ESTIMATE_SWEEPS} layouts drawn by a Markov chain; the exact result follows`;
    return { ...resultToWire(r), note };
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
  }
  const r = solveMonteCarlo(parsed, {
    method: 'exact',
    draws: ESTIMATE_SWEEPS,
    onProgress,
    signal: ctx?.signal,
  });
  const note = `estimate from ${ESTIMATE_SWEEPS} exact draws; the exact result follows`;
  return { ...resultToWire(r), note };
}
