// What the API implementation works with: the open library, the worker pool, the jobs running
// under a key (solves of a board, simulations), the batch runs of this process, and the exact
// results kept or solved ahead for reuse.

import type { Db } from '../store/open';
import type { JobPool } from '../pool';
import type { BatchRuns } from './batch';
import type { GraphWarmer } from './graph-warm';
import type { KeyedJobs } from './keyed-jobs';
import type { Presolver } from './presolve';
import type { PriorUpdates } from './prior-updates';
import type { SolveCache } from './solve-cache';

export interface ApiContext {
  db: Db;
  dbPath: string;
  pool: JobPool;
  jobs: KeyedJobs;
  batches: BatchRuns;
  /** Re-learns an opponent's prior in the background when their games change. */
  priorUpdates: PriorUpdates;
  /** Exact results kept for reuse (empty boards in the library, recent ones in memory). */
  solveCache: SolveCache;
  /** Solves the positions one click away while the user looks at a result. */
  presolver: Presolver;
  /** Warms a rule set's graph once it is ready, with the last position of those rules. */
  graphWarmer: GraphWarmer;
}
