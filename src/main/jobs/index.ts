// The job table the worker dispatches into: one entry per job kind, each a thin call into
// src/core. Runs inside piscina worker threads, so it must not touch Electron or the database.
// Add a kind by adding an entry here; its payload type is checked by the pool's callers.

import { adviseJob } from './advise-job';
import { graphBuildJob } from './graph-build-job';
import { graphKeepJob } from './graph-keep-job';
import { graphLoadJob } from './graph-load-job';
import type { JobContext } from './context';
import { estimateJob } from './estimate-job';
import { learnJob } from './learn-job';
import { proposeJob } from './propose-job';
import { simulateTask } from './simulate-job';
import { solveJob } from './solve-job';

export const jobHandlers = {
  solve: solveJob,
  estimate: estimateJob,
  simulate: simulateTask,
  learn: learnJob,
  advise: adviseJob,
  propose: proposeJob,
  graphBuild: graphBuildJob,
  graphLoad: graphLoadJob,
  graphKeep: graphKeepJob,
} satisfies Record<string, (payload: never, ctx: JobContext) => unknown>;

export type JobKind = keyof typeof jobHandlers;
export type JobPayload<K extends JobKind> = Parameters<(typeof jobHandlers)[K]>[0];
export type JobResult<K extends JobKind> = Awaited<ReturnType<(typeof jobHandlers)[K]>>;
